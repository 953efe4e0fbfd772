//! Ataxx's evaluators: `seed` (the Pookie Pookie design's), `classic` (hand-weighted),
//! `fitted` ([`Fitted`] over the features of `features.rs`, weights from `ponder fit-eval`;
//! it beat `classic` at equal nodes and equal time, `docs/matches.md`), `patterns`, the same
//! features plus 2×2 window patterns ([`FittedPatterns`], weights from
//! `ponder fit-eval --patterns`), and `network`, the `default`: the pattern evaluation plus
//! one hidden layer over the windows ([`Network`], weights from `ponder fit-eval --network`;
//! it beat `patterns` at equal time). The weights are the files `weights.rs` embeds from
//! `weights/`.

use super::{Ataxx, AtaxxMove, MoveKind};
use crate::eval::{Evaluator, Fitted, FittedPatterns, GameEvaluation, Network, impl_evaluators};
use crate::eval::{LateMovePruning, Margin, Reductions, Selectivity, Singular};
use crate::games::Depths;

/// The forward pruning that suits Ataxx's wide trees (often over 100 moves a node) and
/// [`AtaxxDefault`]'s scale (4 a stone): every late move reduced logarithmically, quiet jumps
/// (no stone converted) pruned late in shallow nodes, futility margins of about a stone a ply,
/// singular extensions. Each part was kept only after a self-play match (`docs/matches.md`).
pub const ATAXX_SELECTIVITY: Selectivity = Selectivity {
    reductions: Reductions::Log {
        min_moves: 2,
        base: 0.8,
        divisor: 2.5,
    },
    late_move_pruning: Some(LateMovePruning {
        max_depth: 8,
        moves: 2,
    }),
    reverse_futility: Some(Margin {
        max_depth: 6,
        base: 0,
        per_depth: 3,
    }),
    futility: Some(Margin {
        max_depth: 6,
        base: 6,
        per_depth: 3,
    }),
    futility_moves: 3,
    aspiration: 2,
    history_all_moves: true,
    internal_reduction: Some(3),
    history_malus: true,
    singular: Some(Singular::STANDARD),
    ..Selectivity::STEPS
};

/// Every square of the 7×7 board (bit `rank * 7 + file`, as [`crate::games::ataxx::Bitboard`]).
const ALL: u64 = (1 << 49) - 1;
/// Every square but the a-file.
const NOT_FILE_A: u64 = ALL & !0x0000_0408_1020_4081;
/// Every square but the g-file.
const NOT_FILE_G: u64 = ALL & !(0x0000_0408_1020_4081 << 6);

/// The squares of `bits` and their eight neighbours.
#[inline]
fn grow(bits: u64) -> u64 {
    let row = bits | ((bits << 1) & NOT_FILE_A) | ((bits >> 1) & NOT_FILE_G);
    (row | (row << 7) | (row >> 7)) & ALL
}

/// The jump penalty from the side to move's point of view: the move that led here was the
/// opponent's, so its jump counts for us.
#[inline]
pub(super) fn jump_bonus(last_move: Option<AtaxxMove>) -> i32 {
    i32::from(matches!(
        last_move.map(AtaxxMove::kind),
        Some(MoveKind::Double)
    ))
}

/// The proof hooks every Ataxx evaluator shares (`src/games/ataxx/proof.rs`).
macro_rules! proof_hooks {
    () => {
        #[inline]
        fn margin_bounds(&self, position: &Ataxx) -> Option<(i32, i32)> {
            Some(super::proof::margin_bounds(position))
        }

        #[inline]
        fn worth_proving(&self, position: &Ataxx) -> bool {
            super::proof::worth_proving(position)
        }
    };
}

/// Ataxx `seed`, the Pookie Pookie design's evaluation: "the score delta for the move, minus 1
/// if the move is a jump". From the side to move's point of view: its stones minus the
/// opponent's, plus 1 when the opponent's move that led here was a jump.
#[derive(Copy, Clone, Debug, Default)]
pub struct AtaxxSeed;

impl Evaluator<Ataxx> for AtaxxSeed {
    #[inline]
    fn evaluate(&self, position: &Ataxx, last_move: Option<AtaxxMove>) -> i32 {
        position.stone_difference() + jump_bonus(last_move)
    }

    proof_hooks!();
}

/// Ataxx's `classic` evaluation (the `default` until the fitted one beat it), from the side
/// to move's point of view:
/// `4 × (stone difference) + (the opponent's stones next to an empty square) − (ours next to
/// one) + 2 × the seed's jump bonus`.
///
/// A stone next to an empty square can be turned over by the next move there; a stone with no
/// empty neighbour is safe. The side to move strikes first, so exposure is counted for both
/// sides with the same weight and material dominates. It beats `seed` at equal depth (figures
/// in `docs/matches.md`).
#[derive(Copy, Clone, Debug, Default)]
pub struct AtaxxDefault;

impl Evaluator<Ataxx> for AtaxxDefault {
    #[inline]
    fn evaluate(&self, position: &Ataxx, last_move: Option<AtaxxMove>) -> i32 {
        let me = position.turn();
        let mine = position.stones(me).bits();
        let theirs = position.stones(me.opponent()).bits();
        let frontier = grow(position.empty().bits());
        let material = position.stone_difference();
        let exposed_mine = (mine & frontier).count_ones() as i32;
        let exposed_theirs = (theirs & frontier).count_ones() as i32;
        4 * material + exposed_theirs - exposed_mine + 2 * jump_bonus(last_move)
    }

    fn selectivity(&self) -> Selectivity {
        ATAXX_SELECTIVITY
    }

    proof_hooks!();
}

/// An Ataxx evaluation from the shared linear ones (`E`: [`Fitted`] or [`FittedPatterns`]
/// over the features in `features.rs`), with the proof hooks.
#[derive(Copy, Clone, Debug, Default)]
pub struct WithProofHooks<E>(pub E);

impl<E: Evaluator<Ataxx>> Evaluator<Ataxx> for WithProofHooks<E> {
    #[inline]
    fn evaluate(&self, position: &Ataxx, last_move: Option<AtaxxMove>) -> i32 {
        self.0.evaluate(position, last_move)
    }

    fn selectivity(&self) -> Selectivity {
        self.0.selectivity()
    }

    proof_hooks!();
}

/// Ataxx's `fitted`: the fitted linear evaluation (its weights file embedded by `weights.rs`).
pub type AtaxxFitted = WithProofHooks<Fitted>;

/// Ataxx's `network`, its `default`: the pattern evaluation plus one hidden layer over the
/// same windows (its weights file, from `ponder fit-eval --network`, embedded by `weights.rs`).
pub type AtaxxNetwork = WithProofHooks<Network>;

/// Ataxx's `patterns`: the fitted linear evaluation plus the 2×2 window
/// patterns of `patterns.rs` (its weights file embedded by `weights.rs`).
pub type AtaxxPatterns = WithProofHooks<FittedPatterns>;

/// Dozens of moves a position: shallow depths everywhere.
const DEPTHS: Depths = Depths {
    easy: 1,
    medium: 5,
    balance: 3,
    tune: 6,
};

impl_evaluators!(Ataxx {
    "default" => WithProofHooks(Network),
    "classic" => AtaxxDefault,
    "seed" => AtaxxSeed,
    "fitted" => WithProofHooks(Fitted),
    "patterns" => WithProofHooks(FittedPatterns),
    "network" => WithProofHooks(Network),
    "game" => GameEvaluation,
} depths: DEPTHS);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRecord};

    fn record(fen: &str, moves: &str) -> GameRecord<Ataxx> {
        let mut record = Ataxx::parse_position(&Default::default(), fen).unwrap();
        record.play_all_text(moves).unwrap();
        record
    }

    #[test]
    fn seed_counts_stones_and_penalises_the_jump_that_led_here() {
        // x clones to g2 (3 stones to 2), then o jumps a1a3 (still 2 stones).
        let clone = record("x5o/7/7/7/7/7/o5x x 0 1", "g2");
        let last = clone.moves().last().copied();
        // o to move: 2 - 3, x's clone is no jump.
        assert_eq!(AtaxxSeed.evaluate(&clone.current(), last), -1);
        let jump = record("x5o/7/7/7/7/7/o5x x 0 1", "g2 a1a3");
        let last = jump.moves().last().copied();
        // x to move: 3 - 2, plus 1 because o's move was a jump.
        assert_eq!(AtaxxSeed.evaluate(&jump.current(), last), 2);
        assert_eq!(AtaxxSeed.evaluate(&jump.current(), None), 1);
    }

    #[test]
    fn the_default_searches_with_singular_extensions() {
        // Adopted by the matches in docs/matches.md (about +49); every fitted evaluation shares it.
        let default = crate::eval::evaluator_by_name::<Ataxx>("default").unwrap();
        assert_eq!(default.selectivity().singular, Some(Singular::STANDARD));
        assert_eq!(default.selectivity(), ATAXX_SELECTIVITY);
        assert_eq!(AtaxxFitted::default().selectivity(), ATAXX_SELECTIVITY);
    }

    #[test]
    fn grow_matches_the_board_geometry() {
        // a1 grows to a1, b1, a2, b2; g7 to f6, g6, f7, g7.
        assert_eq!(grow(1), 1 | 2 | (1 << 7) | (1 << 8));
        assert_eq!(grow(1 << 48), (1 << 48) | (1 << 47) | (1 << 41) | (1 << 40));
        assert_eq!(grow(ALL), ALL);
    }

    #[test]
    fn default_prefers_material_and_safety() {
        let start = record("x5o/7/7/7/7/7/o5x x 0 1", "");
        assert_eq!(AtaxxDefault.evaluate(&start.current(), None), 0);
        let ahead = record("x5o/7/7/7/7/7/o5x x 0 1", "g2");
        // o to move: 2 stones to 3, all exposed: 4 * -1 + 3 - 2.
        assert_eq!(AtaxxDefault.evaluate(&ahead.current(), None), -3);
    }
}
