//! Plain minimax to a fixed depth: every move of every node, in the game's natural order, no
//! pruning, no table. The slow, obviously right oracle that every other algorithm must agree
//! with (the classroom spec's minimax player, in negamax form).

use super::eval::Evaluator;
use super::score::INFINITY;
use super::worker::SearchWorker;
use crate::game::Game;

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The minimax value of `position` with `depth` plies to go, from the side to move's point
    /// of view: a finished game is worth its final margin (see [`crate::search::score`]), a
    /// leaf its evaluation, any other node the best of its children, where a child with the
    /// same side to move (an extra turn) counts as is and any other child negated.
    pub(crate) fn minimax(
        &mut self,
        position: &G,
        depth: u32,
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
            let value = self.descend(position, mv, -INFINITY, INFINITY, ply + 1, |w, c, _, _| {
                w.minimax(c, depth - 1, ply + 1, Some(mv))
            });
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                self.update_pv(ply, mv);
            }
        }
        self.moves[ply] = moves;
        best
    }
}
