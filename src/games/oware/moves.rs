//! Oware moves: the mover's relative house index.

use super::errors;
use crate::games::{GameError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An Oware move: the index of the mover's house to sow, `0..H`, relative to the mover and in
/// sowing order (house 0 is the first house after the opponent's row, house `H - 1` the one
/// sown into the opponent's row first). This is OpenSpiel's `oware` action number.
///
/// It prints and serializes as the bare index (`3`). For display next to a board,
/// [`OwareMove::letter`] names it `a`, `b`, ... for the first player and `A`, `B`, ... for
/// the second; [`crate::Game::parse_move`] reads both forms.
///
/// ```
/// use ponder::games::oware::OwareMove;
/// use ponder::Seat;
/// let mv = OwareMove::new(2);
/// assert_eq!(mv.to_string(), "2");
/// assert_eq!(mv.letter(Seat::FIRST), 'c');
/// assert_eq!(mv.letter(Seat::SECOND), 'C');
/// assert_eq!(serde_json::to_string(&mv).unwrap(), "2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OwareMove(u8);

impl OwareMove {
    /// The move that sows the mover's house `index` (relative, `0..H`).
    #[inline]
    pub const fn new(index: u8) -> OwareMove {
        OwareMove(index)
    }

    /// The relative house index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The house's letter when `mover` plays it: `a`.. for the first player, `A`.. for the
    /// second (`?` past the alphabet, which no valid configuration reaches).
    pub fn letter(self, mover: Seat) -> char {
        let base = if mover == Seat::FIRST { b'a' } else { b'A' };
        if self.0 < 26 {
            char::from(base + self.0)
        } else {
            '?'
        }
    }

    /// Reads a move for `mover` on a board of `houses` houses a side: a relative index
    /// (`0`..) or a letter of the mover's case (`a`.. for the first player, `A`.. for the
    /// second). Legality is not checked here.
    pub fn parse(text: &str, mover: Seat, houses: usize) -> Result<OwareMove, GameError> {
        let trimmed = text.trim();
        let index = if let Ok(index) = trimmed.parse::<u64>() {
            index
        } else {
            let mut chars = trimmed.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(errors::move_syntax(
                    text,
                    format!(
                        "expected a house index 0..{} or a letter (a.. for the first player, \
                         A.. for the second)",
                        houses.saturating_sub(1)
                    ),
                ));
            };
            if !c.is_ascii_alphabetic() {
                return Err(errors::move_syntax(
                    text,
                    "expected a house index or a house letter",
                ));
            }
            let index = u64::from(c.to_ascii_lowercase() as u8 - b'a');
            let owner = if c.is_ascii_lowercase() {
                Seat::FIRST
            } else {
                Seat::SECOND
            };
            if index < houses as u64 && owner != mover {
                return Err(errors::move_syntax(
                    text,
                    format!(
                        "{c:?} names a house of the {owner} player, but the {mover} player is \
                         to move (the first player's houses are a.., the second's A..)"
                    ),
                ));
            }
            index
        };
        if index >= houses as u64 {
            return Err(errors::move_syntax(
                text,
                format!(
                    "house {index} does not exist: a side has {houses} houses (0..{})",
                    houses - 1
                ),
            ));
        }
        Ok(OwareMove(index as u8))
    }
}

impl fmt::Display for OwareMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
