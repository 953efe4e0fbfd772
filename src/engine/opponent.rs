//! The opponent model: which reply the human will play, as a probability for each reply, so
//! that pondering spends the human's time where the human is likely to go.
//!
//! People (and weaker programs) do not play the engine's deep best reply; they play what a
//! shallower look shows them. The model is a mixture of searchers: one per depth from 1 to
//! the game's medium depth ([`crate::games::Depths::medium`]), each playing one of its
//! equal-best moves at random, and the engine's own expected reply (its principal
//! variation). The mixture's weights are learnt from the human's actual moves, online (one
//! step of expectation-maximisation per move: each model is credited with its share of the
//! probability of the move played), starting from equal weights worth two moves. Against a player who
//! thinks 2 to 5 plies deep, the weight moves to those depths; against a strong engine, to
//! the deep ones.
//!
//! How pondering shares its time between the replies follows from the probabilities: depth
//! grows with the logarithm of the time, so the shares that get the most expected depth
//! (see [`ponder_shares`]) give the likeliest reply most of the time and the others what is
//! left where they are nearly as likely.

use crate::games::{Game, Key};

/// The chance that a model's player plays none of its equal-best moves: every legal move
/// keeps at least this much probability (divided among them), so that one surprise does not
/// discredit a model for ever.
const SURPRISE: f64 = 0.05;

/// The prior's weight, in observations: the models start with this many moves' worth of
/// credit, shared equally, so that a few of the human's moves already decide the weights.
const PRIOR_MOVES: f64 = 2.0;

/// A searcher whose weight falls below this share is no longer run.
const NEGLIGIBLE_WEIGHT: f64 = 0.02;

/// What each model expected in one position (the human to move).
#[derive(Clone, Debug)]
pub(crate) struct Prediction<G: Game> {
    /// The position predicted.
    pub(crate) key: Key,
    /// Each model's equal-best replies (shallowest depth first, the engine's expected reply
    /// last); an empty set where the model did not answer (pondering was stopped first).
    pub(crate) sets: Vec<Vec<G::Move>>,
    /// How many legal replies the position has.
    pub(crate) legal: usize,
}

impl<G: Game> Prediction<G> {
    /// The probability that model `model` plays `mv`, or `None` when it did not answer.
    fn model_probability(&self, model: usize, mv: G::Move) -> Option<f64> {
        let set = self.sets.get(model).filter(|set| !set.is_empty())?;
        let spread = SURPRISE / self.legal.max(1) as f64;
        let chosen = if set.contains(&mv) {
            (1.0 - SURPRISE) / set.len() as f64
        } else {
            0.0
        };
        Some(chosen + spread)
    }
}

/// The mixture's weights: one count per model (the searchers by depth, then the engine's
/// expected reply), the weight of a model being its share of the counts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct OpponentModel {
    counts: Vec<f64>,
}

impl OpponentModel {
    /// Equal weights for searchers of depth 1 to `max_depth` and the engine's expected reply.
    pub(crate) fn new(max_depth: u32) -> OpponentModel {
        let models = max_depth as usize + 1;
        OpponentModel {
            counts: vec![PRIOR_MOVES / models as f64; models],
        }
    }

    /// A model of searchers of depth 1 to `max_depth` with these counts (as
    /// [`OpponentModel::counts`] gives them), or `None` when they are not one count per model,
    /// each finite and not negative, with a positive sum.
    pub(crate) fn from_counts(counts: Vec<f64>, max_depth: u32) -> Option<OpponentModel> {
        let sum: f64 = counts.iter().sum();
        let valid = counts.len() == max_depth as usize + 1
            && counts
                .iter()
                .all(|&count| count.is_finite() && count >= 0.0)
            && sum > 0.0
            && sum.is_finite();
        valid.then_some(OpponentModel { counts })
    }

    /// Each model's count: its weight is its share of them.
    pub(crate) fn counts(&self) -> &[f64] {
        &self.counts
    }

    /// How many searchers there are (depths 1 to this).
    pub(crate) fn max_depth(&self) -> u32 {
        (self.counts.len() - 1) as u32
    }

    /// The deepest searcher worth running: the deepest whose weight is at least
    /// [`NEGLIGIBLE_WEIGHT`] (at least depth 1). Deeper ones keep their weight, unused.
    pub(crate) fn search_depth(&self) -> u32 {
        let total: f64 = self.counts.iter().sum();
        let searchers = &self.counts[..self.counts.len() - 1];
        searchers
            .iter()
            .rposition(|&count| count >= NEGLIGIBLE_WEIGHT * total)
            .map_or(1, |deepest| deepest as u32 + 1)
    }

    /// The probability of each of `replies` under the mixture (they sum to at most 1; models
    /// that did not answer are left out and the others renormalised).
    pub(crate) fn probabilities<G: Game>(
        &self,
        prediction: &Prediction<G>,
        replies: &[G::Move],
    ) -> Vec<f64> {
        let mut total_weight = 0.0;
        let mut probabilities = vec![0.0; replies.len()];
        for (model, &count) in self.counts.iter().enumerate() {
            if prediction.sets.get(model).is_none_or(Vec::is_empty) {
                continue;
            }
            total_weight += count;
            for (p, &mv) in probabilities.iter_mut().zip(replies) {
                *p += count * prediction.model_probability(model, mv).unwrap_or(0.0);
            }
        }
        if total_weight > 0.0 {
            probabilities.iter_mut().for_each(|p| *p /= total_weight);
        }
        probabilities
    }

    /// Learns from the human's move `mv` in the predicted position: each model that answered
    /// is credited with its posterior share of the move (one online EM step).
    pub(crate) fn observe<G: Game>(&mut self, prediction: &Prediction<G>, mv: G::Move) {
        let likelihoods: Vec<Option<f64>> = (0..self.counts.len())
            .map(|model| prediction.model_probability(model, mv))
            .collect();
        let evidence: f64 = self
            .counts
            .iter()
            .zip(&likelihoods)
            .filter_map(|(count, likelihood)| likelihood.map(|l| count * l))
            .sum();
        if evidence <= 0.0 {
            return;
        }
        for (count, likelihood) in self.counts.iter_mut().zip(&likelihoods) {
            if let Some(likelihood) = likelihood {
                // The answering models share one observation's worth of credit, each its
                // posterior probability of having produced the move.
                *count += *count * likelihood / evidence;
            }
        }
    }
}

/// The shares of the pondering time that maximise the expected depth gained: with reply `i`
/// played with probability `p[i]` and given the share `s[i]` of the human's time T, the
/// search after it has about B + s·T (B the engine's own budget), and depth grows with the
/// logarithm of the time, so the shares maximise `sum p[i]·ln(B + s[i]·T)` with
/// `sum s[i] = 1`. The solution fills the likeliest replies first: `s[i] = p[i]/λ − B/T`
/// where positive. `time_ratio` is T/B. Replies with share 0 are left to what remains once
/// the others are searched to the end.
pub(crate) fn ponder_shares(probabilities: &[f64], time_ratio: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..probabilities.len()).collect();
    order.sort_by(|&a, &b| probabilities[b].total_cmp(&probabilities[a]));
    let mut shares = vec![0.0; probabilities.len()];
    let Some(&first) = order.first() else {
        return shares;
    };
    if probabilities[first] <= 0.0 {
        shares[first] = 1.0;
        return shares;
    }
    let c = 1.0 / time_ratio.max(1e-3);
    let (mut active, mut mass) = (1usize, probabilities[first]);
    while let Some(&next) = order.get(active) {
        let with = mass + probabilities[next];
        // The next reply joins when its share would be positive with it among the active.
        if probabilities[next] * (1.0 + (active as f64 + 1.0) * c) / with <= c {
            break;
        }
        mass = with;
        active += 1;
    }
    let scale = (1.0 + active as f64 * c) / mass;
    for &reply in &order[..active] {
        shares[reply] = (probabilities[reply] * scale - c).max(0.0);
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kalah;
    use crate::games::kalah::KalahMove;

    fn pits(pits: &[u8]) -> Vec<KalahMove> {
        pits.iter().map(|&pit| KalahMove::new(pit)).collect()
    }

    fn prediction(sets: &[&[u8]]) -> Prediction<Kalah> {
        Prediction {
            key: Key::default(),
            sets: sets.iter().map(|set| pits(set)).collect(),
            legal: 6,
        }
    }

    #[test]
    fn the_weight_moves_to_the_models_that_explain_the_moves() {
        let mut model = OpponentModel::new(2);
        // Depth 1 plays pit 0, depth 2 pit 1, the engine pit 2; the human plays pit 1.
        let seen = prediction(&[&[0], &[1], &[2]]);
        for _ in 0..10 {
            model.observe(&seen, KalahMove::new(1));
        }
        let p = model.probabilities(&seen, &pits(&[0, 1, 2, 3]));
        assert!(p[1] > 0.8, "{p:?}");
        assert!(p[0] < 0.1 && p[2] < 0.1, "{p:?}");
        assert!(p.iter().sum::<f64>() <= 1.0 + 1e-9);
        // Only the depths that explain the moves are still searched.
        assert_eq!(OpponentModel::new(2).search_depth(), 2);
        let mut shallow = OpponentModel::new(8);
        let depth_one = prediction(&[&[0], &[1], &[1], &[1], &[1], &[1], &[1], &[1], &[1]]);
        for _ in 0..40 {
            shallow.observe(&depth_one, KalahMove::new(0));
        }
        assert_eq!(shallow.search_depth(), 1);
    }

    #[test]
    fn models_that_did_not_answer_are_left_out() {
        let model = OpponentModel::new(2);
        let partial = prediction(&[&[4], &[], &[]]);
        let p = model.probabilities(&partial, &pits(&[4, 5]));
        assert!(
            (p[0] - (1.0 - SURPRISE + SURPRISE / 6.0)).abs() < 1e-9,
            "{p:?}"
        );
        let mut learning = model.clone();
        learning.observe(&partial, KalahMove::new(5));
        assert_eq!(learning.counts[1..], model.counts[1..]);
    }

    #[test]
    fn shares_fill_the_likeliest_replies_first() {
        // A clear favourite takes all the time at T = B.
        assert_eq!(ponder_shares(&[0.8, 0.1, 0.1], 1.0), vec![1.0, 0.0, 0.0]);
        // Two equally likely replies share it.
        let even = ponder_shares(&[0.45, 0.45, 0.1], 1.0);
        assert!((even[0] - 0.5).abs() < 1e-9 && (even[1] - 0.5).abs() < 1e-9);
        assert_eq!(even[2], 0.0);
        // With much more time than the engine's own, the time spreads.
        let long = ponder_shares(&[0.6, 0.3, 0.1], 20.0);
        assert!(long.iter().all(|&s| s > 0.0), "{long:?}");
        assert!((long.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(long[0] > long[1] && long[1] > long[2]);
    }
}
