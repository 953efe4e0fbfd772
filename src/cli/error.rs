//! Errors of the command line.

use crate::game::GameError;
use thiserror::Error;

/// What can stop a subcommand.
#[derive(Debug, Error)]
pub enum CliError {
    /// Bad game, position or move input.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A `--moves` list failed at one ply.
    #[error("--moves: {0}")]
    Moves(String),
    /// A bad argument value.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// JSON could not be written or read.
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
}
