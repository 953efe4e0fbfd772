//! What every endgame database shares, whatever the game: the combinatorial index of boards
//! (`index`) and the split of a build over processes or machines ([`shard`]). Their files go
//! through [`crate::files`] (magic, version, length, checksum, size limit, atomic writes).
//!
//! The databases themselves live with their games: `games::oware::egdb` (Awari, by
//! retrograde analysis) and `games::kalah::egdb` (Kalah, in one pass).

pub(crate) mod byte_layers;
pub(crate) mod index;
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
}
