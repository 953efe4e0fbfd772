//! What every endgame database shares, whatever the game: the combinatorial index of boards
//! (`index`), the file format (a magic, a version, a bincode body read with a size limit:
//! [`file`]), and the split of a build over processes or machines ([`shard`]).
//!
//! The databases themselves live with their games: `games::oware::egdb` (Awari, by
//! retrograde analysis) and `games::kalah::egdb` (Kalah, in one pass).

pub mod file;
pub(crate) mod index;
pub mod shard;

pub use file::FileError;
pub use shard::Shard;

use thiserror::Error;

/// What can go wrong building, saving, loading or merging an endgame database.
#[derive(Debug, Error)]
pub enum EgdbError {
    /// The requested database is not one this builder makes (sizes).
    #[error("endgame database: {0}")]
    Size(String),
    /// Reading or writing the file failed.
    #[error("endgame database file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a valid database.
    #[error("endgame database file is not valid: {0}")]
    Format(String),
    /// Part files that do not make one database with their base.
    #[error("endgame database parts: {0}")]
    Merge(String),
}

impl From<FileError> for EgdbError {
    fn from(error: FileError) -> EgdbError {
        match error {
            FileError::Io(io) => EgdbError::Io(io),
            other => EgdbError::Format(other.to_string()),
        }
    }
}
