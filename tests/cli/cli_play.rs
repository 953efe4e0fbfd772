//! `ponder play` driven by scripts: whole games, illegal entries, undo, hint, save and load,
//! input that ends early.

use super::run::stdout;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ponder play` with `args`, feeding `input` on standard input.
pub(super) fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    // Write on a thread: the game may end (and stop reading) before the input does.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    output
}

/// Every pit number on every line: whatever the position, one of them is legal, and the
/// illegal ones are reported and skipped.
fn kalah_script(lines: usize) -> String {
    "0 1 2 3 4 5\n".repeat(lines)
}

#[test]
fn a_scripted_kalah_game_against_the_engine_ends_with_the_result() {
    let output = play(
        &["--game", "kalah", "--seats", "human,engine", "--depth", "6"],
        &kalah_script(200),
    );
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result = text
        .lines()
        .find(|line| line.starts_with("result: "))
        .expect("a result line");
    assert!(
        result.contains("wins by") || result.contains("draw"),
        "{result}"
    );
    assert!(text.contains("second player (engine) plays"));
    // The final scores add up to the 48 seeds of Kalah(6,4).
    let scores: Vec<u32> = result
        .rsplit('(')
        .next()
        .and_then(|rest| rest.split(')').next())
        .map(|inner| {
            inner
                .split(" to ")
                .filter_map(|n| n.trim().parse().ok())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(scores.iter().sum::<u32>(), 48, "{result}");
}

#[test]
fn the_engine_can_sit_first_and_engines_can_play_each_other() {
    let output = play(&["--seats", "engine:depth=3,random", "--seed", "3"], "");
    assert!(output.status.success());
    assert!(stdout(&output).contains("result: "));
    let output = play(&["--side", "second", "--depth", "2"], &kalah_script(200));
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let first_move = text
        .lines()
        .find(|l| l.contains(" plays "))
        .expect("a move");
    assert!(
        first_move.starts_with("first player (engine) plays"),
        "{first_move}"
    );
}

#[test]
fn an_illegal_entry_gets_a_message_and_the_game_goes_on() {
    // 7 is out of range, "x" is no move, "hint" and "moves" are commands; then 2 is played.
    let output = play(&["--depth", "2"], "7\nx\nhint\nmoves\n2\n");
    let text = stdout(&output);
    assert!(text.contains("illegal move 7"), "{text}");
    assert!(text.contains("invalid move \"x\""), "{text}");
    assert!(text.contains("hint: "), "{text}");
    assert!(text.contains("legal moves: 0 1 2 3 4 5"), "{text}");
    assert!(text.contains("first player (human) plays 2"), "{text}");
}

#[test]
fn input_that_ends_early_is_reported_with_exit_code_3() {
    let output = play(&["--depth", "2"], "2\n");
    assert_eq!(output.status.code(), Some(3));
    let text = stdout(&output);
    assert!(text.contains("result: unfinished"), "{text}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("input ended before the game did"));
}

#[test]
fn undo_takes_back_the_humans_move_and_the_reply() {
    let output = play(&["--depth", "2", "--seed", "5"], "0\nundo\nquit\n");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let taken = text
        .lines()
        .find(|l| l.starts_with("took back: "))
        .expect("undo answered");
    assert!(taken.starts_with("took back: 0 "), "{taken}");
    // Back at the start, then quit at the start position.
    assert!(text.contains("quit after 0 plies"), "{text}");
    let output = play(&["--depth", "2"], "undo\nquit\n");
    assert!(stdout(&output).contains("nothing to undo"));
}

#[test]
fn a_saved_game_loads_and_resumes() {
    let dir = std::env::temp_dir().join(format!("ponder-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    let output = play(
        &["--seats", "human,human"],
        &format!("2\n5\nsave {path}\nquit\n"),
    );
    assert!(output.status.success(), "{}", stdout(&output));
    let payload = ponder::files::load_bytes(&file, &ponder::cli::SAVED_GAME_FILE).unwrap();
    let saved: serde_json::Value = serde_json::from_slice(&payload).unwrap();
    assert_eq!(saved["format"], "ponder-game");
    assert_eq!(saved["record"]["moves"], serde_json::json!([2, 5]));
    // Resume with --load: the game goes on from ply 2.
    let output = play(&["--load", path], "quit\n");
    assert!(
        stdout(&output).contains("quit after 2 plies"),
        "{}",
        stdout(&output)
    );
    // Load inside a game, and refuse a tampered file.
    let output = play(&["--seats", "human,human"], &format!("load {path}\nquit\n"));
    assert!(stdout(&output).contains("loaded"));
    let bad = dir.join("bad.json");
    let tampered = r#"{"format":"ponder-game","game":"kalah","record":{"start":{"config":{"pits":6,"seeds":4,"capture":"classic"},"board":[4,4,4,4,4,4,0,4,4,4,4,4,4,0,0]},"moves":[2,2]}}"#;
    let file_bytes = ponder::files::encode(&ponder::cli::SAVED_GAME_FILE, tampered.as_bytes());
    std::fs::write(&bad, &file_bytes).unwrap();
    // Damaged files: a flipped bit, a truncated file, a bare JSON file with no header.
    let mut good = std::fs::read(&file).unwrap();
    let corrupt = dir.join("corrupt.json");
    *good.last_mut().unwrap() ^= 1;
    std::fs::write(&corrupt, &good).unwrap();
    let truncated = dir.join("truncated.json");
    std::fs::write(&truncated, &good[..good.len() / 2]).unwrap();
    let bare = dir.join("bare.json");
    std::fs::write(&bare, tampered).unwrap();
    let lines: String = [&bad, &corrupt, &truncated, &bare]
        .iter()
        .map(|path| format!("load {}\n", path.display()))
        .collect();
    let output = play(
        &["--seats", "human,human"],
        &format!("{lines}load /nonexistent/x.json\nquit\n"),
    );
    let text = stdout(&output);
    assert!(
        text.contains("not loaded: the saved record is invalid"),
        "{text}"
    );
    for said in [
        "corrupt.json: checksum",
        "truncated.json: the header says",
        "bare.json: magic",
        "x.json: No such file",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert!(text.contains("quit after 0 plies"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused_clearly() {
    for (args, expected) in [
        (vec!["--seats", "human"], "two seats"),
        (vec!["--seats", "human,chess"], "unknown player"),
        (vec!["--game", "chess"], "unknown game"),
        (vec!["--seats", "human,pvs:depth=0"], "depth=0"),
    ] {
        let output = play(&args, "quit\n");
        assert!(!output.status.success(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(expected), "{args:?}: {error}");
    }
}

/// Every Ataxx move notation there is (singles, jumps, the pass): whatever the position, the
/// legal ones are among them.
fn ataxx_script(lines: usize) -> String {
    let cells: Vec<String> = (1..=7)
        .flat_map(|rank| ('a'..='g').map(move |file| format!("{file}{rank}")))
        .collect();
    let mut moves = cells.clone();
    for from in &cells {
        for to in &cells {
            let (fb, tb) = (from.as_bytes(), to.as_bytes());
            let dx = (fb[0] as i32 - tb[0] as i32).abs();
            let dy = (fb[1] as i32 - tb[1] as i32).abs();
            if dx.max(dy) == 2 {
                moves.push(format!("{from}{to}"));
            }
        }
    }
    moves.push("0000".to_string());
    format!("{}\n", moves.join(" ")).repeat(lines)
}

#[test]
fn a_scripted_ataxx_game_against_the_engine_ends_with_the_result() {
    let output = play(
        &["--game", "ataxx", "--seats", "human,engine", "--depth", "2"],
        // About one line a human move. At depth 2 the engine can take a few hundred plies to
        // fill the last squares of a won board (its jumps keep the squares empty; the proofs
        // near the end need a node or time budget), so the script outlasts that.
        &ataxx_script(600),
    );
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result = text
        .lines()
        .find(|line| line.starts_with("result: "))
        .expect("a result line");
    assert!(
        result.contains("wins by") || result.contains("draw"),
        "{result}"
    );
    // The moves line replays to a finished game.
    let moves = text
        .lines()
        .find_map(|line| line.strip_prefix("moves: "))
        .expect("the moves");
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(["replay", "--game", "ataxx", "--moves", moves, "--json"])
        .output()
        .unwrap();
    let replayed: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert!(!replayed["result"].is_null(), "{replayed}");
}

#[test]
fn a_scripted_oware_game_against_the_engine_ends_with_the_result() {
    let output = play(
        &["--game", "oware", "--seats", "human,engine", "--depth", "6"],
        &kalah_script(300),
    );
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result = text
        .lines()
        .find(|line| line.starts_with("result: "))
        .expect("a result line");
    assert!(
        result.contains("wins by") || result.contains("draw"),
        "{result}"
    );
    // The board is drawn with the house letters.
    assert!(text.contains("   a   b   c   d   e   f"), "{text}");
}

/// `ponder play` killed mid-game (SIGKILL: no chance to clean up) and started again offers
/// the game kept after every move, and resumes it at the same move; a finished or quit game
/// is not offered again.
#[test]
fn a_killed_game_resumes_at_the_same_move() {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("ponder-autosave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("autosave.game");
    let path = file.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(["play", "--seats", "human,human", "--autosave", path])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "2\n5").unwrap();
    stdin.flush().unwrap();
    let moves = |file: &std::path::Path| -> Option<serde_json::Value> {
        let payload = ponder::files::load_bytes(file, &ponder::cli::SAVED_GAME_FILE).ok()?;
        let saved: serde_json::Value = serde_json::from_slice(&payload).ok()?;
        Some(saved["record"]["moves"].clone())
    };
    let started = std::time::Instant::now();
    while moves(&file) != Some(serde_json::json!([2, 5])) {
        assert!(
            started.elapsed().as_secs() < 30,
            "no autosave after two moves"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    // Started again: the offer, accepted; the game goes on from ply 2.
    let output = play(&["--autosave", path], "y\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("Resume it? [y/n]"), "{text}");
    assert!(text.contains("quit after 2 plies"), "{text}");
    // Quit: not offered again.
    assert!(!file.exists(), "the autosave outlived a quit game");
    let output = play(&["--autosave", path], "quit\n");
    assert!(
        !stdout(&output).contains("Resume it?"),
        "{}",
        stdout(&output)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_perfect_level_builds_kalahs_database_in_the_cache_and_plays_a_whole_game() {
    let cache = std::env::temp_dir().join(format!("ponder-cache-perfect-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let output = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args([
            "play",
            "--game",
            "kalah:pits=3,seeds=2",
            "--level",
            "perfect",
        ])
        .args(["--seats", "engine,random", "--depth", "2"])
        .env("PONDER_CACHE_DIR", &cache)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("result: "));
    // Every board of 3 pits a side with fewer seeds than the 12 of the game.
    assert!(cache.join("kalah-3pits-classic-11seeds.egdb").is_file());
    let _ = std::fs::remove_dir_all(&cache);
}
