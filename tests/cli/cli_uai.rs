//! `ponder uai` through the binary: the handshake, searches by depth, time and clock, `stop`
//! and `isready` answered during a search, malformed commands ignored, every best move legal.

use ponder::games::Ataxx;
use ponder::{Game, GameRecord};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running `ponder uai`, its input, and its output lines arriving on a channel.
struct Session {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// Standard error's lines (notes).
    notes: Receiver<String>,
}

/// Forwards `reader`'s lines to a channel from a thread of its own.
fn forward_lines(reader: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(reader).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// What a deadline or a `stop` may be late by in a test, pipes included: a generous bound, since
/// the machine may be busy (2 cores shared by builds). The engine's promise (10 ms) is a
/// measured figure on a quiet machine (`docs/BENCHMARKS.md`), not a timed unit test.
const WORST: Duration = Duration::from_millis(if cfg!(debug_assertions) { 250 } else { 50 });

/// Held by every test of this file: they measure times, so they run one at a time rather
/// than load the machine against each other.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes the turn of a test (a failed test before it does not matter).
fn my_turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(["uai", "--game", "ataxx"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let lines = forward_lines(child.stdout.take().unwrap());
        let notes = forward_lines(child.stderr.take().unwrap());
        Session {
            child,
            input,
            lines,
            notes,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Lines until one starting with `prefix` (returned), within `timeout`.
    fn expect(&self, prefix: &str, timeout: Duration) -> (String, Vec<String>) {
        let deadline = Instant::now() + timeout;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return (line, before),
                Ok(line) => before.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {prefix:?} within {timeout:?}; got {before:?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("the engine exited: {before:?}"),
            }
        }
    }

    /// Asserts that no line starting with `prefix` comes within `wait`.
    fn expect_none(&self, prefix: &str, wait: Duration) {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => assert!(!line.starts_with(prefix), "unexpected {line:?}"),
                Err(_) => return,
            }
        }
    }

    /// The notes written to standard error so far.
    fn notes(&self) -> Vec<String> {
        self.notes.try_iter().collect()
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success());
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("quit did not end the engine");
    }
}

/// The move of a `bestmove` line, checked legal in `record`'s position.
fn check_bestmove(line: &str, record: &GameRecord<Ataxx>) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(
        words.len() == 2 || (words.len() == 4 && words[2] == "ponder"),
        "{line}"
    );
    let mv = record
        .current()
        .parse_move(words[1])
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    if words.len() == 4 {
        let next = record.current().play_unchecked(mv);
        next.parse_move(words[3])
            .unwrap_or_else(|e| panic!("ponder move of {line}: {e}"));
    }
    words[1].to_string()
}

#[test]
fn handshake_and_a_game_by_depth_movetime_and_clock() {
    let _turn = my_turn();
    let mut session = Session::start();
    session.send("uai");
    let (_, before) = session.expect("uaiok", Duration::from_secs(5));
    assert!(before.iter().any(|l| l.starts_with("id name ponder")));
    assert!(before.iter().any(|l| l.starts_with("id author")));
    for option in ["Hash", "Threads", "Ponder", "ForwardPruning"] {
        assert!(
            before
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}: {before:?}"
        );
    }
    session.send("setoption name Hash value 8");
    session.send("setoption name Threads value 1");
    session.send("uainewgame");
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));

    let mut record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    let goes = [
        "go depth 2",
        "go movetime 30",
        "go btime 2000 wtime 2000 binc 20 winc 20",
    ];
    for ply in 0..24 {
        if record.outcome().is_some() {
            break;
        }
        let moves: Vec<String> = record.moves().iter().map(ToString::to_string).collect();
        if ply % 2 == 0 {
            session.send(&format!("position startpos moves {}", moves.join(" ")));
        } else {
            session.send(&format!(
                "position fen {}",
                record.current().position_text()
            ));
        }
        session.send(goes[ply % 3]);
        let (line, infos) = session.expect("bestmove", Duration::from_secs(10));
        for info in &infos {
            assert!(info.starts_with("info depth "), "{info}");
            assert!(info.contains(" nodes ") && info.contains(" pv "), "{info}");
        }
        let mv = check_bestmove(&line, &record);
        record.play_text(&mv).unwrap();
    }
    assert!(record.moves().len() >= 20);
    session.quit();
}

/// `isready` after `setoption name Hash` answers once the new table is mapped (512 MiB: well
/// over a second on a busy machine), and the `go` after it keeps its time; with pondering on
/// too, and after `uainewgame`. Before this, `readyok` came at once and the first `go` waited
/// behind the mapping on its own clock (883 ms for a 500 ms move at 256 MiB with pondering on).
#[test]
fn isready_waits_for_a_new_table_so_the_next_go_keeps_its_time() {
    let _turn = my_turn();
    let (mut session, record) = session_after_two_plies();
    for ponder in ["false", "true"] {
        session.send("setoption name Hash value 1");
        session.send("isready");
        session.expect("readyok", Duration::from_secs(10));
        session.send(&format!("setoption name Ponder value {ponder}"));
        session.send("setoption name Hash value 512");
        session.send("uainewgame");
        session.send("isready");
        session.expect("readyok", Duration::from_secs(30));
        let moves: Vec<String> = record.moves().iter().map(ToString::to_string).collect();
        session.send(&format!("position startpos moves {}", moves.join(" ")));
        let sent = Instant::now();
        session.send("go movetime 200");
        let (line, _) = session.expect("bestmove", Duration::from_secs(10));
        let took = sent.elapsed();
        check_bestmove(&line, &record);
        assert!(
            took <= Duration::from_millis(200) + WORST,
            "Ponder {ponder}: {took:?}"
        );
    }
    session.quit();
}

#[test]
fn stop_and_isready_are_answered_during_a_search() {
    let _turn = my_turn();
    let mut session = Session::start();
    session.send("uai");
    session.expect("uaiok", Duration::from_secs(5));
    session.send("position startpos moves g2 a1a3");
    session.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    session.send("isready");
    session.expect("readyok", Duration::from_secs(2));
    assert!(
        asked.elapsed() < Duration::from_millis(500),
        "{:?}",
        asked.elapsed()
    );
    let stopped = Instant::now();
    session.send("stop");
    let (line, _) = session.expect("bestmove", Duration::from_secs(2));
    assert!(
        stopped.elapsed() < Duration::from_millis(500),
        "{:?}",
        stopped.elapsed()
    );
    let mut record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    record.play_all_text("g2 a1a3").unwrap();
    check_bestmove(&line, &record);

    // Pondering: searches until ponderhit, then answers within the clock.
    session.send("go ponder btime 1000 wtime 1000 binc 10 winc 10");
    std::thread::sleep(Duration::from_millis(100));
    let hit = Instant::now();
    session.send("ponderhit");
    let (line, _) = session.expect("bestmove", Duration::from_secs(3));
    assert!(
        hit.elapsed() < Duration::from_millis(600),
        "{:?}",
        hit.elapsed()
    );
    check_bestmove(&line, &record);
    session.quit();
}

#[test]
fn malformed_and_unknown_commands_are_ignored() {
    let _turn = my_turn();
    let mut session = Session::start();
    for line in [
        "hello",
        "position fen not-a-fen",
        "position startpos moves a1a1",
        "position startpos moves z9",
        "setoption name Hash value many",
        "setoption name NoSuchOption value 1",
        "go depth x",
        "go wtime",
        "perft",
        "",
        "   ",
        "\u{1b}[A",
    ] {
        session.send(line);
    }
    // `go depth x` still answered (the unreadable budget becomes a short one).
    let (line, _) = session.expect("bestmove", Duration::from_secs(5));
    let start = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    check_bestmove(&line, &start);
    let (line, _) = session.expect("bestmove", Duration::from_secs(5));
    check_bestmove(&line, &start);
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));
    // A position whose game is over answers the null move rather than nothing.
    session.send("position fen 7/7/7/7/7/7/7 x 0 1");
    session.send("go depth 1");
    let (line, _) = session.expect("bestmove", Duration::from_secs(5));
    assert_eq!(line, "bestmove 0000");
    session.send("perft 2");
    let (line, _) = session.expect("info depth 2 nodes", Duration::from_secs(5));
    assert!(line.starts_with("info depth 2 nodes 0"), "{line}");
    session.send("position startpos");
    session.send("perft 2");
    let (line, _) = session.expect("info depth 2 nodes", Duration::from_secs(5));
    // libataxx: perft(2) from the start position is 256.
    assert!(line.starts_with("info depth 2 nodes 256 "), "{line}");
    session.quit();
}

/// A session on the position after `g2 a1a3` (x to move), with its record.
fn session_after_two_plies() -> (Session, GameRecord<Ataxx>) {
    let mut session = Session::start();
    session.send("uai");
    session.expect("uaiok", Duration::from_secs(5));
    session.send("position startpos moves g2 a1a3");
    let mut record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    record.play_all_text("g2 a1a3").unwrap();
    (session, record)
}

#[test]
fn go_ponder_then_ponderhit_answers_on_the_clock_from_the_hit() {
    let _turn = my_turn();
    let (mut session, record) = session_after_two_plies();
    // x has 10 s, no increment: a soft target of 498 ms (the move overhead of 30 ms kept, a
    // twentieth of the rest), a hard limit of 1,494 ms. After ponderhit the engine stops at
    // the soft target, counted from the ponderhit.
    let soft = Duration::from_millis(498);
    let mut times = Vec::new();
    for _ in 0..3 {
        session.send("go ponder btime 10000 wtime 10000");
        // Pondering longer than the budget: no answer before ponderhit.
        session.expect_none("bestmove", Duration::from_millis(500));
        let hit = Instant::now();
        session.send("ponderhit");
        let (line, _) = session.expect("bestmove", Duration::from_secs(5));
        let took = hit.elapsed();
        assert!(
            took >= soft,
            "bestmove {took:?} after ponderhit, before {soft:?}"
        );
        assert!(took <= soft + WORST, "bestmove {took:?} after ponderhit");
        check_bestmove(&line, &record);
        times.push(took);
    }
    // The soft target is what the engine aims at; the promise to the GUI is the hard limit.
    // (The engine's own lateness is measured in `tests/engine_ponderhit.rs`.)
    let hard = Duration::from_millis(1_494);
    assert!(times.iter().all(|&t| t <= hard), "{times:?}");
    // A ponderhit with nothing pondered is noted and ignored.
    session.send("ponderhit");
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));
    session.quit();
}

#[test]
fn go_ponder_then_stop_answers_at_once() {
    let _turn = my_turn();
    let (mut session, record) = session_after_two_plies();
    let mut times = Vec::new();
    for _ in 0..3 {
        session.send("go ponder btime 10000 wtime 10000 binc 100 winc 100");
        session.expect_none("bestmove", Duration::from_millis(300));
        let stopped = Instant::now();
        session.send("stop");
        let (line, _) = session.expect("bestmove", Duration::from_secs(5));
        times.push(stopped.elapsed());
        check_bestmove(&line, &record);
    }
    assert!(times.iter().all(|&t| t <= WORST), "{times:?}");
    session.quit();
}

#[test]
fn stop_latency_and_hard_limits() {
    stop_latency_and_hard_limits_with(1);
}

#[test]
fn stop_latency_and_hard_limits_with_two_threads() {
    stop_latency_and_hard_limits_with(2);
}

/// `stop` answered at once and time limits kept, with `threads` search threads.
fn stop_latency_and_hard_limits_with(threads: usize) {
    let _turn = my_turn();
    let (mut session, record) = session_after_two_plies();
    session.send(&format!("setoption name Threads value {threads}"));
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));
    let mut latencies = Vec::new();
    for _ in 0..5 {
        session.send("go infinite");
        session.expect_none("bestmove", Duration::from_millis(150));
        let stopped = Instant::now();
        session.send("stop");
        let (line, _) = session.expect("bestmove", Duration::from_secs(5));
        latencies.push(stopped.elapsed());
        check_bestmove(&line, &record);
    }
    assert!(
        latencies.iter().all(|&t| t <= WORST),
        "stop -> bestmove: {latencies:?}"
    );
    // `go movetime`: the answer within the time, pipes included.
    let movetime = Duration::from_millis(200);
    let mut times = Vec::new();
    for _ in 0..3 {
        let sent = Instant::now();
        session.send("go movetime 200");
        let (line, _) = session.expect("bestmove", Duration::from_secs(5));
        times.push(sent.elapsed());
        check_bestmove(&line, &record);
    }
    assert!(times.iter().all(|&t| t <= movetime + WORST), "{times:?}");
    // A clock: x has 3 s; the hard limit is 445 ms (three times a twentieth of 2,970 ms).
    let sent = Instant::now();
    session.send("go btime 3000 wtime 3000");
    let (line, _) = session.expect("bestmove", Duration::from_secs(5));
    let took = sent.elapsed();
    assert!(took <= Duration::from_millis(445) + WORST, "{took:?}");
    check_bestmove(&line, &record);
    session.quit();
}

#[test]
fn pondering_on_the_opponents_time_over_several_moves() {
    let _turn = my_turn();
    let mut session = Session::start();
    session.send("uai");
    session.expect("uaiok", Duration::from_secs(5));
    session.send("setoption name Ponder value true");
    session.send("setoption name TieBreak value first");
    session.send("uainewgame");
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));
    let mut record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    let mut predicted = None;
    let mut times = Vec::new();
    for ply in 0..16 {
        if record.outcome().is_some() {
            break;
        }
        if ply % 2 == 1 {
            // The opponent thinks (the engine ponders meanwhile), then plays the reply the
            // engine expected when there was one, else its first legal move.
            std::thread::sleep(Duration::from_millis(150));
            let mut moves = Vec::new();
            record.legal_moves(&mut moves);
            let mv = predicted
                .take()
                .and_then(|text: String| record.current().parse_move(&text).ok())
                .unwrap_or(moves[0]);
            record.try_play(mv).unwrap();
            continue;
        }
        // Both ways GUIs send positions: cuteataxx's bare FEN and a move list.
        if ply % 4 == 0 {
            session.send(&format!(
                "position fen {}",
                record.current().position_text()
            ));
        } else {
            let moves: Vec<String> = record.moves().iter().map(ToString::to_string).collect();
            session.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        session.send("isready");
        session.expect("readyok", Duration::from_secs(5));
        let sent = Instant::now();
        session.send("go movetime 150");
        let (line, _) = session.expect("bestmove", Duration::from_secs(5));
        times.push(sent.elapsed());
        let mv = check_bestmove(&line, &record);
        predicted = line.split_whitespace().nth(3).map(str::to_string);
        record.play_text(&mv).unwrap();
    }
    assert!(record.moves().len() >= 12);
    let movetime = Duration::from_millis(150);
    assert!(times.iter().all(|&t| t <= movetime + WORST), "{times:?}");
    session.send("isready");
    session.expect("readyok", Duration::from_secs(5));
    // After the first move, every position came from the engine's move and a reply it had
    // pondered: the stored tree was kept each time.
    let notes = session.notes();
    let kept = notes
        .iter()
        .filter(|n| n.contains("the stored tree was kept"))
        .count();
    assert!(kept >= 5, "{notes:?}");
    session.quit();
}

#[test]
fn quit_ends_the_session_mid_search_and_mid_pondering() {
    let _turn = my_turn();
    let (mut session, _) = session_after_two_plies();
    session.send("go infinite");
    session.expect_none("bestmove", Duration::from_millis(100));
    session.quit();
    // The engine pondering on its own (the `Ponder` option) after its answer.
    let (mut session, _) = session_after_two_plies();
    session.send("setoption name Ponder value true");
    session.send("go movetime 50");
    session.expect("bestmove", Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(100));
    session.quit();
    // `go ponder` never hit.
    let (mut session, _) = session_after_two_plies();
    session.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    session.quit();
}

/// A GUI that closes standard input mid-search (it crashed, or was killed): the session
/// answers the search, ends its threads and exits with success, promptly.
#[test]
fn closing_standard_input_mid_search_exits_cleanly() {
    let _turn = my_turn();
    for go in [
        "go infinite",
        "go movetime 60000",
        "go ponder wtime 60000 btime 60000",
    ] {
        let (mut session, _) = session_after_two_plies();
        session.send("setoption name Ponder value true");
        session.send(go);
        session.expect_none("bestmove", Duration::from_millis(100));
        let Session {
            mut child,
            input,
            lines,
            ..
        } = session;
        drop(input);
        let deadline = Instant::now() + Duration::from_secs(5);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("{go}: the engine did not exit after its input closed");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{go}: {status}");
        let rest: Vec<String> = lines.iter().collect();
        assert!(
            rest.iter().any(|l| l.starts_with("bestmove")),
            "{go}: the search was not answered: {rest:?}"
        );
    }
}
