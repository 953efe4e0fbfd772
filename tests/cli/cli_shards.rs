//! `ponder match` and `ponder tune` in shards: the parts, played as concurrent processes and
//! joined by `ponder merge`, give the whole run's games and figures; parts that do not make
//! up one run are refused with a message.

use super::run::ponder;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

const GAME: &str = "kalah:pits=4,seeds=3";

fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn succeeded(output: &Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

/// The match's arguments: 11 games (6 pairs, the last one half) between two seeded players
/// whose choices depend only on the match seed and the game number.
fn match_args() -> Vec<String> {
    [
        "match",
        "--game",
        GAME,
        "--a",
        "pvs:depth=3,tiebreak=random",
        "--b",
        "greedy",
        "--games",
        "11",
        "--seed",
        "5",
        "--concurrency",
        "1",
    ]
    .map(String::from)
    .to_vec()
}

/// Runs shards `0/count .. count-1/count` of `base` as concurrent processes, each writing
/// `part-i` in `dir`; returns the part paths.
fn run_shards(base: &[String], count: u32, dir: &Path) -> Vec<String> {
    let parts: Vec<String> = (0..count)
        .map(|i| text(&dir.join(format!("part-{i}"))))
        .collect();
    let children: Vec<Child> = parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let mut args = base.to_vec();
            args.extend([
                "--shard".into(),
                format!("{i}/{count}"),
                "--part".into(),
                part.clone(),
            ]);
            spawn(&args)
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        succeeded(&output);
    }
    parts
}

/// The summary's fields that do not depend on the clock.
fn results_of(summary: &Value) -> Vec<Value> {
    let side = |side: &Value| {
        vec![
            side["player"].clone(),
            side["as_first"].clone(),
            side["as_second"].clone(),
            side["moves"].clone(),
            side["avg_depth"].clone(),
            side["nodes"].clone(),
        ]
    };
    let mut fields: Vec<Value> = [
        "game",
        "a",
        "b",
        "games",
        "wins",
        "draws",
        "losses",
        "pairs",
        "score",
        "elo",
        "elo_low",
        "elo_high",
        "terminations",
    ]
    .iter()
    .map(|key| summary[*key].clone())
    .collect();
    fields.extend(side(&summary["side_a"]));
    fields.extend(side(&summary["side_b"]));
    fields
}

#[test]
fn a_match_in_three_shards_merges_into_the_whole_match() {
    let dir = scratch("match-shards");
    let whole_records = dir.join("whole.jsonl");
    let whole_summary = dir.join("whole.json");
    let mut args = match_args();
    args.extend([
        "--records".into(),
        text(&whole_records),
        "--out".into(),
        text(&whole_summary),
    ]);
    succeeded(&ponder(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    ));

    let parts = run_shards(&match_args(), 3, &dir);
    let merged_records = dir.join("merged.jsonl");
    let merged_summary = dir.join("merged.json");
    // Parts in any order.
    let mut merge = vec![
        "merge".to_string(),
        "--out".into(),
        text(&merged_summary),
        "--records".into(),
        text(&merged_records),
    ];
    merge.extend(parts.iter().rev().cloned());
    let output = ponder(&merge.iter().map(String::as_str).collect::<Vec<_>>());
    succeeded(&output);
    assert!(String::from_utf8_lossy(&output.stdout).contains("in 3 shards"));

    assert_eq!(
        std::fs::read(&merged_records).unwrap(),
        std::fs::read(&whole_records).unwrap(),
        "the merged records are the whole match's, byte for byte"
    );
    let read =
        |path: &Path| -> Value { serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap() };
    let (whole, merged) = (read(&whole_summary), read(&merged_summary));
    assert_eq!(whole["games"], 11);
    assert_eq!(results_of(&merged), results_of(&whole));
    assert_eq!(merged["shards"], 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parts_that_do_not_make_up_one_match_are_refused() {
    let dir = scratch("match-shards-bad");
    let parts = run_shards(&match_args(), 2, &dir);
    let mut other_seed = match_args();
    let seed = other_seed.len() - 3;
    other_seed[seed] = "6".into();
    let other = text(&dir.join("other"));
    other_seed.extend([
        "--shard".into(),
        "1/2".into(),
        "--part".into(),
        other.clone(),
    ]);
    succeeded(&ponder(
        &other_seed.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let out = text(&dir.join("summary.json"));
    let cases: [(Vec<&str>, &str); 3] = [
        (vec![&parts[0]], "shard 1/2 is missing"),
        (vec![&parts[0], &parts[0], &parts[1]], "given twice"),
        (vec![&parts[0], &other], "the seed differs"),
    ];
    for (given, message) in cases {
        let mut args = vec!["merge", "--out", &out];
        args.extend(given);
        let output = ponder(&args);
        assert_eq!(output.status.code(), Some(1), "{message}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{message}: {stderr}");
    }
    assert!(!Path::new(&out).exists(), "no summary from bad parts");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tuner's CSV without its clock columns (median and p90 times, match seconds).
fn clockless_csv(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            line.split(',')
                .enumerate()
                .filter(|(column, _)| ![3, 4, 12].contains(column))
                .map(|(_, cell)| cell.to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_tuner_sweep_in_three_shards_merges_into_the_whole_sweep() {
    let dir = scratch("tune-shards");
    let base: Vec<String> = [
        "tune",
        "--game",
        GAME,
        "--max-depth",
        "4",
        "--positions",
        "7",
        "--games",
        "6",
        "--concurrency",
        "1",
        "--seed",
        "3",
    ]
    .map(String::from)
    .to_vec();
    let whole_dir = dir.join("whole");
    let mut whole = base.clone();
    whole.extend(["--out".into(), text(&whole_dir)]);
    succeeded(&ponder(
        &whole.iter().map(String::as_str).collect::<Vec<_>>(),
    ));

    let parts = run_shards(&base, 3, &dir);
    let merged_dir = dir.join("merged");
    let mut merge = vec!["merge".to_string(), "--out".into(), text(&merged_dir)];
    merge.extend(parts);
    succeeded(&ponder(
        &merge.iter().map(String::as_str).collect::<Vec<_>>(),
    ));

    let whole_csv = clockless_csv(&whole_dir.join("tune.csv"));
    assert_eq!(whole_csv.len(), 5, "a header and depths 1 to 4");
    assert_eq!(clockless_csv(&merged_dir.join("tune.csv")), whole_csv);
    assert!(merged_dir.join("tune.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
