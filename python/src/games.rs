//! The games Python can play: one enum over ponder's games (the one place that lists them),
//! and `Position`, a game record as a Python value.

use crate::errors::game_error;
use ponder::search::Evaluators;
use ponder::{Ataxx, Game, GameError, GameRecord, GameSpec, Kalah, Outcome, Oware, with_game};
use pyo3::prelude::*;

/// A kind of value that exists for each game (a record, an engine): [`ByGame`] holds one of
/// them for whichever game Python chose.
pub trait Family {
    /// The value for game `G`.
    type Of<G: PyGame>;
}

/// A value of family `F` for one of the games.
pub enum ByGame<F: Family> {
    /// Kalah.
    Kalah(F::Of<Kalah>),
    /// Oware.
    Oware(F::Of<Oware>),
    /// Ataxx.
    Ataxx(F::Of<Ataxx>),
}

/// Runs `$body` with `$value` bound to the value inside a [`ByGame`] (whichever game it is):
/// the body is generic code, compiled once per game.
macro_rules! by_game {
    ($any:expr, $value:ident => $body:expr) => {
        match $any {
            $crate::games::ByGame::Kalah($value) => $body,
            $crate::games::ByGame::Oware($value) => $body,
            $crate::games::ByGame::Ataxx($value) => $body,
        }
    };
}
pub(crate) use by_game;

/// A game Python can play: how its values go into [`ByGame`], and what the classroom's
/// heuristics see of its positions.
pub trait PyGame: Evaluators {
    /// `value` as the [`ByGame`] variant of this game.
    fn wrap<F: Family>(value: F::Of<Self>) -> ByGame<F>;

    /// The classroom's view of a position (its `Board`), for games the course plays.
    fn classroom_view() -> Option<fn(Python<'_>, &Self) -> PyResult<PyObject>> {
        None
    }
}

impl PyGame for Kalah {
    fn wrap<F: Family>(value: F::Of<Self>) -> ByGame<F> {
        ByGame::Kalah(value)
    }

    fn classroom_view() -> Option<fn(Python<'_>, &Self) -> PyResult<PyObject>> {
        Some(crate::evaluator::classroom_board)
    }
}

impl PyGame for Oware {
    fn wrap<F: Family>(value: F::Of<Self>) -> ByGame<F> {
        ByGame::Oware(value)
    }
}

impl PyGame for Ataxx {
    fn wrap<F: Family>(value: F::Of<Self>) -> ByGame<F> {
        ByGame::Ataxx(value)
    }
}

/// The game records family.
pub struct Records;

impl Family for Records {
    type Of<G: PyGame> = GameRecord<G>;
}

/// A game record of any game.
pub type AnyRecord = ByGame<Records>;

impl Clone for AnyRecord {
    fn clone(&self) -> AnyRecord {
        by_game!(self, record => wrap_record(record.clone()))
    }
}

/// `record` as an [`AnyRecord`].
pub fn wrap_record<G: PyGame>(record: GameRecord<G>) -> AnyRecord {
    G::wrap::<Records>(record)
}

/// The game of `spec` (`kalah`, `oware:houses=4`, `ataxx`, ...) at `position`, in the game's
/// notation (a Kalah trace or board array, an Oware position, an Ataxx FEN); `None` or blank
/// for the start.
pub fn new_record(spec: &str, position: Option<&str>) -> Result<AnyRecord, GameError> {
    let spec: GameSpec = spec.parse()?;
    with_game!(spec, G => record_at::<G>(&spec, position))
}

fn record_at<G: PyGame>(spec: &GameSpec, position: Option<&str>) -> Result<AnyRecord, GameError> {
    let config = G::config_from_spec(spec)?;
    let record = match position.map(str::trim) {
        Some(text) if !text.is_empty() => G::parse_position(&config, text)?,
        _ => GameRecord::new(G::start(&config)?),
    };
    Ok(wrap_record(record))
}

/// A move as Python gives it: its notation, or a number (a Kalah pit, an Oware house).
#[derive(FromPyObject)]
pub enum MoveArg {
    /// The move's notation.
    Text(String),
    /// A number, read as its decimal notation.
    Number(i64),
}

impl MoveArg {
    /// The move's notation.
    pub fn text(&self) -> String {
        match self {
            MoveArg::Text(text) => text.clone(),
            MoveArg::Number(number) => number.to_string(),
        }
    }

    /// The move in `record`'s current position, checked (the game not over, the move legal).
    pub fn parse<G: Game>(&self, record: &GameRecord<G>) -> PyResult<G::Move> {
        if record.outcome().is_some() {
            return Err(game_error(GameError::GameOver));
        }
        record
            .current()
            .parse_move(&self.text())
            .map_err(game_error)
    }
}

/// The notation of each move.
pub fn move_texts<M: std::fmt::Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(M::to_string).collect()
}

/// A position of one of ponder's games, with the moves that led to it (Oware's repetition
/// rule sees them). Immutable: `play` returns a new position.
#[pyclass(module = "ponder._ponder", name = "Position", frozen)]
#[derive(Clone)]
pub struct Position {
    pub record: AnyRecord,
}

#[pymethods]
impl Position {
    /// The game `game` (a game spec: `kalah`, `oware`, `ataxx`, `kalah:pits=4`, ...) at
    /// `position` in the game's notation (`None`: the start).
    #[new]
    #[pyo3(signature = (game = "kalah", position = None))]
    fn py_new(game: &str, position: Option<&str>) -> PyResult<Position> {
        Ok(Position {
            record: new_record(game, position).map_err(game_error)?,
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        by_game!(&self.record, record => game_name(record))
    }

    /// The legal moves, in the game's notation and natural order (empty once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        by_game!(&self.record, record => {
            let mut moves = Vec::new();
            if record.outcome().is_none() {
                record.legal_moves(&mut moves);
            }
            move_texts(&moves)
        })
    }

    /// The position after `move` (its notation, or a number); `ValueError` when illegal.
    fn play(&self, r#move: MoveArg) -> PyResult<Position> {
        by_game!(&self.record, record => {
            let mv = r#move.parse(record)?;
            let mut next = record.clone();
            next.try_play(mv).map_err(game_error)?;
            Ok(Position { record: wrap_record(next) })
        })
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        by_game!(&self.record, record => record.outcome().map(PyOutcome::from))
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        by_game!(&self.record, record => record.outcome().is_some())
    }

    /// The exact key of the position as an integer: equal exactly for equal positions of one
    /// configuration.
    fn key(&self) -> u128 {
        by_game!(&self.record, record => record.current().key().to_u128())
    }

    /// The seat to move: 0 (the first player) or 1.
    #[getter]
    fn side_to_move(&self) -> usize {
        by_game!(&self.record, record => record.current().side_to_move().index())
    }

    /// Each seat's score (seeds captured, stones on the board).
    fn scores(&self) -> (u32, u32) {
        by_game!(&self.record, record => {
            let [first, second] = record.current().scores();
            (first, second)
        })
    }

    /// The moves from the start to here.
    #[getter]
    fn moves(&self) -> Vec<String> {
        by_game!(&self.record, record => move_texts(record.moves()))
    }

    /// The position in the game's notation (what `Position(game, text)` reads back).
    fn text(&self) -> String {
        by_game!(&self.record, record => record.current().position_text())
    }

    fn __str__(&self) -> String {
        by_game!(&self.record, record => format!("{:#}", record.current()))
    }

    fn __repr__(&self) -> String {
        by_game!(&self.record, record => format!(
            "Position({:?}, {:?})",
            game_name(record),
            record.current().position_text()
        ))
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.game() == other.game() && self.key() == other.key()
    }

    fn __hash__(&self) -> u64 {
        by_game!(&self.record, record => record.current().key().hash64())
    }
}

fn game_name<G: Game>(_: &GameRecord<G>) -> &'static str {
    G::NAME
}

/// How a game ended.
#[pyclass(module = "ponder._ponder", name = "Outcome", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyOutcome {
    /// The winning seat (0 or 1), `None` for a draw.
    #[pyo3(get)]
    winner: Option<usize>,
    /// The first seat's final score minus the second's.
    #[pyo3(get)]
    margin: i32,
}

impl From<Outcome> for PyOutcome {
    fn from(outcome: Outcome) -> PyOutcome {
        PyOutcome {
            winner: outcome.winner().map(|seat| seat.index()),
            margin: outcome.margin(),
        }
    }
}

#[pymethods]
impl PyOutcome {
    fn __repr__(&self) -> String {
        match self.winner {
            Some(seat) => format!("Outcome(winner={seat}, margin={})", self.margin),
            None => format!("Outcome(winner=None, margin={})", self.margin),
        }
    }
}
