//! Alpha-beta to a fixed depth: minimax with cut-offs, moves in the game's natural order, no
//! table. It returns the minimax value whenever that value lies inside the window; a cut-off
//! returns the value that caused it (fail-soft), so a value at or below alpha is an upper
//! bound and one at or above beta a lower bound.

use super::eval::Evaluator;
use super::score::INFINITY;
use super::worker::SearchWorker;
use crate::game::Game;

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The alpha-beta value of `position` with `depth` plies to go in window `(alpha, beta)`.
    pub(crate) fn alphabeta(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        last_move: Option<G::Move>,
    ) -> i32 {
        if let Some(value) = self.leaf_value(position, depth, ply, last_move) {
            return value;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.legal_moves(&mut moves);
        let mut best = -INFINITY;
        for &mv in &moves {
            let value = self.descend(position, mv, alpha, beta, ply + 1, |w, c, a, b| {
                w.alphabeta(c, depth - 1, a, b, ply + 1, Some(mv))
            });
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
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
