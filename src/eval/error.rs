//! Errors of the evaluation layer: choosing an evaluator or its forward-pruning numbers by
//! name.

use thiserror::Error;

/// What can go wrong choosing an evaluator or tuning its [`Selectivity`](super::Selectivity).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
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
    /// A forward-pruning number that is not known or not a number (`pvs:tune=...`).
    #[error("invalid search option: {0}")]
    InvalidSetting(String),
}
