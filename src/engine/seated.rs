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

use crate::search::multi::{MultiAlgorithm, MultiOutcome, MultiSearch, SeatedGame};
use crate::search::{Limits, StopSignal};
use crossbeam_channel::{Receiver, Sender, unbounded};
use std::thread::JoinHandle;

/// The deepest pondering round.
const PONDER_DEPTH: u32 = 64;

/// What the thread is asked to do.
enum Job<G: SeatedGame> {
    /// Choose a move for the seat to move.
    Go(G, MultiAlgorithm, Limits),
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
    stop: StopSignal,
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
        let stop = StopSignal::new();
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
                            SeatedEvent::BestMove(search.search(&position, algorithm, &limits))
                        }
                        Job::Ponder(position, algorithm) => {
                            let (nodes, depth) =
                                search.ponder(&position, algorithm, PONDER_DEPTH, |_, _| {});
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
        limits: Limits,
    ) -> Option<MultiOutcome<G::Move>> {
        self.stop_pondering();
        self.stop.reset();
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
        self.stop.reset();
        self.pondering = self.send(Job::Ponder(*position, algorithm)).is_some();
    }

    /// Stops pondering and waits for it to end: the nodes and depth it reached, `None` when
    /// it was not pondering.
    pub fn stop_pondering(&mut self) -> Option<(u64, u32)> {
        if !std::mem::take(&mut self.pondering) {
            return None;
        }
        self.stop.stop();
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
        self.stop.stop();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Non-blocking use, for a front end that polls (a server's driver): start a job, poll for
/// its one event, ask it to stop without waiting. One job runs at a time: start the next
/// only after the last one's event came (a `go` answers [`SeatedEvent::BestMove`], pondering
/// [`SeatedEvent::Pondered`]), since starting a job clears the stop flag.
impl<G: SeatedGame> SeatedEngine<G> {
    /// The algorithm `engine` seats use: BRS+, the best of `ponder match` over four seats
    /// (`docs/search.md`).
    pub const DEFAULT_ALGORITHM: MultiAlgorithm = MultiAlgorithm::BrsPlus;

    /// Starts searching `position` for its seat to move and returns at once; the answer
    /// comes from [`SeatedEngine::try_event`]. `false` when the thread is gone.
    pub fn start_go(&mut self, position: &G, algorithm: MultiAlgorithm, limits: Limits) -> bool {
        self.stop.reset();
        self.send(Job::Go(*position, algorithm, limits)).is_some()
    }

    /// The next event, if one came (a [`SeatedEvent::Pondered`] ends the pondering, so that
    /// the blocking methods no longer wait for it).
    pub fn try_event(&mut self) -> Option<SeatedEvent<G::Move>> {
        let event = self.events.try_recv().ok()?;
        if matches!(event, SeatedEvent::Pondered { .. }) {
            self.pondering = false;
        }
        Some(event)
    }

    /// Asks the running job (a search or pondering) to stop and returns at once; its event
    /// then comes from [`SeatedEngine::try_event`] ([`SeatedEngine::stop_pondering`] no
    /// longer waits for it).
    pub fn request_stop(&mut self) {
        self.stop.stop();
        self.pondering = false;
    }
}

#[cfg(test)]
mod polled_tests {
    use super::{SeatedEngine, SeatedEvent};
    use crate::games::Game;
    use crate::games::ataxx::seats::AtaxxSeats;
    use crate::search::Limits;
    use std::time::{Duration, Instant};

    type Engine = SeatedEngine<AtaxxSeats>;

    fn position(spec: &str, text: &str) -> AtaxxSeats {
        let config = AtaxxSeats::config_from_spec(&spec.parse().unwrap()).unwrap();
        AtaxxSeats::parse_position(&config, text).unwrap().current()
    }

    /// The next event within ten seconds.
    fn next_event(engine: &mut Engine) -> SeatedEvent<<AtaxxSeats as Game>::Move> {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(event) = engine.try_event() {
                return event;
            }
            assert!(Instant::now() < until, "no event");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_started_search_answers_through_the_poll() {
        let mut engine = Engine::spawn(1 << 12).unwrap();
        let start = position("ataxx:players=4", "startpos");
        let limits = Limits::nodes(2_000);
        assert!(engine.start_go(&start, Engine::DEFAULT_ALGORITHM, limits));
        let SeatedEvent::BestMove(found) = next_event(&mut engine) else {
            panic!("a search answers with its move")
        };
        assert!(start.is_legal(found.best.unwrap()));
        assert!(engine.try_event().is_none(), "one event a job");
    }

    #[test]
    fn pondering_stopped_or_ended_is_never_waited_for_again() {
        let mut engine = Engine::spawn(1 << 12).unwrap();
        let start = position("ataxx:players=3", "startpos");
        engine.ponder(&start, Engine::DEFAULT_ALGORITHM);
        engine.request_stop();
        assert!(matches!(
            next_event(&mut engine),
            SeatedEvent::Pondered { .. }
        ));
        // One empty square: pondering ends by itself, and the next job starts at once.
        let last = position(
            "ataxx:players=4",
            "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/yyyyy1z x 0 1",
        );
        engine.ponder(&last, Engine::DEFAULT_ALGORITHM);
        assert!(matches!(
            next_event(&mut engine),
            SeatedEvent::Pondered { .. }
        ));
        engine.ponder(&last, Engine::DEFAULT_ALGORITHM);
        assert!(engine.stop_pondering().is_some());
    }
}
