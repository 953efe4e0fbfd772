//! `ponder.search`: one search of a position, as `ponder bestmove --forward-pruning off` does
//! it (principal-variation search, the exact minimax value at each depth, the first of
//! equal-best moves: the classroom's semantics), with ponder's evaluation or a Python
//! heuristic; `forward_pruning=True` searches as the engine and `ponder bestmove` do.

use crate::answer::BestMove;
use crate::errors::{search_error, value_error};
use crate::evaluator::{PyEvaluator, View};
use crate::games::{Position, PyGame, by_game};
use crate::limits::finite_limits;
use ponder::GameRecord;
use ponder::search::{
    Algorithm, Limits, SearchOptions, Searcher, StopSignal, TieBreak, TranspositionTable,
};
use pyo3::prelude::*;
use std::sync::Arc;

/// How to evaluate the positions at the search's horizon.
pub enum Evaluation {
    /// One of ponder's evaluators, by name.
    Named,
    /// A Python callable shown a `Position`, valued for the side to move.
    Heuristic(PyObject),
    /// A Python callable shown the classroom's board, valued for the first player.
    Classroom(PyObject),
}

/// What one search is asked.
pub struct Request {
    /// The budget.
    pub limits: Limits,
    /// The search's options (the evaluator's name, tie-break, threads, table size, pruning).
    pub options: SearchOptions,
    /// The evaluation.
    pub evaluation: Evaluation,
    /// Heuristic values are multiplied by this and rounded.
    pub scale: f64,
}

/// The tie-break named `name` (`first` or `random`, with an optional seed).
pub fn tie_break(name: &str, seed: Option<u64>) -> PyResult<TieBreak> {
    match name {
        "first" => Ok(TieBreak::First),
        "random" => Ok(TieBreak::Random {
            seed: seed.unwrap_or_else(rand_seed),
        }),
        other => Err(value_error(format!(
            "tie_break {other:?}: expected \"first\" or \"random\""
        ))),
    }
}

fn rand_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::Instant::now())
}

/// Searches `position` and answers its best move.
///
/// `heuristic(position)` (a `Position`, valued for the side to move) replaces ponder's
/// evaluation `eval`; `classroom_heuristic(board)` (Kalah only: the classroom board's core,
/// valued for the first player) is what `ponder.classroom` passes. Values are multiplied by
/// `scale` and rounded to integers. The GIL is released while ponder's own evaluation
/// searches.
#[pyfunction]
#[pyo3(signature = (
    position, *, depth = None, movetime = None, nodes = None, eval = "default",
    heuristic = None, classroom_heuristic = None, scale = 1.0, forward_pruning = false,
    tie_break = "first", seed = None, threads = 1, hash_mib = 16
))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    position: &Position,
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    eval: &str,
    heuristic: Option<PyObject>,
    classroom_heuristic: Option<PyObject>,
    scale: f64,
    forward_pruning: bool,
    tie_break: &str,
    seed: Option<u64>,
    threads: usize,
    hash_mib: usize,
) -> PyResult<BestMove> {
    let evaluation = match (heuristic, classroom_heuristic) {
        (None, None) => Evaluation::Named,
        (Some(callback), None) => Evaluation::Heuristic(callback),
        (None, Some(callback)) => Evaluation::Classroom(callback),
        (Some(_), Some(_)) => {
            return Err(value_error(
                "give heuristic or classroom_heuristic, not both",
            ));
        }
    };
    if !scale.is_finite() || scale <= 0.0 {
        return Err(value_error(format!(
            "scale {scale}: expected a positive number"
        )));
    }
    let request = Request {
        limits: finite_limits(depth, movetime, nodes)?,
        options: SearchOptions {
            algorithm: Algorithm::Pvs,
            eval: eval.to_string(),
            tiebreak: self::tie_break(tie_break, seed)?,
            threads,
            hash_mib,
            forward_pruning,
            ..SearchOptions::default()
        },
        evaluation,
        scale,
    };
    by_game!(&position.record, record => search_record(py, record, request))
}

fn search_record<G: PyGame>(
    py: Python<'_>,
    record: &GameRecord<G>,
    request: Request,
) -> PyResult<BestMove> {
    let stop = StopSignal::new();
    let view = match request.evaluation {
        Evaluation::Named => {
            let mut searcher =
                Searcher::<G>::with_new_table(request.options).map_err(search_error)?;
            let report =
                py.allow_threads(|| searcher.search(record, &request.limits, &stop, &mut |_| {}));
            return Ok(BestMove::from(&report));
        }
        Evaluation::Heuristic(callback) => (callback, View::Position),
        Evaluation::Classroom(callback) => match G::classroom_view() {
            Some(leaf) => (callback, View::FirstPlayer(leaf)),
            None => {
                return Err(value_error(format!(
                    "classroom_heuristic: the classroom plays kalah, not {}",
                    G::NAME
                )));
            }
        },
    };
    let evaluator = Arc::new(PyEvaluator::new(
        view.0,
        view.1,
        request.scale,
        stop.clone(),
    ));
    let table = Arc::new(TranspositionTable::new(
        request.options.table_kind,
        request.options.hash_mib,
    ));
    let mut searcher = Searcher::<G>::with_evaluator(request.options, table, evaluator.clone())
        .map_err(search_error)?;
    let report = py.allow_threads(|| searcher.search(record, &request.limits, &stop, &mut |_| {}));
    match evaluator.take_error() {
        Some(error) => Err(error),
        None => Ok(BestMove::from(&report)),
    }
}
