//! TEMPORARY stand-ins for the search module's `Limits` and `StopSignal` (same names, fields and
//! behaviour) until the search branch lands; then this file re-exports them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The budget of one search (see the search module's `Limits`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to search.
    pub depth: Option<u32>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// Think exactly this long (a soft and a hard limit).
    pub movetime: Option<Duration>,
    /// No new iteration starts after this time.
    pub soft_time: Option<Duration>,
    /// The search unwinds at this time.
    pub hard_time: Option<Duration>,
    /// Ignore every other limit and search until stopped.
    pub infinite: bool,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `time`.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// A shared stop flag (see the search module's `StopSignal`).
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal that is not raised.
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Raises the signal.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the signal.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the signal is raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The (margin, plies) of a finished game's score on the search's scale, `None` for a heuristic
/// value (see the search module's `Score`).
pub(crate) fn decisive(score: i32) -> Option<(i32, u32)> {
    const WIN_BASE: i32 = 1 << 24;
    const MARGIN_UNIT: i32 = 1024;
    if score.abs() < WIN_BASE {
        return None;
    }
    let magnitude = (score.abs() - WIN_BASE) / MARGIN_UNIT;
    let plies = (MARGIN_UNIT - 1 - (score.abs() - WIN_BASE) % MARGIN_UNIT) as u32;
    Some((if score > 0 { magnitude } else { -magnitude }, plies))
}
