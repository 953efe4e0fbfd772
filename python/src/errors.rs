//! ponder's typed errors as Python exceptions: bad input is a `ValueError` saying what and
//! where; nothing reachable from Python panics.

use ponder::GameError;
use ponder::search::SearchError;
use pyo3::PyErr;
use pyo3::exceptions::{PyIndexError, PyValueError};

/// A game error (bad game name, position, move, trace) as a `ValueError`; taking back a
/// move at the start is an `IndexError`, as popping an empty history is in Python.
pub fn game_error(error: GameError) -> PyErr {
    match error {
        GameError::NothingToUndo => PyIndexError::new_err(error.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A search error (unknown evaluator, bad option: a [`SearchError`] or what converts into
/// one) as a `ValueError`.
pub fn search_error(error: impl Into<SearchError>) -> PyErr {
    PyValueError::new_err(error.into().to_string())
}

/// A `ValueError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
