//! The `ponder` binary on Kalah: perft and replay formats, errors, no panics.

use super::run::{ponder, stdout};
use serde_json::Value;

#[test]
fn perft_prints_one_line_per_depth() {
    let output = ponder(&["perft", "--game", "kalah", "--depth", "4"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for (line, (depth, nodes)) in lines.iter().zip([(1, 6), (2, 35), (3, 185), (4, 942)]) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields[0], format!("depth={depth}"));
        assert_eq!(fields[1], format!("nodes={nodes}"));
        assert!(fields[2].starts_with("time_ms="));
        assert!(fields[3].starts_with("nps="));
    }
}

#[test]
fn replay_reproduces_an_openspiel_game() {
    let line = include_str!("../data/kalah_games.jsonl")
        .lines()
        .next()
        .unwrap();
    let game: Value = serde_json::from_str(line).unwrap();
    let moves: Vec<String> = game["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move"].to_string())
        .collect();
    let output = ponder(&[
        "replay",
        "--game",
        "kalah",
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
    for (a, b) in ours["plies"]
        .as_array()
        .unwrap()
        .iter()
        .zip(game["plies"].as_array().unwrap())
    {
        assert_eq!(a["legal"], b["legal"]);
        assert_eq!(a["move"], b["move"]);
    }
    assert_eq!(ours["result"]["scores"], game["result"]["scores"]);
    let winner = match game["result"]["returns"][0].as_i64().unwrap() {
        1 => Value::from(0),
        -1 => Value::from(1),
        _ => Value::Null,
    };
    assert_eq!(ours["result"]["winner"], winner);
}

#[test]
fn kalah_4_3_runs_under_both_rules_and_they_differ_on_a_landing_facing_an_empty_pit() {
    // The first player's last seed (pit 0) lands in empty pit 1, facing the second player's
    // empty pit 2. Only the empty-capture rule captures it; that empties the first player's
    // row and ends the game (12-12 after the sweep). Under the classic rule play goes on.
    let board = "1,0,0,0,11,1,1,0,1,9,0";
    let mut results = Vec::new();
    let mut perft = Vec::new();
    for capture in ["classic", "empty"] {
        let spec = format!("kalah:pits=4,seeds=3,capture={capture}");
        let output = ponder(&[
            "replay",
            "--game",
            &spec,
            "--position",
            board,
            "--moves",
            "0",
            "--json",
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(value["plies"][0]["legal"], serde_json::json!([0]));
        results.push(value["result"].clone());
        let output = ponder(&[
            "perft",
            "--game",
            &spec,
            "--position",
            board,
            "--moves",
            "0",
            "--depth",
            "1",
        ]);
        assert!(output.status.success());
        perft.push(stdout(&output));
        assert!(
            ponder(&["perft", "--game", &spec, "--depth", "8"])
                .status
                .success()
        );
    }
    assert_eq!(results[0], Value::Null);
    assert_eq!(
        results[1],
        serde_json::json!({"scores": [12, 12], "winner": null})
    );
    assert!(perft[0].starts_with("depth=1 nodes=3 "), "{}", perft[0]);
    assert!(perft[1].starts_with("depth=1 nodes=1 "), "{}", perft[1]);
}

#[test]
fn an_illegal_move_names_its_ply_and_fails() {
    let output = ponder(&["replay", "--game", "kalah", "--moves", "0 0 0", "--json"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("ply 3"), "{error}");
    assert!(error.contains("pit 0 is empty"), "{error}");
}

#[test]
fn bad_command_lines_fail_cleanly_without_panicking() {
    let cases: &[&[&str]] = &[
        &["perft", "--game", "kalah:pits=99", "--depth", "2"],
        &["perft", "--game", "kalah:pits=8,seeds=8", "--depth", "2"],
        &["perft", "--game", "chess", "--depth", "2"],
        &["perft", "--game", "kalah:pits", "--depth", "2"],
        &["perft", "--game", "kalah:capture=sideways", "--depth", "2"],
        &["perft", "--game", "kalah", "--depth", "-1"],
        &[
            "perft",
            "--game",
            "kalah",
            "--position",
            "1,2,3",
            "--depth",
            "2",
        ],
        &[
            "perft",
            "--game",
            "kalah",
            "--position",
            "99999999999999999999",
            "--depth",
            "2",
        ],
        &[
            "perft",
            "--game",
            "kalah",
            "--position",
            "4,4,4,4,4,4,0,4,4,4,4,4,4,0,7",
            "--depth",
            "1",
        ],
        &["perft", "--game", "kalah", "--moves", "7", "--depth", "1"],
        &["replay", "--game", "kalah", "--moves", "a b c"],
        &[
            "replay",
            "--game",
            "kalah",
            "--position",
            "[]",
            "--moves",
            "",
        ],
        &["nonsense"],
        &[],
    ];
    for args in cases {
        let output = ponder(args);
        assert!(!output.status.success(), "{args:?} should fail");
        assert_ne!(output.status.code(), Some(101), "{args:?} panicked");
        assert!(
            !String::from_utf8_lossy(&output.stderr).contains("panicked"),
            "{args:?}"
        );
    }
}

#[test]
fn help_lists_every_subcommand() {
    let output = ponder(&["--help"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for sub in ["perft", "replay"] {
        assert!(text.contains(sub), "{sub} missing from --help");
        assert!(ponder(&[sub, "--help"]).status.success());
    }
}
