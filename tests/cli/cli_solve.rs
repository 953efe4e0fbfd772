//! `ponder solve` against Lincke's published Awari endgame statistics (tests/data/README.md).

use std::process::Command;

#[test]
fn solve_prints_the_published_statistics_up_to_eight_seeds() {
    let output = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args([
            "solve",
            "--game",
            "oware:rules=awari",
            "--egdb",
            "8",
            "--csv",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let ours = String::from_utf8(output.stdout).unwrap();
    let reference: Vec<&str> = include_str!("../data/awari_egdb_stats.csv")
        .lines()
        .filter(|line| {
            line.split(',')
                .next()
                .and_then(|seeds| seeds.parse::<u32>().ok())
                .is_none_or(|seeds| seeds <= 8)
        })
        .collect();
    assert_eq!(ours.lines().collect::<Vec<_>>(), reference);
}

#[test]
fn solve_refuses_other_rules_without_panicking() {
    for game in ["oware", "kalah", "oware:rules=awari,houses=5"] {
        let output = Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(["solve", "--game", game, "--egdb", "4"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{game}");
    }
}
