//! `ponder match`: JSON results, game records, paired openings, the engine against the
//! baselines.

use super::run::ponder;
use serde_json::Value;
use std::process::Output;

fn json_of(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn the_engine_beats_random_in_every_game_from_both_seats() {
    let dir = std::env::temp_dir().join(format!("ponder-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.jsonl");
    let output = ponder(&[
        "match",
        "--game",
        "kalah",
        "--a",
        "pvs:depth=8",
        "--b",
        "random",
        "--games",
        "20",
        "--json",
        "--records",
        records.to_str().unwrap(),
    ]);
    let summary = json_of(&output);
    assert_eq!(summary["games"], 20);
    assert_eq!(summary["wins"], 20, "{summary}");
    assert_eq!(summary["side_a"]["as_first"]["wins"], 10);
    assert_eq!(summary["side_a"]["as_second"]["wins"], 10);
    assert!(summary["elo"].is_null(), "a clean sweep has no finite Elo");
    assert!(summary["elo_low"].as_f64().unwrap() > 250.0, "{summary}");
    assert_eq!(summary["interval"], "wilson");

    // Every record replays, pairs share their opening, colours alternate.
    // Written as games finish: sort them by number.
    let mut lines: Vec<Value> = std::fs::read_to_string(&records)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    lines.sort_by_key(|line| line["game"].as_u64());
    assert_eq!(lines.len(), 20);
    for pair in lines.chunks(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert_eq!(a["pair"], b["pair"]);
        assert_eq!(a["a_seat"], 0);
        assert_eq!(b["a_seat"], 1);
        let plies = a["opening_plies"].as_u64().unwrap() as usize;
        assert_eq!(plies, 4);
        assert_eq!(
            a["moves"].as_array().unwrap()[..plies],
            b["moves"].as_array().unwrap()[..plies]
        );
        assert_eq!(a["winner"], "a");
    }
    for line in &lines {
        let moves: Vec<String> = line["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let replay = ponder(&[
            "replay",
            "--game",
            "kalah",
            "--moves",
            &moves.join(" "),
            "--json",
        ]);
        let replayed = json_of(&replay);
        let scores = &replayed["result"]["scores"];
        assert_eq!(scores, &line["scores"], "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_summary_is_written_to_a_file_and_the_sprt_stops_early() {
    let dir = std::env::temp_dir().join(format!("ponder-match-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("result.json");
    let output = ponder(&[
        "match",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "400",
        "--sprt",
        "0,50",
        "--concurrency",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Elo A - B: "), "{text}");
    assert!(text.contains("H1 accepted"), "{text}");
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let games = summary["games"].as_u64().unwrap();
    assert!(
        games < 400,
        "the SPRT should decide before 400 games: {games}"
    );
    assert_eq!(summary["sprt"]["decision"], "h1");
    assert!(summary["sprt"]["llr"].as_f64().unwrap() >= summary["sprt"]["upper"].as_f64().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn runs_repeat_whatever_the_concurrency() {
    let run = |concurrency: &str| {
        json_of(&ponder(&[
            "match",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "12",
            "--seed",
            "9",
            "--concurrency",
            concurrency,
            "--json",
        ]))
    };
    let (one, two) = (run("1"), run("2"));
    for key in ["wins", "draws", "losses", "pairs"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

#[test]
fn the_baselines_build_and_bad_specs_are_refused() {
    let summary = json_of(&ponder(&[
        "match",
        "--a",
        "instructor",
        "--b",
        "greedy",
        "--games",
        "2",
        "--json",
    ]));
    assert!(
        summary["a"]
            .as_str()
            .unwrap()
            .starts_with("instructor (alphabeta:depth=5,eval=store-diff")
    );
    for (spec, expected) in [
        ("chess", "unknown player"),
        ("pvs:depth=x", "not a whole number"),
        ("pvs:color=red", "no parameter"),
        ("pvs:eval=nope", "unknown evaluator"),
        ("random:", "expected key=value"),
    ] {
        let output = ponder(&["match", "--a", spec, "--b", "random", "--games", "2"]);
        assert!(!output.status.success(), "{spec}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(expected), "{spec}: {error}");
    }
}
