//! Times Ataxx perft on one thread, both the generic `ponder::perft` and the Ataxx one.
//!
//! `cargo run --release --example ataxx_perft -- [DEPTH] [FEN]` (depth 7 from the start by
//! default); prints `depth=<d> nodes=<n> time_ms=<t> nps=<r>` for each. Set
//! `PERFT=generic` or `PERFT=ataxx` to run only one of them.

use ponder::games::ataxx::{self, Ataxx};
use ponder::{Game, GameRecord};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(7);
    let fen = args.collect::<Vec<_>>().join(" ");
    let fen = if fen.is_empty() {
        ataxx::START_FEN.to_string()
    } else {
        fen
    };
    let record = match Ataxx::parse_position(&Default::default(), &fen) {
        Ok(record) => record,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let report = |name: &str, nodes: u64, start: Instant| {
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{name}: depth={depth} nodes={nodes} time_ms={} nps={}",
            (secs * 1000.0).round() as u64,
            (nodes as f64 / secs).round() as u64
        );
    };
    let only = std::env::var("PERFT").unwrap_or_default();
    if only != "generic" {
        let start = Instant::now();
        let nodes = ataxx::perft(&record.current(), depth);
        report("ataxx::perft", nodes, start);
    }
    if only != "ataxx" {
        let start = Instant::now();
        let nodes = ponder::perft(&GameRecord::new(record.current()), depth);
        report("ponder::perft", nodes, start);
    }
}
