//! Search for games of more than two seats: max-n, paranoid, best-reply search (BRS) and
//! BRS+.
//!
//! Two-player minimax does not carry over to three or four seats: who works against whom
//! changes the answer. Three classic answers, one node function each, sharing the move
//! buffers, the ordering (the table's move, then [`crate::Game::move_order_hint`]), the
//! table (`table`: exact keys from [`SeatedGame::search_key`], with the root seat and the
//! algorithm in spare bits) and the limits (depth, nodes, time) of one [`MultiSearch`]:
//! - **max-n** (Luckhardt and Irani 1986): every seat maximises its own utility; a node's
//!   value is a vector, one utility per seat. No pruning but the table.
//! - **paranoid** (Sturtevant and Korf 2000): the other seats form a coalition minimising the
//!   root seat's utility: alpha-beta on one number.
//! - **BRS** (Schadd and Winands 2011): the root seat's moves alternate with one layer where,
//!   of all the other seats' moves, only the one worst for the root seat is played (the
//!   position is handed to each opponent in turn with [`SeatedGame::with_turn`]); alpha-beta
//!   on one number, deeper for the root seat's own moves than paranoid.
//! - **BRS+** (Esser, Gras, Winands, Schadd and Lanctot 2013): BRS without its impossible
//!   positions: in the other seats' layer every other seat still moves, in seat order; one
//!   of them is searched (the reply worst for the root seat counts, as in BRS) while the
//!   others play their first move by the static ordering (the highest
//!   [`crate::Game::move_order_hint`], the first in natural order among equals).
//!
//! `greedy` is the one-ply baseline: the move whose position is best for the mover (max-n at
//! depth 1).
//!
//! A search resumes where earlier ones left off: when the table holds an exact entry for the
//! root (from an earlier search or from pondering, with the same algorithm and, but for
//! max-n, the same root seat), iterative deepening starts one ply above its depth, its move
//! first. Stopping is polled every [`POLL_INTERVAL`] nodes over the search's whole life (the
//! stop flag and the clock), so a stop is answered within that many nodes on every path.

mod nodes;
mod table;

pub use crate::eval::SeatedGame;
use crate::games::Seat;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
pub use table::MultiTable;

/// The multi-player algorithms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MultiAlgorithm {
    /// Max-n: each seat maximises its own utility.
    MaxN,
    /// Paranoid: the others minimise the root seat's utility.
    Paranoid,
    /// Best-reply search: only the others' strongest reply, one layer for all of them.
    Brs,
    /// BRS+: BRS where the others not searched play their first move by the ordering
    /// instead of passing.
    BrsPlus,
    /// One ply: the move whose position is best for the mover.
    Greedy,
}

impl MultiAlgorithm {
    /// The algorithm's name in player specs: `maxn`, `paranoid`, `brs`, `brsplus`, `greedy`.
    pub fn from_name(name: &str) -> Option<MultiAlgorithm> {
        match name {
            "maxn" => Some(MultiAlgorithm::MaxN),
            "paranoid" => Some(MultiAlgorithm::Paranoid),
            "brs" => Some(MultiAlgorithm::Brs),
            "brsplus" => Some(MultiAlgorithm::BrsPlus),
            "greedy" => Some(MultiAlgorithm::Greedy),
            _ => None,
        }
    }

    /// The names [`MultiAlgorithm::from_name`] reads.
    pub const NAMES: &'static str = "maxn, paranoid, brs, brsplus, greedy";
}

/// How long a multi-player search may run: the first limit reached stops it (the last
/// completed depth's move is played).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MultiLimits {
    /// The deepest iteration.
    pub depth: u32,
    /// Nodes over the whole search.
    pub nodes: u64,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

impl Default for MultiLimits {
    /// Depth 64, a million nodes, no time limit.
    fn default() -> MultiLimits {
        MultiLimits {
            depth: 64,
            nodes: 1_000_000,
            time: None,
        }
    }
}

/// What a search found.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MultiOutcome<M> {
    /// The move to play (`None` when the game is over).
    pub best: Option<M>,
    /// The root seat's utility at the last completed depth.
    pub value: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes visited (0 when the table already held the root at the depth asked for).
    pub nodes: u64,
}

/// A multi-player search: its table, per-ply move buffers and counters. Reused from move to
/// move (the table keeps what earlier searches found).
pub struct MultiSearch<G: SeatedGame> {
    table: MultiTable<G::Move>,
    buffers: Vec<Vec<G::Move>>,
    /// The moves of a seat playing its ordering's first move (BRS+).
    scratch: Vec<G::Move>,
    nodes: u64,
    /// Nodes counted over the search's whole life (never reset): the stop flag and the clock
    /// are polled when it reaches a multiple of [`POLL_INTERVAL`].
    ticks: u64,
    limits: MultiLimits,
    started: Instant,
    stopped: bool,
    root: Seat,
    algorithm: MultiAlgorithm,
    /// Start iterative deepening above the depth the table holds exactly for the root.
    resume: bool,
    /// Set from outside to stop a search or pondering.
    stop: Option<Arc<AtomicBool>>,
}

/// The deepest ply a search reaches.
const MAX_PLY: usize = 128;

/// Nodes between two polls of the stop flag and the clock (a power of two): a quarter of a
/// millisecond of four-seat Ataxx search on average, and within about 1 ms in the slowest
/// positions measured, where 1024 nodes took up to 7 ms (`docs/engine.md`, "Stopping").
pub const POLL_INTERVAL: u64 = 256;

impl<G: SeatedGame> MultiSearch<G> {
    /// A search with a table of `entries` slots.
    pub fn new(entries: usize) -> MultiSearch<G> {
        MultiSearch {
            table: MultiTable::new(entries),
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scratch: Vec::with_capacity(128),
            nodes: 0,
            ticks: 0,
            limits: MultiLimits::default(),
            started: Instant::now(),
            stopped: false,
            root: Seat::FIRST,
            algorithm: MultiAlgorithm::Paranoid,
            resume: true,
            stop: None,
        }
    }

    /// Lets `stop` end searches and pondering from another thread (polled every
    /// [`POLL_INTERVAL`] nodes and between pondered replies).
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> MultiSearch<G> {
        self.stop = Some(stop);
        self
    }

    /// With `false`, every search deepens from depth 1 even when the table already holds
    /// its root (the behaviour before resuming; for measurements). On by default.
    pub fn with_resume(mut self, resume: bool) -> MultiSearch<G> {
        self.resume = resume;
        self
    }

    /// Whether the outside stop flag is set.
    #[inline]
    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// Thinks on the time of the seat to move (a human): each of its replies is searched for
    /// the seat that moves next, one ply deeper each round (the likeliest replies first: the
    /// best for the human by its utility), until the stop flag is set or `max_depth` is done.
    /// What it finds stays in the table, keyed by the position, the seat and the algorithm:
    /// each round resumes the reply's search where the last one stopped, and the search after
    /// the actual reply starts above the depth pondered. Returns the nodes and the deepest
    /// round completed.
    pub fn ponder(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        max_depth: u32,
    ) -> (u64, u32) {
        let human = position.side_to_move();
        let mut replies = Vec::new();
        position.legal_moves(&mut replies);
        let mut children: Vec<G> = replies
            .iter()
            .map(|&r| position.play_unchecked(r))
            .collect();
        children.sort_by_cached_key(|child| std::cmp::Reverse(child.utility(human)));
        let (mut nodes, mut completed) = (0, 0);
        for depth in 1..=max_depth {
            for child in &children {
                if self.stop_requested() {
                    return (nodes, completed);
                }
                let limits = MultiLimits {
                    depth,
                    nodes: u64::MAX,
                    time: None,
                };
                nodes += self.search(child, algorithm, limits).nodes;
                if self.stopped {
                    return (nodes, completed);
                }
            }
            completed = depth;
        }
        (nodes, completed)
    }

    /// Chooses a move for the seat to move by `algorithm` within `limits`, deepening one ply
    /// at a time from depth 1, or from one ply above the depth the table holds exactly for
    /// this root (its move and value are the answer until a deeper iteration completes).
    pub fn search(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        limits: MultiLimits,
    ) -> MultiOutcome<G::Move> {
        self.nodes = 0;
        self.limits = limits;
        self.started = Instant::now();
        self.stopped = false;
        self.root = position.side_to_move();
        self.algorithm = algorithm;
        let max_depth = match algorithm {
            MultiAlgorithm::Greedy => 1,
            _ => limits.depth.clamp(1, MAX_PLY as u32 - 1),
        };
        let mut outcome = MultiOutcome {
            best: None,
            value: position.utility(self.root),
            depth: 0,
            nodes: 0,
        };
        if self.resume
            && let Some((mv, value, depth)) = self.stored_root(position)
        {
            outcome = MultiOutcome {
                best: Some(mv),
                value,
                depth,
                nodes: 0,
            };
        }
        for depth in outcome.depth + 1..=max_depth {
            let found = self.root_pass(position, depth);
            if self.stopped && outcome.best.is_some() {
                break;
            }
            if let Some((mv, value)) = found {
                outcome = MultiOutcome {
                    best: Some(mv),
                    value,
                    depth,
                    nodes: self.nodes,
                };
            }
            if self.stopped || found.is_none() {
                break;
            }
        }
        outcome.nodes = self.nodes;
        outcome
    }

    /// Counts a node; `true` when a limit says stop. The node limit is checked at every
    /// node, the stop flag and the clock every [`POLL_INTERVAL`] nodes (no atomic load and no
    /// clock read at the others).
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.ticks += 1;
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.ticks & (POLL_INTERVAL - 1) == 0 {
            let late = self
                .limits
                .time
                .is_some_and(|time| self.started.elapsed() >= time);
            self.stopped |= late || self.stop_requested();
        }
        self.stopped
    }
}
