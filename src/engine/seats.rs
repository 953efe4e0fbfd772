//! The search thread's jobs for games of three and four seats: the same `go` and pondering as
//! two seats, with the same limits, stop signal and events, run by the multi-player search
//! (`crate::search::multi`, the algorithm [`EngineConfig::seated_algorithm`] names) instead
//! of negamax over the tree.
//!
//! The memory across moves is the engine's one table, wide for more than two seats
//! ([`table_for`]): made, aged at each `go`, cleared on a new game and resized by the engine
//! thread as the two-seat table is, and lent with each job. Its keys are exact and carry the
//! algorithm and, where values depend on it, the root seat, so the bots' searches and the
//! pondering share it without mixing their values. The search thread keeps the multi-player
//! search (its worker and move buffers) from job to job while the table stays the same.
//! Re-rooting on any seat's move is a table probe: the next search resumes iterative
//! deepening above the depth the table holds exactly for the new root (pondered, or stored by
//! an earlier search below that move), its move first. The tree lent with each job is handed
//! back untouched.
//!
//! [`EngineConfig::seated_algorithm`]: super::EngineConfig::seated_algorithm

use super::command::SearchId;
use super::event::{BestMove, Event, IterationInfo, PonderInfo};
use super::tree::TreeStats;
use crate::eval::{SeatedGame, SeatedVisitor};
use crate::games::Game;
use crate::search::multi::{MultiAlgorithm, MultiReport, MultiSearch};
use crate::search::{Limits, Score, SearchInfo, StopSignal};
use crate::search::{TableKind, TableWidth, TranspositionTable};
use crossbeam_channel::Sender;
use std::any::Any;
use std::sync::Arc;
use std::time::Instant;

/// The deepest pondering round.
const PONDER_DEPTH: u32 = 64;

/// Whether `position` is searched by the multi-player search: more than two seats, in a game
/// that has it.
pub(crate) fn is_seated<G: crate::eval::Evaluators>(position: &G) -> bool {
    /// Asks only whether the game is a [`SeatedGame`].
    struct Probe;
    impl<G: Game> SeatedVisitor<G> for Probe {
        type Output = ();
        fn visit(self)
        where
            G: SeatedGame,
        {
        }
    }
    position.seat_count() > 2 && G::visit_seated(Probe).is_ok()
}

/// The width of the table that serves `position`'s game: wide when the multi-player search
/// runs it (its keys are of up to 128 bits and max-n stores every seat's value).
pub(crate) fn table_width<G: crate::eval::Evaluators>(position: &G) -> TableWidth {
    match is_seated(position) {
        true => TableWidth::Wide,
        false => TableWidth::Narrow,
    }
}

/// The engine's own table for `position`'s game: `mib` MiB of the width that serves it
/// ([`table_width`]).
pub(crate) fn table_for<G: crate::eval::Evaluators>(
    position: &G,
    mib: usize,
) -> TranspositionTable {
    match table_width(position) {
        TableWidth::Wide => TranspositionTable::wide(mib),
        TableWidth::Narrow => TranspositionTable::new(TableKind::LockFree, mib),
    }
}

/// Whether `table` can hold the entries of `position`'s game: a wide table holds every game's,
/// a narrow one only those of two seats (the seated search's keys are of up to 128 bits).
pub(crate) fn serves<G: crate::eval::Evaluators>(table: &TranspositionTable, position: &G) -> bool {
    table.width() == TableWidth::Wide || !is_seated(position)
}

/// What a job at a table of more than two seats needs from the job the engine thread sent.
pub(crate) struct SeatedJob<'a, G: Game> {
    pub position: G,
    /// When the job was sent (a `go`'s deadlines count from here).
    pub start: Instant,
    pub stop: &'a StopSignal,
    pub algorithm: MultiAlgorithm,
    /// The engine's table (wide).
    pub table: &'a Arc<TranspositionTable>,
    /// Resume above the depth the table holds for the root.
    pub resume: bool,
    pub events: &'a Sender<Event<G>>,
}

/// What the job does.
pub(crate) enum SeatedTask<'a> {
    /// A `go`.
    Think { id: SearchId, limits: &'a Limits },
    /// Pondering; `deepen_replies`: a person is to move.
    Ponder { deepen_replies: bool },
}

/// The multi-player search the search thread keeps from job to job, and the table it was
/// made on.
pub(crate) struct KeptSearch {
    table: Arc<TranspositionTable>,
    /// A `MultiSearch<G>`.
    search: Box<dyn Any + Send>,
}

impl KeptSearch {
    /// The table the search keeps its results in.
    pub(crate) fn table(&self) -> &Arc<TranspositionTable> {
        &self.table
    }
}

/// Runs `task` with the search thread's `MultiSearch<G>` kept in `kept` (made, or made anew
/// when the engine's table changed); `true` when pondering finished.
pub(crate) fn run<G: SeatedGame>(
    kept: &mut Option<KeptSearch>,
    job: &SeatedJob<'_, G>,
    task: SeatedTask<'_>,
) -> bool {
    let fits = kept.as_ref().is_some_and(|kept| {
        Arc::ptr_eq(&kept.table, job.table) && kept.search.is::<MultiSearch<G>>()
    });
    if !fits {
        *kept = Some(KeptSearch {
            table: job.table.clone(),
            search: Box::new(MultiSearch::<G>::on_table(job.table.clone())),
        });
    }
    let Some(search) = kept
        .as_mut()
        .and_then(|kept| kept.search.downcast_mut::<MultiSearch<G>>())
    else {
        unreachable!("the search was made above")
    };
    search.set_stop(job.stop.clone());
    search.set_resume(job.resume);
    match task {
        SeatedTask::Think { id, limits } => {
            think(search, job, id, limits);
            false
        }
        SeatedTask::Ponder { deepen_replies } => ponder(search, job, deepen_replies),
    }
}

/// One iteration as the engine reports it: the root seat's utility as the score, the move as
/// the line.
fn search_info<G: Game>(report: &MultiReport<G::Move>, start: Instant) -> SearchInfo<G> {
    let time = start.elapsed();
    SearchInfo {
        depth: report.depth,
        score: Score(report.value),
        nodes: report.nodes,
        nps: (report.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
        time,
        pv: report.best.into_iter().collect(),
        exact: None,
    }
}

/// A `go`: reports each iteration and answers the move of the last one completed (the first
/// legal move if stopped before depth 1 and the table holds nothing for the root).
fn think<G: SeatedGame>(
    search: &mut MultiSearch<G>,
    job: &SeatedJob<'_, G>,
    id: SearchId,
    limits: &Limits,
) {
    let (position, events) = (job.position, job.events);
    let mut answer = BestMove::unsearched(id, position);
    if position.outcome().is_none() {
        let report = search.search_from(&position, job.algorithm, limits, job.start, |iteration| {
            let _ = events.send(Event::Info(IterationInfo {
                id,
                search: search_info(iteration, job.start),
                tree: TreeStats::default(),
            }));
        });
        answer.mv = report.best.or_else(|| {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            moves.first().copied()
        });
        answer.score = report.value;
        answer.depth = report.depth;
        answer.nodes = report.nodes;
        answer.time = job.start.elapsed();
    }
    let _ = events.send(Event::BestMove(answer));
}

/// Pondering: with `deepen_replies` (a person to move) every reply is searched for the seat
/// after it, a round deeper at a time ([`MultiSearch::ponder`]); otherwise the position itself
/// is deepened until stopped. Reports each round or iteration; `true` when it finished.
fn ponder<G: SeatedGame>(
    search: &mut MultiSearch<G>,
    job: &SeatedJob<'_, G>,
    deepen_replies: bool,
) -> bool {
    let (position, start, events) = (job.position, job.start, job.events);
    let _ = events.send(Event::Ponder(PonderInfo::Started {
        position,
        kept_nodes: 0,
    }));
    let progress = |depth, score, pv: Vec<G::Move>, nodes| {
        let _ = events.send(Event::Ponder(PonderInfo::Progress {
            reply: None,
            depth,
            score,
            pv,
            nodes,
            time: start.elapsed(),
        }));
    };
    let algorithm = job.algorithm;
    let nodes = if position.outcome().is_some() {
        0
    } else if deepen_replies {
        let (nodes, _) = search.ponder(&position, algorithm, PONDER_DEPTH, |depth, nodes| {
            progress(depth, 0, Vec::new(), nodes)
        });
        nodes
    } else {
        let limits = Limits::depth(PONDER_DEPTH);
        let on_iteration = |it: &MultiReport<G::Move>| {
            progress(it.depth, it.value, it.best.into_iter().collect(), it.nodes)
        };
        search
            .search_from(&position, algorithm, &limits, start, on_iteration)
            .nodes
    };
    let stopped = job.stop.is_stopped();
    let _ = events.send(Event::Ponder(if stopped {
        PonderInfo::Stopped {
            nodes,
            time: start.elapsed(),
        }
    } else {
        PonderInfo::Finished
    }));
    !stopped
}
