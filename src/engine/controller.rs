//! The engine thread: owns the game, the tree and the settings; takes commands in order,
//! lends the tree to the search thread for each job, raises stop signals (commands, time
//! limits), and starts pondering when it is idle. It never searches, so it always answers
//! within microseconds.

use super::command::{Command, SearchId};
use super::config::{EngineConfig, EngineOption};
use super::event::{BestMove, EngineError, Event, RerootInfo};
use super::memory::{MemoryGauge, check_fits};
use super::opponent::{OpponentModel, Prediction};
use super::search_thread::{Job, JobDone, JobKind, Knowledge};
use super::seats::{self, is_seated};
use super::snapshot::{
    Capture, EngineSnapshot, EngineState, Fingerprint, SnapshotError, SnapshotReport,
    SnapshotRequest,
};
use super::tree::Tree;
use crate::book::BookAdvice;
use crate::eval::Evaluators;
use crate::games::{Game, GameRecord, Key, Seat};
use crate::search::{Limits, Score, StopSignal, TieBreak};
use crate::search::{Table, TranspositionTable};
use crossbeam_channel::{Receiver, Sender, select};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The range the measured ratio of the human's thinking time to the engine's is kept in.
pub(super) const TIME_RATIO_RANGE: (f64, f64) = (0.05, 20.0);
/// How far each new measurement moves the smoothed ratio.
const TIME_RATIO_SMOOTHING: f64 = 0.3;

/// The opponent model's searches take at most this share of the human's expected time...
const MODEL_TIME_SHARE: f64 = 0.03;
/// ...and at least the first, at most the second of these.
const MODEL_TIME_RANGE: (Duration, Duration) =
    (Duration::from_millis(2), Duration::from_millis(100));

/// What the search thread is doing.
enum Running {
    Think {
        /// The `go` running.
        id: SearchId,
        stop: StopSignal,
        /// When the `go` must unwind.
        deadline: Option<Instant>,
    },
    Ponder {
        stop: StopSignal,
    },
}

impl Running {
    fn stop(&self) {
        match self {
            Running::Think { stop, .. } | Running::Ponder { stop } => stop.stop(),
        }
    }
}

/// The engine thread's state.
pub(crate) struct Controller<G: Game> {
    record: GameRecord<G>,
    config: EngineConfig,
    /// The evaluator and database given as values.
    knowledge: Knowledge<G>,
    tree: Option<Tree<G>>,
    table: Arc<TranspositionTable>,
    /// The table is shared with other engines: a new game leaves it as it is (the others'
    /// entries stay valid), and its size is the owner's business.
    table_shared: bool,
    /// A job has used the table since it was made or cleared (a fresh table is all zeros:
    /// clearing it would only touch every page, on the next move's time).
    table_used: bool,
    /// Searches started so far (each random tie-break draws its seed from it).
    searches: u64,
    running: Option<Running>,
    queue: VecDeque<Command<G>>,
    /// Pondering waits for the next change of position (after `stop`, or when finished).
    ponder_paused: bool,
    /// The seat the engine plays: the side to move at the last `go`.
    engine_seat: Option<Seat>,
    /// The book has learned from the finished game the engine holds.
    book_learned: bool,
    /// The opponent model, learning from the human's moves.
    opponent: OpponentModel,
    /// What the model expected of the human in the last position pondered.
    prediction: Option<Prediction<G>>,
    /// The human's thinking time over the engine's, smoothed over the moves.
    time_ratio: f64,
    /// When the last `go` started, and how long the last one took.
    go_started: Option<Instant>,
    go_time: Option<Duration>,
    /// When the last move was played.
    last_move: Instant,
    /// When pondering was last asked to stop, until the next job starts (what a snapshot's
    /// pause counts from).
    ponder_stopped_at: Option<Instant>,
    quitting: bool,
    jobs: Sender<Job<G>>,
    events: Sender<Event<G>>,
    memory: Arc<MemoryGauge>,
}

impl<G: Evaluators> Controller<G> {
    pub(crate) fn new(
        record: GameRecord<G>,
        config: EngineConfig,
        jobs: Sender<Job<G>>,
        events: Sender<Event<G>>,
        memory: Arc<MemoryGauge>,
        shared_table: Option<Arc<TranspositionTable>>,
        (knowledge, snapshot): (Knowledge<G>, Option<EngineSnapshot<G>>),
    ) -> Self {
        let table_shared = shared_table.is_some();
        let table = shared_table
            .unwrap_or_else(|| Arc::new(seats::table_for(&record.current(), config.hash_mib)));
        let restored = snapshot.map(|snapshot| snapshot.restore_into(&table));
        let table_used = restored.is_some();
        let tree = Tree::new(&record.current(), config.tree_mib << 20);
        let mut controller = Controller {
            record,
            config,
            knowledge,
            tree: Some(tree),
            table,
            table_shared,
            table_used,
            searches: 0,
            running: None,
            queue: VecDeque::new(),
            ponder_paused: false,
            engine_seat: None,
            book_learned: false,
            opponent: OpponentModel::new(G::DEPTHS.medium),
            prediction: None,
            time_ratio: 1.0,
            go_started: None,
            go_time: None,
            last_move: Instant::now(),
            ponder_stopped_at: None,
            quitting: false,
            jobs,
            events,
            memory,
        };
        if let Some(restored) = restored {
            controller.tree = Some(restored.tree);
            controller.opponent = restored.opponent;
            controller.time_ratio = restored.time_ratio;
            controller.engine_seat = restored.engine_seat;
        }
        controller.publish_memory();
        controller
    }

    /// The loop: until `quit` (or the handle is dropped) and the running job is back.
    pub(crate) fn run(mut self, commands: Receiver<Command<G>>, done: Receiver<JobDone<G>>) {
        self.maybe_ponder();
        loop {
            if self.quitting && self.running.is_none() {
                break;
            }
            let timeout = match &self.running {
                Some(Running::Think {
                    deadline: Some(deadline),
                    ..
                }) => deadline.saturating_duration_since(Instant::now()),
                _ => Duration::from_secs(3600),
            };
            select! {
                recv(commands) -> command => match command {
                    Ok(command) => self.queue.push_back(command),
                    Err(_) => self.queue.push_back(Command::Quit),
                },
                recv(done) -> message => match message {
                    Ok(message) => self.job_done(message),
                    Err(_) => {
                        // The search thread is gone: nothing more can run.
                        self.running = None;
                        self.quitting = true;
                    }
                },
                default(timeout) => {
                    if let Some(running @ Running::Think { .. }) = &self.running {
                        running.stop();
                    }
                }
            }
            self.pump();
        }
    }

    /// Carries out queued commands in order while the search thread is free; while it runs,
    /// stops it if a queued command must interrupt it, and answers `sync` at the head.
    fn pump(&mut self) {
        loop {
            if let Some(running) = &self.running {
                let interrupts = match running {
                    Running::Think { .. } => self.queue.iter().any(Command::interrupts_think),
                    Running::Ponder { .. } => self.queue.iter().any(Command::interrupts_ponder),
                };
                let thinking = matches!(running, Running::Think { .. });
                if interrupts {
                    running.stop();
                    if !thinking {
                        self.ponder_stopped_at.get_or_insert_with(Instant::now);
                    }
                }
                // What can be taken in without the tree is taken in now, so that nothing
                // waits behind a long search but the commands that stop it.
                match self.queue.front() {
                    Some(Command::Sync(_) | Command::PonderHit { .. }) => {}
                    Some(Command::SetOption(_) | Command::Ponder(_) | Command::Stop)
                        if thinking => {}
                    _ => return,
                }
                if let Some(command) = self.queue.pop_front() {
                    self.apply(command);
                }
                continue;
            }
            let Some(command) = self.queue.pop_front() else {
                break;
            };
            self.apply(command);
        }
        self.maybe_ponder();
    }

    /// Carries out one command. The search thread is free and the tree is here, except for
    /// `sync`, `ponderhit`, `stop`, `ponder` and `setoption`, which are also taken in during a
    /// `go`.
    fn apply(&mut self, command: Command<G>) {
        match command {
            Command::NewGame => self.new_game(),
            Command::SetPosition(record) => self.set_position(record),
            Command::Play(mv) => self.play(mv),
            Command::PlayText(text) => match self.record.current().parse_move(&text) {
                Ok(mv) => self.play(mv),
                Err(error) => self.emit(Event::Error(EngineError::Game(error))),
            },
            Command::Go {
                id,
                limits,
                received,
            } => self.go(id, limits, received),
            Command::PonderHit { id, limits } => self.ponder_hit(id, &limits),
            Command::Ponder(on) => {
                self.config.ponder = on;
                self.ponder_paused = false;
            }
            Command::Stop => {
                if let Some(running) = &self.running {
                    running.stop();
                }
                self.ponder_paused = true;
            }
            Command::SetOption(option) => self.set_option(option),
            Command::Snapshot(request) => self.snapshot(request),
            Command::Sync(id) => self.emit(Event::Synced {
                id,
                position: self.record.current(),
            }),
            Command::Quit => {
                self.quitting = true;
                self.queue.clear();
            }
        }
    }

    /// Takes a snapshot: copies the record, the model and the tree's top now (the tree is
    /// here: pondering resumes after this), and leaves reading the table and writing the file
    /// to a thread of the snapshot's own, which answers the request.
    fn snapshot(&mut self, request: SnapshotRequest) {
        let paused_from = self.ponder_stopped_at.take().unwrap_or_else(Instant::now);
        let Some(tree) = &self.tree else {
            let missing = EngineError::Internal("the tree was not back for a snapshot".into());
            let _ = request.reply.send(Err(SnapshotError::Engine(missing)));
            return;
        };
        let state = EngineState {
            fingerprint: Fingerprint::of::<G>(&self.config, self.knowledge.evaluator.is_some()),
            record: &self.record,
            tree,
            opponent: &self.opponent,
            time_ratio: self.time_ratio,
            engine_seat: self.engine_seat,
            table: &self.table,
            table_width: seats::table_width(&self.record.current()),
        };
        let capture = Capture::new(state, request.budget);
        let paused = paused_from.elapsed();
        let reply = request.reply.clone();
        let writer = std::thread::Builder::new()
            .name("ponder-snapshot".to_string())
            .spawn(move || {
                let written = capture.write(&request.path);
                let report = written.map(|(tree_nodes, table_entries, bytes)| SnapshotReport {
                    path: request.path,
                    tree_nodes,
                    table_entries,
                    bytes,
                    paused,
                    took: paused_from.elapsed(),
                });
                let _ = request.reply.send(report);
            });
        if let Err(error) = writer {
            let _ = reply.send(Err(SnapshotError::Engine(EngineError::Spawn {
                thread: "snapshot",
                reason: error.to_string(),
            })));
        }
    }

    /// Maps the memory of the engine's own table now, so that its first searches do not pay
    /// the page faults on their clock (a shared table is its owner's to prefault): by
    /// `Engine::start` before the engine's first command can arrive, and
    /// on the engine thread when an option gives the engine a new table.
    pub(super) fn prefault_own_table(&self) {
        if !self.table_shared {
            self.table.prefault();
        }
    }

    /// Back to the start position: the tree and the table are cleared.
    fn new_game(&mut self) {
        let start = self.record.start();
        self.record = GameRecord::new(start);
        self.reset_tree();
        if !self.table_shared && self.table_used {
            self.table.clear();
            self.table_used = false;
        }
        self.ponder_paused = false;
        self.engine_seat = None;
        self.book_learned = false;
    }

    /// What the book says of `position` (nothing without a book), a choice among equals
    /// drawn from this search's seed.
    fn book_advice(&self, position: &G, tie_break: TieBreak) -> BookAdvice<G::Move> {
        let Some(book) = &self.knowledge.book else {
            return BookAdvice::Search;
        };
        let seed = match tie_break {
            TieBreak::First => None,
            TieBreak::Random { seed } => Some(seed),
        };
        book.advise(position, seed)
    }

    /// The answer to `id` from the book: `mv`, its exact value where the book knows it, its
    /// searches' mean value as the score (nothing searched: depth 0).
    fn book_move(&self, id: SearchId, position: G, mv: G::Move, received: Instant) -> BestMove<G> {
        let known = self
            .knowledge
            .book
            .as_ref()
            .and_then(|book| book.known(&position, mv));
        BestMove {
            mv: Some(mv),
            exact: known.as_ref().and_then(|m| m.exact),
            score: known
                .and_then(|m| m.value())
                .map_or(0, |value| Score::heuristic(value).value()),
            time: received.elapsed(),
            ..BestMove::unsearched(id, position)
        }
    }

    /// Once a game the engine played is over, teaches the book its line and result (once
    /// per game; the book writes itself back to its file).
    fn learn_if_over(&mut self) {
        if self.record.outcome().is_none() {
            self.book_learned = false;
            return;
        }
        if self.book_learned || self.engine_seat.is_none() {
            return;
        }
        self.book_learned = true;
        if let Some(book) = &self.knowledge.book {
            if let Err(error) = book.learn(&self.record) {
                self.emit(Event::Error(EngineError::Book(error.to_string())));
            }
        }
    }

    /// Takes a whole game in, re-rooting the tree where its position already is.
    fn set_position(&mut self, record: GameRecord<G>) {
        let started = Instant::now();
        let position = record.current();
        self.record = record;
        if !self.table_serves(&position) {
            // A game of another number of seats.
            self.own_table();
            self.publish_memory();
        }
        self.learn_if_over();
        let (hit, kept_depth) = self.reroot_on_key(&position.key());
        self.ponder_paused = false;
        self.emit(Event::Rerooted(RerootInfo {
            mv: None,
            position,
            hit,
            kept_depth,
            time: started.elapsed(),
        }));
    }

    /// Starts a search whose deadlines count from `received`, when the `go` was sent (a
    /// finished game is answered at once, with no move).
    fn go(&mut self, id: SearchId, limits: Limits, received: Instant) {
        let position = self.record.current();
        if self.record.outcome().is_some() {
            self.emit(Event::BestMove(BestMove::unsearched(id, position)));
            return;
        }
        self.engine_seat = Some(position.side_to_move());
        self.searches += 1;
        let tie_break = match self.config.tie_break {
            TieBreak::First => TieBreak::First,
            TieBreak::Random { seed } => TieBreak::Random {
                seed: search_seed(seed, self.searches),
            },
        };
        let avoid = match self.book_advice(&position, tie_break) {
            BookAdvice::Play(mv) => {
                self.emit(Event::BestMove(self.book_move(id, position, mv, received)));
                return;
            }
            BookAdvice::Avoid(moves) => moves,
            BookAdvice::Search => Vec::new(),
        };
        if !self.config.reuse_tree {
            self.reset_tree();
        }
        // Every phase from here to the search (the table's aging, waiting for the search
        // thread, making room in the tree, starting helpers) counts against the time.
        let start = received;
        self.go_started = Some(start);
        let deadline = limits.hard_deadline().map(|limit| start + limit);
        let stop = StopSignal::new();
        self.table.new_search();
        let kind = JobKind::Think {
            id,
            limits,
            tie_break,
        };
        if self.send_job(kind, stop.clone(), start, avoid) {
            self.running = Some(Running::Think { id, stop, deadline });
            self.ponder_paused = false;
        }
    }

    /// Puts the running search `id` under `limits`' time, counted from now.
    fn ponder_hit(&mut self, id: SearchId, limits: &Limits) {
        if let Some(Running::Think {
            id: running,
            deadline,
            ..
        }) = &mut self.running
        {
            if *running == id {
                let budget = match (limits.soft_deadline(), limits.hard_deadline()) {
                    (Some(soft), Some(hard)) => Some(soft.min(hard)),
                    (soft, hard) => soft.or(hard),
                };
                *deadline = budget.map(|budget| Instant::now() + budget);
            }
        }
    }

    /// Changes one setting; an unknown evaluator, or a table and tree larger than the
    /// machine's memory, is refused with an error event; a known evaluator name replaces an
    /// evaluator given as a value.
    fn set_option(&mut self, option: EngineOption) {
        if let EngineOption::Eval(name) = &option {
            if !G::evaluator_names().contains(&name.as_str()) {
                self.emit(Event::Error(EngineError::Option(format!(
                    "{} has no evaluator {name:?} (known: {})",
                    G::NAME,
                    G::evaluator_names().join(", ")
                ))));
                return;
            }
            self.knowledge.evaluator = None;
        }
        let mut after = self.config.clone();
        option.apply(&mut after);
        let own_table = !self.table_shared || after.hash_mib != self.config.hash_mib;
        if let Err(error) = check_fits(&after, own_table) {
            self.emit(Event::Error(error));
            return;
        }
        let before = std::mem::replace(&mut self.config, after);
        if self.config.hash_mib != before.hash_mib {
            // A running search keeps the old table until it ends. A shared table is left to
            // the others: this engine gets a table of its own of the new size.
            self.own_table();
        }
        if self.config.tie_break != before.tie_break {
            self.searches = 0;
        }
        self.publish_memory();
        if self.config.tree_mib != before.tree_mib {
            // While the tree is lent, the new bound applies when it comes back.
            self.resize_tree();
        }
        self.ponder_paused = false;
    }

    /// Gives the engine a table of its own, of the configured size and the width that serves
    /// the current position, prefaulted now (a running search keeps the old one until it
    /// ends).
    fn own_table(&mut self) {
        let table = seats::table_for(&self.record.current(), self.config.hash_mib);
        self.table = Arc::new(table);
        self.table_shared = false;
        self.table_used = false;
        self.prefault_own_table();
    }

    /// Whether the table serves `position`'s game: the engine's own when of the width made for
    /// it, a shared one when it can hold its entries ([`seats::serves`]).
    fn table_serves(&self, position: &G) -> bool {
        match self.table_shared {
            true => seats::serves(&self.table, position),
            false => self.table.width() == seats::table_width(position),
        }
    }

    /// Plays a move by either side and re-roots the tree on it.
    fn play(&mut self, mv: G::Move) {
        let started = Instant::now();
        let before = self.record.current().key();
        if let Err(error) = self.record.try_play(mv) {
            self.emit(Event::Error(EngineError::Game(error)));
            return;
        }
        self.learn_from_human(&before, mv, started);
        self.learn_if_over();
        let position = self.record.current();
        let child = self
            .tree
            .as_ref()
            .and_then(|tree| tree.child_for_move(tree.root_index(), mv));
        let (hit, kept_depth) = match (child, self.tree.as_mut()) {
            (Some(child), Some(tree)) if self.config.reuse_tree => {
                // The root moves now; the freeing and compaction happen on the search
                // thread, before pondering (or before a search that needs the room).
                tree.reroot_lazily(child);
                (true, u32::from(tree.root().depth))
            }
            _ => {
                self.reset_tree();
                (false, 0)
            }
        };
        self.ponder_paused = false;
        self.publish_memory();
        self.emit(Event::Rerooted(RerootInfo {
            mv: Some(mv),
            position,
            hit,
            kept_depth,
            time: started.elapsed(),
        }));
    }

    /// When the model predicted the position `before` the move `mv`, learns from it: which
    /// of its searchers explained the move, and how long the human thought.
    fn learn_from_human(&mut self, before: &Key, mv: G::Move, now: Instant) {
        let Some(prediction) = self.prediction.take() else {
            self.last_move = now;
            return;
        };
        if prediction.key == *before {
            self.opponent.observe(&prediction, mv);
            if let Some(go_time) = self.go_time.filter(|t| !t.is_zero()) {
                let ratio =
                    now.duration_since(self.last_move).as_secs_f64() / go_time.as_secs_f64();
                let ratio = ratio.clamp(TIME_RATIO_RANGE.0, TIME_RATIO_RANGE.1);
                self.time_ratio += TIME_RATIO_SMOOTHING * (ratio - self.time_ratio);
            }
        }
        self.last_move = now;
    }

    /// Re-roots (lazily) on the node with this key within two plies of the root, or starts
    /// afresh.
    fn reroot_on_key(&mut self, key: &Key) -> (bool, u32) {
        let found = self
            .tree
            .as_ref()
            .and_then(|tree| tree.find_key(key, 2))
            .filter(|_| self.config.reuse_tree);
        match (found, self.tree.as_mut()) {
            (Some(index), Some(tree)) => {
                tree.reroot_lazily(index);
                (true, u32::from(tree.root().depth))
            }
            _ => {
                self.reset_tree();
                (false, 0)
            }
        }
    }

    /// Gives the tree the configured bound (starting it afresh), if it is here and its
    /// bound differs.
    fn resize_tree(&mut self) {
        let bound = self.config.tree_mib << 20;
        if let Some(tree) = &self.tree {
            if tree.capacity() != Tree::<G>::capacity_for(bound) {
                self.tree = Some(Tree::new(&self.record.current(), bound));
                self.publish_memory();
            }
        }
    }

    fn reset_tree(&mut self) {
        let current = self.record.current();
        match self.tree.as_mut() {
            Some(tree) => tree.reset(&current),
            None => self.tree = Some(Tree::new(&current, self.config.tree_mib << 20)),
        }
        self.publish_memory();
    }

    /// Starts pondering if it is on, nothing runs or waits, and the game goes on.
    fn maybe_ponder(&mut self) {
        if self.quitting
            || self.running.is_some()
            || !self.queue.is_empty()
            || !self.config.ponder
            || self.ponder_paused
            || self.record.outcome().is_some()
        {
            return;
        }
        let position = self.record.current();
        // Before its first `go` an engine of more than two seats ponders the replies too:
        // searching the position for the seat to move (a person) helps none of the bots.
        let deepen_replies = match self.engine_seat {
            Some(seat) => seat != position.side_to_move(),
            None => is_seated(&position),
        };
        let kind = JobKind::Ponder {
            mode: self.config.ponder_mode,
            deepen_replies,
            model: self.opponent.clone(),
            time_ratio: self.time_ratio,
            model_time: self.model_time(),
        };
        let stop = StopSignal::new();
        if self.send_job(kind, stop.clone(), Instant::now(), Vec::new()) {
            self.running = Some(Running::Ponder { stop });
        }
    }

    /// How long the opponent model's searches may take: a small share of the human's
    /// expected thinking time (the engine's last `go` time the ratio).
    fn model_time(&self) -> Duration {
        let expected = self
            .go_time
            .map_or(MODEL_TIME_RANGE.1, |go| go.mul_f64(self.time_ratio));
        expected
            .mul_f64(MODEL_TIME_SHARE)
            .clamp(MODEL_TIME_RANGE.0, MODEL_TIME_RANGE.1)
    }

    /// Lends the tree to the search thread for a job (a `go` leaving out the root moves
    /// `avoid`).
    fn send_job(
        &mut self,
        kind: JobKind,
        stop: StopSignal,
        start: Instant,
        avoid: Vec<G::Move>,
    ) -> bool {
        let Some(tree) = self.tree.take() else {
            return false;
        };
        self.ponder_stopped_at = None;
        self.table_used = true;
        let job = Job {
            kind,
            tree,
            position: self.record.current(),
            history: history_keys(&self.record),
            stop,
            start,
            table: self.table.clone(),
            knowledge: self.knowledge.clone(),
            avoid,
            config: self.config.clone(),
        };
        match self.jobs.send(job) {
            Ok(()) => true,
            Err(error) => {
                self.tree = Some(error.into_inner().tree);
                self.quitting = true;
                false
            }
        }
    }

    fn job_done(&mut self, message: JobDone<G>) {
        let was_ponder = matches!(self.running, Some(Running::Ponder { .. }));
        if matches!(self.running, Some(Running::Think { .. })) {
            self.go_time = self.go_started.map(|start| start.elapsed());
        }
        self.running = None;
        if message.prediction.is_some() {
            self.prediction = message.prediction;
        }
        match message.tree {
            Some(tree) => self.tree = Some(tree),
            None => {
                self.tree = None;
                self.reset_tree();
                self.emit(Event::Error(EngineError::Internal(
                    "the search thread failed; the tree was cleared".to_string(),
                )));
            }
        }
        if let Some(id) = message.unanswered {
            let position = self.record.current();
            let mut moves = Vec::new();
            self.record.legal_moves(&mut moves);
            self.emit(Event::BestMove(BestMove {
                mv: moves.first().copied(),
                ..BestMove::unsearched(id, position)
            }));
        }
        self.resize_tree();
        if was_ponder && message.ponder_finished {
            self.ponder_paused = true;
        }
        self.publish_memory();
    }

    fn emit(&self, event: Event<G>) {
        let _ = self.events.send(event);
    }

    fn publish_memory(&self) {
        if let Some(tree) = &self.tree {
            self.memory
                .set_tree(tree.allocated_bytes(), self.config.tree_mib << 20);
        }
        self.memory
            .set_table(self.table.memory_bytes(), self.config.hash_mib << 20);
    }
}

/// The seed of search number `count` under a random tie-break seeded with `seed`
/// (splitmix64 of the two): every search draws afresh, and a game replays from its seed.
fn search_seed(seed: u64, count: u64) -> u64 {
    let mut z = seed.wrapping_add(count.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The keys of the positions before the current one since the last irreversible move,
/// oldest first (what repetition rules look at).
fn history_keys<G: Game>(record: &GameRecord<G>) -> Vec<Key> {
    if !G::REPETITION_ENDS_GAME {
        return Vec::new();
    }
    let positions = record.positions();
    let last = positions.len() - 1;
    let mut first = last;
    while first > 0 && !positions[first].resets_repetition(&positions[first - 1]) {
        first -= 1;
    }
    positions[first..last].iter().map(Game::key).collect()
}
