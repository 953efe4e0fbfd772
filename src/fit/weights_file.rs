//! The weights files `ponder fit-eval` writes: the binary file the build embeds
//! ([`crate::eval::weights`]), named by its contents, in the game's weights folder
//! (`src/games/<game>/weights/`), and its provenance note beside it (`<name>.md`: the command
//! that wrote it, the held-out figures, and places for the data's origin and the match that
//! accepts it).

use super::logistic::FitReport;
use crate::eval::weights::{
    NOTE_PLACEHOLDER, Weights, encode_weights, note_name, weights_file_name,
};
use crate::files::{FileError, write_atomic_bytes};
use std::path::{Path, PathBuf};

/// Where [`write_weights_file`] wrote a weights file and its note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenWeights {
    /// The weights file, `<folder>/<kind>-<hash>.bin`.
    pub file: PathBuf,
    /// Its provenance note, `<folder>/<kind>-<hash>.md`.
    pub note: PathBuf,
}

/// What a weights file's note says of where the weights came from.
#[derive(Clone, Copy, Debug)]
pub struct Provenance<'a> {
    /// The command line that wrote the file ([`rerun_command`]).
    pub command: &'a str,
    /// Whether the fit read saved data sets (`--data`), whose own commands the note then asks
    /// for.
    pub saved_data: bool,
    /// The held-out figures.
    pub report: &'a FitReport,
}

/// Writes `weights` for `game`'s features `names` into `folder`, named by their contents,
/// with the provenance note beside them (each file atomically).
///
/// ```
/// use ponder::eval::{LinearWeights, Weights};
/// use ponder::fit::{FitReport, Provenance, write_weights_file};
/// let folder = std::env::temp_dir().join(format!("ponder-doc-w-{}", std::process::id()));
/// std::fs::create_dir_all(&folder).unwrap();
/// let weights = Weights::Fitted(LinearWeights { features: vec![3, -64], patterns: vec![] });
/// let report = FitReport { train: 10, held_out: 5, models: vec![] };
/// let provenance = Provenance { command: "ponder fit-eval", saved_data: false, report: &report };
/// let written =
///     write_weights_file(&folder, "ataxx", &["tempo", "stones"], &weights, &provenance).unwrap();
/// let name = written.file.file_name().unwrap().to_str().unwrap();
/// assert!(name.starts_with("fitted-") && name.ends_with(".bin"), "{name}");
/// let note = std::fs::read_to_string(&written.note).unwrap();
/// assert!(note.contains("ponder fit-eval"));
/// # std::fs::remove_dir_all(&folder).unwrap();
/// ```
pub fn write_weights_file(
    folder: &Path,
    game: &str,
    names: &[&str],
    weights: &Weights,
    provenance: &Provenance<'_>,
) -> Result<WrittenWeights, FileError> {
    let bytes = encode_weights(game, names, weights);
    let name = weights_file_name(weights.kind(), &bytes);
    let written = WrittenWeights {
        file: folder.join(&name),
        note: folder.join(note_name(&name)),
    };
    write_atomic_bytes(&written.file, &bytes)?;
    let note = render_note(game, &name, weights, provenance);
    write_atomic_bytes(&written.note, note.as_bytes())?;
    Ok(written)
}

/// The provenance note of the weights file `name` (of `weights`, for `game`).
pub fn render_note(
    game: &str,
    name: &str,
    weights: &Weights,
    provenance: &Provenance<'_>,
) -> String {
    let kind = weights.kind();
    let report = provenance.report;
    let mut text = format!(
        "# `{name}`: {game}'s `{kind}` evaluation weights\n\n\
         Written by `ponder fit-eval` (the format: `src/eval/weights.rs`); rerun the \
         command from the repository's root to refit rather than editing the file:\n\n\
         ```text\n{}\n```\n\n\
         ## Data and fit\n\n",
        provenance.command
    );
    if provenance.saved_data {
        text.push_str(&format!(
            "The data sets `--data` names: {NOTE_PLACEHOLDER} the commands that played them, \
             on which build).\n\n"
        ));
    }
    text.push_str(&format!(
        "{} training and {} held-out positions. On the held-out games (log-loss, share of \
         decisive positions whose winner is predicted, fitted scale K):\n\n",
        report.train, report.held_out
    ));
    for model in &report.models {
        text.push_str(&format!(
            "- {}: {:.4}, {:.1}%, K = {:.5}\n",
            model.name,
            model.log_loss,
            100.0 * model.accuracy,
            model.scale
        ));
    }
    text.push_str(&format!(
        "\n## Accepted by\n\n{NOTE_PLACEHOLDER} the match that made these weights the \
         build's `{kind}` evaluation, its command and result, when `src/games/{game}/weights.rs` \
         embeds them).\n"
    ));
    text
}

/// The command line that wrote a weights file, as its note shows it: the words of `args`
/// without `--out` and its folder (the note stands in the folder; run from the repository's
/// root, the command writes into the game's weights folder by default), and runs of three or
/// more file names numbered one after another written in the shell's brace form.
///
/// ```
/// use ponder::fit::weights_file::rerun_command;
/// let args = ["ponder", "fit-eval", "--data", "d/x-0.dat", "d/x-1.dat", "d/x-2.dat",
///     "e/x-0.dat", "--out", "/tmp/w", "--network"];
/// let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
/// assert_eq!(
///     rerun_command(&args),
///     "ponder fit-eval --data d/x-{0..2}.dat e/x-0.dat --network"
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::eval::weights::{WeightsKind, load_weights};
    use crate::eval::{HiddenRow, LinearFeatures, LinearWeights, NetworkWeights};
    use crate::fit::ModelScore;
    use crate::games::ataxx::Ataxx;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_rerun_command_braces_numbered_runs_and_drops_the_out_file() {
        let line = "ponder fit-eval -g ataxx --data a/d-8.dat a/d-9.dat a/d-10.dat a/d-11.dat \
                    b/d-0.dat b/d-1.dat b/d-3.dat b/d-4.dat b/d-5.dat --out=/x/w --seed 10";
        assert_eq!(
            rerun_command(&words(line)),
            "ponder fit-eval -g ataxx --data a/d-{8..11}.dat b/d-0.dat b/d-1.dat \
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

    fn report() -> FitReport {
        let model = |name: &str, log_loss, accuracy, scale| ModelScore {
            name: name.to_string(),
            scale,
            log_loss,
            accuracy,
        };
        FitReport {
            train: 6_787_994,
            held_out: 1_708_730,
            models: vec![
                model("material", 0.6763, 0.562, 0.07326),
                model("network", 0.59834, 0.6556, 0.02506),
            ],
        }
    }

    /// A network of Ataxx's shape with every weight different.
    fn network() -> Weights {
        let rows = Ataxx::PATTERN_COUNT as i32;
        Weights::Network(Box::new(NetworkWeights {
            features: (0..Ataxx::FEATURE_NAMES.len() as i32).map(|i| -i).collect(),
            patterns: (0..rows).map(|i| i * 3 - 1000).collect(),
            hidden: (0..rows)
                .map(|r| HiddenRow(std::array::from_fn(|u| (r * 7 + u as i32) as i16)))
                .collect(),
            bias: std::array::from_fn(|u| u as i16 - 30),
            output: std::array::from_fn(|u| u as i32 * 100_003 - 2_000_000),
        }))
    }

    #[test]
    fn written_weights_read_back_the_same_under_the_name_of_their_hash() {
        let folder =
            std::env::temp_dir().join(format!("ponder-weights-file-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let report = report();
        let provenance = Provenance {
            command: "ponder fit-eval -g ataxx --data d/x-{0..23}.dat --network",
            saved_data: true,
            report: &report,
        };
        let write = |weights: &Weights| {
            write_weights_file(
                &folder,
                Ataxx::NAME,
                Ataxx::FEATURE_NAMES,
                weights,
                &provenance,
            )
            .unwrap()
        };
        let weights = network();
        let written = write(&weights);
        assert_eq!(load_weights::<Ataxx>(&written.file).unwrap(), weights);
        let bytes = std::fs::read(&written.file).unwrap();
        let name = written.file.file_name().unwrap().to_str().unwrap();
        assert_eq!(name, weights_file_name(WeightsKind::Network, &bytes));
        assert_eq!(written.note, folder.join(note_name(name)));
        let note = std::fs::read_to_string(&written.note).unwrap();
        assert!(note.starts_with(&format!(
            "# `{name}`: ataxx's `network` evaluation weights\n"
        )));
        assert!(
            note.contains(
                "```text\nponder fit-eval -g ataxx --data d/x-{0..23}.dat --network\n```"
            )
        );
        assert!(note.contains("6787994 training and 1708730 held-out positions"));
        assert!(
            note.contains("- network: 0.5983, 65.6%, K = 0.02506\n"),
            "{note}"
        );
        // Both the data's origin and the accepting match are still to be written.
        assert_eq!(note.matches(NOTE_PLACEHOLDER).count(), 2, "{note}");
        // Other weights, another name; the same weights, the same file.
        let fitted = Weights::Fitted(LinearWeights {
            features: vec![1; Ataxx::FEATURE_NAMES.len()],
            patterns: vec![],
        });
        assert_ne!(write(&fitted).file, written.file);
        assert_eq!(write(&weights), written);
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn a_note_of_weights_fitted_on_fresh_games_asks_only_for_the_match() {
        let report = report();
        let provenance = Provenance {
            command: "ponder fit-eval -g oware --games 4000 --nodes 2000 --seed 1",
            saved_data: false,
            report: &report,
        };
        let fitted = Weights::Fitted(LinearWeights::default());
        let note = render_note("oware", "fitted-0123456789ab.bin", &fitted, &provenance);
        assert_eq!(note.matches(NOTE_PLACEHOLDER).count(), 1, "{note}");
        assert!(note.contains("src/games/oware/weights.rs"), "{note}");
    }
}
