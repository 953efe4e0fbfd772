//! Linear evaluations over a game's features: the hot-path half of the fitted evaluations.
//!
//! A game that wants a fitted evaluation describes its positions by a handful of integer
//! features ([`LinearFeatures`], implemented in the game's folder next to its other
//! evaluators) and keeps the integer weights `ponder tune-eval` fitted in a source file the
//! build embeds. [`Fitted`] evaluates `Σ weightᵢ·featureᵢ >> WEIGHT_SHIFT` with the features in
//! a fixed array on the stack: no allocation, no lock. The fitting itself lives in
//! [`crate::tune`].

use super::Evaluator;
use crate::games::Game;
use crate::search::Selectivity;

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

    /// The forward-pruning numbers for the fitted evaluation's units.
    fn fitted_selectivity() -> Selectivity {
        Selectivity::STEPS
    }
}

/// The weighted sum of `features` by `weights`, in evaluation units (fixed point, shifted by
/// [`WEIGHT_SHIFT`], rounded towards minus infinity).
#[inline]
pub fn linear_value(features: &FeatureVector, weights: &[i32]) -> i32 {
    let sum: i64 = features
        .iter()
        .zip(weights)
        .map(|(&f, &w)| i64::from(f) * i64::from(w))
        .sum();
    (sum >> WEIGHT_SHIFT).clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32
}

/// The fitted evaluation of a game: its [`LinearFeatures`] weighted by the weights the build
/// embeds ([`LinearFeatures::WEIGHTS`]).
#[derive(Copy, Clone, Debug, Default)]
pub struct Fitted;

impl<G: LinearFeatures> Evaluator<G> for Fitted {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        let mut features = [0; MAX_FEATURES];
        G::features(position, last_move, &mut features);
        linear_value(&features, G::WEIGHTS)
    }

    fn selectivity(&self) -> Selectivity {
        G::fitted_selectivity()
    }
}
