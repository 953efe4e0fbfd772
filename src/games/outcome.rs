//! The result of a finished game.

use super::Seat;
use serde::{Deserialize, Serialize};

/// How a finished game ended: the final margin from the first seat's point of view.
///
/// The margin is the first player's final score minus the second's (seeds in Kalah and Oware,
/// stones in Ataxx), or 0 where a rule declares a draw whatever the material.
///
/// ```
/// use ponder::{Outcome, Seat};
/// let outcome = Outcome::new(-3);
/// assert_eq!(outcome.winner(), Some(Seat::SECOND));
/// assert_eq!(outcome.margin_for(Seat::SECOND), 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    margin: i32,
}

impl Outcome {
    /// A draw.
    pub const DRAW: Outcome = Outcome { margin: 0 };

    /// The outcome with this margin (first seat's score minus the second's).
    pub const fn new(margin: i32) -> Outcome {
        Outcome { margin }
    }

    /// The first seat's margin.
    pub const fn margin(self) -> i32 {
        self.margin
    }

    /// The margin from `seat`'s point of view.
    pub const fn margin_for(self, seat: Seat) -> i32 {
        if seat.index() == 0 {
            self.margin
        } else {
            -self.margin
        }
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Seat> {
        if self.margin > 0 {
            Some(Seat::FIRST)
        } else if self.margin < 0 {
            Some(Seat::SECOND)
        } else {
            None
        }
    }
}
