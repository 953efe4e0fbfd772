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

#[test]
fn the_exact_kalah_book_keeps_the_published_value_and_uai_plays_from_it() {
    let dir = scratch("exact");
    let egdb = path(&dir, "k8.egdb");
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
    let mut uai = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(["uai", "--game", KALAH, "--book", &book, "--book-frozen"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut input = uai.stdin.take().unwrap();
    input
        .write_all(b"uainewgame\nposition startpos\ngo depth 1\nisready\nquit\n")
        .unwrap();
    drop(input);
    let output = String::from_utf8(uai.wait_with_output().unwrap().stdout).unwrap();
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
