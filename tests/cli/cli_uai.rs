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
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(["uai", "--game", "ataxx"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            input,
            lines,
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
        let next = record.current().play(mv);
        next.parse_move(words[3])
            .unwrap_or_else(|e| panic!("ponder move of {line}: {e}"));
    }
    words[1].to_string()
}

#[test]
fn handshake_and_a_game_by_depth_movetime_and_clock() {
    let mut session = Session::start();
    session.send("uai");
    let (_, before) = session.expect("uaiok", Duration::from_secs(5));
    assert!(before.iter().any(|l| l.starts_with("id name ponder")));
    assert!(before.iter().any(|l| l.starts_with("id author")));
    for option in ["Hash", "Threads", "Ponder"] {
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

#[test]
fn stop_and_isready_are_answered_during_a_search() {
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
