//! oware's fitted evaluation weights (the `fitted` evaluator), written by
//! `ponder tune-eval`; rerun it to refit rather than editing by hand:
//!
//! `ponder tune-eval -g oware --data /tmp/tune-data/oware.dat`
//!
//! (The data set was played by `ponder tune-eval -g oware --games 4000 --nodes 2000 --seed 1
//! --shard 0/1 --out /tmp/tune-data/oware.dat`: the same games and fit as that command without
//! `--shard` and `--out`.)
//!
//! 31953 training and 8037 held-out positions. On the held-out games (log-loss, share of
//! decisive positions whose winner is predicted, fitted scale K):
//! - material: 0.4976, 76.5%, K = 0.26060
//! - default: 0.4918, 76.7%, K = 0.06113
//! - fitted: 0.4379, 79.6%, K = 0.06141

/// One weight per feature, in the order of `LinearFeatures::FEATURE_NAMES`, fixed point
/// (`WEIGHT_SHIFT` bits).
pub(super) const WEIGHTS: &[i32] = &[
    215,  // tempo
    439,  // captured
    -101, // captured-by-seeds
    52,   // my-house-0
    71,   // my-house-1
    70,   // my-house-2
    57,   // my-house-3
    64,   // my-house-4
    73,   // my-house-5
    -52,  // their-house-0
    -71,  // their-house-1
    -69,  // their-house-2
    -71,  // their-house-3
    -68,  // their-house-4
    -92,  // their-house-5
    -151, // threat
    -24,  // my-weak
    12,   // their-weak
    -113, // my-empty
    45,   // their-empty
    333,  // mobility
    -147, // reach
    134,  // kroo
];
