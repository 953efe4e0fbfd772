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

/// Standard competition ranks ("1224"): a seat's rank is one more than the number of seats in
/// play (`in_play`) whose `standing` is higher, so equal standings share a rank and the next
/// rank skips as many places as share (standings 9, 9, 4, 0 rank 1, 1, 3, 4). Entries past
/// `standing.len()` (or past [`Seat::MAX`]) are 0.
pub fn competition_ranks(standing: &[u32], in_play: impl Fn(usize) -> bool) -> [u8; Seat::MAX] {
    let seats = standing.len().min(Seat::MAX);
    let mut ranks = [0u8; Seat::MAX];
    for (seat, rank) in ranks.iter_mut().enumerate().take(seats) {
        let better = (0..seats)
            .filter(|&other| in_play(other) && standing[other] > standing[seat])
            .count();
        *rank = better as u8 + 1;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::competition_ranks;

    #[test]
    fn equal_standings_share_a_rank_and_the_next_skips() {
        assert_eq!(competition_ranks(&[9, 9, 4, 0], |_| true), [1, 1, 3, 4]);
        assert_eq!(competition_ranks(&[3, 5], |_| true), [2, 1, 0, 0]);
        // A seat out of play ranks no one below it.
        assert_eq!(competition_ranks(&[3, 20, 3, 7], |s| s != 1), [2, 1, 2, 1]);
    }
}
