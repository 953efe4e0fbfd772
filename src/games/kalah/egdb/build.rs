//! The one-pass build of a layer: every board with `n` seeds in the pits.
//!
//! Sowing never adds seeds to the pits: a move either puts a seed in the mover's store (or
//! captures), which leaves the layer for a lower one already solved, or stays in the mover's
//! own row, moving its seeds towards the store. Within a layer the potential
//! `Σ seeds × pit index` (each row in its owner's sowing order) grows with every move, so the
//! moves within a layer form no cycle: a memoised depth-first solve visits each board once.
//! Threads share the layer as atomic bytes; two threads that solve the same board write the
//! same value.

use super::{UNKNOWN, board_position};
use crate::egdb::index::{Binomials, next_board, rank, unrank};
use crate::games::Seat;
use crate::games::kalah::{KalahConfig, MAX_PITS};
use std::ops::Range;
use std::sync::atomic::{AtomicI8, Ordering};

/// Boards a thread takes at a time.
const BLOCK: u64 = 1 << 14;

/// What a layer's solve reads: the board size and rule, and the finished lower layers.
pub(super) struct LayerSolver<'a> {
    pub(super) config: KalahConfig,
    pub(super) binomials: &'a Binomials,
    pub(super) lower: &'a crate::egdb::layers::Layers,
    pub(super) seeds: usize,
    pub(super) layer: &'a [AtomicI8],
}

impl LayerSolver<'_> {
    /// Solves every board whose rank lies in `ranks` (and the boards of the layer they
    /// lead to), on `threads` threads.
    pub(super) fn solve_range(&self, ranks: Range<u64>, threads: usize) {
        let blocks = (ranks.end - ranks.start).div_ceil(BLOCK);
        std::thread::scope(|scope| {
            for thread in 0..threads.max(1) as u64 {
                let ranks = ranks.clone();
                scope.spawn(move || {
                    let mut block = thread;
                    while block < blocks {
                        let start = ranks.start + block * BLOCK;
                        let end = (start + BLOCK).min(ranks.end);
                        self.solve_block(start..end);
                        block += threads as u64;
                    }
                });
            }
        });
    }

    /// Solves the boards of ranks `block`, stepping from board to board.
    fn solve_block(&self, block: Range<u64>) {
        let pits = 2 * self.config.pits();
        let mut board = [0u8; 2 * MAX_PITS];
        unrank(self.binomials, block.start, self.seeds, pits, &mut board);
        for rank in block {
            if self.layer[rank as usize].load(Ordering::Relaxed) == UNKNOWN {
                self.solve(&board[..pits], rank as usize);
            }
            next_board(&mut board, pits);
        }
    }

    /// The value of `board` (mover's pits, then the opponent's) of rank `index`, solving
    /// the boards of this layer it leads to first.
    fn solve(&self, board: &[u8], index: usize) -> i8 {
        let known = self.layer[index].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return known;
        }
        let value = self.best_move_value(board);
        self.layer[index].store(value, Ordering::Relaxed);
        value
    }

    /// The mover's best future gain on `board`: first every move's child and its rank, then
    /// their values, so that the reads of the lower layers (each likely a cache miss) are
    /// issued together rather than one after another.
    fn best_move_value(&self, board: &[u8]) -> i8 {
        let m = self.config.pits();
        let position = board_position(self.config, board);
        if position.is_over() {
            let own: i32 = board[..m].iter().map(|&s| i32::from(s)).sum();
            let other: i32 = board[m..].iter().map(|&s| i32::from(s)).sum();
            return (own - other) as i8;
        }
        let mut best = i32::MIN;
        // Children in lower layers: (gained, sign, layer, rank).
        let mut lower = [(0, 0, 0, 0); MAX_PITS];
        let mut lowers = 0;
        // Children in this layer: (gained, sign, rank, board).
        let mut same = [(0, 0, 0, [0u8; 2 * MAX_PITS]); MAX_PITS];
        let mut sames = 0;
        for pit in (0..m).filter(|&pit| board[pit] > 0) {
            let child = position.sow(pit);
            let gained = i32::from(child.store(Seat::FIRST)) - i32::from(child.store(Seat::SECOND));
            if child.is_over() {
                best = best.max(gained);
                continue;
            }
            let left = self.seeds
                - usize::from(child.store(Seat::FIRST))
                - usize::from(child.store(Seat::SECOND));
            let (view, sign) = super::mover_view(&child);
            let child_rank = rank(self.binomials, view[..2 * m].iter().copied(), 2 * m) as usize;
            if left < self.seeds {
                lower[lowers] = (gained, sign, left, child_rank);
                lowers += 1;
            } else {
                same[sames] = (gained, sign, child_rank, view);
                sames += 1;
            }
        }
        for &(gained, sign, left, child_rank) in &lower[..lowers] {
            best = best.max(gained + sign * i32::from(self.lower[left][child_rank]));
        }
        for (gained, sign, child_rank, view) in &same[..sames] {
            best = best.max(gained + sign * i32::from(self.solve(&view[..2 * m], *child_rank)));
        }
        best as i8
    }
}
