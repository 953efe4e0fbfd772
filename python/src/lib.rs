//! `ponder._ponder`: the Python extension module of ponder. Each concept is mapped in one
//! place:
//!
//! - `errors`: ponder's typed errors as Python exceptions.
//! - `games`: the games Python can play (one enum over them) and `Position`.
//! - `classroom`: the classroom `Board`'s core (`KalahBoard`), which `ponder.classroom`
//!   wraps with the course's exact API.
//! - `evaluator`: a Python callable as ponder's static evaluation.
//! - `limits`: the budget of a search, from Python's keyword arguments.
//! - `answer`: `BestMove` and `Info`, what a search answers and reports.
//! - `search`: one search of a position (what `ponder bestmove` does).
//! - `engine`: the engine on its own threads, pondering while the player thinks.

mod answer;
mod classroom;
mod engine;
mod errors;
mod evaluator;
mod games;
mod limits;
mod search;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _ponder(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<games::Position>()?;
    module.add_class::<games::PyOutcome>()?;
    module.add_class::<classroom::PyKalahBoard>()?;
    module.add_class::<answer::BestMove>()?;
    module.add_class::<answer::Info>()?;
    module.add_class::<engine::PyEngine>()?;
    module.add_function(wrap_pyfunction!(search::search, module)?)?;
    module.add("GAME_NAMES", ponder::games::GAME_NAMES.to_vec())?;
    Ok(())
}
