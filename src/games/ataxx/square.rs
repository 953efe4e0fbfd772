//! Squares and their names (`a1` .. `g7`).

use std::fmt;

/// A square of the 7×7 board: files `a` to `g`, ranks `1` to `7`, index `rank * 7 + file`
/// from `a1` = 0 to `g7` = 48.
///
/// ```
/// use ponder::games::ataxx::Square;
/// let sq: Square = "c5".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (2, 4));
/// assert_eq!(sq.index(), 30);
/// assert_eq!(sq.to_string(), "c5");
/// assert!("h1".parse::<Square>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 7 && rank < 7 {
            Some(Square(rank * 7 + file))
        } else {
            None
        }
    }

    /// The square with this index (0 to 48), or `None`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 49 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The index, `a1` = 0 to `g7` = 48.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 6 (g).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 7
    }

    /// The rank, 0 (rank 1) to 6 (rank 7).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// The larger of the file and rank distances to `other`: 1 for a single move, 2 for a
    /// double move.
    pub const fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// Reads a square from its two-byte name (`b"c5"`).
    pub(crate) fn from_name(name: &[u8]) -> Option<Square> {
        match name {
            [file @ b'a'..=b'g', rank @ b'1'..=b'7'] => Square::new(file - b'a', rank - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Square {
    type Err = super::MoveTextError;

    fn from_str(text: &str) -> Result<Square, Self::Err> {
        Square::from_name(text.as_bytes()).ok_or_else(|| super::MoveTextError::BadSquare {
            found: text.to_string(),
        })
    }
}
