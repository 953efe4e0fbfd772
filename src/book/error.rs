//! What can be wrong with a book file.

use crate::files::FileError;
use std::path::PathBuf;

/// A book that could not be read, written or used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file itself: missing, damaged, over its size limit, not a book (the error names
    /// the file).
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is a whole book, but of another game.
    #[error("{path}: a book of {found}, not of {expected}", path = path.display())]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game the book was built for.
        found: String,
        /// The game it was opened for.
        expected: &'static str,
    },
    /// The file is a book of this game, but of another configuration (board size, rules).
    #[error("{path}: a book of {found}, not of {expected}", path = path.display())]
    WrongConfig {
        /// The file.
        path: PathBuf,
        /// The book's configuration.
        found: String,
        /// The configuration it was opened for.
        expected: String,
    },
    /// The payload decodes but does not hold a book: more positions than its own bound, a
    /// position twice, a position without moves, a move twice.
    #[error("{path}: not a valid book: {reason}", path = path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// Books that cannot be joined (other games, configurations or bounds).
    #[error("cannot merge {path} into the others: {reason}", path = path.display())]
    Mismatch {
        /// The book that does not fit.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}
