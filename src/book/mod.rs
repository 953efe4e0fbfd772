//! An opening book that learns.
//!
//! A [`Book`] maps positions, by their exact [`Key`](crate::Key) (so transpositions share one
//! entry), to the moves played or proved from them: each move's wins, draws and losses for
//! the player who made it, the search's value when a search chose it, and its exact value
//! where the solver proved it. It is bounded in positions and in plies from the start, and
//! kept in one checked file ([`BOOK_FILE`], written atomically).
//!
//! - `entry`: one move's statistics and what they say (a mean with a prior, a lower
//!   confidence bound).
//! - `positions`: the book, its bounds, learning from a game, merging parts, the file.
//! - `choice`: probing: a seeded choice among the moves within a margin of the best, only
//!   value-preserving ones where exact values are known, moves to keep out of the search.
//! - `shared`: the book an engine holds ([`SharedBook`]): probed before the search, learning
//!   after each finished game, written back to its file.
//! - `build`: growing a book from an exact solver (Kalah); self-play games are learned like
//!   any game ([`Book::learn`], with each move's search value).
//!
//! Learning makes a line that lost less likely to be played again:
//!
//! ```
//! use ponder::book::{Book, BookAdvice, BookBounds, BookPolicy};
//! use ponder::{Game, GameRecord, Kalah, Outcome};
//! let start = Kalah::start(&Default::default()).unwrap();
//! let mut book = Book::<Kalah>::new(Default::default(), BookBounds::default());
//! let mut record = GameRecord::new(start);
//! record.play_all_text("1 2").unwrap();
//! let first = record.moves()[0];
//! let policy = BookPolicy::default();
//! // The first player lost this game twice: its opening move is kept out of the next search.
//! book.learn(&record, Outcome::new(-5), &[]);
//! assert_eq!(book.advise(&start, Some(1), &policy), BookAdvice::Search);
//! book.learn(&record, Outcome::new(-1), &[]);
//! assert_eq!(book.advise(&start, Some(1), &policy), BookAdvice::Avoid(vec![first]));
//! // Two wins after it lift it back: two wins, two losses is an even score.
//! book.learn(&record, Outcome::new(3), &[]);
//! book.learn(&record, Outcome::new(2), &[]);
//! assert_eq!(book.advise(&start, Some(1), &policy), BookAdvice::Play(first));
//! ```

mod build;
#[cfg(test)]
mod build_tests;
mod choice;
mod entry;
mod error;
mod positions;
mod shared;
#[cfg(test)]
mod tests;

pub use build::{ExactBuild, ExactReach, exact_book};
pub use choice::{BookAdvice, BookPolicy};
pub use entry::{BookMove, CONFIDENCE_Z, PRIOR_GAMES};
pub use error::BookError;
pub use positions::{BOOK_FILE, Book, BookBounds, MAX_POSITIONS, book_game};
pub use shared::SharedBook;
