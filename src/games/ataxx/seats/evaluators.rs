//! Multi-seat Ataxx as the multi-player search sees it ([`SeatedGame`]), and as the engine
//! sees it ([`Evaluators`]: the generic evaluators, and the multi-player search for three and
//! four seats).

use super::AtaxxSeats;
use crate::eval::{Evaluators, SeatedGame, SeatedVisitor};
use crate::games::Seat;

/// A finished game's utility per place gained over another seat, above any stone margin.
const PLACE: i32 = 1000;

impl SeatedGame for AtaxxSeats {
    /// The seat's stones minus the best other seat's; when the game is over, plus 1000 for
    /// each seat ranked below it and minus 1000 for each ranked above.
    fn utility(&self, seat: Seat) -> i32 {
        let counts = self.stone_counts();
        let me = seat.index() % Seat::MAX;
        let best_other = (0..self.players())
            .filter(|&other| other != me)
            .map(|other| counts[other])
            .max()
            .unwrap_or(0);
        let margin = counts[me] as i32 - best_other as i32;
        match self.ranks() {
            None => margin,
            Some(ranks) => {
                let places: i32 = ranks[..self.players()]
                    .iter()
                    .map(|&rank| i32::from(rank > ranks[me]) - i32::from(rank < ranks[me]))
                    .sum();
                PLACE * places + margin
            }
        }
    }

    fn with_turn(&self, seat: Seat) -> Option<AtaxxSeats> {
        let index = seat.index();
        let seated = AtaxxSeats {
            turn: index as u8,
            ..*self
        };
        (index < self.players() && self.stones[index] != 0).then_some(seated)
    }

    /// [`AtaxxSeats::wide_key`]: at most 123 bits.
    fn search_key(&self) -> u128 {
        self.wide_key()
    }

    #[inline]
    fn for_each_move(&self, visit: impl FnMut(Self::Move)) {
        AtaxxSeats::for_each_move(self, visit);
    }
}

/// The generic evaluators (`default`, `score-diff`) for two seats; the engine searches three
/// and four seats with the multi-player search.
impl Evaluators for AtaxxSeats {
    fn visit_seated<V: SeatedVisitor<Self>>(visitor: V) -> Result<V::Output, V> {
        Ok(visitor.visit())
    }
}
