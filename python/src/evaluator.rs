//! A Python callable as ponder's static evaluation: slower than ponder's own (the GIL is taken
//! for each call) but exact. An exception in the callable stops the search; it is raised once
//! the search has returned, never a panic.

use crate::classroom::PyKalahBoard;
use crate::errors::value_error;
use crate::games::{Position, PyGame, wrap_record};
use ponder::search::{Evaluator, MAX_HEURISTIC, StopSignal};
use ponder::{GameRecord, Kalah, Seat};
use pyo3::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the callable is shown of a position, and from whose side its value is.
pub enum View<G: PyGame> {
    /// A `ponder.Position`; the value is for the side to move.
    Position,
    /// What `leaf` makes of the position (the classroom's board); the value is the first
    /// player's (the course's heuristics: good for player 1 is high).
    FirstPlayer(fn(Python<'_>, &G) -> PyResult<PyObject>),
}

/// The classroom's view of a Kalah position: a board core with no history.
pub fn classroom_board(py: Python<'_>, position: &Kalah) -> PyResult<PyObject> {
    Ok(Py::new(py, PyKalahBoard::at(*position))?.into_any())
}

/// A Python callable evaluating positions of `G`.
pub struct PyEvaluator<G: PyGame> {
    callback: PyObject,
    view: View<G>,
    scale: f64,
    stop: StopSignal,
    failed: AtomicBool,
    error: Mutex<Option<PyErr>>,
}

impl<G: PyGame> PyEvaluator<G> {
    /// `callback` scored through `view`, its values multiplied by `scale` and rounded; the
    /// first exception raises `stop`.
    pub fn new(callback: PyObject, view: View<G>, scale: f64, stop: StopSignal) -> Self {
        PyEvaluator {
            callback,
            view,
            scale,
            stop,
            failed: AtomicBool::new(false),
            error: Mutex::new(None),
        }
    }

    /// The first exception the callable raised (or its value's error), if any.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    fn call(&self, py: Python<'_>, position: &G) -> PyResult<i32> {
        let shown = match self.view {
            View::Position => Py::new(
                py,
                Position {
                    record: wrap_record(GameRecord::new(*position)),
                },
            )?
            .into_any(),
            View::FirstPlayer(leaf) => leaf(py, position)?,
        };
        let value: f64 = self.callback.call1(py, (shown,))?.extract(py)?;
        let scaled = (value * self.scale).round();
        if !scaled.is_finite() || scaled.abs() > f64::from(MAX_HEURISTIC) {
            return Err(value_error(format!(
                "the heuristic's value {value} (times scale {}) is outside ponder's heuristic \
                 range -{MAX_HEURISTIC}..{MAX_HEURISTIC}",
                self.scale
            )));
        }
        let value = scaled as i32;
        let flip =
            matches!(self.view, View::FirstPlayer(_)) && position.side_to_move() != Seat::FIRST;
        Ok(if flip { -value } else { value })
    }
}

impl<G: PyGame> Evaluator<G> for PyEvaluator<G> {
    fn evaluate(&self, position: &G, _last_move: Option<G::Move>) -> i32 {
        if self.failed.load(Ordering::Relaxed) {
            return 0;
        }
        Python::with_gil(|py| match self.call(py, position) {
            Ok(value) => value,
            Err(error) => {
                if !self.failed.swap(true, Ordering::Relaxed) {
                    *self.error.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                }
                self.stop.stop();
                0
            }
        })
    }
}
