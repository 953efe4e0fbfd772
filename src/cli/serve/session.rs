//! [`Session`]: one server game: its seats and their secret tokens, its version, its
//! watchers' channel, and its rules and engine ([`LiveGame`]). Every request's checks live
//! here: who may move, join, undo, resign.

use super::bots::BotLevel;
use super::error::ApiError;
use super::live::{Live, LiveGame};
use super::persist::{SavedGame, SavedSeat};
use super::types::{GameRecordJson, SeatKind, SeatRequest, SeatState, State};
use crate::games::GameSpec;
use rand::Rng;
use std::time::Instant;

/// One seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// Who sits there.
    pub kind: SeatKind,
    /// A bot's level.
    pub bot: Option<BotLevel>,
    /// The token that holds it (people only).
    pub token: Option<String>,
    /// Open WebSockets of its token.
    pub connected: u32,
}

/// One server game.
pub struct Session {
    /// Its code.
    pub code: String,
    /// Its game spec.
    pub spec: GameSpec,
    /// The seats.
    pub seats: Vec<Seat>,
    /// Bumped on every change.
    pub version: u64,
    /// Whether bots ponder.
    pub ponder: bool,
    /// The seat that resigned.
    pub resigned: Option<usize>,
    /// The last request that touched it (or a watcher's presence).
    pub last_active: Instant,
    /// When the last thinking went to the watchers.
    pub thinking_sent: Option<Instant>,
    /// The last thinking sent.
    pub last_thinking: Option<super::types::Thinking>,
    /// Whether it owns an engine.
    pub has_engine: bool,
    /// The rules and the engine.
    pub game: Box<dyn LiveGame>,
}

/// A fresh secret: 128 random bits from the thread's cryptographic generator, in hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The letters of game codes (no 0/O, 1/I/L).
const CODE_LETTERS: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// A fresh game code of six letters.
pub fn new_code() -> String {
    let mut rng = rand::rng();
    (0..6)
        .map(|_| CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())] as char)
        .collect()
}

/// Compares secrets in time independent of where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Builds the rules and engine of `record` (an engine only if a seat is an engine bot), its
/// searches consulting the game's databases and book on `databases` (Ataxx with a `players`
/// parameter is the multi-seat game, `AtaxxSeats`, which has neither).
pub fn build_game(
    spec: &GameSpec,
    record: &GameRecordJson,
    engine: bool,
    engine_mib: usize,
    databases: &super::DatabaseShelf,
) -> Result<Box<dyn LiveGame>, ApiError> {
    let position = record.position.as_deref();
    let built: Result<Box<dyn LiveGame>, ApiError> = crate::cli::with_seats_or_game!(spec, G => {
        let config = <G as crate::Game>::config_from_spec(spec).map_err(|e| ApiError::bad(e.to_string()))?;
        let knowing = (databases.for_game::<G>(), databases.book_for::<G>(&config));
        Live::<G>::new(spec, position, engine, engine_mib, knowing)
            .map(|l| Box::new(l) as _)
            .map_err(ApiError::bad)
    });
    let mut game = built?;
    for (index, mv) in record.moves.iter().enumerate() {
        game.play(mv)
            .map_err(|e| ApiError::bad(format!("moves: ply {}: {e}", index + 1)))?;
    }
    Ok(game)
}

/// Reads the seat requests against a game of `count` seats.
pub fn read_seats(requests: &[SeatRequest], count: usize) -> Result<Vec<Seat>, ApiError> {
    if requests.len() != count {
        return Err(ApiError::bad(format!(
            "seats: {} given for a game of {count} seats",
            requests.len()
        )));
    }
    requests
        .iter()
        .map(|request| {
            let bot = match request.kind {
                SeatKind::Engine => {
                    Some(BotLevel::parse(request.level.as_deref()).map_err(ApiError::bad)?)
                }
                _ => None,
            };
            Ok(Seat {
                kind: request.kind,
                bot,
                token: None,
                connected: 0,
            })
        })
        .collect()
}

impl Session {
    /// A game at its first version, nobody resigned, active now; it owns an engine when a seat
    /// is an engine bot.
    pub fn new(
        code: String,
        spec: GameSpec,
        seats: Vec<Seat>,
        ponder: bool,
        game: Box<dyn LiveGame>,
    ) -> Session {
        let has_engine = seats.iter().any(|seat| seat.kind == SeatKind::Engine);
        Session {
            code,
            spec,
            seats,
            version: 1,
            ponder,
            resigned: None,
            last_active: Instant::now(),
            thinking_sent: None,
            last_thinking: None,
            has_engine,
            game,
        }
    }

    /// Each seat's bot level.
    pub fn bots(&self) -> Vec<Option<BotLevel>> {
        self.seats.iter().map(|s| s.bot).collect()
    }

    /// The seats `token` holds.
    pub fn seats_of(&self, token: Option<&str>) -> Vec<usize> {
        let Some(token) = token else {
            return Vec::new();
        };
        (0..self.seats.len())
            .filter(|&i| {
                self.seats[i]
                    .token
                    .as_deref()
                    .is_some_and(|t| same_secret(t, token))
            })
            .collect()
    }

    /// Whether the game is over (by the rules or a resignation).
    pub fn over(&self) -> bool {
        self.resigned.is_some() || self.game.to_move().is_none()
    }

    /// The `state` as `token` sees it.
    pub fn state(&self, token: Option<&str>) -> State {
        State {
            code: Some(self.code.clone()),
            spec: self.spec.to_string(),
            seats: self
                .seats
                .iter()
                .map(|seat| SeatState {
                    kind: seat.kind,
                    level: seat.bot.map(BotLevel::name),
                    taken: seat.token.is_some(),
                    connected: seat.connected > 0,
                })
                .collect(),
            you: self.seats_of(token),
            version: self.version,
            ponder: self.ponder,
            thinking: self.game.thinking(),
            position: self.game.position(self.resigned),
        }
    }

    /// A change: the version moves on.
    pub fn touch(&mut self) {
        self.version += 1;
        self.last_active = Instant::now();
    }

    /// A person's move with `token`.
    pub fn play(&mut self, token: &str, mv: &str) -> Result<(), ApiError> {
        let held = self.seats_of(Some(token));
        if held.is_empty() {
            return Err(ApiError::forbidden("this token holds no seat of this game"));
        }
        if self.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        match self.game.to_move() {
            Some(seat) if held.contains(&seat) => {}
            Some(seat) => {
                return Err(ApiError::forbidden(format!(
                    "seat {} is to move, not a seat of this token",
                    seat + 1
                )));
            }
            None => return Err(ApiError::conflict("the game is over")),
        }
        self.game.play(mv).map_err(ApiError::bad)?;
        self.touch();
        Ok(())
    }

    /// Takes moves back to the last position where a seat of `token` was to move.
    pub fn undo(&mut self, token: &str) -> Result<(), ApiError> {
        let held = self.seats_of(Some(token));
        if held.is_empty() {
            return Err(ApiError::forbidden("this token holds no seat of this game"));
        }
        if self
            .seats
            .iter()
            .any(|s| s.token.is_some() && self.seats_of(s.token.as_deref()) != held)
        {
            return Err(ApiError::conflict(
                "undo needs every person's agreement: people with different tokens play here",
            ));
        }
        if self.resigned.take().is_some() {
            self.touch();
            return Ok(());
        }
        self.game.undo().map_err(ApiError::conflict)?;
        while self.game.ply() > 0 && !self.game.to_move().is_some_and(|s| held.contains(&s)) {
            self.game.undo().map_err(ApiError::conflict)?;
        }
        self.touch();
        Ok(())
    }

    /// `token`'s seat (the one to move, if it holds several) resigns.
    pub fn resign(&mut self, token: &str) -> Result<(), ApiError> {
        let held = self.seats_of(Some(token));
        let Some(&first) = held.first() else {
            return Err(ApiError::forbidden("this token holds no seat of this game"));
        };
        if self.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let seat = self
            .game
            .to_move()
            .filter(|s| held.contains(s))
            .unwrap_or(first);
        self.resigned = Some(seat);
        self.touch();
        Ok(())
    }

    /// Takes an open remote seat (`seat`, or the first open one): its new token.
    pub fn join(&mut self, seat: Option<usize>) -> Result<(usize, String), ApiError> {
        let open = |s: &Seat| s.kind == SeatKind::Remote && s.token.is_none();
        let seat = match seat {
            Some(seat) => match self.seats.get(seat) {
                Some(s) if open(s) => seat,
                Some(_) => return Err(ApiError::conflict(format!("seat {seat} is not open"))),
                None => return Err(ApiError::bad(format!("no seat {seat}"))),
            },
            None => self
                .seats
                .iter()
                .position(open)
                .ok_or_else(|| ApiError::conflict("no open seat: watch as a spectator"))?,
        };
        let token = new_token();
        self.seats[seat].token = Some(token.clone());
        self.touch();
        Ok((seat, token))
    }

    /// What is saved of it.
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            code: self.code.clone(),
            record: self.game.record(&self.spec),
            seats: self
                .seats
                .iter()
                .map(|s| SavedSeat {
                    kind: s.kind,
                    level: s.bot.map(BotLevel::name),
                    token: s.token.clone(),
                })
                .collect(),
            ponder: self.ponder,
            resigned: self.resigned,
            version: self.version,
        }
    }
}
