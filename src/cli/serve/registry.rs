//! [`Registry`]: the server's live games by code, within its caps (games, engine memory,
//! pondering engines), with expiry of finished and abandoned games, persistence after every
//! change, and the driver that moves the bots and streams their thinking.

use super::error::ApiError;
use super::live::{Drive, SnapshotAnswer};
use super::persist::{SavedGame, StateDir};
use super::session::{Seat, Session, build_game, new_code, new_token, read_seats};
use super::types::{GameRecordJson, SeatKind, SeatRequest, SeatToken, WsMessage};
use super::{DatabaseShelf, Semaphore};
use crate::games::GameSpec;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// How long saving a game waits for its engine's snapshot (taken once the engine's running
/// search is over) before leaving it to finish alone.
const SNAPSHOT_WAIT: Duration = Duration::from_secs(60);

/// The caps and timings of the game sessions.
#[derive(Clone, Debug)]
pub struct GameLimits {
    /// Live games at most.
    pub max_games: usize,
    /// Engines pondering at once at most.
    pub max_pondering: usize,
    /// Table and tree memory of each game's engine, MiB.
    pub engine_mib: usize,
    /// All engines' memory at most, MiB.
    pub memory_mib: usize,
    /// A game nobody touched or watched for this long is dropped.
    pub idle_expiry: Duration,
    /// A finished game nobody touched or watched for this long is dropped.
    pub finished_expiry: Duration,
    /// At a cap, the oldest game idle at least this long is dropped for a new one.
    pub evict_after: Duration,
    /// The longest any bot search may take.
    pub hard_time: Duration,
    /// Seconds between thinking messages, at least.
    pub thinking_every: Duration,
}

/// What a game's watchers are sent: a change (each builds its own `state`, with its seats)
/// or a message for all.
#[derive(Clone, Debug)]
pub enum Notice {
    /// The game changed.
    Changed,
    /// A message, serialised.
    Message(Arc<str>),
}

/// One live game and its watchers' channel.
pub struct Slot {
    /// The game.
    pub session: Mutex<Session>,
    /// Its watchers.
    pub notices: broadcast::Sender<Notice>,
    /// The version last written to disk.
    saved: std::sync::Mutex<u64>,
}

/// Every live game.
pub struct Registry {
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// The caps.
    pub limits: GameLimits,
    state_dir: Option<StateDir>,
    slots: Arc<Semaphore>,
    /// The endgame databases the games' engines and bots consult.
    databases: Arc<DatabaseShelf>,
}

/// A game just made: its code, the tokens of its human seats, its slot.
pub struct Created {
    /// The code.
    pub code: String,
    /// The tokens.
    pub tokens: Vec<SeatToken>,
    /// The game.
    pub slot: Arc<Slot>,
}

impl Registry {
    /// An empty registry.
    pub fn new(limits: GameLimits, state_dir: Option<StateDir>, slots: Arc<Semaphore>) -> Self {
        Registry {
            games: Mutex::new(HashMap::new()),
            limits,
            state_dir,
            slots,
            databases: Arc::default(),
        }
    }

    /// The registry whose games consult `databases`.
    pub fn with_databases(mut self, databases: Arc<DatabaseShelf>) -> Self {
        self.databases = databases;
        self
    }

    /// The live game `code`.
    pub fn get(&self, code: &str) -> Result<Arc<Slot>, ApiError> {
        self.games
            .lock()
            .get(&code.to_ascii_uppercase())
            .cloned()
            .ok_or_else(|| ApiError::not_found(code))
    }

    /// How many games live.
    pub fn len(&self) -> usize {
        self.games.lock().len()
    }

    /// Whether no game lives.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Starts a game of `record` with `seats`; the creator's token holds every human seat.
    pub fn create(
        &self,
        record: &GameRecordJson,
        seats: &[SeatRequest],
        ponder: bool,
    ) -> Result<Created, ApiError> {
        let spec: GameSpec = record
            .spec
            .parse()
            .map_err(|e: crate::GameError| ApiError::bad(e.to_string()))?;
        let engine = seats.iter().any(|s| s.kind == SeatKind::Engine);
        self.make_room(engine)?;
        let game = build_game(
            &spec,
            record,
            engine,
            self.limits.engine_mib,
            &self.databases,
        )?;
        let mut seats = read_seats(seats, game.seat_count())?;
        let token = new_token();
        let mut tokens = Vec::new();
        for (index, seat) in seats.iter_mut().enumerate() {
            if seat.kind == SeatKind::Human {
                seat.token = Some(token.clone());
                tokens.push(SeatToken {
                    seat: index,
                    token: token.clone(),
                });
            }
        }
        let code = self.fresh_code();
        let slot = self.insert(Session::new(code.clone(), spec, seats, ponder, game));
        Ok(Created { code, tokens, slot })
    }

    fn insert(&self, session: Session) -> Arc<Slot> {
        let code = session.code.clone();
        let slot = Arc::new(Slot {
            session: Mutex::new(session),
            notices: broadcast::channel(64).0,
            saved: std::sync::Mutex::new(0),
        });
        self.games.lock().insert(code, slot.clone());
        slot
    }

    fn fresh_code(&self) -> String {
        let games = self.games.lock();
        loop {
            let code = new_code();
            if !games.contains_key(&code) {
                return code;
            }
        }
    }

    /// Makes room for one more game (with an engine if `engine`): drops the oldest idle
    /// games while a cap would be passed; 503 when none is idle enough.
    fn make_room(&self, engine: bool) -> Result<(), ApiError> {
        loop {
            let (count, engines, oldest) = {
                let games = self.games.lock();
                let mut engines = 0;
                let mut oldest: Option<(Instant, String)> = None;
                for (code, slot) in games.iter() {
                    let Some(session) = slot.session.try_lock() else {
                        continue;
                    };
                    engines += usize::from(session.has_engine);
                    let watched = session.seats.iter().any(|s| s.connected > 0);
                    if !watched
                        && oldest
                            .as_ref()
                            .is_none_or(|(t, _)| session.last_active < *t)
                    {
                        oldest = Some((session.last_active, code.clone()));
                    }
                }
                (games.len(), engines, oldest)
            };
            let memory = (engines + usize::from(engine)) * self.limits.engine_mib;
            let full = count >= self.limits.max_games;
            let no_memory = engine && memory > self.limits.memory_mib;
            if !full && !no_memory {
                return Ok(());
            }
            match oldest {
                Some((since, code)) if since.elapsed() >= self.limits.evict_after => {
                    self.remove(&code);
                }
                _ => {
                    return Err(ApiError::busy(if full {
                        format!(
                            "the server holds its most games ({}): try again later",
                            self.limits.max_games
                        )
                    } else {
                        format!(
                            "the engines' memory is at its cap ({} MiB): try again later",
                            self.limits.memory_mib
                        )
                    }));
                }
            }
        }
    }

    /// Drops the game `code` (its engine ends on another thread) and its file.
    pub fn remove(&self, code: &str) {
        let slot = self.games.lock().remove(code);
        if let Some(dir) = &self.state_dir {
            dir.remove(code);
        }
        if let Some(slot) = slot {
            let _ = slot
                .notices
                .send(Notice::Message(message_text(&WsMessage::Error {
                    message: "the game expired".to_string(),
                })));
            tokio::task::spawn_blocking(move || drop(slot));
        }
    }

    /// Writes the game to disk, then tells its watchers (`messages`, then that it changed):
    /// nothing a watcher or a player has been told is lost if the process dies right after.
    /// The engine's snapshot, taken once its running search is over, follows on another
    /// thread. Blocks on the file: call it off the async threads.
    pub fn changed(&self, slot: &Arc<Slot>, messages: &[Arc<str>]) {
        let snapshot = self.state_dir.as_ref().and_then(|dir| save(dir, slot));
        for message in messages {
            let _ = slot.notices.send(Notice::Message(message.clone()));
        }
        let _ = slot.notices.send(Notice::Changed);
        if let Some((code, answer)) = snapshot {
            tokio::task::spawn_blocking(move || {
                if let Ok(Err(error)) = answer.recv_timeout(SNAPSHOT_WAIT) {
                    eprintln!("serve: cannot save game {code}'s engine: {error}");
                }
            });
        }
    }

    /// Restores the saved games; returns how many, and the files that could not be read.
    pub fn restore(&self) -> (usize, Vec<String>) {
        let Some(dir) = &self.state_dir else {
            return (0, Vec::new());
        };
        let mut restored = 0;
        let mut problems = Vec::new();
        for saved in dir.load_all() {
            match saved.and_then(|saved| self.restore_one(saved)) {
                Ok(()) => restored += 1,
                Err(problem) => problems.push(problem),
            }
        }
        (restored, problems)
    }

    fn restore_one(&self, saved: SavedGame) -> Result<(), String> {
        let fail = |e: ApiError| format!("saved game {}: {}", saved.code, e.message);
        let spec: GameSpec = saved
            .record
            .spec
            .parse()
            .map_err(|e: crate::GameError| e.to_string())?;
        let requests: Vec<SeatRequest> = saved
            .seats
            .iter()
            .map(|s| SeatRequest {
                kind: s.kind,
                level: s.level.clone(),
            })
            .collect();
        let engine = saved.seats.iter().any(|s| s.kind == SeatKind::Engine);
        let mut game = build_game(
            &spec,
            &saved.record,
            engine,
            self.limits.engine_mib,
            &self.databases,
        )
        .map_err(fail)?;
        if let Some(dir) = &self.state_dir {
            let snapshot = dir.snapshot_path(&saved.code);
            if snapshot.exists() {
                // Refused snapshots are said, never a silent cold start: the game goes on
                // with a fresh engine.
                if let Err(error) = game.restore_engine(&snapshot) {
                    eprintln!("serve: game {}'s engine starts afresh: {error}", saved.code);
                }
            }
        }
        let mut seats: Vec<Seat> = read_seats(&requests, game.seat_count()).map_err(fail)?;
        for (seat, saved_seat) in seats.iter_mut().zip(&saved.seats) {
            seat.token = saved_seat.token.clone();
        }
        if saved.code.len() != 6 || !saved.code.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("saved game {:?}: not a game code", saved.code));
        }
        let slot = self.insert(Session {
            version: saved.version,
            resigned: saved.resigned,
            ..Session::new(saved.code.clone(), spec, seats, saved.ponder, game)
        });
        *slot.saved.lock().unwrap_or_else(|p| p.into_inner()) = saved.version;
        Ok(())
    }

    /// One driver step over every game: pondering granted to the most recently active
    /// games that want it, bots moved, thinking streamed, expired games dropped.
    pub fn drive(&self) {
        let slots: Vec<Arc<Slot>> = self.games.lock().values().cloned().collect();
        let mut wanting: Vec<(Instant, usize)> = Vec::new();
        for (index, slot) in slots.iter().enumerate() {
            let session = slot.session.lock();
            let human_to_move = session
                .game
                .to_move()
                .is_some_and(|s| session.seats.get(s).is_some_and(|seat| seat.bot.is_none()));
            if session.ponder && session.has_engine && human_to_move && !session.over() {
                wanting.push((session.last_active, index));
            }
        }
        wanting.sort_by_key(|&(at, _)| std::cmp::Reverse(at));
        let mut granted = vec![false; slots.len()];
        for &(_, index) in wanting.iter().take(self.limits.max_pondering) {
            granted[index] = true;
        }
        let mut expired = Vec::new();
        for (slot, &ponder) in slots.iter().zip(&granted) {
            if self.drive_one(slot, ponder) {
                expired.push(slot.session.lock().code.clone());
            }
        }
        for code in expired {
            self.remove(&code);
        }
    }

    /// Drives one game; whether it expired.
    fn drive_one(&self, slot: &Arc<Slot>, ponder: bool) -> bool {
        let mut session = slot.session.lock();
        let bots = session.bots();
        let resigned = session.resigned;
        let driven = session.game.drive(&Drive {
            bots: &bots,
            ponder,
            slots: &self.slots,
            hard_time: self.limits.hard_time,
            resigned,
        });
        let watched =
            session.seats.iter().any(|s| s.connected > 0) || slot.notices.receiver_count() > 0;
        if watched {
            session.last_active = session
                .last_active
                .max(Instant::now() - Duration::from_secs(1));
        }
        let idle = session.last_active.elapsed();
        let expired = idle >= self.limits.idle_expiry
            || (session.over() && idle >= self.limits.finished_expiry);
        if driven.changed {
            session.version += 1;
        }
        let due = session
            .thinking_sent
            .is_none_or(|t| t.elapsed() >= self.limits.thinking_every);
        let fresh = session
            .game
            .thinking()
            .filter(|t| session.last_thinking.as_ref() != Some(t));
        let thinking = if due { fresh } else { None };
        if thinking.is_some() {
            session.thinking_sent = Some(Instant::now());
            session.last_thinking = thinking.clone();
        }
        drop(session);
        let messages: Vec<Arc<str>> = driven.messages.iter().map(message_text).collect();
        if driven.changed {
            self.changed(slot, &messages);
        } else {
            for message in messages {
                let _ = slot.notices.send(Notice::Message(message));
            }
        }
        if let Some(thinking) = thinking {
            let _ = slot
                .notices
                .send(Notice::Message(message_text(&WsMessage::Thinking(
                    thinking,
                ))));
        }
        expired
    }
}

/// A message as JSON text.
pub fn message_text(message: &WsMessage) -> Arc<str> {
    serde_json::to_string(message)
        .unwrap_or_else(|e| format!("{{\"type\":\"error\",\"message\":\"{e}\"}}"))
        .into()
}

/// Writes the game to `dir` unless a later version is there already, and asks its
/// engine for a snapshot: the game's code and the snapshot's answer, if it has one.
fn save(dir: &StateDir, slot: &Arc<Slot>) -> Option<(String, SnapshotAnswer)> {
    let (saved, snapshot) = {
        let session = slot.session.lock();
        let snapshot = session
            .game
            .request_snapshot(&dir.snapshot_path(&session.code));
        (session.saved(), snapshot)
    };
    let mut written = slot.saved.lock().unwrap_or_else(|p| p.into_inner());
    if saved.version > *written {
        if let Err(error) = dir.save(&saved) {
            eprintln!("serve: cannot save game {}: {error}", saved.code);
        }
        *written = saved.version;
    }
    snapshot.map(|answer| (saved.code, answer))
}
