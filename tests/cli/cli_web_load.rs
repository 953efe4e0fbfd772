//! The load test of the browser game's server (ignored: a minute of work; run it with
//! `cargo test --profile ci --test cli web_load -- --ignored --nocapture`): 200 games at
//! once against the engine, people's moves from 20 client threads, a few WebSocket watchers;
//! it prints the 99th-percentile latency of the requests that do not search (state, move)
//! and the server's peak resident memory against its engines' memory cap
//! (docs/BENCHMARKS.md).

use super::cli_web::{call, create, post, start, state_dir, watch};
use serde_json::json;
use std::time::{Duration, Instant};

/// Games at once.
const GAMES: usize = 200;
/// Client threads playing the people's moves.
const CLIENTS: usize = 20;
/// How long the games go on.
const RUN: Duration = Duration::from_secs(60);
/// The engines' memory cap of the run, MiB (4 MiB a game).
const MEMORY_MIB: u64 = 1024;

/// The server's resident memory, KiB.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
#[ignore = "a minute of load: run by hand (docs/BENCHMARKS.md)"]
fn web_load_200_games() {
    let dir = state_dir("load");
    let server = start(
        &dir,
        &[
            "--rate",
            "0",
            "--max-games",
            "256",
            "--game-memory",
            "4",
            "--memory",
            &MEMORY_MIB.to_string(),
            "--max-pondering",
            "2",
        ],
    );
    let started = Instant::now();
    let games: Vec<(String, String)> = (0..GAMES)
        .map(|i| {
            let spec = ["kalah", "oware", "ataxx"][i % 3];
            let level = ["easy", "medium"][i % 2];
            let seats = json!([{ "kind": "human" }, { "kind": "engine", "level": level }]);
            let (code, token, _) = create(&server, spec, seats);
            (code, token)
        })
        .collect();
    println!(
        "created {GAMES} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let watchers: Vec<_> = games
        .iter()
        .take(5)
        .map(|(code, _)| watch(&server, code, None))
        .collect();
    let port_server = &server;
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .chunks(GAMES / CLIENTS)
            .map(|chunk| scope.spawn(move || play_for(port_server, chunk)))
            .collect();
        let mut peak = 0;
        while started.elapsed() < RUN + Duration::from_secs(5) {
            peak = peak.max(resident_kib(port_server.pid()));
            std::thread::sleep(Duration::from_millis(200));
            if handles.iter().all(|h| h.is_finished()) {
                break;
            }
        }
        println!(
            "peak resident memory {} MiB (engines' cap {MEMORY_MIB} MiB)",
            peak / 1024
        );
        assert!(
            peak / 1024 < MEMORY_MIB + 256,
            "resident memory {} MiB",
            peak / 1024
        );
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    drop(watchers);
    let mut sorted = latencies.clone();
    sorted.sort();
    let at = |q: f64| sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)];
    println!(
        "{} non-search requests: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        sorted.last().unwrap().as_secs_f64() * 1e3
    );
    // Keeps answering: on 2 cores shared with 400 engine threads (and, here, other jobs) the
    // tail is long; the figures go to docs/BENCHMARKS.md, the machine's load to docs/journal/.
    assert!(at(0.99) < Duration::from_secs(3), "p99 {:?}", at(0.99));
    assert_eq!(server.get("/health").0, 200);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays the people's moves of `games` (the first legal move) until the run ends; the
/// latency of every state and move request.
fn play_for(server: &super::cli_serve::Server, games: &[(String, String)]) -> Vec<Duration> {
    let end = Instant::now() + RUN;
    let mut latencies = Vec::new();
    let mut timed = |f: &mut dyn FnMut() -> (u16, serde_json::Value)| {
        let t = Instant::now();
        let answer = f();
        latencies.push(t.elapsed());
        answer
    };
    while Instant::now() < end {
        for (code, token) in games {
            let (status, game) = timed(&mut || {
                call(
                    server,
                    "GET",
                    &format!("/api/games/{code}"),
                    None,
                    Some(token),
                )
            });
            assert_eq!(status, 200, "{game}");
            if game["to_move"] == json!(0) {
                let mv = game["legal"][0]["move"].as_str().unwrap().to_string();
                let path = format!("/api/games/{code}/move");
                let (status, body) =
                    timed(&mut || post(server, &path, json!({ "token": token, "move": mv })));
                assert!(status == 200 || status == 409, "{body}");
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    latencies
}
