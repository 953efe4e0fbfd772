//! What every endgame database shares, whatever the game: the combinatorial index of boards
//! (`index`) and the split of a build over processes or machines ([`shard`]). Their files go
//! through [`crate::files`] (magic, version, length, checksum, size limit, atomic writes).
//!
//! A database file is opened memory-mapped ([`crate::files::MappedFile`]): its header and
//! the layers' lengths are checked at open, its values are read in place as the search probes
//! them (opening a 516 MB file takes milliseconds, and processes share one copy in the page
//! cache); the whole-file checksum and the values' ranges are checked by each database's
//! `verify` (and by `load`, which a merge of parts uses), never by `open`.
//!
//! The databases themselves live with their games: `games::oware::egdb` (Awari, by
//! retrograde analysis) and `games::kalah::egdb` (Kalah, in one pass).

pub(crate) mod byte_layers;
pub(crate) mod index;
pub(crate) mod layers;
pub mod shard;

pub use shard::{Shard, check_shards};

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
    /// The file is damaged, truncated, of another format or too large ([`crate::files`]).
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    /// A database file was given for a game that has none.
    #[error("{path}: {game} has no endgame database", path = path.display())]
    NoDatabase {
        /// The game.
        game: &'static str,
        /// The file given.
        path: std::path::PathBuf,
    },
}
