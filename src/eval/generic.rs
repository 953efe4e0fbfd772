//! Evaluators that work for every game.

use super::Evaluator;
use crate::games::Game;

/// The game's own [`Game::evaluate`].
#[derive(Copy, Clone, Debug, Default)]
pub struct GameEvaluation;

impl<G: Game> Evaluator<G> for GameEvaluation {
    #[inline]
    fn evaluate(&self, position: &G, _last_move: Option<G::Move>) -> i32 {
        position.evaluate()
    }
}

/// The side to move's score minus the opponent's, as [`Game::scores`] counts them: Kalah's
/// store difference (`store-diff`), Oware's captured seeds, Ataxx's stone difference.
#[derive(Copy, Clone, Debug, Default)]
pub struct ScoreDiff;

impl<G: Game> Evaluator<G> for ScoreDiff {
    #[inline]
    fn evaluate(&self, position: &G, _last_move: Option<G::Move>) -> i32 {
        let scores = position.scores();
        let mover = position.side_to_move().index();
        scores[mover] as i32 - scores[1 - mover] as i32
    }
}
