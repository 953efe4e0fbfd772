//! The weights file: Rust source that the build embeds (`src/games/<game>/eval_weights.rs`),
//! written by `ponder tune-eval`, with the command and the held-out figures in its comments.

use super::fit::{Fit, FitReport};
use super::network::TrainedNetwork;

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
    let evaluator = if fit.pattern_weights.is_empty() {
        "fitted"
    } else {
        "patterns"
    };
    let mut text = header(game, evaluator, &fit.report, command);
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
        text.push_str(&number_lines(&fit.pattern_weights, "    "));
        text.push_str("];\n");
    }
    text
}

/// The doc comment that opens a weights file: what wrote it and the held-out figures.
fn header(game: &str, evaluator: &str, report: &FitReport, command: &str) -> String {
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
    text
}

/// The numbers of `values` as lines of Rust array items, 16 a line, indented by `indent`.
fn number_lines<T: ToString>(values: &[T], indent: &str) -> String {
    values
        .chunks(16)
        .map(|line| {
            let items: Vec<String> = line.iter().map(T::to_string).collect();
            format!("{indent}{},\n", items.join(", "))
        })
        .collect()
}

/// The source of the network evaluation's weights file for `game`, trained as `network`
/// with the command line `command` (`src/games/<game>/network_weights.rs`).
///
/// ```
/// use ponder::search::eval::HIDDEN;
/// use ponder::tune::{render_network_file, FitReport, TrainedNetwork};
/// let network = TrainedNetwork {
///     features: vec![3, -64],
///     patterns: vec![5],
///     hidden: vec![[2; HIDDEN]],
///     bias: [1; HIDDEN],
///     output: [7; HIDDEN],
///     report: FitReport { train: 10, held_out: 5, models: vec![] },
/// };
/// let text = render_network_file("ataxx", &network, "ponder tune-eval --network");
/// assert!(text.contains("pub(super) const NETWORK: NetworkWeights<'static>"));
/// assert!(text.contains("    features: &[\n        3, -64,\n    ],\n"));
/// ```
pub fn render_network_file(game: &str, network: &TrainedNetwork, command: &str) -> String {
    let mut text = header(game, "network", &network.report, command);
    text.push_str(
        "\nuse crate::search::eval::NetworkWeights;\n\n\
         /// The network: linear weights on the features and the patterns (fixed point), one row\n\
         /// of hidden weights a pattern, the hidden biases and the output weights.\n\
         #[rustfmt::skip]\n\
         pub(super) const NETWORK: NetworkWeights<'static> = NetworkWeights {\n",
    );
    let field =
        |name: &str, borrow: &str, lines: String| format!("    {name}: {borrow}[\n{lines}    ],\n");
    text.push_str(&field(
        "features",
        "&",
        number_lines(&network.features, "        "),
    ));
    text.push_str(&field(
        "patterns",
        "&",
        number_lines(&network.patterns, "        "),
    ));
    let rows: String = network
        .hidden
        .iter()
        .map(|row| {
            format!(
                "        [\n{}        ],\n",
                number_lines(row, "            ")
            )
        })
        .collect();
    text.push_str(&field("hidden", "&", rows));
    text.push_str(&field("bias", "", number_lines(&network.bias, "        ")));
    text.push_str(&field(
        "output",
        "",
        number_lines(&network.output, "        "),
    ));
    text.push_str("};\n");
    text
}
