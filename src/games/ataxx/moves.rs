//! Ataxx moves and their UAI notation: `g2` (a single move, by its target), `a1a3` (a double
//! move, source then target), `0000` (a pass).

use super::bitboard::{DOUBLES, grow};
use super::{MoveTextError, Square};
use crate::games::{debug_as_display, serde_as_text};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The `from`/`to` value of a pass.
const PASS_INDEX: u8 = 0xFE;

/// What a move does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Clone a stone onto an empty square next to it.
    Single,
    /// Jump a stone to an empty square two steps away, emptying its square.
    Double,
    /// Pass: allowed only when the side to move has no other move.
    Pass,
}

/// An Ataxx move. Its `Display` and its serde form are the UAI notation (`"g2"`, `"a1a3"`,
/// `"0000"`); parsing and deserializing check the notation (square names, a double move's
/// distance of two), and [`crate::Game::parse_move`] also checks legality.
///
/// ```
/// use ponder::games::ataxx::{AtaxxMove, MoveKind};
/// let jump: AtaxxMove = "a1a3".parse().unwrap();
/// assert_eq!(jump.kind(), MoveKind::Double);
/// assert_eq!(jump.to_string(), "a1a3");
/// assert_eq!(serde_json::to_string(&jump).unwrap(), "\"a1a3\"");
/// assert!("a1a2".parse::<AtaxxMove>().is_err()); // a single move is written "a2"
/// assert_eq!("0000".parse::<AtaxxMove>().unwrap(), AtaxxMove::PASS);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AtaxxMove {
    /// The source square's index; equal to `to` for a single move and for a pass.
    pub(crate) from: u8,
    /// The target square's index, or `PASS_INDEX`.
    pub(crate) to: u8,
}

impl AtaxxMove {
    /// The pass, `0000`.
    pub const PASS: AtaxxMove = AtaxxMove {
        from: PASS_INDEX,
        to: PASS_INDEX,
    };

    /// The single move to `to`.
    #[inline]
    pub const fn single(to: Square) -> AtaxxMove {
        AtaxxMove {
            from: to.index() as u8,
            to: to.index() as u8,
        }
    }

    /// The double move from `from` to `to`, or `None` unless they are exactly two steps apart.
    pub const fn double(from: Square, to: Square) -> Option<AtaxxMove> {
        if from.distance(to) == 2 {
            Some(AtaxxMove {
                from: from.index() as u8,
                to: to.index() as u8,
            })
        } else {
            None
        }
    }

    /// A move from table indices the move generator trusts (`from` == `to` for a single).
    #[inline(always)]
    pub(crate) const fn from_indices(from: u32, to: u32) -> AtaxxMove {
        AtaxxMove {
            from: from as u8,
            to: to as u8,
        }
    }

    /// Single, double or pass.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        if self.to == PASS_INDEX {
            MoveKind::Pass
        } else if self.from == self.to {
            MoveKind::Single
        } else {
            MoveKind::Double
        }
    }

    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.to == PASS_INDEX
    }

    /// The square a double move leaves (`None` for a single move or a pass).
    pub const fn from(self) -> Option<Square> {
        match self.kind() {
            MoveKind::Double => Square::from_index(self.from),
            _ => None,
        }
    }

    /// The square the move fills (`None` for a pass).
    pub const fn to(self) -> Option<Square> {
        Square::from_index(self.to)
    }
}

/// Calls `visit` with every move of the stones `us` onto the `empty` squares: single moves by
/// target square (a1 to g7), then double moves by source and target. Answers whether there was
/// any; passes and finished games are the caller's (the two-player and the multi-seat game
/// judge them differently).
#[inline(always)]
pub(crate) fn visit_stone_moves(us: u64, empty: u64, mut visit: impl FnMut(AtaxxMove)) -> bool {
    let mut singles = grow(us) & empty;
    let mut any = singles != 0;
    while singles != 0 {
        let to = singles.trailing_zeros();
        singles &= singles - 1;
        visit(AtaxxMove::from_indices(to, to));
    }
    let mut sources = us;
    while sources != 0 {
        let from = sources.trailing_zeros();
        sources &= sources - 1;
        let mut targets = DOUBLES[(from & 63) as usize] & empty;
        any |= targets != 0;
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            visit(AtaxxMove::from_indices(from, to));
        }
    }
    any
}

/// Reads `text` as a move and checks it: `over` says the game is over, `illegality` says why
/// a move is not legal (or `None`). The parse of both Ataxx games.
pub(crate) fn checked_move(
    text: &str,
    over: bool,
    illegality: impl FnOnce(AtaxxMove) -> Option<String>,
) -> Result<AtaxxMove, crate::games::GameError> {
    use crate::games::GameError;
    let mv: AtaxxMove = text
        .parse()
        .map_err(|e: MoveTextError| GameError::MoveSyntax {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
    if over {
        return Err(GameError::GameOver);
    }
    match illegality(mv) {
        None => Ok(mv),
        Some(reason) => Err(GameError::IllegalMove {
            mv: mv.to_string(),
            reason,
        }),
    }
}

impl fmt::Display for AtaxxMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.to()) {
            (Some(from), Some(to)) => write!(f, "{from}{to}"),
            (None, Some(to)) => write!(f, "{to}"),
            _ => f.write_str("0000"),
        }
    }
}

debug_as_display!(AtaxxMove);

impl FromStr for AtaxxMove {
    type Err = MoveTextError;

    /// Reads UAI notation: `g2`, `a1a3`, `0000` (libataxx also reads `null` as a pass).
    fn from_str(text: &str) -> Result<AtaxxMove, MoveTextError> {
        if text == "0000" || text == "null" {
            return Ok(AtaxxMove::PASS);
        }
        let square = |name: &[u8]| {
            Square::from_name(name).ok_or_else(|| MoveTextError::BadSquare {
                found: String::from_utf8_lossy(name).into_owned(),
            })
        };
        match text.as_bytes() {
            bytes @ [_, _] => Ok(AtaxxMove::single(square(bytes)?)),
            [a, b, c, d] => {
                let from = square(&[*a, *b])?;
                let to = square(&[*c, *d])?;
                AtaxxMove::double(from, to).ok_or_else(|| match from.distance(to) {
                    0 => MoveTextError::SameSquare,
                    1 => MoveTextError::SingleAsDouble {
                        target: to.to_string(),
                    },
                    _ => MoveTextError::TooFar,
                })
            }
            _ => Err(MoveTextError::BadShape),
        }
    }
}

// Serialized as its UAI notation.
serde_as_text!(AtaxxMove, |mv| mv.to_string());
