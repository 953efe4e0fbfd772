//! The budget of a search, from Python's keyword arguments (times in seconds).

use crate::errors::value_error;
use ponder::search::Limits;
use pyo3::PyResult;
use std::time::Duration;

/// Limits from `depth` (plies), `movetime` (seconds) and `nodes`; none of them: an infinite
/// search. `ValueError` for a depth or node count of 0 or a time that is not a positive
/// number of seconds.
pub fn limits(depth: Option<u32>, movetime: Option<f64>, nodes: Option<u64>) -> PyResult<Limits> {
    if depth == Some(0) {
        return Err(value_error("depth must be at least 1"));
    }
    if nodes == Some(0) {
        return Err(value_error("nodes must be at least 1"));
    }
    let movetime = movetime
        .map(|seconds| {
            Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|time| !time.is_zero())
                .ok_or_else(|| {
                    value_error(format!(
                        "movetime {seconds}: expected a positive number of seconds"
                    ))
                })
        })
        .transpose()?;
    Ok(Limits {
        depth,
        nodes,
        movetime,
        infinite: depth.is_none() && nodes.is_none() && movetime.is_none(),
        ..Limits::default()
    })
}

/// Limits that must end by themselves (a blocking search): `ValueError` when none is given.
pub fn finite_limits(
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Limits> {
    let limits = limits(depth, movetime, nodes)?;
    if limits.infinite {
        return Err(value_error(
            "a blocking search needs a limit: depth, movetime or nodes",
        ));
    }
    Ok(limits)
}
