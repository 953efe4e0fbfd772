//! The `ponder` binary on Oware: perft from the start and from `--moves`, and `replay --json`
//! of OpenSpiel games, including one ending by repetition (final scores banked).

use super::run::{ponder, stdout};
use serde_json::Value;

#[test]
fn perft_matches_openspiel() {
    let output = ponder(&["perft", "--game", "oware", "--depth", "5"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    let nodes: Vec<&str> = text
        .lines()
        .map(|line| line.split(' ').nth(1).unwrap())
        .collect();
    assert_eq!(
        nodes,
        [
            "nodes=6",
            "nodes=36",
            "nodes=190",
            "nodes=1014",
            "nodes=5219"
        ]
    );
}

/// Replays games of `tests/data/oware_openspiel_games.jsonl` through the binary: one of each
/// end kind.
#[test]
fn replay_reproduces_openspiel_games() {
    let mut ends = std::collections::BTreeSet::new();
    for line in include_str!("../data/oware_openspiel_games.jsonl").lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        let end = game["final"]["end"].as_str().unwrap().to_string();
        if game["houses"] != 6 || game["seeds"] != 4 || ends.contains(&end) {
            continue;
        }
        let moves: Vec<String> = game["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["move"].to_string())
            .collect();
        let output = ponder(&[
            "replay",
            "--game",
            "oware",
            "--moves",
            &moves.join(" "),
            "--json",
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let ours: Value = serde_json::from_str(&stdout(&output)).unwrap();
        for (ours, theirs) in ours["plies"]
            .as_array()
            .unwrap()
            .iter()
            .zip(game["plies"].as_array().unwrap())
        {
            assert_eq!(ours["legal"], theirs["legal"]);
            assert_eq!(ours["move"], theirs["move"]);
        }
        assert_eq!(ours["result"]["scores"], game["result"]["scores"], "{end}");
        ends.insert(end);
    }
    assert_eq!(ends.len(), 3, "{ends:?}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let output = ponder(&["perft", "--game", "oware:houses=12", "--depth", "1"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not fit"));
    let output = ponder(&["replay", "--game", "oware", "--moves", "0 0 1 x"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("ply 4"));
    let output = ponder(&[
        "perft",
        "--game",
        "oware",
        "--position",
        "4,4/4 0,0 0",
        "--depth",
        "1",
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid position"));
}
