//! Typed errors for Ataxx input: FEN text, move text and wall masks.
//!
//! Each converts into the shared [`GameError`] (FEN errors as [`GameError::Position`], move
//! text errors as [`GameError::MoveSyntax`], wall errors as [`GameError::Spec`]), keeping its
//! message.

use crate::games::GameError;
use thiserror::Error;

/// What is wrong with the layout of a FEN-like position, whatever its seats: its fields, the
/// board's ranks and the fullmove number. Both notations (the two-player FEN and the
/// multi-seat notation) read the layout the same way and report it with this.
///
/// Ranks are named as on the board (rank 7 is the first one written).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// Nothing but white space.
    #[error(
        "empty FEN: expected a board such as x5o/7/7/7/7/7/o5x, then the side to move, halfmove clock and fullmove number"
    )]
    Empty,
    /// More than the four fields.
    #[error(
        "{found} fields, expected at most 4 (board, side to move, halfmove clock, fullmove number)"
    )]
    TooManyFields {
        /// Fields found.
        found: usize,
    },
    /// The board does not have 7 ranks separated by `/`.
    #[error("the board has {found} ranks, expected 7 separated by '/'")]
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A rank does not describe exactly 7 squares.
    #[error("rank {rank} has {files} files, expected 7")]
    RankWidth {
        /// The rank (1 to 7).
        rank: u8,
        /// Squares it describes.
        files: usize,
    },
    /// The fullmove number is not a whole number in range.
    #[error(
        "fullmove number {found:?}: expected a whole number from 0 to {}",
        u32::MAX
    )]
    BadFullmoveNumber {
        /// The field as written.
        found: String,
    },
}

/// What is wrong with a FEN such as `x5o/7/7/7/7/7/o5x x 0 1`.
///
/// Ranks are named as on the board (rank 7 is the first one written).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The fields or the board's ranks.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// A character that is not a stone, a blocker or a run of empty squares.
    #[error("rank {rank}: unexpected character {found:?} (expected x, o, '-' or a digit 1 to 7)")]
    BadCharacter {
        /// The rank (1 to 7).
        rank: u8,
        /// The character.
        found: char,
    },
    /// The side to move is neither `x` nor `o`.
    #[error("side to move {found:?}: expected x or o")]
    BadSide {
        /// The field as written.
        found: String,
    },
    /// The halfmove clock is not a whole number in range.
    #[error("halfmove clock {found:?}: expected a whole number from 0 to {max}")]
    BadHalfmoveClock {
        /// The field as written.
        found: String,
        /// The largest clock accepted.
        max: u16,
    },
}

impl From<FenError> for GameError {
    fn from(error: FenError) -> GameError {
        GameError::Position(error.to_string())
    }
}

/// What is wrong with a move written in UAI notation (`g2`, `a1a3`, `0000`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// Neither 2 nor 4 characters, nor `0000`.
    #[error("expected a square (g2), two squares (a1a3) or 0000 for a pass")]
    BadShape,
    /// A square name outside a1..g7.
    #[error("{found:?} is not a square (files a to g, ranks 1 to 7)")]
    BadSquare {
        /// The two characters that should name a square.
        found: String,
    },
    /// Both squares are the same.
    #[error("the source and the destination are the same square")]
    SameSquare,
    /// The destination is next to the source: a single move, written with its target only.
    #[error("a move to a neighbouring square is a single move: write it as {target}")]
    SingleAsDouble {
        /// The target square's name.
        target: String,
    },
    /// The destination is more than two squares away.
    #[error("the destination is more than two squares away")]
    TooFar,
}

/// What is wrong with a 16-bit wall mask.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WallsError {
    /// Bit 0 (a7, mirrored to g7, a1 and g1) is set: the stones start there.
    #[error("walls={mask}: bit 0 blocks a7, g7, a1 and g1, where the stones start")]
    BlocksCorner {
        /// The mask as written back (`0x....`).
        mask: String,
    },
    /// Not a 16-bit number.
    #[error("walls={found}: expected a 16-bit mask such as 0x7888")]
    NotAMask {
        /// The value as written.
        found: String,
    },
    /// The layout walls in the starting stones: the game would be over before it starts.
    #[error("walls={mask}: the starting stones are walled in, so neither side has a move")]
    NoMoves {
        /// The mask as written back (`0x....`).
        mask: String,
    },
}

impl From<WallsError> for GameError {
    fn from(error: WallsError) -> GameError {
        GameError::Spec(error.to_string())
    }
}
