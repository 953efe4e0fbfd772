//! Kalah's evaluators: `store-diff` (the classroom spec's heuristic) and a stronger `default`.

use super::Kalah;
use crate::Game;
use crate::eval::{Evaluator, GameEvaluation, impl_evaluators};
use crate::games::Depths;

/// Kalah's `default` evaluation, from the mover's point of view:
/// `4 × (store difference) + (difference of the seeds left in each row) + 2 × (pits of the
/// mover that end in its store, i.e. extra moves available now)`.
///
/// Seeds in a row go to the row's owner when the game ends, so they count for a quarter of a
/// stored seed; an extra move in hand is worth half a seed. It beats `store-diff` at equal
/// depth (figures in `docs/matches.md`).
#[derive(Copy, Clone, Debug, Default)]
pub struct KalahDefault;

impl Evaluator<Kalah> for KalahDefault {
    #[inline]
    fn evaluate(&self, position: &Kalah, _last_move: Option<<Kalah as Game>::Move>) -> i32 {
        let me = position.side();
        let them = me.opponent();
        let stores = position.store_difference();
        let rows = position.row_seeds(me) as i32 - position.row_seeds(them) as i32;
        let pits = position.pits(me);
        let m = pits.len();
        let extra_moves = pits
            .iter()
            .enumerate()
            .filter(|&(pit, &seeds)| seeds > 0 && (pit + seeds as usize) % (2 * m + 1) == m)
            .count() as i32;
        4 * stores + rows + 2 * extra_moves
    }
}

/// Kalah `store-diff`, the classroom spec's heuristic: the mover's store minus the
/// opponent's (the same as [`ScoreDiff`](crate::search::ScoreDiff) before the game ends, read
/// straight from the stores).
#[derive(Copy, Clone, Debug, Default)]
pub struct KalahStoreDiff;

impl Evaluator<Kalah> for KalahStoreDiff {
    #[inline]
    fn evaluate(&self, position: &Kalah, _last_move: Option<<Kalah as Game>::Move>) -> i32 {
        position.store_difference()
    }
}

/// Six moves at most and many extra moves: medium searches 16 plies.
const DEPTHS: Depths = Depths {
    medium: 16,
    ..Depths::DEFAULT
};

impl_evaluators!(Kalah {
    "default" => KalahDefault,
    "store-diff" => KalahStoreDiff,
    "game" => GameEvaluation,
} depths: DEPTHS, database: super::egdb::open_database, book: super::books::own_book);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::KalahConfig;

    #[test]
    fn store_diff_is_the_movers_store_minus_the_opponents() {
        let config = KalahConfig::default();
        // After 2 (extra move) and 5, the first player has 2 seeds in store, and the second
        // player is to move.
        let record = Kalah::parse_position(&config, "25").unwrap();
        let position = record.current();
        assert_eq!(position.side().index(), 1);
        assert_eq!(KalahStoreDiff.evaluate(&position, None), -2);
        assert_eq!(crate::eval::ScoreDiff.evaluate(&position, None), -2);
    }

    #[test]
    fn default_counts_extra_moves_in_hand() {
        let start = Kalah::start(&KalahConfig::default()).unwrap();
        // At the start, only pit 2 (4 seeds, two pits from the store) ends in the store.
        assert_eq!(KalahDefault.evaluate(&start, None), 2);
    }
}
