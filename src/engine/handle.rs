//! [`Engine`]: the handle a game loop holds. Every call is a channel operation or an atomic
//! read: none blocks for more than a few microseconds.

use super::command::{Command, SearchId};
use super::config::{EngineConfig, EngineOption};
use super::controller::Controller;
use super::event::Event;
use super::knowledge::Knowledge;
use super::search_api::Limits;
use super::search_thread;
use crate::games::{Game, GameRecord};
use crate::search::TranspositionTable;
use crate::search::eval::Evaluators;
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long dropping an engine waits for its threads before leaving them to finish alone.
const JOIN_WAIT: Duration = Duration::from_secs(2);

/// The engine's memory, as last published by its thread.
#[derive(Debug, Default)]
pub(crate) struct MemoryGauge {
    tree_bytes: AtomicUsize,
    tree_bound: AtomicUsize,
    table_bytes: AtomicUsize,
    table_bound: AtomicUsize,
}

impl MemoryGauge {
    pub(crate) fn set_tree(&self, bytes: usize, bound: usize) {
        self.tree_bytes.store(bytes, Ordering::Relaxed);
        self.tree_bound.store(bound, Ordering::Relaxed);
    }

    pub(crate) fn set_table(&self, bytes: usize, bound: usize) {
        self.table_bytes.store(bytes, Ordering::Relaxed);
        self.table_bound.store(bound, Ordering::Relaxed);
    }
}

/// The engine's memory use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryUse {
    /// Bytes the stored tree's arena has allocated.
    pub tree_bytes: usize,
    /// The configured bound of the tree.
    pub tree_bound: usize,
    /// Bytes of the transposition table.
    pub table_bytes: usize,
    /// The configured bound of the table.
    pub table_bound: usize,
}

/// A game engine on its own threads: an engine thread that takes commands and a search
/// thread (pinned to a core where the OS allows it) that searches and ponders.
///
/// Commands go in with [`Engine::send`] (or the shortcuts); events come out with
/// [`Engine::try_recv`] (never blocks: call it once a frame) or [`Engine::recv_timeout`].
/// Dropping the engine stops the search and joins both threads.
///
/// ```
/// use ponder::engine::{Engine, EngineConfig, Event, Limits};
/// use ponder::{Game, GameRecord, Kalah};
/// use std::time::Duration;
///
/// let start = Kalah::start(&Default::default()).unwrap();
/// let engine = Engine::new(GameRecord::new(start), EngineConfig::default());
/// let id = engine.go(Limits::depth(6));
/// loop {
///     match engine.recv_timeout(Duration::from_secs(10)) {
///         Some(Event::BestMove(best)) => {
///             assert_eq!(best.id, id);
///             let mv = best.mv.unwrap();
///             engine.send_move(mv); // the engine now ponders the replies
///             break;
///         }
///         Some(_) => {} // info lines
///         None => panic!("no answer"),
///     }
/// }
/// ```
pub struct Engine<G: Game> {
    commands: Sender<Command<G>>,
    events: Receiver<Event<G>>,
    next_id: AtomicU64,
    memory: Arc<MemoryGauge>,
    finished: Receiver<()>,
    threads: Vec<JoinHandle<()>>,
}

impl<G: Evaluators> Engine<G> {
    /// Starts an engine on `record` (its current position is where the engine starts).
    pub fn new(record: GameRecord<G>, config: EngineConfig) -> Engine<G> {
        Engine::start(record, config, None, Knowledge::new())
    }

    /// Starts an engine on `record` that searches with `knowledge`'s evaluator (or the one
    /// `config.eval` names) and consults its endgame database ([`Knowledge`]).
    pub fn with_knowledge(
        record: GameRecord<G>,
        config: EngineConfig,
        knowledge: Knowledge<G>,
    ) -> Engine<G> {
        Engine::start(record, config, None, knowledge)
    }

    /// Starts an engine that searches with `table`, shared with other engines of the same
    /// game (a server's games, several bots): one memory bound for all of them, and what one
    /// engine learns the others find. The engine never clears a shared table (a new game
    /// keeps it); `EngineConfig::hash_mib` is ignored until an option changes the size, which
    /// gives this engine a table of its own.
    pub fn with_shared_table(
        record: GameRecord<G>,
        config: EngineConfig,
        table: Arc<TranspositionTable>,
    ) -> Engine<G> {
        Engine::start(record, config, Some(table), Knowledge::new())
    }

    fn start(
        record: GameRecord<G>,
        config: EngineConfig,
        table: Option<Arc<TranspositionTable>>,
        knowledge: Knowledge<G>,
    ) -> Engine<G> {
        let (command_tx, command_rx) = unbounded();
        let (event_tx, event_rx) = unbounded();
        let (job_tx, job_rx) = unbounded();
        let (done_tx, done_rx) = unbounded();
        let (finished_tx, finished_rx) = unbounded::<()>();
        let memory = Arc::new(MemoryGauge::default());
        let pin = config.pin_thread;
        let search_events = event_tx.clone();
        let search_finished = finished_tx.clone();
        let search = std::thread::Builder::new()
            .name("ponder-search".to_string())
            .spawn(move || {
                search_thread::run(job_rx, done_tx, search_events, pin);
                drop(search_finished);
            })
            .expect("spawning the search thread");
        let controller = Controller::new(
            record,
            config,
            job_tx,
            event_tx,
            memory.clone(),
            table,
            knowledge,
        );
        let engine_thread = std::thread::Builder::new()
            .name("ponder-engine".to_string())
            .spawn(move || {
                controller.run(command_rx, done_rx);
                drop(finished_tx);
            })
            .expect("spawning the engine thread");
        Engine {
            commands: command_tx,
            events: event_rx,
            next_id: AtomicU64::new(1),
            memory,
            finished: finished_rx,
            threads: vec![engine_thread, search],
        }
    }
}

impl<G: Game> Engine<G> {
    /// Sends a command.
    pub fn send(&self, command: Command<G>) {
        let _ = self.commands.send(command);
    }

    /// Starts a search whose time limits count from now; its
    /// [`BestMove`](super::BestMove) carries the id returned.
    pub fn go(&self, limits: Limits) -> SearchId {
        self.go_from(limits, Instant::now())
    }

    /// Starts a search whose time limits count from `received`, when the front end read
    /// the `go` (so that its own handling is charged to the move too).
    pub fn go_from(&self, limits: Limits, received: Instant) -> SearchId {
        let id = self.next_search_id();
        self.send(Command::Go {
            id,
            limits,
            received,
        });
        id
    }

    /// The running `go` number `id` goes on under `limits` from now (UCI's `ponderhit`):
    /// see [`Command::PonderHit`].
    pub fn ponder_hit(&self, id: SearchId, limits: Limits) {
        self.send(Command::PonderHit { id, limits });
    }

    /// A fresh id for a [`Command::Go`] sent by hand.
    pub fn next_search_id(&self) -> SearchId {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Tells the engine a move by either side ([`Command::Play`]): asynchronous, like every
    /// command; an illegal move answers an [`Event::Error`](super::Event::Error).
    pub fn send_move(&self, mv: G::Move) {
        self.send(Command::Play(mv));
    }

    /// Stops the running search or the pondering.
    pub fn stop(&self) {
        self.send(Command::Stop);
    }

    /// Switches pondering on or off.
    pub fn set_ponder(&self, on: bool) {
        self.send(Command::Ponder(on));
    }

    /// Changes a setting.
    pub fn set_option(&self, option: EngineOption) {
        self.send(Command::SetOption(option));
    }

    /// The next event if there is one; never blocks.
    pub fn try_recv(&self) -> Option<Event<G>> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Event<G>> {
        self.events.recv_timeout(timeout).ok()
    }

    /// The event channel itself, for `select!` with other channels.
    pub fn events(&self) -> &Receiver<Event<G>> {
        &self.events
    }

    /// The engine's memory use, as last published.
    pub fn memory(&self) -> MemoryUse {
        MemoryUse {
            tree_bytes: self.memory.tree_bytes.load(Ordering::Relaxed),
            tree_bound: self.memory.tree_bound.load(Ordering::Relaxed),
            table_bytes: self.memory.table_bytes.load(Ordering::Relaxed),
            table_bound: self.memory.table_bound.load(Ordering::Relaxed),
        }
    }

    /// Stops everything and waits (at most a couple of seconds) for the threads to end.
    /// Returns whether they did.
    pub fn quit(mut self) -> bool {
        self.shut_down()
    }

    fn shut_down(&mut self) -> bool {
        if self.threads.is_empty() {
            return true;
        }
        let _ = self.commands.send(Command::Quit);
        // Both threads drop their end of `finished` when they end.
        let ended = matches!(
            self.finished.recv_timeout(JOIN_WAIT),
            Err(RecvTimeoutError::Disconnected)
        );
        let threads = std::mem::take(&mut self.threads);
        if ended {
            for thread in threads {
                let _ = thread.join();
            }
        }
        ended
    }
}

impl<G: Game> Drop for Engine<G> {
    fn drop(&mut self) {
        self.shut_down();
    }
}
