//! [`Engine`]: the handle a game loop holds. Every call but [`Engine::best_move`] (and its
//! variant) is a channel operation or an atomic read: none blocks for more than a few
//! microseconds.

use super::command::{Command, SearchId};
use super::config::{EngineConfig, EngineOption};
use super::controller::Controller;
use super::event::{BestMove, EngineError, Event};
use super::memory::{MemoryGauge, MemoryUse, check_fits};
use super::search_thread::{self, Knowledge};
use super::seats;
use super::snapshot::{
    EngineSnapshot, SnapshotBudget, SnapshotError, SnapshotReport, SnapshotRequest, continues,
};
use crate::eval::Evaluators;
use crate::games::{Game, GameRecord};
use crate::search::{Limits, StopSignal, TranspositionTable};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded, unbounded};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long dropping an engine waits for its threads before leaving them to finish alone.
const JOIN_WAIT: Duration = Duration::from_secs(2);

/// How often [`Engine::best_move_with`] looks at the caller's stop signal.
const STOP_POLL: Duration = Duration::from_millis(5);

/// How long past a search's deadline, or past a stop, [`Engine::best_move_with`] waits for the
/// answer before it gives up (the engine answers every `go`; this only guards against a bug).
const ANSWER_GRACE: Duration = Duration::from_secs(10);

/// A game engine on its own threads: an engine thread that takes commands and a search
/// thread (pinned to a core where the OS allows it) that searches and ponders.
///
/// Code that is not a game loop asks for a move and waits with [`Engine::best_move`] (or
/// [`Engine::best_move_with`], which also hands over the events that come meanwhile and
/// watches a stop signal). A game loop sends commands with [`Engine::send`] (or the
/// shortcuts) and reads events with [`Engine::try_recv`] (never blocks: call it once a frame)
/// or [`Engine::recv_timeout`]. Dropping the engine stops the search and joins both threads.
///
/// ```
/// use ponder::engine::{Engine, EngineConfig, Limits};
/// use ponder::{Game, GameRecord, Kalah};
///
/// let start = Kalah::start(&Default::default()).unwrap();
/// let engine = Engine::new(GameRecord::new(start), EngineConfig::default()).unwrap();
/// let best = engine.best_move(Limits::depth(6)).unwrap();
/// let mv = best.mv.unwrap(); // `None` only when the game is over
/// assert!(start.is_legal(mv));
/// engine.send_move(mv); // the engine now ponders the replies
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
    /// Starts an engine on `record` (its current position is where the engine starts). The
    /// engine's table is allocated and its memory mapped before this returns (the default
    /// 64 MiB: from a few ms to about 0.1 s on the project machine, by how much zeroed memory
    /// the system has at hand), so that no move pays for it: create engines when the game
    /// loads, not in a frame.
    ///
    /// An error when the table and the tree of `config` are more than the machine's memory
    /// ([`EngineError::TooLarge`]), or when a thread cannot start ([`EngineError::Spawn`]).
    pub fn new(record: GameRecord<G>, config: EngineConfig) -> Result<Engine<G>, EngineError> {
        Engine::start(record, config, None, Knowledge::new(), None)
    }

    /// Starts an engine on `record` that searches with `knowledge`'s evaluator (or the one
    /// `config.eval` names) and consults its endgame database ([`Knowledge`]); the errors of
    /// [`Engine::new`].
    pub fn with_knowledge(
        record: GameRecord<G>,
        config: EngineConfig,
        knowledge: Knowledge<G>,
    ) -> Result<Engine<G>, EngineError> {
        Engine::start(record, config, None, knowledge, None)
    }

    /// Starts an engine from the snapshot at `path` ([`Engine::save_state`]) and brings it to
    /// `record`, which must continue the snapshot's game (the same start, the snapshot's
    /// moves first; the moves after them are played into the restored tree). The engine
    /// knows what it knew: its first search starts from the depth the tree kept.
    ///
    /// Refused, with an error naming the file, when the file is not a whole, valid snapshot
    /// (corrupt, truncated, oversized, another format version:
    /// [`SnapshotError::File`]), is of another game or configuration
    /// ([`SnapshotError::Foreign`]), holds table entries of another width than the engine's
    /// table (a two-seat snapshot for three or four seats, or the reverse:
    /// [`SnapshotError::TableMismatch`]) or is of another game record
    /// ([`SnapshotError::OtherGame`]); never a cold start in silence.
    ///
    /// ```
    /// use ponder::engine::{Engine, EngineConfig, Limits, Knowledge};
    /// use ponder::{Game, GameRecord, Kalah};
    ///
    /// let dir = std::env::temp_dir().join(format!("ponder-restore-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("engine.snapshot");
    /// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
    /// let config = EngineConfig { ponder: false, hash_mib: 4, tree_mib: 4, ..EngineConfig::default() };
    /// let engine = Engine::new(record.clone(), config.clone()).unwrap();
    /// let searched = engine.best_move(Limits::depth(10)).unwrap();
    /// engine.save_state(&path).unwrap();
    /// drop(engine);
    /// let restored = Engine::restore(&path, record, config, Knowledge::new()).unwrap();
    /// let again = restored.best_move(Limits::depth(10)).unwrap();
    /// assert_eq!(again.score, searched.score);
    /// assert!(again.nodes < searched.nodes); // the tree and the table answered
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn restore(
        path: &Path,
        record: GameRecord<G>,
        config: EngineConfig,
        knowledge: Knowledge<G>,
    ) -> Result<Engine<G>, SnapshotError> {
        let given_evaluator = knowledge.evaluator.is_some();
        let snapshot = EngineSnapshot::<G>::load(path, &config, given_evaluator)?;
        let expected = seats::table_width(&record.current());
        if snapshot.table_width() != expected {
            return Err(SnapshotError::TableMismatch {
                path: path.to_path_buf(),
                found: snapshot.table_width(),
                expected,
            });
        }
        continues(snapshot.record(), &record).map_err(|reason| SnapshotError::OtherGame {
            path: path.to_path_buf(),
            reason,
        })?;
        let start = snapshot.record().clone();
        let later = record.moves()[start.moves().len()..].to_vec();
        let engine = Engine::start(start, config, None, knowledge, Some(snapshot))?;
        for mv in later {
            engine.send_move(mv);
        }
        Ok(engine)
    }

    /// Starts an engine that searches with `table`, shared with other engines of the same
    /// game (a server's games, several bots): one memory bound for all of them, and what one
    /// engine learns the others find. The engine never clears a shared table (a new game
    /// keeps it); `EngineConfig::hash_mib` is ignored until an option changes the size, which
    /// gives this engine a table of its own; nor does it prefault it
    /// ([`Table::prefault`](crate::search::Table::prefault), the owner's to call once). Errors
    /// as [`Engine::new`] (the tree alone is checked against the memory); at a table of three
    /// or four seats the table must be wide ([`TranspositionTable::wide`]), else
    /// [`EngineError::NarrowTable`].
    pub fn with_shared_table(
        record: GameRecord<G>,
        config: EngineConfig,
        table: Arc<TranspositionTable>,
    ) -> Result<Engine<G>, EngineError> {
        let position = record.current();
        if !seats::serves(&table, &position) {
            return Err(EngineError::NarrowTable {
                seats: position.seat_count(),
            });
        }
        Engine::start(record, config, Some(table), Knowledge::new(), None)
    }

    fn start(
        record: GameRecord<G>,
        config: EngineConfig,
        table: Option<Arc<TranspositionTable>>,
        knowledge: Knowledge<G>,
        snapshot: Option<EngineSnapshot<G>>,
    ) -> Result<Engine<G>, EngineError> {
        check_fits(&config, table.is_none())?;
        let spawn_error = |thread| {
            move |error: std::io::Error| EngineError::Spawn {
                thread,
                reason: error.to_string(),
            }
        };
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
            .map_err(spawn_error("search"))?;
        let controller = Controller::new(
            record,
            config,
            job_tx,
            event_tx,
            memory.clone(),
            table,
            (knowledge, snapshot),
        );
        // The table's pages are mapped here, before the first `go` can start its clock: the
        // allocation is not charged to the first move.
        controller.prefault_own_table();
        // Should the engine thread not start, the controller is dropped with its end of the
        // job channel, and the search thread ends.
        let engine_thread = std::thread::Builder::new()
            .name("ponder-engine".to_string())
            .spawn(move || {
                controller.run(command_rx, done_rx);
                drop(finished_tx);
            })
            .map_err(spawn_error("engine"))?;
        Ok(Engine {
            commands: command_tx,
            events: event_rx,
            next_id: AtomicU64::new(1),
            memory,
            finished: finished_rx,
            threads: vec![engine_thread, search],
        })
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

    /// Changes a setting. A new table size ([`EngineOption::HashMib`]) is allocated and its
    /// memory mapped on the engine thread, which a `go` sent right after waits behind on its
    /// own clock: before a timed search, send [`Command::Sync`] and wait for its
    /// [`Event::Synced`] (UAI's `isready` does).
    pub fn set_option(&self, option: EngineOption) {
        self.send(Command::SetOption(option));
    }

    /// Searches the current position within `limits` and waits for the answer: a `go`
    /// whose time counts from now. Every other event that comes meanwhile is dropped (use
    /// [`Engine::best_move_with`] to see them).
    ///
    /// `Ok` holds the [`BestMove`], whose `mv` is `None` only when the game is over. An
    /// [`Event::Error`] that comes while it waits (a command sent before it was refused, or
    /// the search failed) stops the search and is returned once it has answered. If the
    /// engine's threads have ended, [`EngineError::Stopped`] at once; if the answer does not
    /// come within seconds of the deadline, [`EngineError::NoAnswer`]. With no time limit
    /// ([`Limits::infinite`], or a deep depth) it waits as long as the search takes: another
    /// thread may [`stop`](Engine::stop) it.
    pub fn best_move(&self, limits: Limits) -> Result<BestMove<G>, EngineError> {
        self.best_move_with(limits, &StopSignal::new(), |_| {})
    }

    /// [`Engine::best_move`], handing every other event to `on_event` as it comes, in order:
    /// the search's [`Event::Info`] lines, and whatever else arrives (pondering news of
    /// before the search, re-rootings, `Synced`, answers to earlier `go`s), so that a caller
    /// that also polls the engine loses nothing. Only the answer, and the first error (which
    /// is returned), are not handed over. When `stop` is raised the search is stopped and
    /// answers with what it has (within milliseconds).
    ///
    /// ```
    /// use ponder::engine::{Engine, EngineConfig, Event, Limits, StopSignal};
    /// use ponder::{Game, GameRecord, Kalah};
    ///
    /// let start = Kalah::start(&Default::default()).unwrap();
    /// let config = EngineConfig { ponder: false, ..EngineConfig::default() };
    /// let engine = Engine::new(GameRecord::new(start), config).unwrap();
    /// let mut depths = Vec::new();
    /// let best = engine
    ///     .best_move_with(Limits::depth(5), &StopSignal::new(), |event| {
    ///         if let Event::Info(info) = event {
    ///             depths.push(info.search.depth);
    ///         }
    ///     })
    ///     .unwrap();
    /// assert_eq!(best.depth, 5);
    /// assert_eq!(depths, [1, 2, 3, 4, 5]);
    /// ```
    pub fn best_move_with(
        &self,
        limits: Limits,
        stop: &StopSignal,
        mut on_event: impl FnMut(Event<G>),
    ) -> Result<BestMove<G>, EngineError> {
        let received = Instant::now();
        let mut give_up = limits
            .hard_deadline()
            .map(|deadline| received + deadline + ANSWER_GRACE);
        let id = self.next_search_id();
        self.commands
            .send(Command::Go {
                id,
                limits,
                received,
            })
            .map_err(|_| EngineError::Stopped)?;
        let mut stopped = false;
        let mut error = None;
        loop {
            if !stopped && (stop.is_stopped() || error.is_some()) {
                self.stop();
                stopped = true;
                let by = Instant::now() + ANSWER_GRACE;
                give_up = Some(give_up.map_or(by, |at| at.min(by)));
            }
            if give_up.is_some_and(|at| Instant::now() >= at) {
                return Err(EngineError::NoAnswer(ANSWER_GRACE));
            }
            match self.events.recv_timeout(STOP_POLL) {
                Ok(Event::BestMove(best)) if best.id == id => {
                    return error.map_or(Ok(best), Err);
                }
                Ok(Event::Error(first)) if error.is_none() => error = Some(first),
                Ok(event) => on_event(event),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Stopped),
            }
        }
    }

    /// Writes what the engine knows to `path` ([`SnapshotBudget::default`]) and waits for
    /// the file: see [`Engine::request_snapshot`]. A running `go` is waited for (the time
    /// of its search at most).
    pub fn save_state(&self, path: &Path) -> Result<SnapshotReport, SnapshotError> {
        let answer = self.request_snapshot(path, SnapshotBudget::default());
        crossbeam_channel::select! {
            recv(answer) -> report => report.map_err(|_| EngineError::Stopped)?,
            recv(self.finished) -> _ => Err(EngineError::Stopped.into()),
        }
    }

    /// Asks for a snapshot of what the engine knows, written to `path` within `budget`
    /// ([`Command::Snapshot`]); the answer comes on the channel returned (never blocks).
    /// Pondering stops for the copy of the tree's top only; the table is read and the file
    /// written on a thread of the snapshot's own.
    pub fn request_snapshot(
        &self,
        path: &Path,
        budget: SnapshotBudget,
    ) -> Receiver<Result<SnapshotReport, SnapshotError>> {
        let (reply, answer) = bounded(1);
        self.send(Command::Snapshot(SnapshotRequest {
            path: path.to_path_buf(),
            budget,
            reply,
        }));
        answer
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
        self.memory.read()
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
