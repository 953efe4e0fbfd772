//! Fitting the network evaluation ([`crate::eval::Network`]): the pattern
//! evaluation's logistic regression first ([`super::fit`]), then one hidden layer over the
//! same patterns trained on what the linear model leaves unexplained.
//!
//! The linear model's value is the network's starting logit (in the compared evaluation's
//! units times its scale `K`, so the network speaks those units too); the hidden layer
//! (SCReLU units, as the hot path computes them) is trained by mini-batch Adam on the
//! log-loss of the targets ([`super::logistic::Targets`]: the game's outcome, blended with the
//! self-play search's value when asked), with a cosine-decayed step. Its weights are kept within
//! the bounds the hot path's 16-bit accumulator allows, then rounded to the fixed point; the
//! rounded network is judged on the held-out games beside the linear models.

use super::FitError;
use super::data::{Dataset, Sample};
use super::logistic::{FitOptions, FitReport, Targets, fit, held_out, judge, sigmoid, vector};
use crate::eval::{HIDDEN, HiddenRow, NetworkWeights, OUTPUT_EXTRA_BITS, QA, WEIGHT_SHIFT};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// How the hidden layer is trained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetworkOptions {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Adam's first step size (decayed to zero along a cosine).
    pub learning_rate: f32,
    /// Positions a step.
    pub batch: usize,
    /// Decoupled weight decay on the hidden weights, per step (times the step size).
    pub weight_decay: f32,
    /// Seeds the initial weights and the order of the positions.
    pub seed: u64,
    /// Whether the linear part (feature and pattern weights) is trained with the hidden
    /// layer; without it, the linear part stays as fitted (or as the starting network had it).
    pub train_linear: bool,
}

impl Default for NetworkOptions {
    fn default() -> NetworkOptions {
        NetworkOptions {
            epochs: 8,
            learning_rate: 2e-3,
            batch: 256,
            weight_decay: 0.3,
            seed: 1,
            train_linear: false,
        }
    }
}

/// A fitted network, in the integers the hot path evaluates, and how it did.
#[derive(Clone, Debug)]
pub struct TrainedNetwork {
    /// The weights, as the hot path reads them (`QA` is 1.0 in the hidden layer).
    pub weights: NetworkWeights,
    /// The held-out figures: the linear models, then `network`.
    pub report: FitReport,
}

impl TrainedNetwork {
    /// `sample`'s value under the rounded network, as the hot path computes it.
    pub fn value(&self, sample: &Sample) -> i32 {
        value_of(&self.weights, sample)
    }
}

/// `sample`'s value under `weights`, as the hot path computes it.
fn value_of(weights: &NetworkWeights, sample: &Sample) -> i32 {
    let mut sum = weights.start(&vector(sample));
    for &p in &sample.patterns {
        weights.add(&mut sum, usize::from(p));
    }
    weights.finish(&sum)
}

/// A network to refit ([`train_network`]) and the name the held-out report gives it.
#[derive(Clone, Copy, Debug)]
pub struct StartingNetwork<'a> {
    /// The report's name for it (`ponder fit-eval --refit` says `embedded`: the build's).
    pub name: &'a str,
    /// Its weights.
    pub weights: &'a NetworkWeights,
}

/// Fits the pattern evaluation on `data` (its options `linear`, patterns on), then the hidden
/// layer on top, and judges both on the held-out games.
///
/// With `start` (refitting a network, such as the one the build embeds), the linear part
/// is `start`'s, kept as it is, and the hidden layer's training starts from `start`'s
/// instead of random weights; `start` is judged on the same held-out games, under its name,
/// before `network`. The linear models are fitted either way, for the report. With
/// `options.train_linear` the linear part learns with the hidden layer (by the same Adam
/// loop, without decay) instead of staying as it started.
pub fn train_network(
    data: &Dataset,
    material: usize,
    linear: &FitOptions,
    options: &NetworkOptions,
    start: Option<StartingNetwork<'_>>,
    on_epoch: &mut dyn FnMut(u32, f64),
) -> Result<TrainedNetwork, FitError> {
    let linear = FitOptions {
        patterns: true,
        ..*linear
    };
    let base = fit(data, material, &linear)?;
    let count = data.feature_names.len();
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = data
        .samples
        .iter()
        .partition(|s| !held_out(s.game, &linear));
    let mut report = base.report;
    let (features, patterns, scale, initial) = match start {
        None => (
            base.weights[..count].to_vec(),
            base.pattern_weights,
            report.models.get(1).map_or(1.0, |m| m.scale),
            None,
        ),
        Some(StartingNetwork {
            name,
            weights: start,
        }) => {
            check_shape(data, start)?;
            let score = judge(name, &train, &test, |s| value_of(start, s));
            let scale = score.scale;
            report.models.push(score);
            (
                start.features.clone(),
                start.patterns.clone(),
                scale,
                Some(Layer::from_weights(start, scale)),
            )
        }
    };
    let targets = Targets::new(&train, linear.value_weight);
    let rows: Vec<Row> = train
        .iter()
        .map(|s| Row {
            features: &s.features,
            patterns: &s.patterns,
            target: targets.of(s) as f32,
        })
        .collect();
    let most_patterns = data
        .samples
        .iter()
        .map(|s| s.patterns.len())
        .max()
        .unwrap_or(0);
    let bounds = Bounds::for_patterns(most_patterns);
    let mut base = Linear::from_weights(&features, &patterns, scale, options.train_linear);
    let layer = train_layer(
        &rows,
        data.pattern_count,
        &mut base,
        &bounds,
        options,
        initial,
        on_epoch,
    );
    let (features, patterns) = if options.train_linear {
        base.rounded(scale)
    } else {
        (features, patterns)
    };
    let mut network = TrainedNetwork {
        weights: NetworkWeights {
            features,
            patterns,
            hidden: layer.rounded_rows(),
            bias: layer.rounded_bias(),
            output: layer.rounded_output(scale),
        },
        report,
    };
    let score = judge("network", &train, &test, |s| network.value(s));
    network.report.models.push(score);
    Ok(network)
}

/// Whether `start` has the data's features and patterns.
fn check_shape(data: &Dataset, start: &NetworkWeights) -> Result<(), FitError> {
    let (features, patterns) = (data.feature_names.len(), data.pattern_count);
    if start.features.len() == features
        && start.patterns.len() == patterns
        && start.hidden.len() == patterns
    {
        return Ok(());
    }
    Err(FitError::Mismatch {
        what: data.game.clone(),
        problem: format!(
            "the data has {features} features and {patterns} patterns, the starting network \
             {} and {} ({} hidden rows)",
            start.features.len(),
            start.patterns.len(),
            start.hidden.len()
        ),
    })
}

/// One training position: its features, its active patterns, the target.
struct Row<'a> {
    features: &'a [i16],
    patterns: &'a [u16],
    target: f32,
}

/// The linear part in floating point, in logit units, and whether training moves it.
struct Linear {
    features: Vec<f32>,
    patterns: Vec<f32>,
    trained: bool,
}

impl Linear {
    /// The fixed-point weights `features` and `patterns` in logit units by `scale`.
    fn from_weights(features: &[i32], patterns: &[i32], scale: f64, trained: bool) -> Linear {
        let unit = scale / f64::from(1u32 << WEIGHT_SHIFT);
        let to_logit = |&w: &i32| (f64::from(w) * unit) as f32;
        Linear {
            features: features.iter().map(to_logit).collect(),
            patterns: patterns.iter().map(to_logit).collect(),
            trained,
        }
    }

    /// `row`'s linear logit.
    #[inline]
    fn value(&self, row: &Row) -> f32 {
        let features: f32 = self
            .features
            .iter()
            .zip(row.features)
            .map(|(w, &x)| w * f32::from(x))
            .sum();
        let patterns: f32 = row
            .patterns
            .iter()
            .filter_map(|&p| self.patterns.get(usize::from(p)))
            .sum();
        features + patterns
    }

    /// The weights back in the evaluation's fixed point (the inverse of `from_weights`).
    fn rounded(&self, scale: f64) -> (Vec<i32>, Vec<i32>) {
        let unit = f64::from(1u32 << WEIGHT_SHIFT) / scale;
        let to_fixed = |&w: &f32| (f64::from(w) * unit).round() as i32;
        (
            self.features.iter().map(to_fixed).collect(),
            self.patterns.iter().map(to_fixed).collect(),
        )
    }
}

/// The largest hidden weight and bias (in units of 1.0) for which no sum of a bias and
/// `most_patterns` weights leaves the 16-bit accumulator.
struct Bounds {
    weight: f32,
    bias: f32,
}

impl Bounds {
    fn for_patterns(most_patterns: usize) -> Bounds {
        let bias = 2.0;
        let room = f32::from(i16::MAX) - 1.0 - bias * f32::from(QA);
        let weight = (room / most_patterns.max(1) as f32).floor() / f32::from(QA);
        Bounds {
            weight: weight.min(8.0),
            bias,
        }
    }
}

/// The hidden layer in floating point.
struct Layer {
    /// `patterns × HIDDEN`, row by row.
    rows: Vec<[f32; HIDDEN]>,
    bias: [f32; HIDDEN],
    output: [f32; HIDDEN],
}

impl Layer {
    /// The hidden activations of `patterns` (SCReLU) and the accumulator before clipping.
    #[inline]
    fn activations(&self, patterns: &[u16]) -> ([f32; HIDDEN], [f32; HIDDEN]) {
        let mut accumulator = self.bias;
        for &p in patterns {
            if let Some(row) = self.rows.get(usize::from(p)) {
                for (a, w) in accumulator.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
        let mut active = [0.0; HIDDEN];
        for (out, a) in active.iter_mut().zip(&accumulator) {
            let c = a.clamp(0.0, 1.0);
            *out = c * c;
        }
        (active, accumulator)
    }

    /// `weights`' hidden layer in floating point, its output weights in logit units by
    /// `scale` (the inverse of the rounding below).
    fn from_weights(weights: &NetworkWeights, scale: f64) -> Layer {
        let unit = f64::from(1u32 << (WEIGHT_SHIFT + OUTPUT_EXTRA_BITS));
        let one = f32::from(QA);
        Layer {
            rows: weights
                .hidden
                .iter()
                .map(|HiddenRow(row)| row.map(|w| f32::from(w) / one))
                .collect(),
            bias: weights.bias.map(|b| f32::from(b) / one),
            output: weights.output.map(|v| (f64::from(v) * scale / unit) as f32),
        }
    }

    fn rounded_rows(&self) -> Vec<HiddenRow> {
        self.rows
            .iter()
            .map(|row| HiddenRow(row.map(|w| (w * f32::from(QA)).round() as i16)))
            .collect()
    }

    fn rounded_bias(&self) -> [i16; HIDDEN] {
        self.bias.map(|b| (b * f32::from(QA)).round() as i16)
    }

    /// The output weights in the evaluation's fixed point: logit units divided by the
    /// compared evaluation's scale.
    fn rounded_output(&self, scale: f64) -> [i32; HIDDEN] {
        let unit = f64::from(1u32 << (WEIGHT_SHIFT + OUTPUT_EXTRA_BITS));
        self.output
            .map(|v| (f64::from(v) / scale * unit).round() as i32)
    }
}

/// Adam's moments for a slice of weights.
struct Moments {
    first: Vec<f32>,
    second: Vec<f32>,
}

impl Moments {
    fn new(len: usize) -> Moments {
        Moments {
            first: vec![0.0; len],
            second: vec![0.0; len],
        }
    }

    /// One Adam step on `weights` by `gradient` (bias-corrected with `correction`), then
    /// the decay and the clamp to `[-bound, bound]`.
    fn step(&mut self, weights: &mut [f32], gradient: &[f32], step: &Step, bound: f32) {
        let (beta1, beta2) = (0.9f32, 0.999f32);
        for (((w, g), m), v) in weights
            .iter_mut()
            .zip(gradient)
            .zip(&mut self.first)
            .zip(&mut self.second)
        {
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            let update = step.rate * (*m / step.first) / ((*v / step.second).sqrt() + 1e-8);
            *w = (*w - update - step.rate * step.decay * *w).clamp(-bound, bound);
        }
    }
}

/// The linear part's gradients and Adam moments (empty when it is not trained).
struct LinearMoments {
    features: Moments,
    patterns: Moments,
    feature_gradient: Vec<f32>,
    pattern_gradient: Vec<f32>,
}

impl LinearMoments {
    fn new(linear: &Linear) -> LinearMoments {
        let (features, patterns) = if linear.trained {
            (linear.features.len(), linear.patterns.len())
        } else {
            (0, 0)
        };
        LinearMoments {
            features: Moments::new(features),
            patterns: Moments::new(patterns),
            feature_gradient: vec![0.0; features],
            pattern_gradient: vec![0.0; patterns],
        }
    }

    fn clear(&mut self) {
        self.feature_gradient.fill(0.0);
        self.pattern_gradient.fill(0.0);
    }

    /// Adds `row`'s gradient for a logit error of `error` (nothing when not trained).
    #[inline]
    fn add(&mut self, row: &Row, error: f32) {
        for (g, &x) in self.feature_gradient.iter_mut().zip(row.features) {
            *g += error * f32::from(x);
        }
        for &p in row.patterns {
            if let Some(g) = self.pattern_gradient.get_mut(usize::from(p)) {
                *g += error;
            }
        }
    }

    /// One Adam step on `linear` (nothing when not trained).
    fn step(&mut self, linear: &mut Linear, step: &Step) {
        if linear.trained {
            let bound = 1e3;
            self.features
                .step(&mut linear.features, &self.feature_gradient, step, bound);
            self.patterns
                .step(&mut linear.patterns, &self.pattern_gradient, step, bound);
        }
    }
}

/// One Adam step's size and bias corrections.
struct Step {
    rate: f32,
    first: f32,
    second: f32,
    decay: f32,
}

/// Trains the hidden layer on `rows` (`patterns` pattern rows), from `initial` or, without
/// it, from random weights, on top of `linear` (trained with it if `linear.trained`).
fn train_layer(
    rows: &[Row],
    patterns: usize,
    linear: &mut Linear,
    bounds: &Bounds,
    options: &NetworkOptions,
    initial: Option<Layer>,
    on_epoch: &mut dyn FnMut(u32, f64),
) -> Layer {
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let mut layer = initial.unwrap_or_else(|| Layer {
        rows: (0..patterns)
            .map(|_| std::array::from_fn(|_| rng.random_range(-0.05..0.05)))
            .collect(),
        bias: std::array::from_fn(|_| rng.random_range(0.2..0.8)),
        output: std::array::from_fn(|_| rng.random_range(-0.1..0.1)),
    });
    let mut row_moments = Moments::new(patterns * HIDDEN);
    let (mut bias_moments, mut output_moments) = (Moments::new(HIDDEN), Moments::new(HIDDEN));
    let mut row_gradient = vec![[0.0f32; HIDDEN]; patterns];
    let mut linear_moments = LinearMoments::new(linear);
    // A frozen linear part gives each row the same logit every step: compute it once.
    let frozen: Option<Vec<f32>> =
        (!linear.trained).then(|| rows.iter().map(|row| linear.value(row)).collect());
    let batch = options.batch.max(1);
    let steps_per_epoch = rows.len().div_ceil(batch).max(1);
    let total_steps = (steps_per_epoch * options.epochs.max(1) as usize) as f32;
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut step_number = 0u32;
    for epoch in 1..=options.epochs.max(1) {
        order.shuffle(&mut rng);
        let mut epoch_loss = 0.0f64;
        for chunk in order.chunks(batch) {
            row_gradient.iter_mut().for_each(|g| *g = [0.0; HIDDEN]);
            linear_moments.clear();
            let (mut bias_gradient, mut output_gradient) = ([0.0f32; HIDDEN], [0.0f32; HIDDEN]);
            let scale = 1.0 / chunk.len() as f32;
            for &index in chunk {
                let row = &rows[index];
                let (active, accumulator) = layer.activations(row.patterns);
                let base = frozen
                    .as_ref()
                    .map_or_else(|| linear.value(row), |values| values[index]);
                let logit = base
                    + active
                        .iter()
                        .zip(&layer.output)
                        .map(|(a, v)| a * v)
                        .sum::<f32>();
                epoch_loss += super::logistic::loss(f64::from(logit), f64::from(row.target));
                let error = (sigmoid(f64::from(logit)) as f32 - row.target) * scale;
                linear_moments.add(row, error);
                let mut unit = [0.0f32; HIDDEN];
                for j in 0..HIDDEN {
                    output_gradient[j] += error * active[j];
                    let a = accumulator[j];
                    unit[j] = if a > 0.0 && a < 1.0 {
                        error * layer.output[j] * 2.0 * a
                    } else {
                        0.0
                    };
                    bias_gradient[j] += unit[j];
                }
                for &p in row.patterns {
                    if let Some(g) = row_gradient.get_mut(usize::from(p)) {
                        for (g, u) in g.iter_mut().zip(&unit) {
                            *g += u;
                        }
                    }
                }
            }
            step_number += 1;
            let progress = step_number as f32 / total_steps;
            let step = Step {
                rate: options.learning_rate
                    * 0.5
                    * (1.0 + (std::f32::consts::PI * progress.min(1.0)).cos()),
                first: 1.0 - 0.9f32.powi(step_number as i32),
                second: 1.0 - 0.999f32.powi(step_number as i32),
                decay: options.weight_decay,
            };
            row_moments.step(
                layer.rows.as_flattened_mut(),
                row_gradient.as_flattened(),
                &step,
                bounds.weight,
            );
            let no_decay = Step { decay: 0.0, ..step };
            bias_moments.step(&mut layer.bias, &bias_gradient, &no_decay, bounds.bias);
            output_moments.step(&mut layer.output, &output_gradient, &no_decay, 1e3);
            linear_moments.step(linear, &no_decay);
        }
        on_epoch(epoch, epoch_loss / rows.len().max(1) as f64);
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::logistic::ModelScore;
    use crate::matches::derive_seed;

    /// Positions whose result is an exclusive-or of two patterns: no linear model can tell
    /// it, one hidden layer can.
    fn xor_data() -> Dataset {
        let mut samples = Vec::new();
        for game in 0..4000u64 {
            let a = derive_seed(3, game) % 2;
            let b = derive_seed(4, game) % 2;
            let label = if a == b { 2 } else { 0 };
            samples.push(Sample {
                game,
                label,
                // A compared evaluation right 70% of the time, so that its scale (the
                // network's units) is moderate.
                compared: if (a == b) != (derive_seed(6, game) % 10 < 3) {
                    100
                } else {
                    -100
                },
                value: None,
                features: vec![1, (derive_seed(5, game) % 5) as i16],
                patterns: vec![a as u16, 2 + b as u16],
            });
        }
        Dataset {
            game: "test".into(),
            feature_names: vec!["tempo".into(), "noise".into()],
            pattern_count: 4,
            compared: "zero".into(),
            samples,
        }
    }

    #[test]
    fn the_network_learns_what_the_patterns_cannot() {
        let data = xor_data();
        let options = NetworkOptions {
            epochs: 30,
            learning_rate: 1e-2,
            batch: 64,
            weight_decay: 1e-4,
            ..NetworkOptions::default()
        };
        let network = train_network(
            &data,
            1,
            &FitOptions::default(),
            &options,
            None,
            &mut |_, _| {},
        )
        .unwrap();
        let models = &network.report.models;
        let by_name = |name: &str| models.iter().find(|m| m.name == name).unwrap();
        let linear = by_name("fitted+patterns");
        let learned = by_name("network");
        // The linear models cannot beat a coin; the network predicts nearly every result.
        assert!(linear.accuracy < 0.6, "{models:?}");
        assert!(learned.accuracy > 0.95, "{models:?}");
        assert!(learned.log_loss < 0.5 * linear.log_loss, "{models:?}");
    }

    /// Trains a network on the exclusive-or data, from `start` when given.
    fn trained(
        data: &Dataset,
        epochs: u32,
        learning_rate: f32,
        start: Option<&NetworkWeights>,
    ) -> TrainedNetwork {
        let start = start.map(|weights| StartingNetwork {
            name: "start",
            weights,
        });
        let options = NetworkOptions {
            epochs,
            learning_rate,
            batch: 64,
            weight_decay: 0.0,
            ..NetworkOptions::default()
        };
        train_network(
            data,
            1,
            &FitOptions::default(),
            &options,
            start,
            &mut |_, _| {},
        )
        .unwrap()
    }

    fn model<'a>(network: &'a TrainedNetwork, name: &str) -> &'a ModelScore {
        let models = &network.report.models;
        models.iter().find(|m| m.name == name).unwrap()
    }

    #[test]
    fn fine_tuning_starts_from_the_given_network() {
        let data = xor_data();
        let start = trained(&data, 3, 1e-2, None);
        // A step too small to move any weight: the start comes back as it went in.
        let same = trained(&data, 1, 1e-9, Some(&start.weights));
        let (same_weights, start_weights) = (&same.weights, &start.weights);
        assert_eq!(same_weights.features, start_weights.features);
        assert_eq!(same_weights.patterns, start_weights.patterns);
        assert_eq!(same_weights.hidden, start_weights.hidden);
        assert_eq!(same_weights.bias, start_weights.bias);
        for (a, b) in same_weights.output.iter().zip(&start_weights.output) {
            assert!(
                (a - b).abs() <= 1,
                "{:?} against {:?}",
                same_weights.output,
                start_weights.output
            );
        }
        let (before, after) = (model(&same, "start"), model(&same, "network"));
        assert!(
            (before.log_loss - after.log_loss).abs() < 1e-3,
            "{before:?} {after:?}"
        );
        assert!((model(&start, "network").log_loss - before.log_loss).abs() < 1e-9);
    }

    #[test]
    fn refitting_improves_a_weak_start() {
        let data = xor_data();
        let weak = trained(&data, 1, 1e-4, None);
        let refitted = trained(&data, 30, 1e-2, Some(&weak.weights));
        let (before, after) = (model(&refitted, "start"), model(&refitted, "network"));
        assert!(before.accuracy < 0.6, "{before:?}");
        assert!(after.accuracy > 0.95, "{after:?}");
        assert!(
            after.log_loss < 0.5 * before.log_loss,
            "{before:?} {after:?}"
        );
    }

    /// The exclusive-or data, except that feature 1 (`s`, from −2 to 2) decides the result
    /// where it is ±2: a signal only the linear part can read.
    fn xor_and_feature_data() -> Dataset {
        let mut data = xor_data();
        data.feature_names[1] = "signal".into();
        for sample in &mut data.samples {
            let signal = (derive_seed(8, sample.game) % 5) as i16 - 2;
            sample.features[1] = signal;
            match signal {
                2 => sample.label = 2,
                -2 => sample.label = 0,
                _ => {}
            }
        }
        data
    }

    /// Refits `start` on `data` for a few epochs, with or without the linear part.
    fn refitted(data: &Dataset, start: &NetworkWeights, train_linear: bool) -> TrainedNetwork {
        let options = NetworkOptions {
            epochs: 5,
            learning_rate: 1e-2,
            batch: 64,
            weight_decay: 0.0,
            train_linear,
            ..NetworkOptions::default()
        };
        let start = StartingNetwork {
            name: "start",
            weights: start,
        };
        train_network(
            data,
            1,
            &FitOptions::default(),
            &options,
            Some(start),
            &mut |_, _| {},
        )
        .unwrap()
    }

    #[test]
    fn training_the_linear_part_learns_what_the_start_lacks() {
        let data = xor_and_feature_data();
        let full = trained(&data, 10, 1e-2, None);
        // The start forgets the signal's weight: its patterns and hidden layer still know
        // the exclusive-or.
        let mut features = full.weights.features.clone();
        features[1] = 0;
        let start = NetworkWeights {
            features: features.clone(),
            ..full.weights.clone()
        };
        let frozen = refitted(&data, &start, false);
        let learning = refitted(&data, &start, true);
        assert_eq!(frozen.weights.features, features);
        assert_eq!(frozen.weights.patterns, full.weights.patterns);
        let learnt_features = &learning.weights.features;
        assert!(learnt_features[1] > 0, "{learnt_features:?}");
        let (kept, learnt) = (model(&frozen, "network"), model(&learning, "network"));
        assert!(
            learnt.log_loss < kept.log_loss - 0.02,
            "{kept:?} {learnt:?}"
        );
        assert!(learnt.accuracy > kept.accuracy, "{kept:?} {learnt:?}");
    }

    #[test]
    fn fine_tuning_refuses_a_network_of_another_shape() {
        let data = xor_data();
        let start = trained(&data, 1, 1e-2, None);
        let other = NetworkWeights {
            hidden: start.weights.hidden[..3].to_vec(),
            ..start.weights.clone()
        };
        let options = NetworkOptions::default();
        let result = train_network(
            &data,
            1,
            &FitOptions::default(),
            &options,
            Some(StartingNetwork {
                name: "other",
                weights: &other,
            }),
            &mut |_, _| {},
        );
        assert!(
            matches!(result, Err(FitError::Mismatch { .. })),
            "{:?}",
            result.err()
        );
    }

    #[test]
    fn bounds_keep_the_accumulator_in_sixteen_bits() {
        for patterns in [1, 4, 36, 100] {
            let bounds = Bounds::for_patterns(patterns);
            let worst = bounds.bias * f32::from(QA)
                + patterns as f32 * (bounds.weight * f32::from(QA)).round();
            assert!(worst <= f32::from(i16::MAX), "{patterns}: {worst}");
        }
    }
}
