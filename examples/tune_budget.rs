//! Depth against time for a game: how deep the engine gets in a given time, to choose a
//! budget. Prints one table row per completed depth: the engine (stored tree over the
//! search) and, for comparison, the search module's own iterative searcher, both from
//! scratch (fresh table) on the same position.
//!
//! ```text
//! cargo run --release --example tune_budget -- [--game kalah] [--position TEXT]
//!     [--seconds 3] [--tree-min-depth 3]
//! ```

use ponder::engine::{Engine, EngineConfig, Event, Limits, TieBreak};
use ponder::search::{Evaluators, SearchOptions, Searcher, StopSignal};
use ponder::{GameError, GameRecord, GameSpec, with_game};
use std::time::Duration;

struct Args {
    game: String,
    position: Option<String>,
    seconds: f64,
    tree_min_depth: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "kalah".to_string(),
        position: None,
        seconds: 3.0,
        tree_min_depth: EngineConfig::default().tree_min_depth,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--game" => args.game = value()?,
            "--position" => args.position = Some(value()?),
            "--seconds" => args.seconds = value()?.parse().map_err(|_| "--seconds: a number")?,
            "--tree-min-depth" => {
                args.tree_min_depth = value()?.parse().map_err(|_| "--tree-min-depth: a number")?
            }
            "--auto" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// (depth, milliseconds, nodes) for each completed depth.
type Row = (u32, f64, u64);

fn engine_rows<G: Evaluators>(record: &GameRecord<G>, args: &Args) -> Vec<(Row, i32, String)> {
    let config = EngineConfig {
        ponder: false,
        tie_break: TieBreak::First,
        tree_min_depth: args.tree_min_depth,
        pin_thread: true,
        ..EngineConfig::default()
    };
    let Ok(engine) = Engine::new(record.clone(), config) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    let limits = Limits::movetime(Duration::from_secs_f64(args.seconds));
    // The rows are the search's lines; the answer itself adds nothing to them.
    let _ = engine.best_move_with(limits, &StopSignal::new(), |event| {
        if let Event::Info(info) = event {
            let pv: Vec<String> = info
                .search
                .pv
                .iter()
                .take(8)
                .map(|m| m.to_string())
                .collect();
            rows.push((
                (
                    info.search.depth,
                    info.search.time.as_secs_f64() * 1e3,
                    info.search.nodes,
                ),
                info.search.score.0,
                pv.join(" "),
            ));
        }
    });
    rows
}

fn searcher_rows<G: Evaluators>(record: &GameRecord<G>, args: &Args) -> Vec<Row> {
    let options = SearchOptions {
        forward_pruning: EngineConfig::default().forward_pruning,
        hash_mib: EngineConfig::default().hash_mib,
        ..SearchOptions::default()
    };
    let Ok(mut searcher) = Searcher::<G>::with_new_table(options) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    searcher.search(
        record,
        &Limits::movetime(Duration::from_secs_f64(args.seconds)),
        &StopSignal::new(),
        &mut |info| rows.push((info.depth, info.time.as_secs_f64() * 1e3, info.nodes)),
    );
    rows
}

fn run<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config = G::config_from_spec(spec)?;
    let record = GameRecord::<G>::of(&config, args.position.as_deref())?;
    println!(
        "{spec}, position {}, {} s per search, tree below depth {} left to the search",
        record.current().position_text(),
        args.seconds,
        args.tree_min_depth
    );
    let engine = engine_rows(&record, args);
    let searcher = searcher_rows(&record, args);
    println!(
        "{:>5} {:>11} {:>12} {:>10} {:>13} {:>12}  {:>8}  pv",
        "depth", "engine ms", "engine nodes", "engine Mn/s", "searcher ms", "searcher n", "score"
    );
    for ((depth, ms, nodes), score, pv) in &engine {
        let other = searcher.iter().find(|row| row.0 == *depth);
        let (sms, snodes) = other.map_or(("-".to_string(), "-".to_string()), |r| {
            (format!("{:.1}", r.1), r.2.to_string())
        });
        println!(
            "{depth:>5} {ms:>11.1} {nodes:>12} {:>10.2} {sms:>13} {snodes:>12}  {score:>8}  {pv}",
            *nodes as f64 / ms.max(1e-3) / 1e3
        );
    }
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("tune_budget: {message}");
            std::process::exit(2);
        }
    };
    let result = args
        .game
        .parse::<GameSpec>()
        .and_then(|spec| with_game!(spec, G => run::<G>(&spec, &args)));
    if let Err(error) = result {
        eprintln!("tune_budget: {error}");
        std::process::exit(1);
    }
}
