//! The movetime promise: a search given 100 ms returns within 110 ms, every time.
//!
//! 200 searches with `Limits::movetime(100 ms)` through the library (time from the call to the
//! report), then 200 runs of the `ponder bestmove --movetime 100` binary (time from spawning
//! the process to reading its `bestmove` line, so process start-up and table allocation count
//! too), over each game's
//! position suite, taking the games in turn; one and two threads. Prints the distribution and the
//! maximum, and exits with failure if any run took longer than 110 ms.
//!
//! `cargo bench --bench movetime` (optionally `-- <runs>`).

#[path = "support/positions.rs"]
mod positions;

use ponder::GameRecord;
use ponder::search::{Evaluators, Limits, SearchOptions, Searcher, StopSignal};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MOVETIME: Duration = Duration::from_millis(100);
const PROMISE: Duration = Duration::from_millis(110);

fn library_run<G: Evaluators>(searcher: &mut Searcher<G>, record: &GameRecord<G>) -> Duration {
    let started = Instant::now();
    let found = searcher.search(
        record,
        &Limits::movetime(MOVETIME),
        &StopSignal::new(),
        &mut |_| {},
    );
    let elapsed = started.elapsed();
    assert!(found.best_move.is_some());
    elapsed
}

fn report(label: &str, mut times: Vec<Duration>) -> bool {
    times.sort();
    let pick = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    let max = times.last().copied().unwrap_or_default();
    let over = times.iter().filter(|&&t| t > PROMISE).count();
    println!(
        "{label}: {} runs, median {:.2} ms, p99 {:.2} ms, max {:.2} ms, over 110 ms: {over}",
        times.len(),
        pick(0.5),
        pick(0.99),
        max.as_secs_f64() * 1e3
    );
    over == 0
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let kalah = positions::kalah();
    let ataxx = positions::ataxx();
    let oware = positions::oware();
    let mut ok = true;
    for threads in [1usize, 2] {
        let options = SearchOptions {
            threads,
            forward_pruning: true,
            ..SearchOptions::default()
        };
        let mut kalah_searcher = Searcher::with_new_table(options.clone()).expect("options");
        let mut ataxx_searcher = Searcher::with_new_table(options.clone()).expect("options");
        let mut oware_searcher = Searcher::with_new_table(options).expect("options");
        let times = (0..runs)
            .map(|i| match i % 3 {
                0 => library_run(&mut kalah_searcher, &kalah[i / 3 % kalah.len()].1),
                1 => library_run(&mut ataxx_searcher, &ataxx[i / 3 % ataxx.len()].1),
                _ => library_run(&mut oware_searcher, &oware[i / 3 % oware.len()].1),
            })
            .collect();
        ok &= report(&format!("library, {threads} thread(s)"), times);
    }
    let binary = env!("CARGO_BIN_EXE_ponder");
    for threads in ["1", "2"] {
        let times = (0..runs)
            .map(|i| {
                let (game, moves) = if i % 2 == 0 {
                    (
                        "kalah",
                        kalah[i / 2 % kalah.len()]
                            .1
                            .moves()
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>(),
                    )
                } else {
                    (
                        "ataxx",
                        ataxx[i / 2 % ataxx.len()]
                            .1
                            .moves()
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>(),
                    )
                };
                let started = Instant::now();
                let mut child = Command::new(binary)
                    .args([
                        "bestmove",
                        "--game",
                        game,
                        "--movetime",
                        "100",
                        "--threads",
                        threads,
                    ])
                    .args(["--forward-pruning", "on", "--moves", &moves.join(" ")])
                    .stdout(Stdio::piped())
                    .spawn()
                    .expect("the binary runs");
                // The answer counts when its line arrives, as a GUI reading the output sees it.
                let stdout = child.stdout.take().expect("piped");
                let answer = BufReader::new(stdout)
                    .lines()
                    .map_while(Result::ok)
                    .find(|line| line.starts_with("bestmove"));
                let elapsed = started.elapsed();
                assert!(answer.is_some() && child.wait().expect("exit").success());
                elapsed
            })
            .collect();
        ok &= report(
            &format!("ponder bestmove --movetime 100 --threads {threads}"),
            times,
        );
    }
    if !ok {
        eprintln!("FAIL: a run took longer than 110 ms");
        std::process::exit(1);
    }
    println!("PASS: every run returned within 110 ms");
}
