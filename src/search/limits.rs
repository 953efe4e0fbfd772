//! What a search may spend: depth, nodes, time (soft and hard), or everything until stopped;
//! and the stop signal every search thread watches.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most a `movetime` search keeps back for unwinding and answering.
pub const MOVETIME_OVERHEAD: Duration = Duration::from_millis(5);

/// The budget of one search. Every limit that is set applies; the first one reached ends the
/// search. With no limit set (the default) the search runs until its [`StopSignal`] is raised
/// or it reaches [`crate::search::MAX_DEPTH`].
///
/// - `depth`: the last iteration searched (plies from the root).
/// - `nodes`: nodes visited, summed over threads (checked every few hundred nodes).
/// - `movetime`: think this long and answer with the last completed iteration: a soft and a
///   hard limit, with the hard one set 5% early (at most 5 ms) so that unwinding, joining the
///   threads and handing the answer back fit in the time.
/// - `soft_time`: no new iteration starts after it.
/// - `hard_time`: the search unwinds at it, wherever it is (within a few milliseconds: the
///   clock is read every 1024 nodes).
/// - `infinite`: every other limit is ignored; only the stop signal ends the search.
///
/// ```
/// use ponder::search::Limits;
/// use std::time::Duration;
/// let limits = Limits::movetime(Duration::from_millis(100));
/// assert_eq!(limits.hard_deadline(), Some(Duration::from_millis(95)));
/// assert_eq!(Limits::depth(6).depth, Some(6));
/// ```
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

    /// Search at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for `time` and answer with the last completed iteration.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Start no iteration after `soft`, unwind at `hard`.
    pub fn time(soft: Duration, hard: Duration) -> Limits {
        Limits {
            soft_time: Some(soft),
            hard_time: Some(hard),
            ..Limits::default()
        }
    }

    /// Search until the stop signal is raised.
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// When the search must unwind, from its start.
    pub fn hard_deadline(&self) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        let movetime = self
            .movetime
            .map(|time| time - (time / 20).min(MOVETIME_OVERHEAD));
        min_option(movetime, self.hard_time)
    }

    /// After which time no new iteration starts, from the search's start.
    pub fn soft_deadline(&self) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        min_option(min_option(self.movetime, self.soft_time), self.hard_time)
    }

    /// The deepest iteration allowed.
    pub fn max_depth(&self) -> Option<u32> {
        if self.infinite { None } else { self.depth }
    }

    /// The node budget.
    pub fn max_nodes(&self) -> Option<u64> {
        if self.infinite { None } else { self.nodes }
    }
}

fn min_option(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// A stop flag shared by whoever may stop a search (a GUI, the engine thread) and every search
/// thread. Cloning shares the flag. Search threads read it at every node, so a raised flag is
/// seen within microseconds.
///
/// ```
/// use ponder::search::StopSignal;
/// let stop = StopSignal::new();
/// let seen_by_thread = stop.clone();
/// stop.stop();
/// assert!(seen_by_thread.is_stopped());
/// stop.reset();
/// assert!(!seen_by_thread.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal that is not raised.
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Raises the signal: every search watching it unwinds.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the signal, so that it can serve the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the signal is raised.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_take_the_tightest_limit() {
        let ms = Duration::from_millis;
        let limits = Limits {
            movetime: Some(ms(300)),
            soft_time: Some(ms(100)),
            hard_time: Some(ms(200)),
            ..Limits::default()
        };
        assert_eq!(limits.hard_deadline(), Some(ms(200)));
        assert_eq!(Limits::movetime(ms(1000)).hard_deadline(), Some(ms(995)));
        assert_eq!(Limits::movetime(ms(20)).hard_deadline(), Some(ms(19)));
        assert_eq!(limits.soft_deadline(), Some(ms(100)));
        let infinite = Limits {
            infinite: true,
            ..limits
        };
        assert_eq!(infinite.hard_deadline(), None);
        assert_eq!(Limits::default().max_depth(), None);
    }
}
