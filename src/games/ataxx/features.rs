//! Ataxx's features for the fitted evaluation ([`LinearFeatures`]): material, safety,
//! holes, mobility, squares by ring, and the best conversion each side has, from the side to
//! move's point of view. Each is "ours minus theirs" unless its name says whose it is.

use super::bitboard::{ALL, SINGLES, grow, reach};
use super::evaluators::{ATAXX_SELECTIVITY, jump_bonus};
use super::patterns::{PATTERN_CLASSES, for_each_pattern};
use super::{Ataxx, AtaxxMove};
use crate::eval::Selectivity;
use crate::eval::{FeatureVector, LinearFeatures};

/// Chebyshev distance of square `index` from the centre d4 (0 to 3).
const fn ring_of(index: u32) -> u32 {
    let (rank, file) = (index / 7, index % 7);
    let dr = rank.abs_diff(3);
    let df = file.abs_diff(3);
    if dr > df { dr } else { df }
}

/// The squares at distance `ring` from the centre, minus the corners for the outer ring.
const fn ring_mask(ring: u32) -> u64 {
    let mut mask = 0;
    let mut index = 0;
    while index < 49 {
        if ring_of(index) == ring {
            mask |= 1 << index;
        }
        index += 1;
    }
    if ring == 3 { mask & !CORNERS } else { mask }
}

/// a1, g1, a7, g7.
const CORNERS: u64 = 1 | (1 << 6) | (1 << 42) | (1 << 48);
/// The outer ring without its corners.
const EDGES: u64 = ring_mask(3);
/// The second ring from the outside.
const RING2: u64 = ring_mask(2);
/// The eight squares around the centre.
const RING1: u64 = ring_mask(1);

/// The most stones one move of the side with stones `us` gains against `them` on the empty
/// squares `empty`: a clone adds a stone and converts its target's neighbours, a jump only
/// converts. 0 without a move.
#[inline]
pub(super) fn best_gain(us: u64, them: u64, empty: u64) -> i32 {
    let singles = grow(us) & empty;
    let mut best = i32::from(singles != 0);
    let mut targets = reach(us) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let clone = i32::from(singles >> to & 1 != 0);
        best = best.max((SINGLES[to & 63] & them).count_ones() as i32 + clone);
    }
    best
}

/// One side's counts: `(exposed, attackable, holes, singles, jumps, corners, edges, ring 2,
/// ring 1)`.
#[inline]
fn side_counts(us: u64, them: u64, empty: u64) -> [i32; 9] {
    let near_empty = grow(empty);
    let their_targets = reach(them) & empty;
    let ours_near = grow(us) & empty;
    let count = |bits: u64| bits.count_ones() as i32;
    [
        count(us & near_empty),
        count(us & grow(their_targets)),
        count(ours_near & !grow(them)),
        count(ours_near),
        count(reach(us) & empty & !ours_near),
        count(us & CORNERS),
        count(us & EDGES),
        count(us & RING2),
        count(us & RING1),
    ]
}

impl LinearFeatures for Ataxx {
    const FEATURE_NAMES: &'static [&'static str] = &[
        "tempo",
        "stones",
        "stones-by-empties",
        "exposed",
        "attackable",
        "holes",
        "singles",
        "jumps",
        "corners",
        "edges",
        "ring2",
        "ring1",
        "gain",
        "threat",
        "jumped",
    ];
    const MATERIAL_FEATURE: usize = 1;
    const PATTERN_COUNT: usize = PATTERN_CLASSES;

    /// The 36 2×2 windows (`patterns.rs`).
    #[inline]
    fn patterns(position: &Ataxx, visit: impl FnMut(usize)) {
        let me = position.turn();
        for_each_pattern(
            position.stone_bits(me),
            position.stone_bits(me.opponent()),
            position.blockers().bits(),
            visit,
        );
    }

    #[inline]
    fn features(position: &Ataxx, last_move: Option<AtaxxMove>, out: &mut FeatureVector) {
        let me = position.turn();
        let us = position.stone_bits(me);
        let them = position.stone_bits(me.opponent());
        let empty = position.empty_bits() & ALL;
        let material = position.stone_difference();
        let ours = side_counts(us, them, empty);
        let theirs = side_counts(them, us, empty);
        out[0] = 1;
        out[1] = material;
        out[2] = material * empty.count_ones() as i32 / 16;
        for (slot, (a, b)) in out[3..12].iter_mut().zip(ours.iter().zip(&theirs)) {
            *slot = a - b;
        }
        out[12] = best_gain(us, them, empty);
        out[13] = best_gain(them, us, empty);
        out[14] = jump_bonus(last_move);
    }

    /// Quiet: the side to move converts at most three stones with its best move.
    fn is_quiet(position: &Ataxx) -> bool {
        let me = position.turn();
        let us = position.stone_bits(me);
        let them = position.stone_bits(me.opponent());
        best_gain(us, them, position.empty_bits()) <= 3
    }

    fn fitted_selectivity() -> Selectivity {
        ATAXX_SELECTIVITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRecord};

    fn features(fen: &str, moves: &str) -> FeatureVector {
        let mut record: GameRecord<Ataxx> =
            Ataxx::parse_position(&Default::default(), fen).unwrap();
        record.play_all_text(moves).unwrap();
        let mut out = [0; crate::eval::MAX_FEATURES];
        let last = record.moves().last().copied();
        Ataxx::features(&record.current(), last, &mut out);
        out
    }

    #[test]
    fn regions_partition_the_board_but_the_centre() {
        let all = CORNERS | EDGES | RING2 | RING1;
        assert_eq!(all.count_ones(), 48);
        assert_eq!(all & (1 << 24), 0);
        assert_eq!(
            (EDGES.count_ones(), RING2.count_ones(), RING1.count_ones()),
            (20, 16, 8)
        );
    }

    #[test]
    fn start_features_are_symmetric_and_gains_count_conversions() {
        let start = features("x5o/7/7/7/7/7/o5x x 0 1", "");
        assert_eq!(start[0], 1);
        assert!(start[1..12].iter().all(|&f| f == 0), "{start:?}");
        // Each side's best move clones next to its own stone: +1, no conversion.
        assert_eq!((start[12], start[13], start[14]), (1, 1, 0));
        // x on b2, c2, b3; o on a1 to move: o's clone to a2 converts b2 and b3 (+3).
        let f = features("7/7/7/7/1x5/1xx4/o6 o 0 1", "");
        assert_eq!((f[1], f[12]), (-2, 3));
        // o's jump a1a3 in the position after it: x to move, "jumped" is 1.
        let f = features("x5o/7/7/7/7/7/o5x x 0 1", "g2 a1a3");
        assert_eq!(f[14], 1);
    }
}
