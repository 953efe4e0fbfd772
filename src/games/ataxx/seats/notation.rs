//! The position notation, FEN-like: `x5o/7/7/7/7/7/z5y x 0 1`.
//!
//! Ranks 7 down to 1, files a to g; the seats' stones are `x`, `o`, `y`, `z` (seats 1 to 4;
//! with two seats this is the two-player FEN), `-` a blocker, a digit 1 to 7 a run of empty
//! squares; then the seat to move, the halfmove clock (0 to 100) and the fullmove number,
//! separated by single spaces. The writer is canonical (one digit a run); the reader also takes
//! upper case letters, adjacent digits and missing trailing fields (seat `x`, clock 0, move
//! 1), and refuses stones of seats the configuration does not have and, while the game goes
//! on, a seat to move without stones.

use super::super::LayoutError;
use super::super::fen::{BoardFault, Piece, board_field, parse_number, read_board, split_fields};
use super::position::{SEAT_LETTERS, SEATS_HALFMOVE_LIMIT, seat_letter};
use super::{AtaxxSeats, SeatsConfig};
use crate::games::Seat;
use thiserror::Error;

/// What is wrong with multi-seat notation such as `x5o/7/7/7/7/7/z5y x 0 1`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatsNotationError {
    /// The fields, the board's ranks or the fullmove number, as in the two-player FEN.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// A character that is not a seat's stone, a blocker or a run of empty squares.
    #[error(
        "rank {rank}: unexpected character {found:?} (expected {letters}, '-' or a digit 1 to 7)"
    )]
    BadCharacter {
        /// The rank (1 to 7).
        rank: u8,
        /// The character.
        found: char,
        /// The letters of this configuration's seats.
        letters: String,
    },
    /// The seat to move is not one of the configuration's.
    #[error("seat to move {found:?}: expected one of {letters}")]
    BadSeat {
        /// The field as written.
        found: String,
        /// The letters of this configuration's seats.
        letters: String,
    },
    /// The seat to move has no stones while the game goes on.
    #[error("seat {letter} is to move but has no stones (a seat without stones is skipped)")]
    SeatOut {
        /// The seat's letter.
        letter: char,
    },
    /// The halfmove clock is not a whole number from 0 to 100.
    #[error("halfmove clock {found:?}: expected a whole number from 0 to {SEATS_HALFMOVE_LIMIT}")]
    BadHalfmoveClock {
        /// The field as written.
        found: String,
    },
}

impl From<SeatsNotationError> for crate::games::GameError {
    fn from(error: SeatsNotationError) -> Self {
        crate::games::GameError::Position(error.to_string())
    }
}

/// The letters of the first `players` seats, for messages: `x, o, y`.
fn letters(players: usize) -> String {
    SEAT_LETTERS[..players]
        .iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The seat a letter names among the first `players`.
fn seat_of(letter: char, players: usize) -> Option<usize> {
    let lower = letter.to_ascii_lowercase();
    SEAT_LETTERS[..players].iter().position(|&l| l == lower)
}

/// Reads a position of `config`'s seat count (its own blockers count).
pub fn parse(config: &SeatsConfig, text: &str) -> Result<AtaxxSeats, SeatsNotationError> {
    let players = config.players();
    let fields = split_fields(text)?;
    let (stones, blockers) = parse_board(fields.board, players)?;
    let seat_text = fields.side;
    let turn = seat_text
        .chars()
        .next()
        .filter(|_| seat_text.chars().count() == 1)
        .and_then(|c| seat_of(c, players))
        .ok_or_else(|| SeatsNotationError::BadSeat {
            found: seat_text.to_string(),
            letters: letters(players),
        })?;
    let halfmove = parse_number(fields.clock)
        .filter(|&n| n <= u64::from(SEATS_HALFMOVE_LIMIT))
        .ok_or_else(|| SeatsNotationError::BadHalfmoveClock {
            found: fields.clock.to_string(),
        })? as u8;
    let position = AtaxxSeats {
        stones,
        blockers,
        halfmove,
        turn: turn as u8,
        players: players as u8,
        fullmove: fields.fullmove,
    };
    if stones[turn] == 0 && position.ending().is_none() {
        return Err(SeatsNotationError::SeatOut {
            letter: SEAT_LETTERS[turn],
        });
    }
    Ok(position)
}

/// Reads the board field into each seat's stones and the blockers.
fn parse_board(board: &str, players: usize) -> Result<([u64; Seat::MAX], u64), SeatsNotationError> {
    let piece = |ch| match ch {
        '-' => Some(Piece::Blocker),
        _ => seat_of(ch, players).map(Piece::Stone),
    };
    read_board(board, piece).map_err(|fault| match fault {
        BoardFault::Layout(error) => SeatsNotationError::Layout(error),
        BoardFault::BadCharacter { rank, found } => SeatsNotationError::BadCharacter {
            rank,
            found,
            letters: letters(players),
        },
    })
}

/// Writes the canonical notation.
pub fn format(position: &AtaxxSeats) -> String {
    let mut text = board_field(
        |bit| match position.stones.iter().position(|&s| s & bit != 0) {
            Some(seat) => Some(SEAT_LETTERS[seat]),
            None => (position.blockers & bit != 0).then_some('-'),
        },
    );
    text.push_str(&format!(
        " {} {} {}",
        seat_letter(position.turn()),
        position.halfmove,
        position.fullmove
    ));
    text
}
