//! How perft counts a game: the [`Perft`] conventions, which only perft reads.

use super::Game;

/// Perft's conventions for a game ([`crate::perft`]): what a finished game reached before the
/// last ply counts, and how the last ply is counted. Only perft (and the tests and benches of
/// move generation) need it; the search never does. A game implements it in its own folder;
/// `impl Perft for MyGame {}` takes the defaults.
///
/// ```
/// use ponder::games::Perft;
/// use ponder::{Ataxx, Game, Kalah};
/// assert!(Kalah::TERMINAL_IS_LEAF && !Ataxx::TERMINAL_IS_LEAF);
/// let start = Ataxx::start(&Default::default()).unwrap();
/// assert_eq!(start.move_count(), 16);
/// ```
pub trait Perft: Game {
    /// `true` when a finished game reached before the last ply counts as one leaf (OpenSpiel,
    /// used for Kalah and Oware), `false` when it counts nothing (libataxx: a finished game
    /// has no moves). The default is `true`.
    const TERMINAL_IS_LEAF: bool = true;

    /// The number of legal moves: what perft counts at its last ply. Games with a faster way
    /// (bit counts) override it; it must equal the length of [`Game::legal_moves`]. The
    /// default counts that list.
    fn move_count(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }
}
