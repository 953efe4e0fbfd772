//! The network evaluation: the pattern evaluation ([`super::FittedPatterns`]'s linear sum of
//! features and patterns) plus one hidden layer over the same patterns, fitted by
//! `ponder fit-eval --network` (training in [`crate::fit::network`]).
//!
//! Each active pattern adds its row of [`HIDDEN`] 16-bit weights to an accumulator that
//! starts at the biases; each unit's activation is the accumulator clipped to `[0, QA]` and
//! squared (SCReLU, `QA` standing for 1.0), and the output weights combine the activations
//! into the evaluation's fixed point. The accumulator lives on the stack and is rebuilt at
//! every evaluation (36 rows for Ataxx's windows): no allocation, no lock, and nothing to keep
//! in step with make and unmake. The fit bounds the weights so that the 16-bit sums cannot
//! overflow. The evaluator that reads a game's embedded network is [`super::Network`].

use super::linear::{FeatureVector, fixed_point_value, weighted_sum};

/// Hidden units.
pub const HIDDEN: usize = 64;

/// The accumulator's fixed-point one: an activation of 1.0 is `QA`.
pub const QA: i16 = 128;

/// The shift that turns `Σ output·activation²` into the evaluation's fixed point: the
/// activation's square carries `2·log2(QA)` bits and the output weights
/// [`OUTPUT_EXTRA_BITS`] more than the linear weights.
pub const OUTPUT_SHIFT: u32 = 2 * QA.trailing_zeros() + OUTPUT_EXTRA_BITS;

/// The output weights' precision beyond the linear weights' fixed point.
pub const OUTPUT_EXTRA_BITS: u32 = 6;

/// A network's weights, integer as the hot path uses them (the linear ones in the fixed point
/// of [`super::WEIGHT_SHIFT`]). The biases and the output weights, read at every evaluation,
/// come first, on whole cache lines.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct NetworkWeights {
    /// The hidden units' biases.
    pub bias: [i16; HIDDEN],
    /// The output weights ([`OUTPUT_EXTRA_BITS`] finer than the linear weights).
    pub output: [i32; HIDDEN],
    /// One weight per feature ([`super::LinearFeatures::FEATURE_NAMES`]' order).
    pub features: Vec<i32>,
    /// One linear weight per pattern.
    pub patterns: Vec<i32>,
    /// One row of hidden weights per pattern.
    pub hidden: Vec<HiddenRow>,
}

/// One pattern's row of hidden weights, aligned to a cache line so that adding it to the
/// accumulator reads whole lines (a row is two of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct HiddenRow(pub [i16; HIDDEN]);

/// One evaluation in progress: the linear sum and the hidden accumulator.
#[derive(Clone, Copy, Debug)]
pub struct NetworkSum {
    linear: i64,
    accumulator: [i16; HIDDEN],
}

impl NetworkWeights {
    /// Starts an evaluation with the position's features.
    #[inline]
    pub fn start(&self, features: &FeatureVector) -> NetworkSum {
        NetworkSum {
            linear: weighted_sum(features, &self.features),
            accumulator: self.bias,
        }
    }

    /// Adds active pattern `pattern` (ignored when out of range).
    #[inline(always)]
    pub fn add(&self, sum: &mut NetworkSum, pattern: usize) {
        sum.linear += self.patterns.get(pattern).map_or(0, |&w| i64::from(w));
        if let Some(HiddenRow(row)) = self.hidden.get(pattern) {
            for (a, &w) in sum.accumulator.iter_mut().zip(row) {
                *a = a.wrapping_add(w);
            }
        }
    }

    /// The evaluation, in the evaluation's units.
    #[inline]
    pub fn finish(&self, sum: &NetworkSum) -> i32 {
        let hidden: i64 = sum
            .accumulator
            .iter()
            .zip(&self.output)
            .map(|(&a, &w)| {
                let c = i64::from(a.clamp(0, QA));
                c * c * i64::from(w)
            })
            .sum();
        fixed_point_value(sum.linear + (hidden >> OUTPUT_SHIFT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{MAX_FEATURES, WEIGHT_SHIFT};

    #[test]
    fn the_sum_is_linear_plus_squared_clipped_units() {
        let hidden = [[0i16; HIDDEN]; 2];
        let mut hidden = hidden;
        hidden[0][0] = QA / 2; // unit 0: bias 0 + QA/2 → activation 0.25
        hidden[1][1] = -QA; // unit 1: bias QA/2 − QA → clipped to 0
        hidden[1][2] = 3 * QA; // unit 2: clipped to QA → activation 1
        let mut bias = [0i16; HIDDEN];
        bias[1] = QA / 2;
        let mut output = [0i32; HIDDEN];
        output[0] = 4 << (OUTPUT_EXTRA_BITS + WEIGHT_SHIFT);
        output[1] = 1000 << (OUTPUT_EXTRA_BITS + WEIGHT_SHIFT);
        output[2] = 7 << (OUTPUT_EXTRA_BITS + WEIGHT_SHIFT);
        let network = NetworkWeights {
            features: vec![2 << WEIGHT_SHIFT],
            patterns: vec![1 << WEIGHT_SHIFT, 0],
            hidden: hidden.map(HiddenRow).to_vec(),
            bias,
            output,
        };
        let mut features = [0; MAX_FEATURES];
        features[0] = 5;
        let mut sum = network.start(&features);
        network.add(&mut sum, 0);
        network.add(&mut sum, 1);
        network.add(&mut sum, 99); // out of range: ignored
        // 2·5 + 1 + 4·0.25 + 1000·0 + 7·1 = 19.
        assert_eq!(network.finish(&sum), 19);
    }
}
