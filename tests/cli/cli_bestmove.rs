//! `ponder bestmove`: the classroom test through the binary, the output format, errors.

use super::run::{ponder, stdout};
use std::collections::BTreeSet;

const CLASSROOM: [&str; 10] = [
    "bestmove",
    "--game",
    "kalah",
    "--position",
    "123551234220105241",
    "--depth",
    "2",
    "--eval",
    "store-diff",
    "--algorithm",
];

#[test]
fn the_classroom_test_gives_move_0_for_every_algorithm() {
    for algorithm in ["minimax", "alphabeta", "pvs"] {
        let mut args = CLASSROOM.to_vec();
        args.extend([algorithm, "--tiebreak", "first"]);
        let output = ponder(&args);
        assert!(output.status.success(), "{algorithm}");
        let text = stdout(&output);
        assert_eq!(
            text.lines().last(),
            Some("bestmove 0"),
            "{algorithm}: {text}"
        );
    }
}

#[test]
fn the_classroom_test_with_random_tie_break_gives_0_and_3_only() {
    for algorithm in ["minimax", "alphabeta", "pvs"] {
        let mut seen = BTreeSet::new();
        for seed in 0..24 {
            let seed = seed.to_string();
            let mut args = CLASSROOM.to_vec();
            args.extend([algorithm, "--tiebreak", "random", "--seed", &seed]);
            let text = stdout(&ponder(&args));
            seen.insert(text.lines().last().unwrap_or_default().to_string());
        }
        let expected: BTreeSet<String> = ["bestmove 0", "bestmove 3"].map(String::from).into();
        assert_eq!(seen, expected, "{algorithm}");
    }
}

#[test]
fn info_lines_have_the_documented_fields() {
    for (game, depth) in [("kalah", "6"), ("oware", "6"), ("ataxx", "3")] {
        let output = ponder(&["bestmove", "--game", game, "--depth", depth]);
        assert!(output.status.success(), "{game}");
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.len(),
            depth.parse::<usize>().unwrap() + 1,
            "{game}: {text}"
        );
        for (index, line) in lines[..lines.len() - 1].iter().enumerate() {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields[0], "info");
            for (position, name) in [
                (1, "depth"),
                (3, "score"),
                (5, "nodes"),
                (7, "nps"),
                (9, "time"),
                (11, "pv"),
            ] {
                assert_eq!(fields[position], name, "{game}: {line}");
            }
            assert_eq!(fields[2], (index + 1).to_string());
            for position in [6, 8, 10] {
                assert!(fields[position].parse::<u64>().is_ok(), "{game}: {line}");
            }
            assert!(fields.len() > 12, "a pv: {line}");
        }
        let last: Vec<&str> = lines[lines.len() - 1].split(' ').collect();
        assert_eq!(last[0], "bestmove");
        // The best move starts the last principal variation.
        assert_eq!(last[1], lines[lines.len() - 2].split(' ').nth(12).unwrap());
    }
}

#[test]
fn movetime_and_nodes_budgets_answer() {
    for budget in [["--movetime", "50"], ["--nodes", "5000"]] {
        let output = ponder(&[
            "bestmove",
            "--game",
            "ataxx",
            budget[0],
            budget[1],
            "--threads",
            "2",
        ]);
        assert!(output.status.success());
        assert!(
            stdout(&output)
                .lines()
                .last()
                .unwrap()
                .starts_with("bestmove ")
        );
    }
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    let unknown_eval = ponder(&[
        "bestmove", "--game", "kalah", "--depth", "2", "--eval", "nope",
    ]);
    assert!(!unknown_eval.status.success());
    let message = String::from_utf8_lossy(&unknown_eval.stderr);
    assert!(
        message.contains("nope") && message.contains("store-diff"),
        "{message}"
    );
    let no_budget = ponder(&["bestmove", "--game", "kalah"]);
    assert!(!no_budget.status.success());
    let bad_algorithm = ponder(&[
        "bestmove",
        "--game",
        "kalah",
        "--depth",
        "2",
        "--algorithm",
        "mcts",
    ]);
    assert!(!bad_algorithm.status.success());
    let bad_position = ponder(&[
        "bestmove",
        "--game",
        "kalah",
        "--depth",
        "2",
        "--position",
        "9x",
    ]);
    assert!(!bad_position.status.success());
    // A finished game (the first row is empty) has no move.
    let over = ponder(&[
        "bestmove",
        "--game",
        "kalah",
        "--position",
        "0,0,0,0,0,0,30,1,1,1,1,1,1,12,0",
        "--depth",
        "2",
    ]);
    assert!(over.status.success());
    assert_eq!(stdout(&over).lines().last(), Some("bestmove (none)"));
}

/// A table or tree the machine cannot give is refused with a clear error and exit code 1,
/// not an allocation failure that aborts (checked where the machine has under 64 GiB).
#[test]
fn a_table_larger_than_the_machine_is_refused_clearly() {
    let Some(total) = ponder::search::physical_memory_mib() else {
        return;
    };
    if total >= 65_536 {
        return;
    }
    let runs: [&[&str]; 2] = [
        &[
            "bestmove", "--game", "kalah", "--depth", "1", "--hash", "65536",
        ],
        &[
            "match",
            "--games",
            "1",
            "--a",
            "pvs:depth=1,hash=65536",
            "--b",
            "random",
        ],
    ];
    for args in runs {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("more than this machine's memory"),
            "{stderr}"
        );
    }
}
