//! Kalah notation: the classroom board array and trace strings.

use super::config::KalahConfig;
use super::position::{Kalah, KalahMove};
use crate::games::{BoardParts, GameError, GameRecord, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The board array of the classroom spec: the first player's m pits, their store, the second
/// player's m pits, their store, and the side to move (0 or 1): 2m + 3 numbers.
///
/// ```
/// use ponder::games::kalah::{board_array, Kalah};
/// let start = Kalah::new(Default::default());
/// assert_eq!(board_array(&start), vec![4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0, 0]);
/// ```
pub fn board_array(position: &Kalah) -> Vec<u32> {
    let m = position.kalah_config().pits();
    let mut array: Vec<u32> = position.cells[..2 * m + 2]
        .iter()
        .map(|&c| u32::from(c))
        .collect();
    array.push(position.side().index() as u32);
    array
}

/// The board array as text: `4,4,4,4,4,4,0,4,4,4,4,4,4,0,0`.
pub fn board_array_text(position: &Kalah) -> String {
    board_array(position)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a board array (2m + 3 numbers); the error says which entry is wrong.
pub fn from_board_array(config: KalahConfig, array: &[u32]) -> Result<Kalah, GameError> {
    let m = config.pits();
    if array.len() != 2 * m + 3 {
        return Err(GameError::Position(format!(
            "a board array for {m} pits has {} numbers (pits, store, pits, store, turn), got {}",
            2 * m + 3,
            array.len()
        )));
    }
    let mut cells = [0u8; 2 * super::config::MAX_PITS + 2];
    for (index, &value) in array[..2 * m + 2].iter().enumerate() {
        if value > config.total_seeds() as u32 {
            return Err(GameError::Position(format!(
                "board array entry {index}: {value} seeds is more than the {} in play",
                config.total_seeds()
            )));
        }
        cells[index] = value as u8;
    }
    let side = match array[2 * m + 2] {
        0 => Seat::FIRST,
        1 => Seat::SECOND,
        other => {
            return Err(GameError::Position(format!(
                "board array entry {}: the turn is {other}, expected 0 or 1",
                2 * m + 2
            )));
        }
    };
    let parts = BoardParts {
        rows: [&cells[..m], &cells[m + 1..2 * m + 1]],
        banked: [cells[m], cells[2 * m + 1]].map(u32::from),
        to_move: side,
    };
    Kalah::from_parts(config, parts)
}

/// Reads a trace: one character per move, each the mover's relative pit (`0`-`9`), played
/// from the start. The error names the character (1-based) and why, e.g.
/// "trace character 7: illegal move 4: pit 4 is empty".
pub fn parse_trace(config: KalahConfig, trace: &str) -> Result<GameRecord<Kalah>, GameError> {
    let mut record = GameRecord::new(Kalah::new(config));
    for (index, ch) in trace.trim().chars().enumerate() {
        let mv =
            trace_move(&record.current(), ch).map_err(|e| e.at("trace character", index + 1))?;
        record
            .try_play(mv)
            .map_err(|e| e.at("trace character", index + 1))?;
    }
    Ok(record)
}

/// The move a trace character stands for in `position`, checked.
fn trace_move(position: &Kalah, ch: char) -> Result<KalahMove, GameError> {
    let Some(pit) = ch.to_digit(10) else {
        return Err(GameError::MoveSyntax {
            text: ch.to_string(),
            reason: "a trace holds one digit per move".into(),
        });
    };
    match position.why_not(pit as usize) {
        None => Ok(KalahMove::new(pit as u8)),
        Some(reason) => Err(GameError::IllegalMove {
            mv: pit.to_string(),
            reason,
        }),
    }
}

/// Writes a record's moves as a trace string.
pub fn trace_string(moves: &[KalahMove]) -> String {
    moves.iter().map(|mv| mv.to_string()).collect()
}

/// Reads a position: a board array (numbers separated by commas or spaces, brackets
/// optional) or a trace (digits only; empty for the start).
pub fn parse_position(config: KalahConfig, text: &str) -> Result<GameRecord<Kalah>, GameError> {
    let text = text.trim();
    let is_array = text.contains(|c: char| c == ',' || c == '[' || c.is_whitespace());
    if !is_array {
        if config.pits() > 10 {
            return Err(GameError::Position("traces need at most 10 pits".into()));
        }
        return parse_trace(config, text);
    }
    let inner = text.trim_start_matches('[').trim_end_matches(']');
    let mut numbers = Vec::new();
    for (index, word) in inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let value = word.parse::<u32>().map_err(|_| {
            GameError::Position(format!(
                "board array entry {index}: {word:?} is not a count"
            ))
        })?;
        numbers.push(value);
    }
    Ok(GameRecord::new(from_board_array(config, &numbers)?))
}

/// The serialized form of a position: configuration, board array and side to move, checked
/// when read.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct PositionFile {
    config: KalahConfig,
    board: Vec<u32>,
}

impl TryFrom<PositionFile> for Kalah {
    type Error = GameError;
    fn try_from(file: PositionFile) -> Result<Kalah, GameError> {
        from_board_array(file.config, &file.board)
    }
}

impl From<Kalah> for PositionFile {
    fn from(position: Kalah) -> PositionFile {
        PositionFile {
            config: position.kalah_config(),
            board: board_array(&position),
        }
    }
}

impl Serialize for Kalah {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionFile::from(*self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Kalah {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kalah, D::Error> {
        let file = PositionFile::deserialize(deserializer)?;
        Kalah::try_from(file).map_err(serde::de::Error::custom)
    }
}

impl fmt::Debug for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kalah({} {})", self.config, board_array_text(self))
    }
}
