//! Errors of the search layer.

use crate::eval::EvalError;
use crate::games::GameError;
use thiserror::Error;

/// What can go wrong configuring or starting a search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// No evaluator or forward-pruning technique of that name, or a bad tuning.
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// An option out of range.
    #[error("invalid search option: {0}")]
    InvalidOption(String),
    /// The position or a move was invalid.
    #[error(transparent)]
    Game(#[from] GameError),
}
