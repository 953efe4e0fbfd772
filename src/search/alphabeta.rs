//! The full-width searches to a fixed depth, in the game's natural move order, without a
//! table: plain minimax (the slow, obviously right oracle every other algorithm must agree
//! with: the classroom spec's minimax player in negamax form) and alpha-beta, which is the
//! same loop with cut-offs.
//!
//! Alpha-beta returns the minimax value whenever that value lies inside the window; a cut-off
//! returns the value that caused it (fail-soft), so a value at or below alpha is an upper
//! bound and one at or above beta a lower bound. Without pruning the window never narrows and
//! never cuts: every move of every node is searched and the value is the minimax value.

use super::score::INFINITY;
use super::worker::{SearchWorker, Window};
use crate::eval::Evaluator;
use crate::games::Game;

/// Whether a full-width search cuts off.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pruning {
    /// Plain minimax: every move of every node.
    None,
    /// Alpha-beta cut-offs.
    AlphaBeta,
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The value of `position` with `depth` plies to go, from the side to move's point of
    /// view: a finished game is worth its final margin (see [`crate::search::score`]), a leaf
    /// its evaluation, any other node the best of its children, where a child with the same
    /// side to move (an extra turn) counts as is and any other child negated. With
    /// [`Pruning::AlphaBeta`], fail-soft within `window`; with [`Pruning::None`] the window is
    /// ignored.
    pub(crate) fn full_width(
        &mut self,
        position: &G,
        depth: u32,
        window: Window,
        pruning: Pruning,
        ply: usize,
        last_move: Option<G::Move>,
    ) -> i32 {
        if let Some(value) = self.leaf_value(position, depth, ply, last_move) {
            return value;
        }
        let Window { mut alpha, beta } = match pruning {
            Pruning::None => Window::FULL,
            Pruning::AlphaBeta => window,
        };
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.legal_moves(&mut moves);
        let mut best = -INFINITY;
        for &mv in &moves {
            let value = self.descend(position, mv, alpha, beta, ply + 1, |w, c, a, b| {
                let child_window = Window { alpha: a, beta: b };
                w.full_width(c, depth - 1, child_window, pruning, ply + 1, Some(mv))
            });
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                self.update_pv(ply, mv);
                if pruning == Pruning::AlphaBeta && value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        best
    }
}
