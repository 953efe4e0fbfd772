//! The multi-seat view: what a game of three or four seats tells the search besides its rules.

use crate::games::{Game, Seat};

/// A game for more than two seats, as the multi-player search sees it. A game implements it
/// in its own folder (Ataxx: `src/games/ataxx/seats/evaluators.rs`).
pub trait SeatedGame: Game {
    /// `seat`'s utility here (higher is better for it): the final result's when the game is
    /// over, else an estimate.
    fn utility(&self, seat: Seat) -> i32;

    /// This position with `seat` to move (for best-reply search), or `None` when `seat` cannot be to move
    /// (it is out).
    fn with_turn(&self, seat: Seat) -> Option<Self>;

    /// An exact key of the position as a number, with the top four bits free (the search
    /// keeps the root seat and the algorithm there).
    fn search_key(&self) -> u128;

    /// Calls `visit` with each legal move, in [`Game::legal_moves`]' order, without a buffer
    /// (the search's two-sided view lists several seats' moves in one node).
    fn for_each_move(&self, visit: impl FnMut(Self::Move));
}

/// Code that needs its game as a [`SeatedGame`] (the engine's search of three and four seats),
/// run by [`Evaluators::visit_seated`](super::Evaluators::visit_seated) when the game is one:
/// the game's type is known once per call, so the search it runs is compiled for it.
pub trait SeatedVisitor<G: Game> {
    /// What the visit returns.
    type Output;

    /// Runs with `G` known to be a [`SeatedGame`].
    fn visit(self) -> Self::Output
    where
        G: SeatedGame;
}
