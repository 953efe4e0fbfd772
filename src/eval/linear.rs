//! Linear evaluations over a game's features: the arithmetic the fitted evaluations share.
//!
//! A game that wants a fitted evaluation describes its positions by a handful of integer
//! features ([`LinearFeatures`], implemented in the game's folder next to its other
//! evaluators) and, optionally, sparse patterns. [`LinearWeights`] weighs them:
//! `Σ weightᵢ·featureᵢ + Σ pattern weights >> WEIGHT_SHIFT`, with the features in a fixed
//! array on the stack: no allocation, no lock. The weights themselves are data
//! ([`super::weights`]), fitted by [`crate::fit`].

use super::Selectivity;
use crate::games::Game;

/// The most features a game's linear evaluation may have (the length of the stack array the
/// features are written into).
pub const MAX_FEATURES: usize = 48;

/// The weights are fixed-point: the evaluation is the weighted sum shifted right by this many
/// bits, so that a weight can be finer than one evaluation unit.
pub const WEIGHT_SHIFT: u32 = 6;

/// A position's features, written by [`LinearFeatures::features`] into the first
/// `FEATURE_NAMES.len()` entries (the rest stay 0).
pub type FeatureVector = [i32; MAX_FEATURES];

/// A game described by integer features for a linear evaluation, from the side to move's
/// point of view. Feature 0 is the constant 1 (its weight is the side to move's tempo).
pub trait LinearFeatures: Game {
    /// The features' names, in order; at most [`MAX_FEATURES`], the first `"tempo"`.
    const FEATURE_NAMES: &'static [&'static str];

    /// The index of the material feature (the score difference): the one-feature baseline
    /// a fit must beat.
    const MATERIAL_FEATURE: usize;

    /// Writes the features of `position` (reached by `last_move`, when known) into
    /// `out[..FEATURE_NAMES.len()]`, without allocating.
    fn features(position: &Self, last_move: Option<Self::Move>, out: &mut FeatureVector);

    /// Whether `position` is quiet: nothing about to be taken that a static evaluation cannot
    /// see. The fit prefers quiet positions. Every position by default.
    fn is_quiet(_position: &Self) -> bool {
        true
    }

    /// The number of pattern weights (n-tuple patterns: one-hot features of small board
    /// regions, many weights with few active at a time); 0, the default, for a game without
    /// patterns.
    const PATTERN_COUNT: usize = 0;

    /// Calls `visit` with the index (below [`LinearFeatures::PATTERN_COUNT`]) of each pattern
    /// active in `position`, once per occurrence, without allocating. None by default.
    #[inline]
    fn patterns(_position: &Self, _visit: impl FnMut(usize)) {}

    /// The forward-pruning numbers for the fitted evaluation's units.
    fn fitted_selectivity() -> Selectivity {
        Selectivity::STEPS
    }
}

/// The features of `position` (reached by `last_move`, when known), on the stack.
#[inline]
pub(super) fn features_of<G: LinearFeatures>(
    position: &G,
    last_move: Option<G::Move>,
) -> FeatureVector {
    let mut features = [0; MAX_FEATURES];
    G::features(position, last_move, &mut features);
    features
}

/// The weighted sum of `features` by `weights`, in evaluation units (fixed point, shifted by
/// [`WEIGHT_SHIFT`], rounded towards minus infinity).
#[inline]
pub fn linear_value(features: &FeatureVector, weights: &[i32]) -> i32 {
    fixed_point_value(weighted_sum(features, weights))
}

/// The weighted sum of `features` by `weights`, before the fixed point's shift.
#[inline]
pub fn weighted_sum(features: &FeatureVector, weights: &[i32]) -> i64 {
    features
        .iter()
        .zip(weights)
        .map(|(&f, &w)| i64::from(f) * i64::from(w))
        .sum()
}

/// A fixed-point weighted sum in evaluation units ([`WEIGHT_SHIFT`] bits, rounded towards
/// minus infinity, clamped to half the `i32` range).
#[inline]
pub fn fixed_point_value(sum: i64) -> i32 {
    (sum >> WEIGHT_SHIFT).clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32
}

/// The weights of a linear evaluation, in the fixed point of [`WEIGHT_SHIFT`]: one per
/// feature ([`LinearFeatures::FEATURE_NAMES`]' order) and one per pattern
/// ([`LinearFeatures::patterns`]' indices; none for the features-only `fitted` evaluation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinearWeights {
    /// One weight per feature.
    pub features: Vec<i32>,
    /// One weight per pattern; empty when the evaluation has no patterns.
    pub patterns: Vec<i32>,
}

impl LinearWeights {
    /// The value of `position` (reached by `last_move`, when known) for the side to move:
    /// the weighted features, plus the weights of the active patterns when there are any.
    ///
    /// # Panics
    ///
    /// When the weights are fewer than `G`'s features (weights read from a file are checked
    /// against them: [`super::weights`]).
    #[inline]
    pub fn value<G: LinearFeatures>(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        // As many weights as the game has features, a number the compiler knows: the sum is
        // unrolled.
        let weights = &self.features[..G::FEATURE_NAMES.len()];
        let mut sum = weighted_sum(&features_of(position, last_move), weights);
        if !self.patterns.is_empty() {
            let patterns = &self.patterns;
            G::patterns(position, |i| {
                sum += patterns.get(i).map_or(0, |&w| i64::from(w));
            });
        }
        fixed_point_value(sum)
    }
}
