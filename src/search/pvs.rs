//! Principal-variation search: alpha-beta that searches the first (best-ordered) move with the
//! full window and the others with a null window, re-searching only those that beat alpha;
//! the shared table gives values, bounds and the first move to try; killers, history and the
//! game's hints order the rest.
//!
//! With forward pruning off, table cut-offs use only entries of exactly the depth asked (and,
//! in games ended by repetition, only where no earlier position can repeat), so the value is
//! exactly the fixed-depth minimax value. With it on, deeper entries cut off too and late quiet
//! moves (after the first two) are searched one ply shallower first, two plies from depth 6 on
//! after the third (late-move reductions, verified at full depth when they beat alpha). At
//! equal nodes the reductions win Kalah matches against the unreduced search (figures in
//! `docs/search.md`).

use super::eval::Evaluator;
use super::ordering::MoveOrderer;
use super::score::{INFINITY, from_table, to_table};
use super::table::{Bound, Table, TableEntry};
use super::worker::{MAX_PLY, SearchWorker};
use crate::game::{Game, Key};

/// The shallowest remaining depth at which the table is probed and written.
const TABLE_MIN_DEPTH: u32 = 3;
/// Moves searched at full depth before late-move reductions apply.
const LMR_FULL_DEPTH_MOVES: usize = 2;
/// The shallowest remaining depth where late-move reductions apply.
const LMR_MIN_DEPTH: u32 = 3;
/// From this remaining depth, moves after the first [`LMR_DEEP_MOVES`] are reduced two plies.
const LMR_DEEP_MIN_DEPTH: u32 = 6;
/// See [`LMR_DEEP_MIN_DEPTH`].
const LMR_DEEP_MOVES: usize = 3;

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The PVS value of `position` (fail-soft) with `depth` plies to go, `ply` from the root.
    pub(crate) fn pvs(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        last_move: Option<G::Move>,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if let Some(value) = Self::finished_score(position, ply) {
            return value;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.evaluate(position, last_move);
        }

        // Nodes one ply above the leaves are cheaper to search than to look up (the lookup is
        // a cache miss): the table serves depth 2 and up.
        let use_table = depth >= TABLE_MIN_DEPTH;
        let key = if use_table {
            position.key()
        } else {
            Key::default()
        };
        let table_values_usable = use_table
            && (self.forward_pruning || !G::REPETITION_ENDS_GAME || self.repetition.is_fresh());
        let mut table_index = None;
        if let Some(entry) = use_table.then(|| self.table.probe(&key)).flatten() {
            table_index = entry.move_index.map(usize::from);
            let depth_ok = if self.forward_pruning {
                u32::from(entry.depth) >= depth
            } else {
                u32::from(entry.depth) == depth
            };
            if depth_ok && table_values_usable {
                let value = from_table(entry.value, ply as u32);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    return value;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            // Only a game that is over has no moves, and that was handled above.
            self.moves[ply] = moves;
            return self.evaluate(position, last_move);
        }
        let table_index = table_index.filter(|&i| i < moves.len());

        let alpha_original = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut searched = 0usize;
        let mut keys = std::mem::take(&mut self.order_keys[ply]);
        keys.clear();
        let mut scored = false;
        let mut table_move_pending = table_index.is_some();

        let mut next = 0usize;
        loop {
            // The table's move first, unscored; the others are sorted only if it fails to cut
            // off.
            let (index, quiet) = match table_index {
                Some(index) if table_move_pending => {
                    table_move_pending = false;
                    (index, position.move_order_hint(moves[index]) <= 0)
                }
                _ => {
                    if !scored {
                        self.orderer
                            .order(position, &moves, table_index, ply, &mut keys);
                        scored = true;
                    }
                    match keys.get(next) {
                        Some(&key) => {
                            next += 1;
                            (
                                MoveOrderer::<G>::index_of(key),
                                MoveOrderer::<G>::is_quiet(key),
                            )
                        }
                        None => break,
                    }
                }
            };
            let mv = moves[index];
            let value = self.search_move(position, mv, quiet, depth, alpha, beta, ply, searched);
            if self.aborted {
                self.moves[ply] = moves;
                self.order_keys[ply] = keys;
                return 0;
            }
            searched += 1;
            if value > best {
                best = value;
                best_index = Some(index);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                    if value >= beta {
                        if quiet {
                            self.orderer.record_cutoff(position, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_original {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if table_values_usable {
            self.table.store(
                &key,
                TableEntry {
                    value: to_table(best, ply as u32),
                    depth: depth.min(u32::from(u8::MAX)) as u8,
                    bound,
                    // A node where every move failed low has no best move worth trying first.
                    move_index: best_index
                        .filter(|_| bound != Bound::Upper)
                        .map(|i| i as u16),
                },
            );
        }
        self.moves[ply] = moves;
        self.order_keys[ply] = keys;
        best
    }

    /// Searches one move of a PVS node: the first with the full window, later ones with a null
    /// window (reduced by one ply if late and quiet, with forward pruning on), re-searched
    /// when they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_move(
        &mut self,
        position: &G,
        mv: G::Move,
        quiet: bool,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        searched: usize,
    ) -> i32 {
        let child_ply = ply + 1;
        let full = |worker: &mut Self, child: &G, a: i32, b: i32| {
            worker.pvs(child, depth - 1, a, b, child_ply, Some(mv))
        };
        if searched == 0 {
            return self.descend(position, mv, alpha, beta, child_ply, full);
        }
        let reduce = self.forward_pruning
            && depth >= LMR_MIN_DEPTH
            && searched >= LMR_FULL_DEPTH_MOVES
            && quiet;
        if reduce {
            let deeper = depth >= LMR_DEEP_MIN_DEPTH && searched >= LMR_DEEP_MOVES;
            let reduced_depth = depth - 2 - u32::from(deeper);
            let reduced = self.descend(position, mv, alpha, alpha + 1, child_ply, |w, c, a, b| {
                w.pvs(c, reduced_depth, a, b, child_ply, Some(mv))
            });
            if self.aborted || reduced <= alpha {
                return reduced;
            }
        }
        let probe = self.descend(position, mv, alpha, alpha + 1, child_ply, full);
        if self.aborted || probe <= alpha || probe >= beta {
            return probe;
        }
        self.descend(position, mv, alpha, beta, child_ply, full)
    }
}
