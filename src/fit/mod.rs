//! Fitting evaluations to game outcomes (`ponder fit-eval`), the same for every game with
//! [`LinearFeatures`](crate::eval::LinearFeatures):
//!
//! - [`data`]: self-play between node-limited searching players from seeded random
//!   openings, positions sampled from each game (the quiet ones, or all), labelled with the
//!   game's result and the search's value for the side to move, and their features;
//!   reproducible from a seed, in shards.
//! - [`logistic`]: logistic regression on the outcome (optionally blended with the search's
//!   value), Texel-style: the scale `K` of an existing evaluation fitted by a
//!   one-dimensional search, the feature weights by full-batch Adam with L2, a train/held-out
//!   split by game, and the weights rounded to the fixed point the hot path evaluates, in the
//!   units of the evaluation they are compared with.
//! - [`network`]: one hidden layer over the patterns on top of the pattern evaluation,
//!   trained by mini-batch Adam on what the linear model leaves unexplained, rounded to the
//!   integers the hot path evaluates.
//! - [`weights_file`]: the weights files the build embeds (named by their contents, in the
//!   game's weights folder) and their provenance notes.

pub mod data;
pub mod logistic;
pub mod network;
pub mod weights_file;

pub use data::{DATASET_FORMAT, Dataset, Sample, SelfPlay, self_play};
pub use logistic::{Fit, FitOptions, FitReport, ModelScore, fit};
pub use network::{NetworkOptions, StartingNetwork, TrainedNetwork, train_network};
pub use weights_file::{Provenance, WrittenWeights, rerun_command, write_weights_file};

use crate::files::FileError;
use crate::players::PlayerError;
use thiserror::Error;

/// What can stop a fit.
#[derive(Debug, Error)]
pub enum FitError {
    /// A player could not be built or could not move.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// A data set could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// A data set was made for another game or other features.
    #[error("data set {what}: {problem}")]
    Mismatch {
        /// Which data set.
        what: String,
        /// What differs.
        problem: String,
    },
    /// Too few samples to fit or to judge the fit.
    #[error("too few samples: {0}")]
    TooFewSamples(String),
}
