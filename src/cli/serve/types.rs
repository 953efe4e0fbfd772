//! The JSON of the browser game's API (`docs/web-api.md`): request bodies (strict: unknown
//! fields are refused) and the answers' shapes.

use crate::games::BoardView;
use serde::{Deserialize, Serialize};

/// Who sits at a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the browser that created the game (its token comes back at creation).
    Human,
    /// A bot of the server's.
    Engine,
    /// An open seat another browser takes with `join`.
    Remote,
}

/// A seat as a create or load request asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// Who sits there.
    pub kind: SeatKind,
    /// A bot's level (`random`, `greedy`, `easy`, `medium`, `hard`); `medium` if absent.
    #[serde(default)]
    pub level: Option<String>,
}

/// `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game spec (`kalah`, `ataxx:walls=0x0000`).
    pub spec: String,
    /// A start position in the game's notation (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// One entry per seat.
    pub seats: Vec<SeatRequest>,
    /// Whether bots ponder while a human thinks (default on).
    #[serde(default = "yes")]
    pub ponder: bool,
}

fn yes() -> bool {
    true
}

/// A game's record: what `GET /api/games/<code>/record` answers and `load` takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecordJson {
    /// The game spec.
    pub spec: String,
    /// The start position, if not the game's start.
    #[serde(default)]
    pub position: Option<String>,
    /// The moves played from it.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// `POST /api/games/load`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadRequest {
    /// The record to continue.
    pub record: GameRecordJson,
    /// One entry per seat.
    pub seats: Vec<SeatRequest>,
    /// Whether bots ponder while a human thinks (default on).
    #[serde(default = "yes")]
    pub ponder: bool,
}

/// `POST /api/games/<code>/join`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat wanted (default: the first open one).
    #[serde(default)]
    pub seat: Option<usize>,
}

/// `POST /api/games/<code>/move`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The seat token.
    pub token: String,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `undo`, `resign` and `hint`: only the token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The seat token.
    pub token: String,
}

/// `POST /api/games/<code>/options`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionsRequest {
    /// The seat token.
    pub token: String,
    /// Pondering on or off.
    #[serde(default)]
    pub ponder: Option<bool>,
}

/// A seat in a `state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatState {
    /// Who sits there.
    pub kind: SeatKind,
    /// A bot's level.
    pub level: Option<String>,
    /// Whether a token holds the seat (humans, and remote seats once joined).
    pub taken: bool,
    /// Whether a WebSocket of the seat's token is open.
    pub connected: bool,
}

/// A legal move and the clicks that make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The cells clicked, in order.
    pub cells: Vec<String>,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultJson {
    /// Each seat's rank, 1 the best (equal ranks: a draw between them).
    pub ranks: Vec<u8>,
    /// Each seat's final score.
    pub scores: Vec<u32>,
    /// In words.
    pub text: String,
}

/// What the engine thinks, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Thinking {
    /// The bot's seat.
    pub seat: usize,
    /// Whether it ponders (a human is to move) rather than searches its own move.
    pub pondering: bool,
    /// The depth completed.
    pub depth: u32,
    /// The score for the bot's seat: `+3`, or `win by 4 in 9 plies` where exact.
    pub score: String,
    /// The line it expects.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
}

/// The game-dependent part of a `state`, made by each game's session.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Position {
    /// The game's name.
    pub game: &'static str,
    /// The seat to move (`None` when the game is over).
    pub to_move: Option<usize>,
    /// Moves played (since the start position).
    pub ply: usize,
    /// The moves played.
    pub moves: Vec<String>,
    /// The last move.
    pub last_move: Option<String>,
    /// The position in the game's notation.
    pub position: String,
    /// The board as the page draws it.
    pub board: BoardView,
    /// The legal moves and their clicks.
    pub legal: Vec<LegalMove>,
    /// Each seat's score now.
    pub scores: Vec<u32>,
    /// Whether the game is over.
    pub over: bool,
    /// How it ended.
    pub result: Option<ResultJson>,
}

/// `state`: everything the page draws.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The game's code (`None` for a preview).
    pub code: Option<String>,
    /// The game spec.
    pub spec: String,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// The seats the asking token holds.
    pub you: Vec<usize>,
    /// Bumped on every change.
    pub version: u64,
    /// Whether bots ponder.
    pub ponder: bool,
    /// The engine's latest thinking, if it thinks.
    pub thinking: Option<Thinking>,
    /// The position.
    #[serde(flatten)]
    pub position: Position,
}

/// A seat token as `create` and `join` hand it out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatToken {
    /// The seat.
    pub seat: usize,
    /// Its secret token.
    pub token: String,
}

/// `hint`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// The move suggested.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its score for the seat to move.
    pub score: String,
    /// The depth searched.
    pub depth: u32,
}

/// A WebSocket message from the server.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum WsMessage {
    /// The game changed.
    State {
        /// The new state.
        state: Box<State>,
    },
    /// What a bot thinks.
    Thinking(Thinking),
    /// A bot moved.
    Reply {
        /// The bot's seat.
        seat: usize,
        /// Its move.
        #[serde(rename = "move")]
        mv: String,
        /// Time from the position reaching the bot to its move, ms.
        reply_ms: u64,
        /// Whether the engine pondered while the human thought.
        pondered: bool,
        /// The depth the re-rooted tree already had after the human's move.
        kept_depth: u32,
    },
    /// Something went wrong.
    Error {
        /// What.
        message: String,
    },
}
