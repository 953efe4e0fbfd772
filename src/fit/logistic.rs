//! Logistic regression on game outcomes, Texel-style.
//!
//! An evaluation `e` predicts the side to move's result by `sigmoid(K·e)`; `K` is fitted to
//! the training positions by a one-dimensional search on the log-loss (the Texel method's
//! scale). The fitted evaluation's weights are found in the logit's own units by full-batch
//! Adam on standardised features with L2, then divided by the compared evaluation's `K` and
//! rounded to the fixed point the hot path evaluates
//! ([`WEIGHT_SHIFT`](crate::eval::WEIGHT_SHIFT)): the fitted evaluation speaks the
//! compared one's units, so the search's margins keep their meaning. Every model is judged
//! on held-out games, never on the positions it was fitted to.

use super::FitError;
use super::data::{Dataset, Sample};
use crate::eval::{FeatureVector, MAX_FEATURES, WEIGHT_SHIFT, fixed_point_value, weighted_sum};
use crate::matches::derive_seed;
use crate::search::score::WIN_BASE;

/// How the weights are fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Passes of full-batch Adam.
    pub epochs: u32,
    /// Adam's step size (on standardised features).
    pub learning_rate: f64,
    /// The L2 penalty on the standardised weights (the tempo weight is not penalised).
    pub l2: f64,
    /// The share of games held out, in percent (1 to 90).
    pub held_out_percent: u32,
    /// Seeds the split of games into training and held-out.
    pub seed: u64,
    /// Whether to fit the data's pattern weights as well (the pattern evaluation); the
    /// features-only fit is then judged beside it.
    pub patterns: bool,
    /// The L2 penalty on the pattern weights (in logit units: they are one-hot counts, not
    /// standardised).
    pub pattern_l2: f64,
    /// The share (0 to 1) of each training target taken from the self-play search's value
    /// ([`Sample::value`]) rather than the game's result; 0 trains on results alone. Held-out
    /// positions are always judged against the results.
    pub value_weight: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            epochs: 600,
            learning_rate: 0.05,
            l2: 1e-4,
            held_out_percent: 20,
            seed: 1,
            patterns: false,
            pattern_l2: 3e-3,
            value_weight: 0.0,
        }
    }
}

/// One evaluation's figures on the held-out positions.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelScore {
    /// What the model is.
    pub name: String,
    /// Its fitted scale `K` (win probability `sigmoid(K·e)`), fitted on the training games.
    pub scale: f64,
    /// The mean log-loss (natural log) on the held-out positions.
    pub log_loss: f64,
    /// The share of decisive held-out positions whose winner it predicts (`e > 0` for a win).
    pub accuracy: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Training positions.
    pub train: usize,
    /// Held-out positions.
    pub held_out: usize,
    /// The material-only baseline, the compared evaluation and the fitted one, in this order,
    /// then the fitted one with patterns when patterns were fitted.
    pub models: Vec<ModelScore>,
}

/// The fitted weights (fixed point, one per feature and one per pattern) and how they did.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The feature weights the hot path evaluates (of the pattern model when patterns were
    /// fitted).
    pub weights: Vec<i32>,
    /// The pattern weights (empty when patterns were not fitted).
    pub pattern_weights: Vec<i32>,
    /// The held-out figures.
    pub report: FitReport,
}

/// Whether a game is held out.
pub(super) fn held_out(game: u64, options: &FitOptions) -> bool {
    derive_seed(options.seed, game) % 100 < u64::from(options.held_out_percent.clamp(1, 90))
}

/// Fits the weights of `data`'s features (and, with [`FitOptions::patterns`], its patterns)
/// and judges them against the material feature (`material`, its index) and the compared
/// evaluation on the held-out games.
pub fn fit(data: &Dataset, material: usize, options: &FitOptions) -> Result<Fit, FitError> {
    let count = data.feature_names.len();
    let patterns = if options.patterns {
        data.pattern_count
    } else {
        0
    };
    if count == 0 || count > MAX_FEATURES || material >= count || options.patterns && patterns == 0
    {
        return Err(FitError::Mismatch {
            what: data.game.clone(),
            problem: format!("{count} features, material at {material}, {patterns} patterns"),
        });
    }
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = data
        .samples
        .iter()
        .partition(|s| !held_out(s.game, options));
    if train.len() < 2 * count || test.len() < 10 {
        return Err(FitError::TooFewSamples(format!(
            "{} training and {} held-out positions for {count} features",
            train.len(),
            test.len()
        )));
    }
    let compared_scale = fit_scale(&train, |s| s.compared);
    let fixed = |logits: Vec<f64>| -> Vec<i32> {
        logits
            .iter()
            .map(|w| (w / compared_scale * f64::from(1u32 << WEIGHT_SHIFT)).round() as i32)
            .collect()
    };
    let targets = Targets::new(&train, options.value_weight);
    let mut weights = fixed(fit_logits(&train, count, 0, options, &targets));
    let mut models = vec![
        judge("material", &train, &test, |s| {
            i32::from(s.features[material])
        }),
        judge(&data.compared, &train, &test, |s| s.compared),
        judge("fitted", &train, &test, |s| model_value(s, &weights, &[])),
    ];
    let mut pattern_weights = Vec::new();
    if patterns > 0 {
        let mut all = fixed(fit_logits(&train, count, patterns, options, &targets));
        pattern_weights = all.split_off(count);
        weights = all;
        models.push(judge("fitted+patterns", &train, &test, |s| {
            model_value(s, &weights, &pattern_weights)
        }));
    }
    Ok(Fit {
        weights,
        pattern_weights,
        report: FitReport {
            train: train.len(),
            held_out: test.len(),
            models,
        },
    })
}

/// What a fit trains towards: the game's result, blended with the self-play search's value
/// read as a win chance (`sigmoid(scale·value)`, the scale fitted to the results on the
/// training games as [`fit_scale`] does for any evaluation; decisive values are certain).
#[derive(Copy, Clone, Debug)]
pub(super) struct Targets {
    /// The search value's share of the target (0 to 1).
    weight: f64,
    /// The search value's scale `K`.
    scale: f64,
}

impl Targets {
    /// The targets for training on `train` with `weight` of each from the search's value.
    pub(super) fn new(train: &[&Sample], weight: f64) -> Targets {
        let weight = if weight.is_finite() {
            weight.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let heuristic: Vec<&Sample> = train
            .iter()
            .copied()
            .filter(|s| s.value.is_some_and(|v| v.abs() < WIN_BASE))
            .collect();
        let scale = if weight > 0.0 && !heuristic.is_empty() {
            fit_scale(&heuristic, |s| s.value.unwrap_or(0))
        } else {
            0.0
        };
        Targets { weight, scale }
    }

    /// The training target of `sample`: a probability of winning for its side to move.
    pub(super) fn of(&self, sample: &Sample) -> f64 {
        let result = sample.target();
        let Some(value) = sample.value.filter(|_| self.weight > 0.0) else {
            return result;
        };
        let chance = if value >= WIN_BASE {
            1.0
        } else if value <= -WIN_BASE {
            0.0
        } else {
            sigmoid(self.scale * f64::from(value))
        };
        self.weight * chance + (1.0 - self.weight) * result
    }
}

/// The fixed-point value of `sample` under the feature weights `weights` and the pattern
/// weights `pattern_weights` (none: the features only), as the hot path computes it.
fn model_value(sample: &Sample, weights: &[i32], pattern_weights: &[i32]) -> i32 {
    let mut sum = weighted_sum(&vector(sample), weights);
    if !pattern_weights.is_empty() {
        for &p in &sample.patterns {
            sum += pattern_weights
                .get(usize::from(p))
                .map_or(0, |&w| i64::from(w));
        }
    }
    fixed_point_value(sum)
}

/// A sample's features as the hot path's array.
pub(super) fn vector(sample: &Sample) -> FeatureVector {
    let mut out = [0; MAX_FEATURES];
    for (slot, &f) in out.iter_mut().zip(&sample.features) {
        *slot = i32::from(f);
    }
    out
}

/// The model `evaluate` with its scale fitted on `train`, judged on `test`.
pub(super) fn judge(
    name: &str,
    train: &[&Sample],
    test: &[&Sample],
    evaluate: impl Fn(&Sample) -> i32 + Copy,
) -> ModelScore {
    let scale = fit_scale(train, evaluate);
    let (log_loss, accuracy) = score(test, |s| scale * f64::from(evaluate(s)));
    ModelScore {
        name: name.to_string(),
        scale,
        log_loss,
        accuracy,
    }
}

/// The logistic function.
pub(super) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The log-loss of predicting `target` by the logit `x`, computed stably.
pub(super) fn loss(x: f64, target: f64) -> f64 {
    // −[t·ln σ(x) + (1−t)·ln(1−σ(x))] = ln(1 + e^x) − t·x.
    let softplus = if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    };
    softplus - target * x
}

/// The mean log-loss and the accuracy on the decisive positions of the logits `logit`.
fn score(samples: &[&Sample], logit: impl Fn(&Sample) -> f64) -> (f64, f64) {
    let mut total = 0.0;
    let (mut decisive, mut right) = (0usize, 0usize);
    for sample in samples {
        let x = logit(sample);
        total += loss(x, sample.target());
        if sample.label != 1 {
            decisive += 1;
            right += usize::from((x > 0.0) == (sample.label == 2));
        }
    }
    (
        total / samples.len().max(1) as f64,
        right as f64 / decisive.max(1) as f64,
    )
}

/// The scale `K` that minimises the log-loss of `sigmoid(K·evaluate)` on `samples`: a
/// golden-section search on `ln K` over `[1e-6, 100]` (the loss is convex in `K`).
pub fn fit_scale(samples: &[&Sample], evaluate: impl Fn(&Sample) -> i32) -> f64 {
    let values: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (f64::from(evaluate(s)), s.target()))
        .collect();
    let mean_loss = |log_k: f64| {
        let k = log_k.exp();
        values.iter().map(|&(e, t)| loss(k * e, t)).sum::<f64>()
    };
    let (mut low, mut high) = (1e-6f64.ln(), 100f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if mean_loss(a) <= mean_loss(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// The logistic regression's weights in logit units per raw feature unit, then the
/// `patterns` pattern weights (none: the features only): Adam on the standardised features
/// (feature 0, the constant, kept as it is) and the raw pattern counts, L2 on all but the
/// constant.
fn fit_logits(
    train: &[&Sample],
    count: usize,
    patterns: usize,
    options: &FitOptions,
    targets: &Targets,
) -> Vec<f64> {
    let n = train.len() as f64;
    let mut mean = vec![0.0; count];
    let mut spread = vec![0.0; count];
    for s in train {
        for (m, &f) in mean.iter_mut().zip(&s.features) {
            *m += f64::from(f) / n;
        }
    }
    for s in train {
        for ((v, &f), m) in spread.iter_mut().zip(&s.features).zip(&mean) {
            *v += (f64::from(f) - m).powi(2) / n;
        }
    }
    let spread: Vec<f64> = spread.iter().map(|v| v.sqrt().max(1e-9)).collect();
    let standard = |s: &Sample, i: usize| {
        if i == 0 {
            1.0
        } else {
            (f64::from(s.features[i]) - mean[i]) / spread[i]
        }
    };
    let rows: Vec<Row> = train
        .iter()
        .map(|s| Row {
            dense: (0..count).map(|i| standard(s, i)).collect(),
            sparse: if patterns > 0 { &s.patterns } else { &[] },
            target: targets.of(s),
        })
        .collect();
    let w = adam(&rows, count + patterns, options);
    // Back to raw units: w·(x − μ)/σ = Σ (w/σ)·x − Σ w·μ/σ, the constant into feature 0.
    let mut raw: Vec<f64> = (0..count)
        .map(|i| if i == 0 { w[0] } else { w[i] / spread[i] })
        .collect();
    raw[0] -= (1..count).map(|i| w[i] * mean[i] / spread[i]).sum::<f64>();
    raw.extend_from_slice(&w[count..]);
    raw
}

/// One training position for [`adam`]: its standardised features, the indices of its
/// active patterns (one-hot weights after the features') and its target.
struct Row<'a> {
    dense: Vec<f64>,
    sparse: &'a [u16],
    target: f64,
}

/// Full-batch Adam on the mean log-loss plus `l2·Σ w²` over the feature weights (all but
/// weight 0) and `pattern_l2·Σ w²` over the pattern weights; `total` weights, the features'
/// first.
fn adam(rows: &[Row], total: usize, options: &FitOptions) -> Vec<f64> {
    let count = rows.first().map_or(0, |r| r.dense.len());
    let n = rows.len().max(1) as f64;
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut w = vec![0.0; total];
    let (mut m, mut v) = (vec![0.0; total], vec![0.0; total]);
    let mut gradient = vec![0.0; total];
    for step in 1..=options.epochs.max(1) {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for row in rows {
            let mut x: f64 = row.dense.iter().zip(&w).map(|(a, b)| a * b).sum();
            for &p in row.sparse {
                x += w[count + usize::from(p)];
            }
            let error = sigmoid(x) - row.target;
            for (g, a) in gradient.iter_mut().zip(&row.dense) {
                *g += error * a / n;
            }
            for &p in row.sparse {
                gradient[count + usize::from(p)] += error / n;
            }
        }
        for i in 1..total {
            let l2 = if i < count {
                options.l2
            } else {
                options.pattern_l2
            };
            gradient[i] += 2.0 * l2 * w[i];
        }
        let step = f64::from(step);
        for i in 0..total {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let m_hat = m[i] / (1.0 - beta1.powf(step));
            let v_hat = v[i] / (1.0 - beta2.powf(step));
            w[i] -= options.learning_rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(game: u64, label: u8, features: &[i16]) -> Sample {
        Sample {
            game,
            label,
            compared: features.iter().skip(1).map(|&f| i32::from(f)).sum(),
            value: None,
            features: features.to_vec(),
            patterns: Vec::new(),
        }
    }

    #[test]
    fn loss_is_stable_and_the_scale_fits_a_known_sigmoid() {
        assert!((loss(0.0, 0.5) - std::f64::consts::LN_2).abs() < 1e-12);
        assert!(loss(800.0, 1.0).abs() < 1e-9 && loss(-800.0, 1.0).is_finite());
        // Targets drawn from sigmoid(0.5·e) exactly, as draw-weighted pairs: K is 0.5.
        let mut samples = Vec::new();
        for e in -6i16..=6 {
            let p = sigmoid(0.5 * f64::from(e));
            let wins = (p * 1000.0).round() as usize;
            for k in 0..1000 {
                samples.push(sample(k as u64, if k < wins { 2 } else { 0 }, &[1, e]));
            }
        }
        let refs: Vec<&Sample> = samples.iter().collect();
        let k = fit_scale(&refs, |s| s.compared);
        assert!((k - 0.5).abs() < 0.01, "{k}");
    }

    #[test]
    fn targets_blend_the_result_with_the_search_value_read_at_its_fitted_scale() {
        // Search values whose win chance is sigmoid(0.25·v) exactly: the scale fits to 0.25.
        let mut samples = Vec::new();
        for v in -8i32..=8 {
            let wins = (sigmoid(0.25 * f64::from(v)) * 1000.0).round() as usize;
            for k in 0..1000 {
                let mut s = sample(k as u64, if k < wins { 2 } else { 0 }, &[1, 0]);
                s.value = Some(v);
                samples.push(s);
            }
        }
        let refs: Vec<&Sample> = samples.iter().collect();
        let results_only = Targets::new(&refs, 0.0);
        let half = Targets::new(&refs, 0.5);
        assert!((half.scale - 0.25).abs() < 0.01, "{half:?}");
        let mut lost = sample(0, 0, &[1, 0]);
        lost.value = Some(4);
        assert_eq!(results_only.of(&lost), 0.0);
        let expected = 0.5 * sigmoid(half.scale * 4.0);
        assert!((half.of(&lost) - expected).abs() < 1e-12);
        // A decisive value is certain; a position without a value keeps its result.
        lost.value = Some(WIN_BASE + 5);
        assert_eq!(half.of(&lost), 0.5);
        lost.value = None;
        assert_eq!(half.of(&lost), 0.0);
        // The share is clamped to [0, 1].
        assert_eq!(Targets::new(&refs, f64::NAN).weight, 0.0);
        assert_eq!(Targets::new(&refs, 3.0).weight, 1.0);
    }

    #[test]
    fn the_fit_finds_a_feature_the_compared_evaluation_ignores() {
        // The result follows feature 2; the material feature (1) is noise, and the compared
        // evaluation (their sum) half noise.
        let mut samples = Vec::new();
        for game in 0..2000u64 {
            let signal = (derive_seed(7, game) % 11) as i16 - 5;
            let noise = (derive_seed(8, game) % 11) as i16 - 5;
            let label = if signal > 0 {
                2
            } else if signal < 0 {
                0
            } else {
                1
            };
            samples.push(sample(game, label, &[1, noise, signal]));
        }
        let data = Dataset {
            game: "test".into(),
            feature_names: vec!["tempo".into(), "noise".into(), "signal".into()],
            pattern_count: 0,
            compared: "sum".into(),
            samples,
        };
        let fit = fit(&data, 1, &FitOptions::default()).unwrap();
        let [material, compared, fitted] = &fit.report.models[..] else {
            panic!("three models");
        };
        assert!(
            fitted.log_loss < 0.5 * compared.log_loss,
            "{:?}",
            fit.report
        );
        assert!(
            fitted.accuracy > 0.99 && material.accuracy < 0.7,
            "{:?}",
            fit.report
        );
        assert!(fit.weights[2] > 0);
    }
}
