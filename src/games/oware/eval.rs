//! Static evaluations of Oware positions, from the side to move's point of view.

use super::position::Oware;
use crate::games::Seat;

impl Oware {
    /// ponder's default evaluation, in half-seeds: twice the captured margin plus the margin
    /// of seeds on each player's own row (seeds on your row are mobility, and at most game ends
    /// they are yours).
    ///
    /// ```
    /// use ponder::{Game, Oware};
    /// let start = Oware::start(&Default::default()).unwrap();
    /// assert_eq!(start.evaluate(), 0);
    /// ```
    pub fn material_evaluation(&self) -> i32 {
        let me = self.to_move();
        let opponent = me.opponent();
        2 * (self.captured(me) as i32 - self.captured(opponent) as i32)
            + (self.seeds_on_row(me) as i32 - self.seeds_on_row(opponent) as i32)
    }

    /// The evaluation of the Awale article ponder grew from (its `GameState.evaluate`, read
    /// from the winning side's point of view): `(2 × mover's captured seeds + opponent's
    /// houses holding 1 or 2 seeds) − (2 × opponent's captured seeds + mover's houses holding
    /// 1 or 2 seeds)`. Houses with 1 or 2 seeds are the ones the other side may capture next.
    ///
    /// The article's Dart code computes `(2·p2points + v1) − (2·p1points + v2)` for player 1
    /// (`v1`, `v2` = each player's houses holding 1 or 2) and its search *minimises* it for
    /// the computer, so the value it favours is this one, for the side to move.
    ///
    /// ```
    /// use ponder::games::oware::Oware;
    /// use ponder::{Game, GameRecord};
    /// let start = Oware::start(&Default::default()).unwrap();
    /// assert_eq!(start.awale_evaluation(), 0);
    /// let position = Oware::parse_position(&Default::default(), "1,2,0,4,4,4/4,4,4,4,2,1 6,8 0")
    ///     .unwrap()
    ///     .current();
    /// // (2·6 + 2) − (2·8 + 2): each row has two houses holding 1 or 2 seeds.
    /// assert_eq!(position.awale_evaluation(), -4);
    /// ```
    pub fn awale_evaluation(&self) -> i32 {
        let me = self.to_move();
        let opponent = me.opponent();
        let weak = |seat: Seat| self.row(seat).iter().filter(|&&s| s == 1 || s == 2).count() as i32;
        (2 * self.captured(me) as i32 + weak(opponent))
            - (2 * self.captured(opponent) as i32 + weak(me))
    }
}
