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
}
