//! Linear evaluations over a game's features: the hot-path half of the fitted evaluations.
//!
//! A game that wants a fitted evaluation describes its positions by a handful of integer
//! features ([`LinearFeatures`], implemented in the game's folder next to its other
//! evaluators) and keeps the integer weights `ponder tune-eval` fitted in a source file the
//! build embeds. [`Fitted`] evaluates `Σ weightᵢ·featureᵢ >> WEIGHT_SHIFT` with the features in
//! a fixed array on the stack: no allocation, no lock. The fitting itself lives in
//! [`crate::tune`].

use super::Evaluator;
use super::Selectivity;
use super::network::NetworkWeights;
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

    /// Where the fitted weights live in the repository (the file `ponder tune-eval` writes
    /// and the build embeds).
    const WEIGHTS_FILE: &'static str;

    /// The fitted weights the build embeds, one per feature.
    const WEIGHTS: &'static [i32];

    /// Writes the features of `position` (reached by `last_move`, when known) into
    /// `out[..FEATURE_NAMES.len()]`, without allocating.
    fn features(position: &Self, last_move: Option<Self::Move>, out: &mut FeatureVector);

    /// Whether `position` is quiet: nothing about to be taken that a static evaluation cannot
    /// see. The tuner prefers quiet positions. Every position by default.
    fn is_quiet(_position: &Self) -> bool {
        true
    }

    /// The number of pattern weights (n-tuple patterns: one-hot features of small board
    /// regions, many weights with few active at a time); 0, the default, for a game without
    /// patterns.
    const PATTERN_COUNT: usize = 0;

    /// Where the pattern evaluation's weights live (the file `ponder tune-eval --patterns`
    /// writes); empty without patterns.
    const PATTERN_WEIGHTS_FILE: &'static str = "";

    /// The pattern evaluation's feature weights (fitted together with its pattern weights),
    /// one per feature; empty without patterns.
    const PATTERN_FEATURE_WEIGHTS: &'static [i32] = &[];

    /// The pattern evaluation's pattern weights, [`LinearFeatures::PATTERN_COUNT`] of them.
    const PATTERN_WEIGHTS: &'static [i32] = &[];

    /// Where the network evaluation's weights live (the file `ponder tune-eval --network`
    /// writes); empty without a network.
    const NETWORK_FILE: &'static str = "";

    /// The network evaluation's weights ([`super::Network`]); `None` without a network.
    const NETWORK: Option<NetworkWeights<'static>> = None;

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

/// The fitted evaluation of a game: its [`LinearFeatures`] weighted by the weights the build
/// embeds ([`LinearFeatures::WEIGHTS`]).
#[derive(Copy, Clone, Debug, Default)]
pub struct Fitted;

impl<G: LinearFeatures> Evaluator<G> for Fitted {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        linear_value(&features_of(position, last_move), G::WEIGHTS)
    }

    fn selectivity(&self) -> Selectivity {
        G::fitted_selectivity()
    }
}

/// The pattern evaluation of a game: its [`LinearFeatures`] weighted by
/// [`LinearFeatures::PATTERN_FEATURE_WEIGHTS`] plus the weights of its active patterns
/// ([`LinearFeatures::PATTERN_WEIGHTS`]), fitted together by `ponder tune-eval --patterns`.
#[derive(Copy, Clone, Debug, Default)]
pub struct FittedPatterns;

impl<G: LinearFeatures> Evaluator<G> for FittedPatterns {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        let mut sum = weighted_sum(
            &features_of(position, last_move),
            G::PATTERN_FEATURE_WEIGHTS,
        );
        let weights = G::PATTERN_WEIGHTS;
        G::patterns(position, |i| {
            sum += weights.get(i).map_or(0, |&w| i64::from(w));
        });
        fixed_point_value(sum)
    }

    fn selectivity(&self) -> Selectivity {
        G::fitted_selectivity()
    }
}
