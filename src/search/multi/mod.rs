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
//! A search runs within the search's [`Limits`] (depth, nodes, soft and hard deadlines, or
//! until its [`StopSignal`] is raised), as a two-seat search does.
//!
//! A search resumes where earlier ones left off: when the table holds an exact entry for the
//! root (from an earlier search or from pondering, with the same algorithm and, but for
//! max-n, the same root seat), iterative deepening starts one ply above its depth, its move
//! first. Stopping is polled every [`POLL_INTERVAL`] nodes over the search's whole life (the
//! stop signal and the clock), so a stop is answered within that many nodes on every path.

mod nodes;
mod table;

pub use crate::eval::SeatedGame;
use crate::games::Seat;
use crate::search::{Limits, StopSignal};
use std::time::Instant;
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

/// The node budget of a multi-player player spec that sets no node limit (`ponder match`).
pub const DEFAULT_NODES: u64 = 1_000_000;

/// What a search found.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MultiReport<M> {
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
    /// The node budget of the running search.
    max_nodes: u64,
    /// When the running search must unwind.
    deadline: Option<Instant>,
    stopped: bool,
    root: Seat,
    algorithm: MultiAlgorithm,
    /// Start iterative deepening above the depth the table holds exactly for the root.
    resume: bool,
    /// Raised from outside to stop a search or pondering.
    stop: StopSignal,
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
            max_nodes: u64::MAX,
            deadline: None,
            stopped: false,
            root: Seat::FIRST,
            algorithm: MultiAlgorithm::Paranoid,
            resume: true,
            stop: StopSignal::new(),
        }
    }

    /// Lets `stop` end searches and pondering from another thread (polled every
    /// [`POLL_INTERVAL`] nodes and between pondered replies).
    pub fn with_stop(mut self, stop: StopSignal) -> MultiSearch<G> {
        self.stop = stop;
        self
    }

    /// Watches `stop` from now on (the engine hands each job its own signal).
    pub fn set_stop(&mut self, stop: StopSignal) {
        self.stop = stop;
    }

    /// Resumes above the depth the table holds for the root, or not
    /// ([`MultiSearch::with_resume`]).
    pub fn set_resume(&mut self, resume: bool) {
        self.resume = resume;
    }

    /// The table's slots.
    pub fn entries(&self) -> usize {
        self.table.len()
    }

    /// With `false`, every search deepens from depth 1 even when the table already holds
    /// its root (the behaviour before resuming; for measurements). On by default.
    pub fn with_resume(mut self, resume: bool) -> MultiSearch<G> {
        self.resume = resume;
        self
    }

    /// Whether the outside stop signal is raised.
    #[inline]
    fn stop_requested(&self) -> bool {
        self.stop.is_stopped()
    }

    /// Thinks on the time of the seat to move (a human): each of its replies is searched for
    /// the seat that moves next, one ply deeper each round (the likeliest replies first: the
    /// best for the human by its utility), until the stop signal is raised or `max_depth` is
    /// done; `on_round` hears of each round completed (its depth and the nodes so far).
    /// What it finds stays in the table, keyed by the position, the seat and the algorithm:
    /// each round resumes the reply's search where the last one stopped, and the search after
    /// the actual reply starts above the depth pondered. Returns the nodes and the deepest
    /// round completed.
    pub fn ponder(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        max_depth: u32,
        mut on_round: impl FnMut(u32, u64),
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
                nodes += self.search(child, algorithm, &Limits::depth(depth)).nodes;
                if self.stopped {
                    return (nodes, completed);
                }
            }
            completed = depth;
            on_round(depth, nodes);
        }
        (nodes, completed)
    }

    /// Chooses a move for the seat to move by `algorithm` within `limits` counted from now:
    /// [`MultiSearch::search_from`].
    pub fn search(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        limits: &Limits,
    ) -> MultiReport<G::Move> {
        self.search_from(position, algorithm, limits, Instant::now(), |_| {})
    }

    /// Chooses a move for the seat to move by `algorithm` within `limits`, their deadlines
    /// counted from `start`, deepening one ply at a time from depth 1, or from one ply above
    /// the depth the table holds exactly for this root (its move and value are the answer
    /// until a deeper iteration completes); `on_iteration` hears of each iteration completed.
    /// No iteration starts after the soft deadline; the search unwinds at the hard one, at the
    /// node budget or when the stop signal is raised.
    pub fn search_from(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        limits: &Limits,
        start: Instant,
        mut on_iteration: impl FnMut(&MultiReport<G::Move>),
    ) -> MultiReport<G::Move> {
        self.nodes = 0;
        self.max_nodes = limits.max_nodes().unwrap_or(u64::MAX);
        self.deadline = limits.hard_deadline().map(|time| start + time);
        let soft = limits.soft_deadline().map(|time| start + time);
        self.stopped = false;
        self.root = position.side_to_move();
        self.algorithm = algorithm;
        let max_depth = match algorithm {
            MultiAlgorithm::Greedy => 1,
            _ => limits
                .max_depth()
                .unwrap_or(u32::MAX)
                .clamp(1, MAX_PLY as u32 - 1),
        };
        let mut outcome = MultiReport {
            best: None,
            value: position.utility(self.root),
            depth: 0,
            nodes: 0,
        };
        if self.resume
            && let Some((mv, value, depth)) = self.stored_root(position)
        {
            outcome = MultiReport {
                best: Some(mv),
                value,
                depth,
                nodes: 0,
            };
        }
        for depth in outcome.depth + 1..=max_depth {
            if outcome.best.is_some() && soft.is_some_and(|soft| Instant::now() >= soft) {
                break;
            }
            let found = self.root_pass(position, depth);
            if self.stopped && outcome.best.is_some() {
                break;
            }
            if let Some((mv, value)) = found {
                outcome = MultiReport {
                    best: Some(mv),
                    value,
                    depth,
                    nodes: self.nodes,
                };
                if !self.stopped {
                    on_iteration(&outcome);
                }
            }
            if self.stopped || found.is_none() {
                break;
            }
        }
        outcome.nodes = self.nodes;
        outcome
    }

    /// Counts a node; `true` when a limit says stop. The node limit is checked at every
    /// node, the stop signal and the clock every [`POLL_INTERVAL`] nodes (no atomic load and
    /// no clock read at the others).
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.ticks += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.ticks & (POLL_INTERVAL - 1) == 0 {
            let late = self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            self.stopped |= late || self.stop_requested();
        }
        self.stopped
    }
}
