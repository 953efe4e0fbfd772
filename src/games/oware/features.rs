//! Oware's features for the fitted evaluation ([`LinearFeatures`]), from the side to move's
//! point of view: captures, the seeds in each house, the best capture the opponent would
//! have if it moved now (the mover's own is not a feature: the fit sees quiet positions only,
//! where it is 0), houses that can be taken or are empty, mobility, seeds that reach the
//! opponent, big houses.

use super::{Oware, OwareMove};
use crate::eval::Selectivity;
use crate::eval::{FeatureVector, LinearFeatures};

/// Per-house features: one slot per house of a 6-house row (larger rows share slots).
const HOUSE_SLOTS: usize = 6;

/// `position` with the other side to move (the opponent's captures and moves, as if it moved
/// now).
#[inline]
fn flipped(position: &Oware) -> Oware {
    Oware {
        side: position.side ^ 1,
        ..*position
    }
}

/// The most seeds the side to move of `position` captures with one legal move.
#[inline]
fn best_capture(position: &Oware) -> i32 {
    let mut set = position.move_set();
    let before = position.captured[usize::from(position.side)];
    let mut best = 0;
    while set != 0 {
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        let after = position.sown(index).captured[usize::from(position.side)];
        best = best.max(i32::from(after - before));
    }
    best
}

/// One row's counts: `(houses of 1 or 2, empty houses, seeds reaching the other row on the
/// first lap, houses of at least a full lap)`.
#[inline]
fn row_counts(row: &[u8]) -> [i32; 4] {
    let houses = row.len() as i32;
    let mut counts = [0; 4];
    for (index, &seeds) in row.iter().enumerate() {
        let seeds = i32::from(seeds);
        counts[0] += i32::from(seeds == 1 || seeds == 2);
        counts[1] += i32::from(seeds == 0);
        counts[2] += (seeds - (houses - 1 - index as i32)).clamp(0, houses);
        counts[3] += i32::from(seeds >= 2 * houses);
    }
    counts
}

impl LinearFeatures for Oware {
    const FEATURE_NAMES: &'static [&'static str] = &[
        "tempo",
        "captured",
        "captured-by-seeds",
        "my-house-0",
        "my-house-1",
        "my-house-2",
        "my-house-3",
        "my-house-4",
        "my-house-5",
        "their-house-0",
        "their-house-1",
        "their-house-2",
        "their-house-3",
        "their-house-4",
        "their-house-5",
        "threat",
        "my-weak",
        "their-weak",
        "my-empty",
        "their-empty",
        "mobility",
        "reach",
        "kroo",
    ];
    const MATERIAL_FEATURE: usize = 1;

    #[inline]
    fn features(position: &Oware, _last_move: Option<OwareMove>, out: &mut FeatureVector) {
        let me = position.to_move();
        let them = me.opponent();
        let captured = position.captured(me) as i32 - position.captured(them) as i32;
        let (mine, theirs) = (position.row(me), position.row(them));
        let houses = mine.len();
        out[0] = 1;
        out[1] = captured;
        out[2] = captured * position.seeds_in_play() as i32 / 16;
        for (index, (&a, &b)) in mine.iter().zip(theirs).enumerate() {
            let slot = index * HOUSE_SLOTS / houses;
            out[3 + slot] += i32::from(a);
            out[3 + HOUSE_SLOTS + slot] += i32::from(b);
        }
        let other = flipped(position);
        out[15] = best_capture(&other);
        let (a, b) = (row_counts(mine), row_counts(theirs));
        out[16] = a[0];
        out[17] = b[0];
        out[18] = a[1];
        out[19] = b[1];
        out[20] = position.move_set().count_ones() as i32 - other.move_set().count_ones() as i32;
        out[21] = a[2] - b[2];
        out[22] = a[3] - b[3];
    }

    /// Quiet: the side to move has no capture.
    fn is_quiet(position: &Oware) -> bool {
        best_capture(position) == 0
    }

    fn fitted_selectivity() -> Selectivity {
        super::evaluators::OWARE_SELECTIVITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::eval::MAX_FEATURES;

    fn position(text: &str) -> Oware {
        Oware::parse_position(&Default::default(), text)
            .unwrap()
            .current()
    }

    fn features(text: &str) -> FeatureVector {
        let mut out = [0; MAX_FEATURES];
        Oware::features(&position(text), None, &mut out);
        out
    }

    #[test]
    fn start_features_are_even_and_houses_are_counted() {
        let start = features("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0");
        assert_eq!(start[0], 1);
        assert_eq!(&start[3..15], &[4; 12]);
        assert!(start[15..23].iter().all(|&f| f == 0), "{start:?}");
    }

    #[test]
    fn captures_and_threats_are_seen_from_the_side_to_move() {
        // The first player (to move) sows its last house (1 seed) into the opponent's first
        // house (1 seed): 2, captured. The opponent's house 5 (2 seeds) reaches the first
        // player's house 1 (2 seeds): 3, captured.
        let text = "0,2,0,0,0,1/1,0,0,0,0,2 20,22 0";
        let f = features(text);
        assert_eq!((f[1], best_capture(&position(text)), f[15]), (-2, 2, 3));
        // Houses of 1 or 2: two each side; empty: four each side.
        assert_eq!(&f[16..20], &[2, 2, 4, 4]);
        assert!(!Oware::is_quiet(&position(text)));
    }
}
