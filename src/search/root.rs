//! The root of a search: every root move gets either its exact value or a proof that it is
//! worse than the best, so that the equal-best moves are known exactly.
//!
//! After the first move, each move is searched with a window whose lower edge is one below the
//! best value so far: a move that fails low there is strictly worse; any other move gets its
//! exact value, so a move equal to the best is seen as a tie, never confused with one that only
//! failed low at the bound.

use super::alphabeta::Pruning;
use super::options::Algorithm;
use super::pvs::Late;
use super::score::INFINITY;
use super::tree::{NodeWindow, SearchTree};
use super::worker::{SearchWorker, Window};
use crate::eval::Evaluator;
use crate::eval::Reductions;
use crate::games::Game;

/// A root move with what the last search pass learnt about it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<G: Game> {
    /// The move.
    pub(crate) mv: G::Move,
    /// Its index in the root's natural legal-move order.
    pub(crate) natural_index: usize,
    /// Its place among the root's children in the node tree (the natural index when the
    /// tree keeps nothing).
    pub(crate) slot: usize,
    /// Its value (exact when `exact`, otherwise a bound below the best).
    pub(crate) value: i32,
    /// Whether `value` is exact.
    pub(crate) exact: bool,
    /// The principal variation starting with the move (when `exact`).
    pub(crate) pv: Vec<G::Move>,
}

impl<G: Game> RootMove<G> {
    /// The root moves of a position, in natural order.
    pub(crate) fn list(moves: &[G::Move]) -> Vec<RootMove<G>> {
        moves
            .iter()
            .enumerate()
            .map(|(natural_index, &mv)| RootMove {
                mv,
                natural_index,
                slot: natural_index,
                value: -INFINITY,
                exact: false,
                pv: Vec::new(),
            })
            .collect()
    }
}

/// What one pass over the root moves found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum RootResult {
    /// The best value, exact, inside the window.
    Exact(i32),
    /// Every move is at or below alpha; the value is an upper bound.
    FailLow(i32),
    /// The move now first in the list reaches beta; the value is a lower bound.
    FailHigh(i32),
    /// The search was stopped.
    Aborted,
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// One pass of `algorithm` over `moves` (in their current order) to `depth` with window
    /// `(alpha, beta)` (minimax ignores the window). PVS consults `tree`, whose node
    /// `root_node` is the root.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_root<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        root_node: S::Node,
        root: &G,
        moves: &mut [RootMove<G>],
        algorithm: Algorithm,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> RootResult {
        self.pv[0].clear();
        self.nodes += 1;
        self.budget.count_root();
        let mut best = -INFINITY;
        for i in 0..moves.len() {
            let mv = moves[i].mv;
            let low = if best > alpha { best - 1 } else { alpha };
            let value = match algorithm {
                Algorithm::Minimax | Algorithm::AlphaBeta => {
                    let pruning = if algorithm == Algorithm::Minimax {
                        Pruning::None
                    } else {
                        Pruning::AlphaBeta
                    };
                    self.descend(root, mv, low, beta, 1, |w, child, a, b| {
                        let window = Window { alpha: a, beta: b };
                        w.full_width(child, depth - 1, window, pruning, 1, Some(mv))
                    })
                }
                Algorithm::Pvs => {
                    let node = tree.child(root_node, moves[i].slot);
                    self.root_pvs_move(tree, node, root, mv, depth, i, low, beta)
                }
            };
            if self.aborted {
                return RootResult::Aborted;
            }
            let exact = algorithm == Algorithm::Minimax || (value > low && value < beta);
            let root_move = &mut moves[i];
            root_move.value = value;
            root_move.exact = exact;
            if exact {
                root_move.pv.clear();
                root_move.pv.push(mv);
                root_move.pv.extend_from_slice(&self.pv[1]);
            }
            if value >= beta && algorithm != Algorithm::Minimax {
                moves[..=i].rotate_right(1);
                return RootResult::FailHigh(value);
            }
            best = best.max(value);
        }
        if best <= alpha && algorithm != Algorithm::Minimax {
            RootResult::FailLow(best)
        } else {
            RootResult::Exact(best)
        }
    }

    /// The PVS value of root move `mv`, the `i`-th tried, with window `(low, beta)`: the
    /// first with the full window, later ones with a null window first (reduced like any late
    /// move, with forward pruning on and logarithmic reductions), widened when they beat `low`.
    #[allow(clippy::too_many_arguments)]
    fn root_pvs_move<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        node: S::Node,
        root: &G,
        mv: G::Move,
        depth: u32,
        i: usize,
        low: i32,
        beta: i32,
    ) -> i32 {
        let mut at = |w: &mut Self, to_depth: u32, a: i32, b: i32| {
            w.descend(root, mv, a, b, 1, |w, child, ca, cb| {
                let window = NodeWindow {
                    depth: to_depth,
                    alpha: ca,
                    beta: cb,
                    ply: 1,
                };
                w.pvs(tree, node, child, window, Some(mv))
            })
        };
        if i == 0 {
            return at(self, depth - 1, low, beta);
        }
        let late = Late {
            searched: i,
            null_window: false,
            extension: 0,
        };
        // Root moves are reduced only with logarithmic reductions (the step reductions of the
        // games with few moves never reduced them).
        let reduction = if matches!(self.select.reductions, Reductions::Log { .. }) {
            self.reduction(depth, late, root.move_order_hint(mv) <= 0, 0)
        } else {
            0
        };
        if reduction > 0 {
            let reduced = at(self, depth - 1 - reduction, low, low + 1);
            if self.aborted || reduced <= low {
                return reduced;
            }
        }
        let probe = at(self, depth - 1, low, low + 1);
        if !self.aborted && probe > low && probe < beta {
            at(self, depth - 1, low, beta)
        } else {
            probe
        }
    }
}
