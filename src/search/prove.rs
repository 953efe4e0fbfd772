//! Proving a position's exact value with the one node loop: the same PVS, without forward
//! pruning, run twice per depth, once with every horizon node scored as the worst final
//! margin still possible there and once as the best ([`Evaluator::margin_bounds`]).
//!
//! The first value is a proven lower bound of the exact value (every leaf is at most its
//! true value, and minimax is monotone), the second a proven upper bound; finished games and
//! database positions are exact in both. Deepening raises the one and lowers the other until
//! they meet: the value is then proven, and the move that reached the lower bound keeps it.
//! When the budget runs out first, the bounds are the answer. Each bound has its own table
//! (their entries mean different things).

use super::budget::Budget;
use super::budget::MAX_DEPTH;
use super::limits::{Limits, StopSignal};
use super::report::{SearchInfo, SearchReport, nodes_per_second};
use super::score::{INFINITY, Score};
use super::table::{Table, TableKind, TranspositionTable};
use super::tree::{NoTree, NodeWindow};
use super::worker::{Horizon, SearchWorker};
use crate::eval::Evaluator;
use crate::games::{Game, GameRecord, Seat};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

/// What a proof attempt established: the exact final margin, or bounds of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<G: Game> {
    /// The exact value is at least this (a final margin for the side to move).
    pub lower: i32,
    /// The exact value is at most this.
    pub upper: i32,
    /// The line behind `lower`, starting with a move that keeps at least `lower`
    /// ([`Proof::best_move`]); empty when the game is over.
    pub pv: Vec<G::Move>,
    /// The deepest depth searched to the end (both bounds).
    pub depth: u32,
    /// Nodes of both searches.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

impl<G: Game> Proof<G> {
    /// A move that keeps at least `lower`: the first of `pv` (`None` when the game is over).
    pub fn best_move(&self) -> Option<G::Move> {
        self.pv.first().copied()
    }

    /// The exact final margin, when the bounds met.
    pub fn exact(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// Proves exact values with two workers (lower and upper bound) over their own tables.
///
/// ```
/// use ponder::games::kalah::{CaptureRule, KalahConfig};
/// use ponder::search::{GameEvaluation, Limits, Prover, StopSignal};
/// use ponder::{Game, GameRecord, Kalah};
/// use std::sync::Arc;
/// // Kalah(2, 2), classic: solved, the first player loses by 2 (`tests/data/kalah_solved.tsv`).
/// // The generic evaluation knows no bounds, so the proof searches to the end.
/// let config = KalahConfig::new(2, 2, CaptureRule::Classic).unwrap();
/// let record = GameRecord::new(Kalah::start(&config).unwrap());
/// let mut prover = Prover::new(Arc::new(GameEvaluation), 1);
/// let proof = prover.prove(&record, &Limits::nodes(1_000_000), &StopSignal::new());
/// assert_eq!(proof.exact(), Some(-2));
/// ```
pub struct Prover<G: Game, E: Evaluator<G> + ?Sized> {
    lower: SearchWorker<G, E>,
    upper: SearchWorker<G, E>,
    /// The seat whose worst and best margins the tables' entries bound (`None`: empty tables).
    tables_seat: Option<Seat>,
}

impl<G: Game, E: Evaluator<G> + ?Sized> Prover<G, E> {
    /// A prover evaluating with `evaluator` (its [`Evaluator::margin_bounds`] and
    /// [`Evaluator::exact_margin`]), with two tables of `hash_mib` MiB each.
    pub fn new(evaluator: Arc<E>, hash_mib: usize) -> Prover<G, E> {
        let worker = || {
            let table = Arc::new(TranspositionTable::new(TableKind::LockFree, hash_mib));
            SearchWorker::new(table, evaluator.clone(), false)
        };
        Prover {
            lower: worker(),
            upper: worker(),
            tables_seat: None,
        }
    }

    /// Deepens both bounds of `record`'s position until they meet, `limits` (nodes, time,
    /// depth) runs out or `stop` is raised.
    pub fn prove(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopSignal,
    ) -> Proof<G> {
        let start = Instant::now();
        let root = record.current();
        let mut proof = Proof {
            lower: -super::score::MAX_MARGIN,
            upper: super::score::MAX_MARGIN,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        if let Some(report) = record.outcome() {
            let margin = report.margin_for(root.side_to_move());
            (proof.lower, proof.upper) = (margin, margin);
            return proof;
        }
        let budget = Budget::new(
            limits,
            start,
            stop.clone(),
            StopSignal::new(),
            Arc::new(AtomicU64::new(0)),
        );
        let seat = root.side_to_move();
        self.lower.horizon = Horizon::Worst(seat);
        self.upper.horizon = Horizon::Best(seat);
        // An entry bounds a position's value with its horizon nodes scored for one seat: the
        // entries of earlier proofs for the same seat stay true (they only age); another
        // seat's would be wrong here. A player proving its own moves never clears them, so no
        // move pays for clearing two tables.
        let keep = self.tables_seat == Some(seat);
        self.tables_seat = Some(seat);
        for worker in [&mut self.lower, &mut self.upper] {
            if keep {
                worker.table.new_search();
            } else {
                worker.table.clear();
            }
            worker.begin(budget.clone());
            worker.repetition.reset_from_record(record);
        }
        let max_depth = limits.max_depth().unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        for depth in 1..=max_depth {
            let (Some(lower), Some(upper)) = (
                Self::bound(&mut self.lower, &root, depth),
                Self::bound(&mut self.upper, &root, depth),
            ) else {
                break;
            };
            proof.depth = depth;
            if lower > proof.lower || proof.pv.is_empty() {
                proof.lower = lower;
                proof.pv = self.lower.pv[0].clone();
            }
            proof.upper = proof.upper.min(upper);
            if proof.lower >= proof.upper {
                break;
            }
        }
        proof.nodes = self.lower.nodes() + self.upper.nodes();
        proof.time = start.elapsed();
        proof
    }

    /// One bound's value of `root` at `depth`, as a final margin; `None` when stopped.
    fn bound(worker: &mut SearchWorker<G, E>, root: &G, depth: u32) -> Option<i32> {
        let window = NodeWindow {
            depth,
            alpha: -INFINITY,
            beta: INFINITY,
            ply: 0,
        };
        let value = worker.pvs(&mut NoTree, (), root, window, None);
        if worker.aborted {
            return None;
        }
        // Every leaf is a finished game's score (a draw is 0), so the value is one too.
        Some(Score(value).margin().unwrap_or(0))
    }
}

/// Table size of each bound's table when a search tries a proof first, MiB.
pub(crate) const PROOF_HASH_MIB: usize = 8;

/// The budget of the proof a search with `limits` tries first: half its nodes or half its
/// time. `None` for a search without such a budget (a fixed depth, or infinite), whose values
/// must stay the depth's.
pub(crate) fn proof_limits(limits: &Limits) -> Option<Limits> {
    let nodes = limits.max_nodes().map(|nodes| nodes / 2);
    let time = limits.hard_deadline().map(|time| time / 2);
    if nodes.is_none() && time.is_none() {
        return None;
    }
    Some(Limits {
        nodes,
        hard_time: time,
        ..Limits::default()
    })
}

/// The report of a search whose proof finished: the proven move and value, reported once.
pub(crate) fn proven_report<G: Game>(
    proof: &Proof<G>,
    on_info: &mut dyn FnMut(&SearchInfo<G>),
) -> Option<SearchReport<G>> {
    let margin = proof.exact()?;
    let best_move = proof.best_move()?;
    let score = Score::finished(margin, proof.pv.len() as u32);
    on_info(&SearchInfo {
        depth: proof.depth,
        score,
        nodes: proof.nodes,
        nps: nodes_per_second(proof.nodes, proof.time),
        time: proof.time,
        pv: proof.pv.clone(),
        exact: Some(margin),
    });
    Some(SearchReport {
        best_move: Some(best_move),
        score,
        depth: proof.depth,
        pv: proof.pv.clone(),
        equal_best: vec![best_move],
        nodes: proof.nodes,
        main_thread_nodes: proof.nodes,
        time: proof.time,
        stopped: false,
        exact: Some(margin),
    })
}
