//! The search thread's jobs for games of three and four seats: the same `go` and pondering as
//! two seats, with the same limits, stop signal and events, run by the multi-player search
//! (`crate::search::multi`, the algorithm [`EngineConfig::seated_algorithm`] names) instead
//! of negamax over the tree.
//!
//! The memory across moves is the multi-player table, kept by the search thread from job to
//! job: its keys are exact and carry the algorithm and, where values depend on it, the root
//! seat, so the bots' searches and the pondering share it without mixing their values.
//! Re-rooting on any seat's move is a table probe: the next search resumes iterative
//! deepening above the depth the table holds exactly for the new root (pondered, or stored by
//! an earlier search below that move), its move first. The tree lent with each job is handed
//! back untouched.
//!
//! [`EngineConfig::seated_algorithm`]: super::EngineConfig::seated_algorithm

use super::event::{BestMove, Event, IterationInfo, PonderInfo};
use super::search_thread::{Finished, Job, JobKind};
use super::tree::TreeStats;
use crate::eval::{SeatedGame, SeatedVisitor};
use crate::games::Game;
use crate::search::multi::{MultiAlgorithm, MultiOutcome, MultiSearch, MultiTable};
use crate::search::{Limits, Score, SearchInfo};
use crossbeam_channel::Sender;
use std::any::Any;
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

/// Runs one job of a game of more than two seats once the game is known to be a
/// [`SeatedGame`] (see [`crate::eval::Evaluators::visit_seated`]).
pub(crate) struct SeatedRunner<'a, G: Game> {
    pub job: Job<G>,
    pub events: &'a Sender<Event<G>>,
    /// The search thread's `MultiSearch<G>`, kept from job to job (`None`: not made yet).
    pub search: &'a mut Option<Box<dyn Any + Send>>,
}

impl<G: Game> SeatedVisitor<G> for SeatedRunner<'_, G> {
    type Output = Finished<G>;

    fn visit(self) -> Finished<G>
    where
        G: SeatedGame,
    {
        let job = self.job;
        let entries = MultiTable::<G::Move>::entries_in(job.hash_mib);
        let fits = self
            .search
            .as_ref()
            .and_then(|search| search.downcast_ref::<MultiSearch<G>>())
            .is_some_and(|search| search.entries() == entries);
        if !fits {
            *self.search = Some(Box::new(MultiSearch::<G>::new(entries)));
        }
        let Some(search) = self
            .search
            .as_mut()
            .and_then(|search| search.downcast_mut::<MultiSearch<G>>())
        else {
            unreachable!("the search was made above")
        };
        search.set_stop(job.stop.clone());
        search.set_resume(job.reuse_tree);
        let ponder_finished = match &job.kind {
            JobKind::Think { id, limits, .. } => {
                think(search, &job, *id, limits, self.events);
                false
            }
            JobKind::Ponder { deepen_replies, .. } => {
                ponder(search, &job, *deepen_replies, self.events)
            }
        };
        Finished {
            tree: job.tree,
            ponder_finished,
            prediction: None,
        }
    }
}

/// One iteration as the engine reports it: the root seat's utility as the score, the move as
/// the line.
fn search_info<G: Game>(outcome: &MultiOutcome<G::Move>, start: Instant) -> SearchInfo<G> {
    let time = start.elapsed();
    SearchInfo {
        depth: outcome.depth,
        score: Score(outcome.value),
        nodes: outcome.nodes,
        nps: (outcome.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
        time,
        pv: outcome.best.into_iter().collect(),
        exact: None,
    }
}

/// A `go`: reports each iteration and answers the move of the last one completed (the first
/// legal move if stopped before depth 1 and the table holds nothing for the root).
fn think<G: SeatedGame>(
    search: &mut MultiSearch<G>,
    job: &Job<G>,
    id: u64,
    limits: &Limits,
    events: &Sender<Event<G>>,
) {
    let position = job.position;
    let mut answer = BestMove::unsearched(id, position);
    if position.outcome().is_none() {
        let outcome = search.search_from(
            &position,
            job.seated_algorithm,
            limits,
            job.start,
            |iteration| {
                let _ = events.send(Event::Info(IterationInfo {
                    id,
                    search: search_info(iteration, job.start),
                    tree: TreeStats::default(),
                }));
            },
        );
        answer.mv = outcome.best.or_else(|| {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            moves.first().copied()
        });
        answer.score = outcome.value;
        answer.depth = outcome.depth;
        answer.nodes = outcome.nodes;
        answer.time = job.start.elapsed();
    }
    let _ = events.send(Event::BestMove(answer));
}

/// Pondering: with `deepen_replies` (a person to move) every reply is searched for the seat
/// after it, a round deeper at a time ([`MultiSearch::ponder`]); otherwise the position itself
/// is deepened until stopped. Reports each round or iteration; `true` when it finished.
fn ponder<G: SeatedGame>(
    search: &mut MultiSearch<G>,
    job: &Job<G>,
    deepen_replies: bool,
    events: &Sender<Event<G>>,
) -> bool {
    let (position, start) = (job.position, job.start);
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
    let algorithm: MultiAlgorithm = job.seated_algorithm;
    let nodes = if position.outcome().is_some() {
        0
    } else if deepen_replies {
        let (nodes, _) = search.ponder(&position, algorithm, PONDER_DEPTH, |depth, nodes| {
            progress(depth, 0, Vec::new(), nodes)
        });
        nodes
    } else {
        let limits = Limits::depth(PONDER_DEPTH);
        let on_iteration = |it: &MultiOutcome<G::Move>| {
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
