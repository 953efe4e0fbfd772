//! The node functions of the multi-player search: the root pass, max-n, and the alpha-beta
//! loop that paranoid, BRS and BRS+ share (they differ in which moves a node of the other
//! seats tries).

use super::table::Entry;
use super::{MultiAlgorithm, MultiSearch, SeatedGame};
use crate::games::Seat;
use crate::search::Bound;

/// Above every utility.
const INFINITE: i32 = i32::MAX / 2;

impl<G: SeatedGame> MultiSearch<G> {
    /// The table key of `position` in this search: the algorithm in the top two bits and,
    /// for paranoid, BRS and BRS+ (whose values are the root seat's utility), the root seat in
    /// the two below. Max-n's values (every seat's utility) do not depend on the root seat,
    /// so its entries serve every seat's search; greedy is max-n at depth 1 and shares them.
    #[inline]
    fn key(&self, position: &G) -> u128 {
        let tag = match self.algorithm {
            MultiAlgorithm::MaxN | MultiAlgorithm::Greedy => 0u128,
            MultiAlgorithm::Paranoid => 4 | self.root.index() as u128,
            MultiAlgorithm::Brs => 8 | self.root.index() as u128,
            MultiAlgorithm::BrsPlus => 12 | self.root.index() as u128,
        };
        position.search_key() | tag << 124
    }

    /// What the table holds exactly for the root `position`: its move, the root seat's
    /// utility and the depth (from an earlier search's root or inner node, or pondering).
    pub(super) fn stored_root(&self, position: &G) -> Option<(G::Move, i32, u32)> {
        let entry = self.table.probe(self.key(position))?;
        let exact = entry.bound == Bound::Exact && entry.depth >= 1;
        let mv = entry.best.filter(|_| exact)?;
        Some((mv, entry.values[self.root.index()], entry.depth))
    }

    /// The legal moves of `position` into the buffer of `ply`, the table's move first, then
    /// by the game's hint.
    fn ordered_moves(&mut self, position: &G, ply: usize, first: Option<G::Move>) {
        let moves = &mut self.buffers[ply];
        position.legal_moves(moves);
        moves.sort_unstable_by_key(|&mv| {
            if Some(mv) == first {
                i32::MIN
            } else {
                -position.move_order_hint(mv)
            }
        });
    }

    /// One iteration at the root: the best move and the root seat's utility, or `None` when
    /// the game is over or the search was stopped before a move was valued. Stored in the
    /// table (max-n: the best line's utilities of every seat) only when the iteration
    /// completed.
    pub(super) fn root_pass(&mut self, position: &G, depth: u32) -> Option<(G::Move, i32)> {
        let key = self.key(position);
        let stored = self.table.probe(key).and_then(|e| e.best);
        self.ordered_moves(position, 0, stored);
        let moves = std::mem::take(&mut self.buffers[0]);
        let root = self.root.index();
        let mut best: Option<(G::Move, [i32; 4])> = None;
        let mut alpha = -INFINITE;
        for &mv in &moves {
            let child = position.play_unchecked(mv);
            let values = match self.algorithm {
                MultiAlgorithm::MaxN | MultiAlgorithm::Greedy => self.maxn(&child, depth - 1, 1),
                _ => [self.alphabeta(&child, depth - 1, alpha, INFINITE, 1); 4],
            };
            if self.stopped {
                break;
            }
            if best.is_none_or(|(_, old)| values[root] > old[root]) {
                best = Some((mv, values));
                alpha = alpha.max(values[root]);
            }
        }
        self.buffers[0] = moves;
        if let Some((mv, values)) = best {
            self.save(key, depth, Bound::Exact, values, mv);
        }
        best.map(|(mv, values)| (mv, values[root]))
    }

    /// Stores what a node found, unless the search was stopped (its values are then
    /// incomplete).
    fn save(&mut self, key: u128, depth: u32, bound: Bound, values: [i32; 4], best: G::Move) {
        if !self.stopped {
            self.table.save(Entry {
                key,
                depth,
                bound,
                values,
                best: Some(best),
            });
        }
    }

    /// Every seat's utility at a leaf.
    fn utilities(position: &G) -> [i32; 4] {
        std::array::from_fn(|seat| {
            if seat < position.seat_count() {
                position.utility(Seat::new(seat))
            } else {
                0
            }
        })
    }

    /// Max-n: the utilities of the line where each seat maximises its own.
    fn maxn(&mut self, position: &G, depth: u32, ply: usize) -> [i32; 4] {
        if self.out_of_budget() || depth == 0 || ply >= self.buffers.len() - 1 {
            return Self::utilities(position);
        }
        let key = self.key(position);
        let stored = self.table.probe(key);
        if let Some(entry) = stored.filter(|e| e.depth >= depth) {
            return entry.values;
        }
        self.ordered_moves(position, ply, stored.and_then(|e| e.best));
        let moves = std::mem::take(&mut self.buffers[ply]);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Self::utilities(position);
        }
        let mover = position.side_to_move().index();
        let mut best: Option<(G::Move, [i32; 4])> = None;
        for &mv in &moves {
            let values = self.maxn(&position.play_unchecked(mv), depth - 1, ply + 1);
            if best.is_none_or(|(_, old)| values[mover] > old[mover]) {
                best = Some((mv, values));
            }
        }
        self.buffers[ply] = moves;
        let (mv, values) = best.unwrap_or_else(|| unreachable!("moves is not empty"));
        self.save(key, depth, Bound::Exact, values, mv);
        values
    }

    /// Paranoid, BRS and BRS+: the root seat's utility by alpha-beta, the root seat maximising and
    /// the others minimising.
    fn alphabeta(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if self.out_of_budget() || depth == 0 || ply >= self.buffers.len() - 1 {
            return position.utility(self.root);
        }
        let key = self.key(position);
        let stored = self.table.probe(key);
        if let Some(entry) = stored.filter(|e| e.depth >= depth) {
            let value = entry.values[0];
            match entry.bound {
                Bound::Exact => return value,
                Bound::Lower if value >= beta => return value,
                Bound::Upper if value <= alpha => return value,
                _ => {}
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = position.side_to_move() == self.root;
        let first = stored.and_then(|e| e.best);
        let found = if maximising || self.algorithm == MultiAlgorithm::Paranoid {
            self.try_moves(position, depth, &mut alpha, &mut beta, ply, first)
        } else {
            self.best_reply(position, depth, &mut alpha, &mut beta, ply, first)
        };
        let Some((mv, value)) = found else {
            return position.utility(self.root);
        };
        self.save(key, depth, Bound::of(value, alpha0, beta0), [value; 4], mv);
        value
    }

    /// The moves of `mover` (a position and its seat to move), each child handed back to the
    /// root seat under BRS (under BRS+, by the seats after the mover playing their ordering's
    /// first move): the best move and value, `None` without moves. Cuts off at the window.
    fn try_moves(
        &mut self,
        mover: &G,
        depth: u32,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        first: Option<G::Move>,
    ) -> Option<(G::Move, i32)> {
        let maximising = mover.side_to_move() == self.root;
        self.ordered_moves(mover, ply, first);
        let moves = std::mem::take(&mut self.buffers[ply]);
        let mut best: Option<(G::Move, i32)> = None;
        for &mv in &moves {
            let mut child = mover.play_unchecked(mv);
            if !maximising {
                child = match self.algorithm {
                    MultiAlgorithm::Brs => child.with_turn(self.root).unwrap_or(child),
                    MultiAlgorithm::BrsPlus => self.back_to_root(child),
                    _ => child,
                };
            }
            let value = self.alphabeta(&child, depth - 1, *alpha, *beta, ply + 1);
            let better = best.is_none_or(
                |(_, old)| {
                    if maximising { value > old } else { value < old }
                },
            );
            if better {
                best = Some((mv, value));
            }
            if maximising {
                *alpha = (*alpha).max(value);
            } else {
                *beta = (*beta).min(value);
            }
            if *alpha >= *beta || self.stopped {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// The layer of the other seats of BRS and BRS+: every other seat's moves from this
    /// position, the one worst for the root seat kept (under BRS+ the seats before it in
    /// order play their ordering's first move).
    fn best_reply(
        &mut self,
        position: &G,
        depth: u32,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        first: Option<G::Move>,
    ) -> Option<(G::Move, i32)> {
        let mut best: Option<(G::Move, i32)> = None;
        for seat in 0..position.seat_count() {
            let seat = Seat::new(seat);
            if seat == self.root {
                continue;
            }
            let mover = match self.algorithm {
                MultiAlgorithm::BrsPlus => self.forward_to(*position, seat),
                _ => position.with_turn(seat),
            };
            let Some(mover) = mover else {
                continue;
            };
            let found = self.try_moves(&mover, depth, alpha, beta, ply, first);
            if let Some((mv, value)) = found
                && best.is_none_or(|(_, old)| value < old)
            {
                best = Some((mv, value));
            }
            if *alpha >= *beta || self.stopped {
                break;
            }
        }
        best
    }
}

/// BRS+: the other seats not searched play their first move by the static ordering.
impl<G: SeatedGame> MultiSearch<G> {
    /// The first move of `position`'s seat to move by the static ordering (the highest
    /// [`crate::Game::move_order_hint`], the first in natural order among equals); `None`
    /// when the game is over.
    fn ordering_move(&mut self, position: &G) -> Option<G::Move> {
        position.legal_moves(&mut self.scratch);
        let mut best: Option<(G::Move, i32)> = None;
        for &mv in &self.scratch {
            let hint = position.move_order_hint(mv);
            if best.is_none_or(|(_, old)| hint > old) {
                best = Some((mv, hint));
            }
        }
        best.map(|(mv, _)| mv)
    }

    /// `position` after the seats to move play their ordering's first move until `seat` is
    /// to move; `None` when the root seat's turn or the game's end comes first.
    fn forward_to(&mut self, mut position: G, seat: Seat) -> Option<G> {
        for _ in 0..position.seat_count() {
            let mover = position.side_to_move();
            if mover == seat {
                return Some(position);
            }
            if mover == self.root {
                return None;
            }
            position = position.play_unchecked(self.ordering_move(&position)?);
        }
        None
    }

    /// `position` after the seats to move play their ordering's first move until the root
    /// seat is to move (or the game ends, or the turn has gone round once: the root seat is
    /// out).
    fn back_to_root(&mut self, mut position: G) -> G {
        for _ in 1..position.seat_count() {
            if position.side_to_move() == self.root {
                break;
            }
            match self.ordering_move(&position) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        position
    }
}
