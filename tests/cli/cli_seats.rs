//! The `ponder` binary on Ataxx for 2 to 4 seats (`ataxx:players=N`): perft and replay.

use serde_json::Value;
use std::process::{Command, Output};

fn ponder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn nodes(spec: &str, depth: &str) -> Vec<u64> {
    let output = ponder(&["perft", "--game", spec, "--depth", depth]);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            line.split(' ').nth(1).unwrap()["nodes=".len()..]
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn perft_counts_every_seat_count() {
    // Two seats: libataxx's counts (tests/data/ataxx_perft.tsv).
    assert_eq!(nodes("ataxx:players=2", "4"), [16, 256, 6460, 155_888]);
    // Three and four seats from the corners: 8 moves each for the first plies.
    assert_eq!(nodes("ataxx:players=4", "3"), [8, 64, 512]);
    assert_eq!(nodes("ataxx:players=3", "3"), [8, 64, 512]);
}

#[test]
fn replay_reports_legal_moves_ranks_and_every_seats_stones() {
    let output = ponder(&[
        "replay",
        "--game",
        "ataxx:players=3",
        "--moves",
        "a7c5 g7e5 g1e3 d4",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let plies = value["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    assert_eq!(plies[1]["legal"].as_array().unwrap().len(), 8);
    assert_eq!(plies[1]["move"], "g7e5");
    assert_eq!(value["result"]["scores"], serde_json::json!([4, 0, 0]));
    assert_eq!(value["result"]["ranks"], serde_json::json!([1, 2, 2]));
    assert_eq!(value["result"]["winner"], 0);
    let unfinished = ponder(&[
        "replay",
        "--game",
        "ataxx:players=4",
        "--moves",
        "b6",
        "--json",
    ]);
    let value: Value = serde_json::from_slice(&unfinished.stdout).unwrap();
    assert_eq!(value["result"], Value::Null);
    let illegal = ponder(&["replay", "--game", "ataxx:players=4", "--moves", "b6 b5"]);
    assert!(!illegal.status.success());
    assert!(String::from_utf8_lossy(&illegal.stderr).contains("ply 2"));
}
