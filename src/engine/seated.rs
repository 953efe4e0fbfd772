//! The engine thread for games of more than two seats: one thread and one multi-player
//! search (one table) for every bot at the table, searching on a bot's turn and pondering on
//! a human's.
//!
//! The two-player engine keeps an arena tree re-rooted on each move; here the exact-keyed
//! table is the memory (keys carry the algorithm and, where values depend on it, the root
//! seat, so the bots' searches and the pondering share one table without mixing their
//! values). Re-rooting on any seat's actual move is a table probe: the next search resumes
//! iterative deepening above the depth the table holds exactly for the new root (pondered,
//! or stored by an earlier search below that move), its move first, and finds the rest of
//! what was stored below it by key.

use crate::search::multi::{MultiAlgorithm, MultiLimits, MultiOutcome, MultiSearch, SeatedGame};
use crossbeam_channel::{Receiver, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// The deepest pondering round.
const PONDER_DEPTH: u32 = 64;

/// What the thread is asked to do.
enum Job<G: SeatedGame> {
    /// Choose a move for the seat to move.
    Go(G, MultiAlgorithm, MultiLimits),
    /// Think on a human's time until stopped.
    Ponder(G, MultiAlgorithm),
}

/// What the thread answers.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatedEvent<M> {
    /// The search's answer to a `go`.
    BestMove(MultiOutcome<M>),
    /// Pondering stopped: nodes searched and the deepest round completed.
    Pondered {
        /// Nodes searched.
        nodes: u64,
        /// The deepest round over all the human's replies.
        depth: u32,
    },
}

/// A handle on the seated engine thread (see the module documentation). Dropping it ends
/// the thread.
pub struct SeatedEngine<G: SeatedGame> {
    jobs: Option<Sender<Job<G>>>,
    events: Receiver<SeatedEvent<G::Move>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    pondering: bool,
}

impl<G: SeatedGame> SeatedEngine<G> {
    /// Starts the thread with a table of `entries` slots (not pinned to a core: fit for a
    /// server running many tables).
    pub fn spawn(entries: usize) -> std::io::Result<SeatedEngine<G>> {
        SeatedEngine::spawn_with(entries, false, true)
    }

    /// Starts the thread with a table of `entries` slots, pinned to the last core the OS
    /// lets it run on (Linux only), so that it searches and ponders on its own
    /// core while the caller's thread keeps the others (a terminal game).
    pub fn spawn_pinned(entries: usize) -> std::io::Result<SeatedEngine<G>> {
        SeatedEngine::spawn_with(entries, true, true)
    }

    /// Starts the thread as [`SeatedEngine::spawn`] or, with `pin`, as
    /// [`SeatedEngine::spawn_pinned`]; with `resume` false every search deepens from depth 1
    /// even where the table already holds its root ([`MultiSearch::with_resume`]: the
    /// behaviour before resuming, for measurements such as `examples/seated_payoff.rs`).
    pub fn spawn_with(entries: usize, pin: bool, resume: bool) -> std::io::Result<SeatedEngine<G>> {
        let (jobs, job_receiver) = unbounded::<Job<G>>();
        let (event_sender, events) = unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        let mut search = MultiSearch::new(entries)
            .with_stop(stop.clone())
            .with_resume(resume);
        let thread = std::thread::Builder::new()
            .name("seated-engine".into())
            .spawn(move || {
                if pin {
                    super::affinity::pin_to_last_core();
                }
                for job in job_receiver {
                    let event = match job {
                        Job::Go(position, algorithm, limits) => {
                            SeatedEvent::BestMove(search.search(&position, algorithm, limits))
                        }
                        Job::Ponder(position, algorithm) => {
                            let (nodes, depth) = search.ponder(&position, algorithm, PONDER_DEPTH);
                            SeatedEvent::Pondered { nodes, depth }
                        }
                    };
                    if event_sender.send(event).is_err() {
                        break;
                    }
                }
            })?;
        Ok(SeatedEngine {
            jobs: Some(jobs),
            events,
            stop,
            thread: Some(thread),
            pondering: false,
        })
    }

    /// Searches `position` for its seat to move and waits for the answer.
    pub fn go(
        &mut self,
        position: &G,
        algorithm: MultiAlgorithm,
        limits: MultiLimits,
    ) -> Option<MultiOutcome<G::Move>> {
        self.stop_pondering();
        self.stop.store(false, Ordering::Relaxed);
        self.send(Job::Go(*position, algorithm, limits))?;
        loop {
            match self.events.recv().ok()? {
                SeatedEvent::BestMove(outcome) => return Some(outcome),
                SeatedEvent::Pondered { .. } => continue,
            }
        }
    }

    /// Starts pondering on `position` (a human's turn); returns at once.
    pub fn ponder(&mut self, position: &G, algorithm: MultiAlgorithm) {
        self.stop_pondering();
        self.stop.store(false, Ordering::Relaxed);
        self.pondering = self.send(Job::Ponder(*position, algorithm)).is_some();
    }

    /// Stops pondering and waits for it to end: the nodes and depth it reached, `None` when
    /// it was not pondering.
    pub fn stop_pondering(&mut self) -> Option<(u64, u32)> {
        if !std::mem::take(&mut self.pondering) {
            return None;
        }
        self.stop.store(true, Ordering::Relaxed);
        loop {
            match self.events.recv().ok()? {
                SeatedEvent::Pondered { nodes, depth } => return Some((nodes, depth)),
                SeatedEvent::BestMove(_) => continue,
            }
        }
    }

    fn send(&self, job: Job<G>) -> Option<()> {
        self.jobs.as_ref()?.send(job).ok()
    }
}

impl<G: SeatedGame> Drop for SeatedEngine<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
