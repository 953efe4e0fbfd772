//! Seats at the table: who moves.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table: the first player (who moves first from the start position), the
/// second, and in games for more players (Ataxx for up to four seats) the third and fourth.
/// A small index.
///
/// ```
/// use ponder::Seat;
/// assert_eq!(Seat::FIRST.opponent(), Seat::SECOND);
/// assert_eq!(Seat::SECOND.index(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(u8);

impl Seat {
    /// The seat that moves first from the start position (Kalah "south", Ataxx `x`).
    pub const FIRST: Seat = Seat(0);
    /// The seat that moves second (Kalah "north", Ataxx `o`).
    pub const SECOND: Seat = Seat(1);

    /// The most seats a game has.
    pub const MAX: usize = 4;

    /// The seat with this index (0 or 1 in two-seat games, up to 3 with four seats).
    ///
    /// # Panics
    /// Panics if `index >= Seat::MAX`.
    pub const fn new(index: usize) -> Seat {
        assert!(index < Seat::MAX, "seat index out of range");
        Seat(index as u8)
    }

    /// The seat's index: 0 for the first player, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-seat game.
    #[inline]
    pub const fn opponent(self) -> Seat {
        Seat(self.0 ^ 1)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("first"),
            1 => f.write_str("second"),
            2 => f.write_str("third"),
            _ => f.write_str("fourth"),
        }
    }
}
