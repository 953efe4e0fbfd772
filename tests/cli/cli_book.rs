//! `ponder book`: a build in shards joined by `ponder merge` is the whole build byte for byte,
//! in every game; Kalah's exact book keeps the published value; `--book` teaches the book
//! during a match (and `--book-frozen` does not); `uai` plays from it; bad book files and
//! impossible requests are refused with a message naming what is wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const KALAH: &str = "kalah:pits=4,seeds=3";

fn ponder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn succeeded(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn failed(output: &Output) -> String {
    assert!(!output.status.success(), "expected a failure");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// `ponder book build` of `game` with `extra` arguments into `out`.
fn build(game: &str, out: &str, extra: &[&str]) -> String {
    let mut args = vec!["book", "build", "--game", game, "--out", out];
    args.extend_from_slice(extra);
    succeeded(&ponder(&args))
}

#[test]
fn a_sharded_build_merges_into_the_whole_builds_bytes_in_every_game() {
    let dir = scratch("shards");
    for (game, player) in [
        (KALAH, "pvs:depth=3,tiebreak=random"),
        ("oware", "pvs:depth=2,tiebreak=random"),
        ("ataxx", "pvs:depth=1,tiebreak=random"),
    ] {
        let common = ["--player", player, "--games", "8", "--seed", "5", "-j", "2"];
        let whole = path(&dir, "whole.book");
        build(game, &whole, &common);
        let mut parts = Vec::new();
        for shard in ["0/3", "1/3", "2/3"] {
            let part = path(&dir, &format!("part{}.book", parts.len()));
            let mut args = common.to_vec();
            args.extend_from_slice(&["--shard", shard]);
            build(game, &part, &args);
            parts.push(part);
        }
        let merged = path(&dir, "merged.book");
        let mut args = vec!["merge", "-o", merged.as_str()];
        args.extend(parts.iter().rev().map(String::as_str));
        let said = succeeded(&ponder(&args));
        assert!(said.contains("merged 3 parts"), "{said}");
        assert_eq!(
            std::fs::read(&whole).unwrap(),
            std::fs::read(&merged).unwrap(),
            "{game}: the merged parts are the whole build"
        );
        let shown = succeeded(&ponder(&["book", "show", "--game", game, "--book", &whole]));
        assert!(
            shown.contains("games") && shown.contains("plays"),
            "{game}: {shown}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `ponder uai ARGS` writes for a new game at `position` searched to depth 1.
fn uai(args: &[&str], position: &str) -> String {
    use std::io::Write;
    let mut uai = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .arg("uai")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = uai.stdin.take().unwrap();
    let script = format!("uainewgame\n{position}\ngo depth 1\nisready\nquit\n");
    input.write_all(script.as_bytes()).unwrap();
    drop(input);
    String::from_utf8(uai.wait_with_output().unwrap().stdout).unwrap()
}

/// An 8-seed endgame database of `KALAH` saved in `dir`: its path.
fn kalah_egdb(dir: &Path) -> String {
    let egdb = path(dir, "k8.egdb");
    succeeded(&ponder(&[
        "solve",
        "--game",
        KALAH,
        "--egdb",
        "8",
        "--egdb-only",
        "--save",
        &egdb,
        "--threads",
        "1",
    ]));
    egdb
}

#[test]
fn the_exact_kalah_book_keeps_the_published_value_and_uai_plays_from_it() {
    let dir = scratch("exact");
    let egdb = kalah_egdb(&dir);
    let book = path(&dir, "exact.book");
    let said = build(
        KALAH,
        &book,
        &["--exact-plies", "2", "--egdb", &egdb, "--hash", "16"],
    );
    assert!(said.contains("exact values"), "{said}");
    // tests/data/kalah_solved.tsv: classic Kalah(4,3) is +6 for the first player.
    let published = include_str!("../data/kalah_solved.tsv")
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|fields| fields[..3] == ["classic", "4", "3"])
        .and_then(|fields| fields[3].parse::<i32>().ok())
        .expect("the reference lists classic Kalah(4,3)");
    let shown = succeeded(&ponder(&["book", "show", "--game", KALAH, "--book", &book]));
    let best: Vec<String> = shown
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields.len() == 9 && fields[8] == format!("{published:+}")).then(|| fields[0].into())
        })
        .collect();
    assert!(!best.is_empty(), "a move keeps +{published}: {shown}");
    // The engine behind `uai` answers from the book: a value-preserving move at depth 1.
    let output = uai(
        &["--game", KALAH, "--book", &book, "--book-frozen"],
        "position startpos",
    );
    let played = output
        .lines()
        .find_map(|line| line.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{output}"));
    assert!(
        best.iter().any(|mv| mv == played),
        "{played} not in {best:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_teaches_the_book_unless_it_is_frozen() {
    let dir = scratch("learn");
    let book = path(&dir, "learn.book");
    build(
        KALAH,
        &book,
        &["--player", "pvs:depth=2,tiebreak=random", "--games", "4"],
    );
    let before = std::fs::read(&book).unwrap();
    let game = [
        "match",
        "--game",
        KALAH,
        "--a",
        "engine:depth=2",
        "--b",
        "pvs:depth=2",
        "-n",
        "2",
        "-j",
        "1",
        "--book",
        &book,
    ];
    let mut frozen = game.to_vec();
    frozen.push("--book-frozen");
    let said = succeeded(&ponder(&frozen));
    assert!(said.contains("book="), "{said}");
    assert_eq!(
        std::fs::read(&book).unwrap(),
        before,
        "a frozen book is not written"
    );
    succeeded(&ponder(&game));
    assert_ne!(
        std::fs::read(&book).unwrap(),
        before,
        "the book learned the games"
    );
    // A learning book cannot be shared by shards in other processes.
    let mut sharded = game.to_vec();
    sharded.extend_from_slice(&["--shard", "0/2", "--part", "p"]);
    assert!(failed(&ponder(&sharded)).contains("--book-frozen"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_books_and_impossible_requests_are_refused() {
    let dir = scratch("bad");
    let bad = path(&dir, "bad.book");
    std::fs::write(&bad, b"not a book").unwrap();
    for args in [
        vec![
            "match", "--game", KALAH, "--a", "engine", "--b", "random", "--book", &bad,
        ],
        vec!["book", "show", "--game", KALAH, "--book", &bad],
        vec!["merge", "-o", "out.book", &bad],
    ] {
        let error = failed(&ponder(&args));
        assert!(error.contains("bad.book"), "{args:?}: {error}");
    }
    // A book of another configuration.
    let other = path(&dir, "other.book");
    build(
        "kalah",
        &other,
        &["--player", "pvs:depth=1", "--games", "2"],
    );
    let error = failed(&ponder(&[
        "book", "show", "--game", KALAH, "--book", &other,
    ]));
    assert!(error.contains("other.book"), "{error}");
    // Only the engine consults a book; only Kalah has an exact solver.
    let good = path(&dir, "good.book");
    build(KALAH, &good, &["--player", "pvs:depth=1", "--games", "2"]);
    let error = failed(&ponder(&[
        "match", "--game", KALAH, "--a", "pvs", "--b", "random", "--book", &good,
    ]));
    assert!(error.contains("engine"), "{error}");
    let error = failed(&ponder(&[
        "book",
        "build",
        "--game",
        "oware",
        "--exact-plies",
        "2",
        "--out",
        &other,
    ]));
    assert!(error.contains("only Kalah"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_lines_of_perfect_play_reach_past_every_line_and_the_own_book_answers_in_uai() {
    let dir = scratch("lines");
    let egdb = kalah_egdb(&dir);
    let positions = |said: &str| -> usize {
        said.split_whitespace()
            .next()
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("{said}"))
    };
    let exact = ["--exact-plies", "2", "--egdb", &egdb, "--hash", "16"];
    let every = positions(&build(KALAH, &path(&dir, "every.book"), &exact));
    let mut args = exact.to_vec();
    args.extend(["--exact-lines", "8", "--exact-until-seeds", "4"]);
    let said = build(KALAH, &path(&dir, "lines.book"), &args);
    assert!(said.contains("lines of perfect play to 8 plies"), "{said}");
    assert!(positions(&said) > every, "{said} against {every}");
    // The game's own book: `uai` answers from it without searching (no `info depth`).
    let output = uai(
        &["--game", "kalah", "--own-book"],
        "position startpos moves 0 0",
    );
    assert!(
        output.lines().any(|line| line.starts_with("bestmove ")),
        "{output}"
    );
    assert!(!output.contains("info depth"), "{output}");
    // Only Kalah(6,4) with the classic capture has one.
    for game in ["oware", "kalah:capture=empty"] {
        let error = failed(&ponder(&["uai", "--game", game, "--own-book"]));
        assert!(error.contains("no book of its own"), "{game}: {error}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
