//! One move of a book position: its results, the search's value and, where proved, its
//! exact value; and what the results say of the move (a mean with a prior and a lower
//! confidence bound).

use serde::{Deserialize, Serialize};

/// Virtual games at an even score every move starts with: a move that lost once is not
/// condemned for good (its mean is 0.25, not 0), one that won once not crowned (0.75).
pub const PRIOR_GAMES: f64 = 1.0;

/// How many standard errors the lower confidence bound lies below the mean.
pub const CONFIDENCE_Z: f64 = 1.0;

/// One move of a book position, from the point of view of the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookMove<M> {
    /// The move.
    pub mv: M,
    /// Games won after it by the player who made it.
    pub wins: u32,
    /// Games drawn after it.
    pub draws: u32,
    /// Games lost after it.
    pub losses: u32,
    /// The sum of the values the searches that chose this move gave the position, for the
    /// mover, on the search's scale ([`BookMove::value`] is their mean).
    pub value_sum: i64,
    /// How many searches chose it.
    pub value_count: u32,
    /// The exact final margin for the mover after this move under perfect play, where the
    /// solver or a database proved it.
    pub exact: Option<i32>,
}

impl<M> BookMove<M> {
    /// A move with nothing known of it yet.
    pub fn new(mv: M) -> BookMove<M> {
        BookMove {
            mv,
            wins: 0,
            draws: 0,
            losses: 0,
            value_sum: 0,
            value_count: 0,
            exact: None,
        }
    }

    /// Games played after the move.
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }

    /// Counts one result: `result` is the sign of the mover's final margin.
    pub fn add_result(&mut self, result: i32) {
        let count = match result.signum() {
            1 => &mut self.wins,
            0 => &mut self.draws,
            _ => &mut self.losses,
        };
        *count = count.saturating_add(1);
    }

    /// Counts one search that chose the move and gave the position `value` (for the mover).
    pub fn add_value(&mut self, value: i32) {
        if let Some(count) = self.value_count.checked_add(1) {
            self.value_sum = self.value_sum.saturating_add(i64::from(value));
            self.value_count = count;
        }
    }

    /// The mean value the searches that chose the move gave the position, if any did.
    pub fn value(&self) -> Option<i32> {
        (self.value_count > 0).then(|| {
            let mean = self.value_sum / i64::from(self.value_count);
            mean.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
        })
    }

    /// Adds another count of the same move (a merge): results and values summed, the exact
    /// value kept where either knows it. The order of merges does not matter.
    pub fn absorb(&mut self, other: &BookMove<M>) {
        self.wins = self.wins.saturating_add(other.wins);
        self.draws = self.draws.saturating_add(other.draws);
        self.losses = self.losses.saturating_add(other.losses);
        if let Some(count) = self.value_count.checked_add(other.value_count) {
            self.value_sum = self.value_sum.saturating_add(other.value_sum);
            self.value_count = count;
        }
        self.exact = self.exact.or(other.exact);
    }

    /// The expected score of the move (1 a win, ½ a draw, 0 a loss) for its mover: certain
    /// where the exact value is known, else the results with [`PRIOR_GAMES`] even games.
    pub fn mean(&self) -> f64 {
        if let Some(exact) = self.exact {
            return f64::from(exact.signum() + 1) / 2.0;
        }
        let points = f64::from(self.wins) + f64::from(self.draws) / 2.0 + PRIOR_GAMES / 2.0;
        points / (self.games() as f64 + PRIOR_GAMES)
    }

    /// The mean less [`CONFIDENCE_Z`] standard errors (the mean itself where the exact
    /// value is known): what the move is worth at least, as far as its results show. A move
    /// played often and scoring well beats one that scored as well in fewer games.
    pub fn lower_bound(&self) -> f64 {
        self.mean() - self.error()
    }

    /// The mean plus [`CONFIDENCE_Z`] standard errors (the mean itself where the exact value
    /// is known): what the move may still be worth, as far as its results show. A move is
    /// given up on only when even this is low.
    pub fn upper_bound(&self) -> f64 {
        self.mean() + self.error()
    }

    /// [`CONFIDENCE_Z`] standard errors of the mean (0 where the exact value is known).
    fn error(&self) -> f64 {
        if self.exact.is_some() {
            return 0.0;
        }
        let mean = self.mean();
        let n = self.games() as f64 + PRIOR_GAMES;
        CONFIDENCE_Z * (mean * (1.0 - mean) / n).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(wins: u32, draws: u32, losses: u32) -> BookMove<u8> {
        BookMove {
            wins,
            draws,
            losses,
            ..BookMove::new(0)
        }
    }

    #[test]
    fn the_mean_and_bound_follow_the_results() {
        assert_eq!(counted(0, 0, 0).mean(), 0.5);
        assert_eq!(counted(0, 0, 1).mean(), 0.25);
        assert_eq!(counted(1, 0, 0).mean(), 0.75);
        assert_eq!(counted(0, 1, 0).mean(), 0.5);
        // Four wins in five: (4 + 0.5) / 6.
        assert!((counted(4, 0, 1).mean() - 0.75).abs() < 1e-12);
        // The same score over more games is a surer thing.
        assert!(counted(8, 0, 2).lower_bound() > counted(4, 0, 1).lower_bound());
        assert!(counted(4, 0, 1).lower_bound() < counted(4, 0, 1).mean());
        // One loss leaves room for doubt, two in a row do not.
        assert!(counted(0, 0, 1).upper_bound() > 0.5);
        assert!(counted(0, 0, 2).upper_bound() < 0.5);
        let proved = BookMove {
            exact: Some(-2),
            ..counted(9, 0, 0)
        };
        assert_eq!(proved.mean(), 0.0);
        assert_eq!(proved.lower_bound(), 0.0);
        assert_eq!(proved.upper_bound(), 0.0);
    }

    #[test]
    fn results_and_merges_add_up() {
        let mut a = counted(1, 2, 3);
        a.add_result(5);
        a.add_result(0);
        a.add_result(-1);
        assert_eq!((a.wins, a.draws, a.losses), (2, 3, 4));
        a.add_value(5);
        let mut b = BookMove {
            exact: Some(3),
            ..counted(1, 1, 1)
        };
        b.add_value(8);
        b.add_value(10);
        a.absorb(&b);
        assert_eq!(
            (a.wins, a.draws, a.losses, a.value(), a.exact),
            (3, 4, 5, Some(7), Some(3))
        );
        assert_eq!(a.games(), 12);
    }
}
