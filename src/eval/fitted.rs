//! The fitted evaluators: a game's [`LinearFeatures`] weighed by the weights its build embeds
//! ([`EmbeddedWeights`]), each a `&'static` struct parsed once: the hot path reads it through
//! one pointer, without allocating or locking.

use super::Evaluator;
use super::Selectivity;
use super::linear::{LinearFeatures, features_of};
use super::weights::EmbeddedWeights;

/// The fitted evaluation of a game: its [`LinearFeatures`] weighted by the embedded `fitted`
/// weights ([`EmbeddedWeights::fitted_weights`]).
#[derive(Copy, Clone, Debug, Default)]
pub struct Fitted;

impl<G: EmbeddedWeights> Evaluator<G> for Fitted {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        G::fitted_weights().value(position, last_move)
    }

    fn selectivity(&self) -> Selectivity {
        G::fitted_selectivity()
    }
}

/// The pattern evaluation of a game: its [`LinearFeatures`] and the weights of its active
/// patterns, fitted together by `ponder fit-eval --patterns`
/// ([`EmbeddedWeights::pattern_weights`]); the fitted evaluation for a game without them.
#[derive(Copy, Clone, Debug, Default)]
pub struct FittedPatterns;

impl<G: EmbeddedWeights> Evaluator<G> for FittedPatterns {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        G::pattern_weights()
            .unwrap_or_else(G::fitted_weights)
            .value(position, last_move)
    }

    fn selectivity(&self) -> Selectivity {
        G::fitted_selectivity()
    }
}

/// The network evaluation of a game with an embedded network
/// ([`EmbeddedWeights::network_weights`], [`super::NetworkWeights`]); the pattern evaluation
/// for a game without one.
#[derive(Copy, Clone, Debug, Default)]
pub struct Network;

impl<G: EmbeddedWeights> Evaluator<G> for Network {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        let Some(network) = G::network_weights() else {
            return FittedPatterns.evaluate(position, last_move);
        };
        let mut sum = network.start(&features_of(position, last_move));
        G::patterns(position, |i| network.add(&mut sum, i));
        network.finish(&sum)
    }

    fn selectivity(&self) -> Selectivity {
        <G as LinearFeatures>::fitted_selectivity()
    }
}
