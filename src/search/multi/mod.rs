//! Search for games of more than two seats: max-n, paranoid, best-reply search (BRS) and
//! BRS+.
//!
//! Two-player minimax does not carry over to three or four seats: who works against whom
//! changes the answer. Three classic answers:
//! - **max-n** (Luckhardt and Irani 1986): every seat maximises its own utility; a node's
//!   value is a vector, one utility per seat. No pruning but the table. Its node function is
//!   its own (`nodes`).
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
//! Paranoid, BRS and BRS+ are two-sided: the root seat against the rest. They run on the
//! crate's one node loop (PVS, `search/pvs.rs`) over a two-sided view of the seated game
//! (`sided`), with forward pruning off, so their values are exactly the fixed-depth values of
//! their definitions; PVS brings its null windows, killers and history.
//!
//! `greedy` is the one-ply baseline: the move whose position is best for the mover (max-n at
//! depth 1).
//!
//! Every algorithm shares the search's pieces: one transposition table (a
//! [`WideTable`](crate::search::WideTable): exact keys of up to 128 bits, from
//! [`SeatedGame::search_key`] with the algorithm and, where values depend on it, the root seat
//! in the top four bits; max-n's entries carry every seat's value), the node counting and the
//! budget (depth, nodes, soft and hard deadlines, the [`StopSignal`], checked at every node as
//! in a two-seat search, the clock every [`CLOCK_INTERVAL`] nodes; the first iteration always
//! completes), and the ordering (the table's move first, then the game's hints).
//!
//! A search resumes where earlier ones left off: when the table holds an exact entry for the
//! root (from an earlier search or from pondering, with the same algorithm and, but for
//! max-n, the same root seat), iterative deepening starts one ply above its depth, its move
//! first.

mod nodes;
mod sided;

pub use crate::eval::SeatedGame;
use crate::games::{Game, Seat};
use crate::search::budget::Budget;
use crate::search::table::{Bound, TableEntry, TranspositionTable, WideTable};
use crate::search::{INFINITY, Limits, SearchWorker, StopSignal};
use sided::{RootUtility, Rule, SeatMove, Sided};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

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

/// A multi-player search: its table, the PVS worker of paranoid, BRS and BRS+ (its node
/// counting and budget serve max-n too) and max-n's move buffers. Reused from move to move
/// (the table keeps what earlier searches found).
pub struct MultiSearch<G: SeatedGame> {
    table: Arc<TranspositionTable>,
    /// Runs paranoid, BRS and BRS+ on the two-sided view; counts every algorithm's nodes and
    /// holds the running search's budget.
    worker: SearchWorker<Sided<G>, RootUtility>,
    /// Max-n's legal moves per ply, in natural order.
    buffers: Vec<Vec<G::Move>>,
    /// Max-n's move order per ply: sort key and natural index.
    orders: Vec<Vec<(i32, usize)>>,
    /// Moves of the root, for the table's move indices.
    root_moves: Vec<SeatMove<G::Move>>,
    root: Seat,
    /// Start iterative deepening above the depth the table holds exactly for the root.
    resume: bool,
    /// Raised from outside to stop a search or pondering.
    stop: StopSignal,
}

/// Nodes between two reads of the clock (the stop signal is read at every node): a quarter
/// of a millisecond of four-seat Ataxx search on average, and within about 1 ms in the
/// slowest positions measured, where 1,024 nodes took up to 7 ms (`docs/engine.md`,
/// "Stopping").
pub const CLOCK_INTERVAL: u64 = 256;

/// The deepest ply max-n reaches.
const MAX_PLY: usize = 128;

impl<G: SeatedGame> MultiSearch<G> {
    /// A search with a table of at least `entries` slots (rounded up to a whole bucket).
    pub fn new(entries: usize) -> MultiSearch<G> {
        let bytes = entries.max(1).div_ceil(2) * WideTable::BUCKET_BYTES;
        MultiSearch::on_table(Arc::new(TranspositionTable::Wide(WideTable::with_bytes(
            bytes,
        ))))
    }

    /// The slots of a table of at most `mib` MiB: what [`MultiSearch::new`] takes to fill it.
    pub fn entries_in(mib: usize) -> usize {
        WideTable::slots_in(mib.saturating_mul(1 << 20))
    }

    /// A search keeping its results in `table`, shared with whoever else holds it (a
    /// [`TranspositionTable::wide`] one: other tables drop the keys of more than 112 bits,
    /// every key of four seats and every tagged key of the others).
    pub fn on_table(table: Arc<TranspositionTable>) -> MultiSearch<G> {
        MultiSearch {
            worker: SearchWorker::new(Arc::clone(&table), Arc::new(RootUtility), false),
            table,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            orders: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            root_moves: Vec::with_capacity(256),
            root: Seat::FIRST,
            resume: true,
            stop: StopSignal::new(),
        }
    }

    /// Lets `stop` end searches and pondering from another thread (checked at every node and
    /// between pondered replies).
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

    /// With `false`, every search deepens from depth 1 even when the table already holds
    /// its root (the behaviour before resuming; for measurements). On by default.
    pub fn with_resume(mut self, resume: bool) -> MultiSearch<G> {
        self.resume = resume;
        self
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
                if self.stop.is_stopped() {
                    return (nodes, completed);
                }
                nodes += self.search(child, algorithm, &Limits::depth(depth)).nodes;
                if self.stop.is_stopped() {
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
    /// node budget or when the stop signal is raised (but the first iteration completes).
    pub fn search_from(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        limits: &Limits,
        start: Instant,
        mut on_iteration: impl FnMut(&MultiReport<G::Move>),
    ) -> MultiReport<G::Move> {
        let budget = Budget::new(
            limits,
            start,
            self.stop.clone(),
            StopSignal::new(),
            Arc::new(AtomicU64::new(0)),
        )
        .checking_every(CLOCK_INTERVAL);
        self.worker.begin(budget);
        let soft = limits.soft_deadline().map(|time| start + time);
        self.root = position.side_to_move();
        let max_depth = match algorithm {
            MultiAlgorithm::Greedy => 1,
            _ => limits
                .max_depth()
                .unwrap_or(u32::MAX)
                .clamp(1, MAX_PLY as u32 - 1),
        };
        let mut report = MultiReport {
            best: None,
            value: position.utility(self.root),
            depth: 0,
            nodes: 0,
        };
        if self.resume
            && let Some((mv, value, depth)) = self.stored_root(position, algorithm)
        {
            report = MultiReport {
                best: Some(mv),
                value,
                depth,
                nodes: 0,
            };
        }
        for depth in report.depth + 1..=max_depth {
            if report.best.is_some() && soft.is_some_and(|soft| Instant::now() >= soft) {
                break;
            }
            self.worker.budget.announce_main_depth(depth);
            let found = match Rule::of(algorithm) {
                None => self.maxn_root(position, depth),
                Some(rule) => self.sided_root(position, rule, depth),
            };
            let Some((mv, value)) = found.filter(|_| !self.worker.aborted) else {
                break;
            };
            report = MultiReport {
                best: Some(mv),
                value,
                depth,
                nodes: self.worker.nodes(),
            };
            on_iteration(&report);
        }
        report.nodes = self.worker.nodes();
        report
    }

    /// One iteration of paranoid, BRS or BRS+: the PVS value of the two-sided view of
    /// `position` (the root seat's utility) and its best move, stored in the table as the
    /// root's exact entry; `None` when stopped or when the game is over.
    fn sided_root(&mut self, position: &G, rule: Rule, depth: u32) -> Option<(G::Move, i32)> {
        let sided = Sided::new(*position, rule);
        let value = self
            .worker
            .search_value(&sided, &[], depth, -INFINITY, INFINITY, 0)?;
        sided.legal_moves(&mut self.root_moves);
        let best = match self.worker.principal_variation(0).first() {
            Some(&mv) => mv,
            // The table answered the root: its move.
            None => *self.root_moves.get(self.table_index(sided.table_key())?)?,
        };
        let index = self.root_moves.iter().position(|&mv| mv == best)?;
        self.save_root(sided.table_key(), depth, value, index, [0; 3]);
        Some((best.mv, value))
    }

    /// Stores a completed iteration's root: exact, its move's natural index.
    fn save_root(&self, key: u128, depth: u32, value: i32, index: usize, more: [i16; 3]) {
        let entry = TableEntry {
            value,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            bound: Bound::Exact,
            move_index: u16::try_from(index).ok(),
        };
        self.table.save_seats(key, entry, more);
    }

    /// The move index the table holds for `key`.
    fn table_index(&self, key: u128) -> Option<usize> {
        Some(usize::from(self.table.probe_bits(key)?.move_index?))
    }

    /// What the table holds exactly for the root `position` under `algorithm`: its move, the
    /// root seat's utility and the depth (from an earlier search's root or inner node, or
    /// pondering).
    fn stored_root(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
    ) -> Option<(G::Move, i32, u32)> {
        let key = match Rule::of(algorithm) {
            None => position.search_key(),
            Some(rule) => Sided::new(*position, rule).table_key(),
        };
        let (entry, more) = self.table.probe_seats(key)?;
        if entry.bound != Bound::Exact || entry.depth == 0 {
            return None;
        }
        let index = usize::from(entry.move_index?);
        let (mv, value) = match Rule::of(algorithm) {
            None => {
                position.legal_moves(&mut self.buffers[0]);
                let values = nodes::seat_values(entry.value, more);
                (*self.buffers[0].get(index)?, values[self.root.index()])
            }
            Some(rule) => {
                Sided::new(*position, rule).legal_moves(&mut self.root_moves);
                (self.root_moves.get(index)?.mv, entry.value)
            }
        };
        Some((mv, value, u32::from(entry.depth)))
    }
}
