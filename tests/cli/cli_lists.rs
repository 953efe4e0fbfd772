//! Lists the parsers read against what the help texts and errors show: the search
//! techniques (`--without`, `without=`), the player kinds (`--a`), the pondering modes (the
//! engine's `PonderMode` option). A name added to a list and missing from a help (or the
//! other way round) fails here.

use super::run::{ponder, stdout};
use ponder::engine::{OPTION_NAMES, PonderMode};
use ponder::players::PLAYER_KINDS;
use ponder::search::TECHNIQUES;

/// The help of `subcommand`, its lines joined (clap wraps long helps).
fn help(subcommand: &str) -> String {
    let output = ponder(&[subcommand, "--help"]);
    assert!(output.status.success(), "{subcommand} --help failed");
    stdout(&output)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `(a, b, c)` list inside `text` right after `marker`.
fn listed_after(text: &str, marker: &str) -> Vec<String> {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker:?} in {text}"));
    let rest = &text[start + marker.len()..];
    let end = rest.find(')').expect("the list is closed");
    rest[..end].split(", ").map(str::to_string).collect()
}

/// A depth-2 `bestmove` of Kalah leaving out `technique`.
fn without(technique: &str) -> std::process::Output {
    ponder(&[
        "bestmove",
        "--game",
        "kalah",
        "--depth",
        "2",
        "--without",
        technique,
    ])
}

#[test]
fn bestmove_lists_exactly_the_techniques_it_accepts() {
    let listed = listed_after(&help("bestmove"), "to leave out, `+`-separated (");
    let known: Vec<String> = TECHNIQUES
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    assert_eq!(listed, known);
    for name in &listed {
        assert!(without(name).status.success(), "--without {name} refused");
    }
    let unknown = without("nope");
    assert!(!unknown.status.success());
}

#[test]
fn match_lists_every_player_kind_and_technique() {
    let text = help("match");
    for (kind, what) in PLAYER_KINDS {
        let entry = format!("`{kind}`: {what}");
        let entry = entry.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&entry), "match --help lacks {entry:?}");
    }
    for (name, _) in TECHNIQUES {
        assert!(
            text.contains(name),
            "match --help lacks the technique {name}"
        );
    }
}

#[test]
fn every_ponder_mode_listed_parses_and_every_mode_is_listed() {
    let (_, shown) = OPTION_NAMES
        .iter()
        .find(|(name, _)| *name == "PonderMode")
        .expect("the engine lists its PonderMode option");
    assert_eq!(*shown, PonderMode::CHOICES);
    let mut parsed = Vec::new();
    for choice in PonderMode::CHOICES.replace(" or ", ", ").split(", ") {
        let example = choice
            .trim_end_matches(" (the default)")
            .replace("<share %>", "40")
            .replace("<lead>", "2");
        let mode: PonderMode = example
            .parse()
            .unwrap_or_else(|error| panic!("{example:?} is listed but refused: {error}"));
        parsed.push(mode);
    }
    for mode in [
        PonderMode::Modeled,
        PonderMode::Predicted { share: 40 },
        PonderMode::Replies { lead: 2 },
        PonderMode::Root,
    ] {
        assert!(parsed.contains(&mode), "{mode} is not listed");
    }
    assert!(PonderMode::CHOICES.starts_with(&format!("{} (the default)", PonderMode::default())));
}
