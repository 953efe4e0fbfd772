//! Errors of the command line.

use crate::games::GameError;
use crate::players::PlayerError;
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
    /// The engine could not start or failed.
    #[error("engine: {0}")]
    Engine(#[from] crate::engine::EngineError),
    /// A player could not be built or could not move.
    #[error(transparent)]
    Player(PlayerError),
    /// Scripted input ended before the game did.
    #[error("{0}")]
    InputEnded(String),
    /// A bad argument value.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// A file could not be read or written, or is damaged.
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    /// An opening book could not be read, written or merged.
    #[error(transparent)]
    Book(#[from] crate::book::BookError),
    /// JSON could not be written or read.
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
}

impl CliError {
    /// The process exit code for this error: 3 when scripted input ended before the game
    /// (`ponder play`), 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::InputEnded(_) => 3,
            _ => 1,
        }
    }
}
