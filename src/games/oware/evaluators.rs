//! Oware's evaluators: `seed` (the Awale article's), `classic` (hand-weighted) and the
//! `default`, fitted to game outcomes (`ponder fit-eval --game oware`). None reads an
//! endgame database: a database is a value attached to a search
//! ([`crate::search::WithDatabase`]), opened by `egdb::open_database`.

use super::{Oware, OwareMove};
use crate::eval::Selectivity;
use crate::eval::{Evaluator, Fitted, GameEvaluation, impl_evaluators};
use crate::games::{Depths, Seat};

/// The forward pruning of the fitted evaluation (`default`): [`Selectivity::STEPS`] (at most
/// six moves a node: late quiet moves reduced, none pruned) with a node's only move searched a
/// ply deeper, kept after self-play matches (`docs/search.md`, "Oware: search for sowing
/// games (issue 16)").
pub const OWARE_SELECTIVITY: Selectivity = Selectivity {
    single_reply_extension: true,
    ..Selectivity::STEPS
};

/// Oware `seed`: the Awale article's evaluation ([`Oware::awale_evaluation`]):
/// `(2 × mover's captured seeds + opponent's houses holding 1 or 2 seeds) − (2 × opponent's
/// captured seeds + mover's houses holding 1 or 2 seeds)`.
#[derive(Copy, Clone, Debug, Default)]
pub struct OwareSeed;

impl Evaluator<Oware> for OwareSeed {
    #[inline]
    fn evaluate(&self, position: &Oware, _last_move: Option<OwareMove>) -> i32 {
        position.awale_evaluation()
    }
}

/// Oware's `classic` evaluation (the `default` until the fitted one beat it), from the
/// mover's point of view:
/// `4 × (captured difference) + (difference of the seeds on each row) + (opponent's houses
/// holding 1 or 2 seeds − mover's)`.
///
/// Captures are what the game is won by; seeds on a row are mobility and, at most game ends,
/// the row owner's; houses of 1 or 2 are what the next capture takes. It beats `seed` at equal
/// depth (figures in `docs/matches.md`).
#[derive(Copy, Clone, Debug, Default)]
pub struct OwareDefault;

#[inline]
fn weak_houses(position: &Oware, seat: Seat) -> i32 {
    position
        .row(seat)
        .iter()
        .filter(|&&seeds| seeds == 1 || seeds == 2)
        .count() as i32
}

impl Evaluator<Oware> for OwareDefault {
    #[inline]
    fn evaluate(&self, position: &Oware, _last_move: Option<OwareMove>) -> i32 {
        let me = position.to_move();
        let them = me.opponent();
        let captured = position.captured(me) as i32 - position.captured(them) as i32;
        let rows = position.seeds_on_row(me) as i32 - position.seeds_on_row(them) as i32;
        4 * captured + rows + weak_houses(position, them) - weak_houses(position, me)
    }
}

/// Oware's `default`: the fitted linear evaluation ([`Fitted`] over the features in
/// `features.rs`, weights embedded by `weights.rs`).
#[derive(Copy, Clone, Debug, Default)]
pub struct OwareFitted;

impl Evaluator<Oware> for OwareFitted {
    #[inline]
    fn evaluate(&self, position: &Oware, last_move: Option<OwareMove>) -> i32 {
        Fitted.evaluate(position, last_move)
    }

    fn selectivity(&self) -> Selectivity {
        Evaluator::<Oware>::selectivity(&Fitted)
    }
}

/// Six moves at most: medium searches 14 plies.
const DEPTHS: Depths = Depths {
    medium: 14,
    ..Depths::DEFAULT
};

impl_evaluators!(Oware {
    "default" => OwareFitted,
    "classic" => OwareDefault,
    "seed" => OwareSeed,
    "fitted" => OwareFitted,
    "game" => GameEvaluation,
} depths: DEPTHS, database: super::egdb::open_database);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn seed_is_the_articles_evaluation() {
        // The position of Oware::awale_evaluation's example: (2·6 + 2) − (2·8 + 2).
        let position = Oware::parse_position(&Default::default(), "1,2,0,4,4,4/4,4,4,4,2,1 6,8 0")
            .unwrap()
            .current();
        assert_eq!(OwareSeed.evaluate(&position, None), -4);
        // default: 4·(6 − 8) + (15 − 19) + (2 − 2).
        assert_eq!(OwareDefault.evaluate(&position, None), -12);
    }
}
