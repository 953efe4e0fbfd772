//! Errors of the search layer.

use crate::games::GameError;
use thiserror::Error;

/// What can go wrong configuring or starting a search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// No evaluator of that name for this game.
    #[error("unknown evaluator {name:?} for {game} (known: {known})")]
    UnknownEvaluator {
        /// The game's name.
        game: &'static str,
        /// The name asked for.
        name: String,
        /// The names the game knows, comma-separated.
        known: String,
    },
    /// No forward-pruning technique of that name (`pvs:without=...`).
    #[error("unknown search technique {name:?} (known: {known})")]
    UnknownTechnique {
        /// The name asked for.
        name: String,
        /// The names known, comma-separated.
        known: String,
    },
    /// An option out of range.
    #[error("invalid search option: {0}")]
    InvalidOption(String),
    /// The position or a move was invalid.
    #[error(transparent)]
    Game(#[from] GameError),
}
