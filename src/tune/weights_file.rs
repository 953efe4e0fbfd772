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

/// The width a header's lines are filled to, `//! ` included.
const HEADER_WIDTH: usize = 96;

/// The command line that wrote a weights file, as its header shows it: the words of `args`
/// without `--out` and its file (the file is where the header stands; run from the
/// repository's root, the command writes there by default), and runs of three or more file
/// names numbered one after another written in the shell's brace form.
///
/// ```
/// use ponder::tune::weights_file::rerun_command;
/// let args = ["ponder", "tune-eval", "--data", "d/x-0.dat", "d/x-1.dat", "d/x-2.dat",
///     "e/x-0.dat", "--out", "/tmp/w.rs", "--network"];
/// let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
/// assert_eq!(
///     rerun_command(&args),
///     "ponder tune-eval --data d/x-{0..2}.dat e/x-0.dat --network"
/// );
/// ```
pub fn rerun_command(args: &[String]) -> String {
    let mut words: Vec<&str> = Vec::with_capacity(args.len());
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--out" {
            rest.next();
        } else if !arg.starts_with("--out=") {
            words.push(arg);
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut start = 0;
    while start < words.len() {
        match numbered_run(&words, start) {
            Some(run) if run.len >= 3 => {
                out.push(run.brace_form());
                start += run.len;
            }
            _ => {
                out.push(words[start].to_string());
                start += 1;
            }
        }
    }
    out.join(" ")
}

/// Words that share a prefix and suffix around numbers counting up by one, such as
/// `d/x-0.dat d/x-1.dat d/x-2.dat`.
struct NumberedRun<'a> {
    /// The text before each number.
    prefix: &'a str,
    /// The first word's number.
    first: u64,
    /// The text after each number.
    suffix: &'a str,
    /// How many words the run holds.
    len: usize,
}

impl NumberedRun<'_> {
    /// The run in the shell's brace form, `d/x-{0..2}.dat`.
    fn brace_form(&self) -> String {
        let last = self.first + (self.len - 1) as u64;
        format!("{}{{{}..{last}}}{}", self.prefix, self.first, self.suffix)
    }
}

/// The numbered run that starts at `words[start]` (of one word when the next does not
/// follow on), or `None` when that word has no number.
fn numbered_run<'a>(words: &[&'a str], start: usize) -> Option<NumberedRun<'a>> {
    let (prefix, first, suffix) = numbered(words[start])?;
    let follows = |offset: usize| match (
        numbered(words[start + offset]),
        first.checked_add(offset as u64),
    ) {
        (Some(word), Some(number)) => word == (prefix, number, suffix),
        _ => false,
    };
    let len = 1
        + (1..words.len() - start)
            .take_while(|&offset| follows(offset))
            .count();
    Some(NumberedRun {
        prefix,
        first,
        suffix,
        len,
    })
}

/// A word's last run of digits as a number, with the text before and after it; `None` when
/// it has none, or the digits have a leading zero or do not fit (so the number writes back
/// as the same digits).
fn numbered(word: &str) -> Option<(&str, u64, &str)> {
    let end = word.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = word[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let digits = &word[start..end];
    let number: u64 = digits.parse().ok()?;
    (number.to_string() == digits).then_some((&word[..start], number, &word[end..]))
}

/// `text` as doc-comment lines of at most [`HEADER_WIDTH`] characters (a longer word keeps
/// a line of its own), broken at spaces.
fn comment_lines(text: &str) -> String {
    let mut lines = String::new();
    let mut line = String::from("//!");
    for word in text.split(' ') {
        if line.len() > 3 && line.len() + 1 + word.len() > HEADER_WIDTH {
            lines.push_str(&line);
            lines.push('\n');
            line = String::from("//!");
        }
        line.push(' ');
        line.push_str(word);
    }
    lines.push_str(&line);
    lines.push('\n');
    lines
}

/// The doc comment that opens a weights file: what wrote it and the held-out figures.
fn header(game: &str, evaluator: &str, report: &FitReport, command: &str) -> String {
    let mut text = format!(
        "//! {game}'s fitted evaluation weights (the `{evaluator}` evaluator), written by\n\
         //! `ponder tune-eval`; rerun it to refit rather than editing by hand:\n\
         //!\n\
         {}\
         //!\n\
         //! {} training and {} held-out positions. On the held-out games (log-loss, share of\n\
         //! decisive positions whose winner is predicted, fitted scale K):\n",
        comment_lines(&format!("`{command}`")),
        report.train,
        report.held_out
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
/// use ponder::eval::HIDDEN;
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
        "\nuse crate::eval::NetworkWeights;\n\n\
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_rerun_command_braces_numbered_runs_and_drops_the_out_file() {
        let line = "ponder tune-eval -g ataxx --data a/d-8.dat a/d-9.dat a/d-10.dat a/d-11.dat \
                    b/d-0.dat b/d-1.dat b/d-3.dat b/d-4.dat b/d-5.dat --out=/x/w.rs --seed 10";
        assert_eq!(
            rerun_command(&words(line)),
            "ponder tune-eval -g ataxx --data a/d-{8..11}.dat b/d-0.dat b/d-1.dat \
             b/d-{3..5}.dat --seed 10"
        );
    }

    #[test]
    fn numbers_that_would_not_write_back_the_same_stay_as_they_are() {
        // Leading zeros, a run that changes its suffix, numbers too large for u64.
        let line = "p d-01.dat d-02.dat d-03.dat x1y x2y x3z 99999999999999999999a \
                    18446744073709551615 0";
        assert_eq!(rerun_command(&words(line)), line);
        assert_eq!(rerun_command(&words("--out")), "");
    }

    #[test]
    fn a_long_command_is_wrapped_at_spaces_within_the_width() {
        let command = format!("`{}`", ["word"; 60].join(" "));
        let lines = comment_lines(&command);
        assert!(lines.lines().count() > 1);
        for line in lines.lines() {
            assert!(
                line.starts_with("//! ") && line.len() <= HEADER_WIDTH,
                "{line}"
            );
        }
        let joined: Vec<&str> = lines.lines().map(|line| &line[4..]).collect();
        assert_eq!(joined.join(" "), command);
    }
}
