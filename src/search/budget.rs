//! The per-thread view of a search's budget: stop signals, the hard deadline and the node
//! limit, checked cheaply at every node and fully every 1024 nodes.

use super::limits::{Limits, StopSignal};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two full checks (clock, shared node count).
const CHECK_INTERVAL: u64 = 1024;

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
        }
    }

    /// Counts one node; `true` when the search must unwind.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.unpublished += 1;
        self.countdown -= 1;
        if self.countdown == 0 && self.full_check() {
            self.halt.stop();
            return true;
        }
        self.user_stop.is_stopped() || self.halt.is_stopped()
    }

    /// Counts a root node (no check: the root is never cut short before its first move).
    #[inline]
    pub(crate) fn count_root(&mut self) {
        self.unpublished += 1;
    }

    /// Whether the search must stop now (without counting a node).
    pub(crate) fn must_stop(&self) -> bool {
        self.user_stop.is_stopped() || self.halt.is_stopped()
    }

    #[cold]
    fn full_check(&mut self) -> bool {
        let total = self.publish();
        self.countdown = CHECK_INTERVAL;
        if let Some(limit) = self.node_limit {
            if total >= limit {
                return true;
            }
            self.countdown = (limit - total).clamp(1, CHECK_INTERVAL);
        }
        matches!(self.hard_deadline, Some(deadline) if Instant::now() >= deadline)
    }

    /// Adds this thread's recent nodes to the shared count and returns the total.
    pub(crate) fn publish(&mut self) -> u64 {
        let added = std::mem::take(&mut self.unpublished);
        self.shared_nodes.fetch_add(added, Ordering::Relaxed) + added
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
