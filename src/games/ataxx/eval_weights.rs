//! ataxx's fitted evaluation weights (the `fitted` evaluator), written by
//! `ponder tune-eval`; rerun it to refit rather than editing by hand:
//!
//! `ponder tune-eval -g ataxx --data /tmp/tune-data/ataxx.dat`
//!
//! (The data set was played by `ponder tune-eval -g ataxx --games 4000 --nodes 2000 --seed 1
//! --shard 0/1 --out /tmp/tune-data/ataxx.dat`, the same games and fit as that command without
//! `--shard` and `--out`, on the build of commit 8a860f0, whose `default` (the players' and
//! the compared evaluator, below) is the hand-weighted evaluation now named `classic`. On later
//! builds the same command self-plays with the fitted evaluation: the next round of the fit.)
//!
//! 27239 training and 6754 held-out positions. On the held-out games (log-loss, share of
//! decisive positions whose winner is predicted, fitted scale K):
//! - material: 0.6390, 61.9%, K = 0.16774
//! - default: 0.6336, 62.4%, K = 0.05138
//! - fitted: 0.6091, 64.1%, K = 0.05154

/// One weight per feature, in the order of `LinearFeatures::FEATURE_NAMES`, fixed point
/// (`WEIGHT_SHIFT` bits).
pub(super) const WEIGHTS: &[i32] = &[
    -33,  // tempo
    239,  // stones
    -157, // stones-by-empties
    125,  // exposed
    -146, // attackable
    1,    // holes
    1,    // singles
    39,   // jumps
    229,  // corners
    209,  // edges
    182,  // ring2
    153,  // ring1
    285,  // gain
    -119, // threat
    107,  // jumped
];
