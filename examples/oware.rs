//! Oware timings until the `ponder` CLI wires them:
//!
//! - `cargo run --release --example oware -- perft 9 [runs]`: perft from the start, best of
//!   `runs` (3 by default).
//! - `cargo run --release --example oware -- egdb 16`: builds the Awari endgame database and
//!   prints [`ponder::games::oware::egdb::solve_report`] (what
//!   `ponder solve --game oware:rules=awari --egdb 16` prints).
use ponder::games::oware::egdb::solve_report;
use ponder::{Game, GameRecord, Oware, perft};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |default: u32| args.get(1).and_then(|d| d.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("egdb") => match solve_report(number(12)) {
            Ok(report) => print!("{report}"),
            Err(error) => eprintln!("{error}"),
        },
        _ => {
            let depth = number(9);
            let runs = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3);
            let record = GameRecord::new(Oware::start(&Default::default()).expect("start"));
            let mut best = f64::INFINITY;
            for _ in 0..runs {
                let started = Instant::now();
                let nodes = perft(&record, depth);
                let seconds = started.elapsed().as_secs_f64();
                best = best.min(seconds);
                println!(
                    "perft({depth}) = {nodes} in {seconds:.3} s: {:.1} M positions/s",
                    nodes as f64 / seconds / 1e6
                );
            }
            let nodes = perft(&record, depth);
            println!(
                "best of {runs}: {best:.4} s, {:.1} M positions/s",
                nodes as f64 / best / 1e6
            );
        }
    }
}
