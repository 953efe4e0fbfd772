//! The per-thread view of a search's budget: stop signals, the hard deadline and the node
//! limit, checked cheaply at every node and fully every 1024 nodes.

use super::limits::{Limits, StopSignal};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The deepest iteration any search runs.
pub const MAX_DEPTH: u32 = 128;

/// Nodes between two full checks (clock, shared node count).
const CHECK_INTERVAL: u64 = 1024;

/// How the soft time target of a clocked search (a soft target below the hard limit) moves
/// with the last iterations: more time while the best move keeps changing or the value drops,
/// less once the best move has stood for several iterations. Never past the hard limit.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SoftTarget {
    /// Iterations in a row that kept the same best move.
    stable: u32,
    /// The last iteration's best move's index among the root moves, and its value.
    last: Option<(usize, i32)>,
    /// How far the value fell at the last iteration (0 when it rose).
    drop: i32,
}

/// The soft target's factor (in percent) by the best move's stability, from "changed at the
/// last iteration" to "stood for four or more".
const STABILITY_PERCENT: [u64; 5] = [160, 125, 100, 85, 70];
/// A value drop of this many evaluation units or more adds the most time.
const DROP_FULL: i32 = 16;
/// The most a value drop adds to the soft target, in percent.
const DROP_PERCENT: u64 = 60;

impl SoftTarget {
    /// Notes a completed iteration: the best move (by a stable index) and its value.
    pub(crate) fn record(&mut self, best: usize, value: i32) {
        if let Some((last_best, last_value)) = self.last {
            self.stable = if last_best == best {
                self.stable + 1
            } else {
                0
            };
            self.drop = last_value.saturating_sub(value).max(0);
        }
        self.last = Some((best, value));
    }

    /// The soft target `soft` scaled by what the iterations showed, at most `hard`.
    pub(crate) fn scaled(&self, soft: Duration, hard: Duration) -> Duration {
        let stability = STABILITY_PERCENT[(self.stable as usize).min(STABILITY_PERCENT.len() - 1)];
        let drop = DROP_PERCENT * self.drop.min(DROP_FULL) as u64 / DROP_FULL as u64;
        let percent = stability * (100 + drop) / 100;
        (soft * percent as u32 / 100).min(hard)
    }
}

/// What ends a search, as one worker thread sees it.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// Raised by the user (GUI, engine thread).
    pub(crate) user_stop: StopSignal,
    /// Raised by the search itself: the main thread finished, or a limit was hit by any thread.
    pub(crate) halt: StopSignal,
    pub(crate) start: Instant,
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// Nodes of every thread, published in batches.
    shared_nodes: Arc<AtomicU64>,
    /// This thread's nodes not yet added to `shared_nodes`.
    unpublished: u64,
    countdown: u64,
    /// Nodes between two full checks: [`CHECK_INTERVAL`] unless
    /// [`Budget::checking_every`] says otherwise.
    interval: u64,
    /// The depth the main thread is searching (0 before its first iteration): helpers search
    /// at least as deep.
    main_depth: Arc<AtomicU32>,
    /// The deepest iteration a helper has completed (0: none yet; never past `max_depth`).
    helper_depth: Arc<AtomicU32>,
    /// The deepest iteration this search asks for.
    max_depth: u32,
    /// Set on the main thread from its second iteration on: it gives up an iteration as soon
    /// as a helper has completed one at least as deep (and takes the helper's over).
    yields_to_helpers: bool,
    /// Set while this thread, the main one, searches depth 1: no stop, deadline or node
    /// limit cuts that iteration short (it takes microseconds in every game), so a move whose
    /// search starts late, or is stopped at once, is still searched rather than played
    /// unsearched. Helpers and every later iteration stop at once.
    finishing_depth_one: bool,
}

impl Budget {
    /// A budget with no limit, watching `user_stop`.
    pub(crate) fn unlimited(user_stop: StopSignal) -> Budget {
        Budget {
            user_stop,
            halt: StopSignal::new(),
            start: Instant::now(),
            hard_deadline: None,
            node_limit: None,
            shared_nodes: Arc::new(AtomicU64::new(0)),
            unpublished: 0,
            countdown: CHECK_INTERVAL,
            interval: CHECK_INTERVAL,
            main_depth: Arc::default(),
            helper_depth: Arc::default(),
            max_depth: MAX_DEPTH,
            yields_to_helpers: false,
            finishing_depth_one: false,
        }
    }

    /// The budget of a search that started at `start` under `limits`, shared by the threads
    /// through `halt` and `shared_nodes`.
    pub(crate) fn new(
        limits: &Limits,
        start: Instant,
        user_stop: StopSignal,
        halt: StopSignal,
        shared_nodes: Arc<AtomicU64>,
    ) -> Budget {
        let node_limit = limits.max_nodes();
        Budget {
            user_stop,
            halt,
            start,
            hard_deadline: limits.hard_deadline().map(|d| start + d),
            node_limit,
            shared_nodes,
            unpublished: 0,
            countdown: node_limit.map_or(CHECK_INTERVAL, |n| n.clamp(1, CHECK_INTERVAL)),
            interval: CHECK_INTERVAL,
            main_depth: Arc::default(),
            helper_depth: Arc::default(),
            max_depth: limits.max_depth().unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            yields_to_helpers: false,
            finishing_depth_one: false,
        }
    }

    /// The budget with the clock (and the shared node count) read every `nodes` nodes
    /// instead of every [`CHECK_INTERVAL`]: for searches whose nodes are slow (four-seat
    /// Ataxx, where 1,024 nodes took up to 7 ms).
    pub(crate) fn checking_every(mut self, nodes: u64) -> Budget {
        self.interval = nodes.max(1);
        self.countdown = self.countdown.min(self.interval);
        self
    }

    /// The main thread announces the depth it starts searching (once an iteration).
    pub(crate) fn announce_main_depth(&mut self, depth: u32) {
        self.finishing_depth_one = depth == 1;
        self.yields_to_helpers = depth > 1;
        self.main_depth.store(depth, Ordering::Relaxed);
    }

    /// A helper announces that it completed the iteration of `depth` (and offered it to the
    /// main thread).
    pub(crate) fn announce_helper_depth(&self, depth: u32) {
        self.helper_depth.fetch_max(depth, Ordering::Release);
    }

    /// The deepest iteration this search asks for.
    pub(crate) fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Whether a helper has completed an iteration at least as deep as the one this thread,
    /// the main one, is searching.
    fn overtaken(&self) -> bool {
        self.yields_to_helpers
            && self.helper_depth.load(Ordering::Acquire) >= self.main_depth.load(Ordering::Relaxed)
    }

    /// The depth the main thread is searching (0 before its first iteration).
    pub(crate) fn main_depth(&self) -> u32 {
        self.main_depth.load(Ordering::Relaxed)
    }

    /// Counts one node; `true` when the search must unwind.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.unpublished += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            if self.full_check() {
                self.halt.stop();
                return !self.finishing_depth_one;
            }
            // The main thread unwinds (without halting the helpers) to take a helper's deeper
            // iteration over.
            if self.overtaken() {
                return true;
            }
        }
        (self.user_stop.is_stopped() || self.halt.is_stopped()) && !self.finishing_depth_one
    }

    /// Counts a root node (no check: the root is never cut short before its first move).
    #[inline]
    pub(crate) fn count_root(&mut self) {
        self.unpublished += 1;
    }

    /// Whether the search must stop now (without counting a node).
    pub(crate) fn must_stop(&self) -> bool {
        (self.user_stop.is_stopped() || self.halt.is_stopped()) && !self.finishing_depth_one
    }

    #[cold]
    fn full_check(&mut self) -> bool {
        let total = self.publish();
        self.countdown = self.interval;
        if let Some(limit) = self.node_limit {
            if total >= limit {
                return true;
            }
            self.countdown = (limit - total).clamp(1, self.interval);
        }
        matches!(self.hard_deadline, Some(deadline) if Instant::now() >= deadline)
    }

    /// Adds this thread's recent nodes to the shared count and returns the total.
    pub(crate) fn publish(&mut self) -> u64 {
        let added = std::mem::take(&mut self.unpublished);
        self.shared_nodes.fetch_add(added, Ordering::Relaxed) + added
    }

    /// The hard limit as a time from the search's start, if there is one.
    pub(crate) fn hard_limit(&self) -> Option<Duration> {
        self.hard_deadline
            .map(|d| d.saturating_duration_since(self.start))
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn the_soft_target_follows_stability_and_drops_and_stays_under_the_hard_limit() {
        let mut target = SoftTarget::default();
        target.record(0, 10);
        target.record(3, 10);
        // The best move just changed: more time.
        assert_eq!(target.scaled(ms(100), ms(1000)), ms(160));
        for _ in 0..5 {
            target.record(3, 10);
        }
        // It has stood for five iterations: less time.
        assert_eq!(target.scaled(ms(100), ms(1000)), ms(70));
        // The value fell a lot: more, but never past the hard limit.
        target.record(3, -50);
        assert_eq!(target.scaled(ms(100), ms(1000)), ms(112));
        assert_eq!(target.scaled(ms(100), ms(105)), ms(105));
    }
}
