//! Kalah's own opening book, embedded in the build: the `perfect` level's exact book of
//! Kalah(6,4) under the classic capture rule. Its provenance (the command that rebuilds it,
//! the commit, the database, the time) is in `README.md` beside it; `docs/book.md` says what
//! it holds and what it is worth in play.

use super::KalahConfig;

/// The bytes of the perfect level's book of Kalah(6,4), classic capture (a ponder book file):
/// every move of every position to 3 plies from the start with its exact value, then the
/// lines of perfect play of either side while more than 31 seeds are in play, each position
/// with every move's exact value. Past it the engine's search proves its moves itself (with
/// an endgame database of 24 seeds, at half a second a move).
pub const PERFECT_BOOK: &[u8] = include_bytes!("perfect.book");

/// The book of `config`: [`PERFECT_BOOK`] for Kalah(6,4) with the classic capture, none for
/// the other boards and rules.
pub fn own_book(config: &KalahConfig) -> Option<&'static [u8]> {
    (*config == KalahConfig::default()).then_some(PERFECT_BOOK)
}
