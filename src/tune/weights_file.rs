//! The weights file: Rust source that the build embeds (`src/games/<game>/eval_weights.rs`),
//! written by `ponder tune-eval`, with the command and the held-out figures in its comments.

use super::fit::Fit;

/// The source of a weights file for `game`'s features `names`, fitted by `fit` with the
/// command line `command`.
///
/// ```
/// use ponder::tune::{render_weights_file, Fit, FitReport};
/// let fit = Fit {
///     weights: vec![3, -64],
///     pattern_weights: vec![],
///     report: FitReport { train: 10, held_out: 5, models: vec![] },
/// };
/// let text = render_weights_file("ataxx", &["tempo", "stones"], &fit, "ponder tune-eval");
/// assert!(text.contains("    3,   // tempo\n    -64, // stones\n"));
/// ```
pub fn render_weights_file(game: &str, names: &[&str], fit: &Fit, command: &str) -> String {
    let report = &fit.report;
    let evaluator = if fit.pattern_weights.is_empty() {
        "fitted"
    } else {
        "patterns"
    };
    let mut text = format!(
        "//! {game}'s fitted evaluation weights (the `{evaluator}` evaluator), written by\n\
         //! `ponder tune-eval`; rerun it to refit rather than editing by hand:\n\
         //!\n\
         //! `{command}`\n\
         //!\n\
         //! {} training and {} held-out positions. On the held-out games (log-loss, share of\n\
         //! decisive positions whose winner is predicted, fitted scale K):\n",
        report.train, report.held_out
    );
    for model in &report.models {
        text.push_str(&format!(
            "//! - {}: {:.4}, {:.1}%, K = {:.5}\n",
            model.name,
            model.log_loss,
            100.0 * model.accuracy,
            model.scale
        ));
    }
    text.push_str(
        "\n/// One weight per feature, in the order of `LinearFeatures::FEATURE_NAMES`, fixed point\n\
         /// (`WEIGHT_SHIFT` bits).\n\
         pub(super) const WEIGHTS: &[i32] = &[\n",
    );
    // Trailing comments aligned as rustfmt aligns them, so the file passes `cargo fmt --check`.
    let width = fit
        .weights
        .iter()
        .map(|w| w.to_string().len() + 1)
        .max()
        .unwrap_or(0);
    for (weight, name) in fit.weights.iter().zip(names) {
        let item = format!("{weight},");
        text.push_str(&format!("    {item:<width$} // {name}\n"));
    }
    text.push_str("];\n");
    if !fit.pattern_weights.is_empty() {
        text.push_str(
            "\n/// One weight per pattern (`LinearFeatures::patterns`' indices), fixed point.\n\
             #[rustfmt::skip]\n\
             pub(super) const PATTERN_WEIGHTS: &[i32] = &[\n",
        );
        for line in fit.pattern_weights.chunks(16) {
            let items: Vec<String> = line.iter().map(|w| w.to_string()).collect();
            text.push_str(&format!("    {},\n", items.join(", ")));
        }
        text.push_str("];\n");
    }
    text
}
