//! A game with its history: start position, moves, and every position since.

use super::{Game, GameError, Outcome};
use serde::{Deserialize, Serialize};

/// A game record: a start position and the moves played from it, with every position kept so
/// that moves can be undone back to the start and repetitions are seen.
///
/// This is what front ends hold; the search works on bare positions plus its own key history.
///
/// ```
/// use ponder::{Game, GameRecord, Kalah};
/// let mut record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// let mv = record.current().parse_move("2").unwrap();
/// record.try_play(mv).unwrap();
/// assert_eq!(record.moves().len(), 1);
/// record.undo().unwrap();
/// assert_eq!(record.current(), record.start());
/// ```
///
/// It serializes as its start position and moves; deserializing replays and checks them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "", try_from = "RecordFile<G>", into = "RecordFile<G>")]
pub struct GameRecord<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameRecord<G> {
    /// The record of `position`, written in the game's notation and read by
    /// [`Game::parse_position`] (a start position and the moves from it), or, given none, of
    /// `config`'s start position ([`Game::start`]).
    ///
    /// ```
    /// use ponder::{GameRecord, Kalah};
    /// let config = Default::default();
    /// let start = GameRecord::<Kalah>::of(&config, None).unwrap();
    /// assert_eq!(start.moves().len(), 0);
    /// assert!(GameRecord::<Kalah>::of(&config, Some("not a position")).is_err());
    /// ```
    pub fn of(config: &G::Config, position: Option<&str>) -> Result<GameRecord<G>, GameError> {
        match position {
            Some(text) => G::parse_position(config, text),
            None => Ok(GameRecord::new(G::start(config)?)),
        }
    }

    /// A record that starts at `start` with no moves played.
    pub fn new(start: G) -> GameRecord<G> {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// Replays `moves` from `start`, checking each; the error names the failing ply (1-based).
    pub fn from_moves(
        start: G,
        moves: impl IntoIterator<Item = G::Move>,
    ) -> Result<GameRecord<G>, GameError> {
        let mut record = GameRecord::new(start);
        for (index, mv) in moves.into_iter().enumerate() {
            record.try_play(mv).map_err(|e| e.at("ply", index + 1))?;
        }
        Ok(record)
    }

    /// The start position.
    pub fn start(&self) -> G {
        self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> G {
        self.positions[self.positions.len() - 1]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position from the start to the current one (one more than the moves).
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Whether the current position repeats an earlier one since the last irreversible move,
    /// for games whose rules end on repetition.
    pub fn is_repetition(&self) -> bool {
        if !G::REPETITION_ENDS_GAME {
            return false;
        }
        let current = self.current();
        let key = current.key();
        let mut later = current;
        for earlier in self.positions.iter().rev().skip(1) {
            if later.resets_repetition(earlier) {
                return false;
            }
            if earlier.key() == key {
                return true;
            }
            later = *earlier;
        }
        false
    }

    /// The result if the game is over (by the position or by repetition), else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        let current = self.current();
        current
            .outcome()
            .or_else(|| self.is_repetition().then(|| current.repetition_outcome()))
    }

    /// Each seat's score now ([`Game::scores`]), or the final scores of a game that just ended
    /// by repetition ([`Game::repetition_scores`]).
    pub fn scores(&self) -> [u32; 2] {
        let current = self.current();
        if current.outcome().is_none() && self.is_repetition() {
            current.repetition_scores()
        } else {
            current.scores()
        }
    }

    /// Clears `moves` and writes the legal moves of the current position (none when over).
    pub fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        if self.is_repetition() {
            moves.clear();
        } else {
            self.current().legal_moves(moves);
        }
    }

    /// Plays `mv` after checking it; on error nothing changes.
    pub fn try_play(&mut self, mv: G::Move) -> Result<(), GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        let next = self.current().try_play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads a move in the game's notation and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        let mv = self.current().parse_move(text)?;
        self.try_play(mv)?;
        Ok(mv)
    }

    /// Plays a whitespace-separated list of moves; the error names the failing ply (1-based)
    /// and leaves the record as it was before the call.
    pub fn play_all_text(&mut self, text: &str) -> Result<(), GameError> {
        let saved = self.moves.len();
        for (index, word) in text.split_whitespace().enumerate() {
            if let Err(e) = self.play_text(word) {
                while self.moves.len() > saved {
                    self.moves.pop();
                    self.positions.pop();
                }
                return Err(e.at("ply", index + 1));
            }
        }
        Ok(())
    }

    /// Takes back the last move and returns it.
    pub fn undo(&mut self) -> Result<G::Move, GameError> {
        let mv = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.positions.pop();
        Ok(mv)
    }
}

/// The serialized form of a [`GameRecord`]: what a saved game holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
struct RecordFile<G: Game> {
    start: G,
    moves: Vec<G::Move>,
}

impl<G: Game> TryFrom<RecordFile<G>> for GameRecord<G> {
    type Error = GameError;

    fn try_from(file: RecordFile<G>) -> Result<Self, GameError> {
        GameRecord::from_moves(file.start, file.moves)
    }
}

impl<G: Game> From<GameRecord<G>> for RecordFile<G> {
    fn from(record: GameRecord<G>) -> RecordFile<G> {
        RecordFile {
            start: record.start(),
            moves: record.moves,
        }
    }
}
