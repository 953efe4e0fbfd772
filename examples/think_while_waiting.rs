//! The demo: the engine thinks while you think. You play one side at the keyboard (type a
//! move and Enter; `quit` to stop), or a scripted human does with `--auto`. While the human
//! thinks, the engine ponders the human's possible replies, and the screen shows live which
//! reply it is deepening, how deep, and what it expects. After each human move it shows
//! whether that move had been pondered, what the kept tree held, and how much sooner the
//! engine completed its search than a search from scratch of the same position.
//!
//! At the human's `--restart`th move (default 2; 0: never) the engine is restarted as a
//! server restarts: it writes a snapshot of what it knows ([`Engine::save_state`], taken
//! while it ponders), is dropped, and a new engine is restored from the file with the game
//! and the human's move ([`Engine::restore`]); its kept tree still holds the pondered depth.
//!
//! ```text
//! cargo run --release --example think_while_waiting -- --auto [--game kalah]
//!     [--think 2] [--movetime 1000] [--moves 6] [--restart 2]
//! ```

use crossbeam_channel::{Receiver, select, unbounded};
use ponder::engine::{Engine, EngineConfig, Event, Knowledge, Limits, PonderInfo, TieBreak};
use ponder::search::{Evaluators, SearchOptions, Searcher, StopSignal};
use ponder::{GameError, GameRecord, GameSpec, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::{Duration, Instant};

struct Args {
    game: String,
    auto: bool,
    think: f64,
    movetime: u64,
    moves: usize,
    restart: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "kalah".to_string(),
        auto: false,
        think: 2.0,
        movetime: 1000,
        moves: 6,
        restart: 2,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        let number = |text: String| text.parse::<f64>().map_err(|_| format!("{word}: a number"));
        match word.as_str() {
            "--game" => args.game = value()?,
            "--auto" => args.auto = true,
            "--think" => args.think = number(value()?)?,
            "--movetime" => args.movetime = number(value()?)? as u64,
            "--moves" => args.moves = number(value()?)? as usize,
            "--restart" => args.restart = number(value()?)? as usize,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// Lines typed at the keyboard, read on their own thread.
fn keyboard() -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn line<M: std::fmt::Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How long a search from scratch (fresh table, no tree) takes to reach `depth`.
fn scratch_time<G: Evaluators>(
    record: &GameRecord<G>,
    depth: u32,
    cap: Duration,
) -> Option<Duration> {
    let mut searcher = Searcher::<G>::with_new_table(SearchOptions {
        forward_pruning: true,
        hash_mib: 64,
        ..SearchOptions::default()
    })
    .ok()?;
    let mut reached = None;
    searcher.search(
        record,
        &Limits {
            depth: Some(depth),
            movetime: Some(cap),
            ..Limits::default()
        },
        &StopSignal::new(),
        &mut |info| {
            if info.depth >= depth && reached.is_none() {
                reached = Some(info.time);
            }
        },
    );
    reached
}

/// Restarts the engine as a server restarts: a snapshot of what it knows, taken while it
/// ponders, the engine dropped, and a new one restored from the snapshot on `record` (the
/// game with the human's move, which the restored engine plays into its tree).
fn restart<G: Evaluators>(
    engine: Engine<G>,
    path: &std::path::Path,
    record: &GameRecord<G>,
    config: &EngineConfig,
) -> Result<Engine<G>, ponder::engine::SnapshotError> {
    let report = engine.save_state(path)?;
    drop(engine);
    let started = Instant::now();
    let restored = Engine::restore(path, record.clone(), config.clone(), Knowledge::new())?;
    println!(
        "  restart: snapshot of {} tree nodes and {} table entries ({} KiB) in {:.1} ms, pondering paused {:.2} ms; restored in {:.1} ms",
        report.tree_nodes,
        report.table_entries,
        report.bytes / 1024,
        report.took.as_secs_f64() * 1e3,
        report.paused.as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64() * 1e3
    );
    let _ = std::fs::remove_file(path);
    Ok(restored)
}

fn run<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config = G::config_from_spec(spec)?;
    let start = G::start(&config)?;
    let engine_config = EngineConfig {
        tie_break: TieBreak::Random { seed: 3 },
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(GameRecord::new(start), engine_config.clone())
        .map_err(|e| GameError::Position(e.to_string()))?;
    let snapshot = std::env::temp_dir().join(format!(
        "think-while-waiting-{}.snapshot",
        std::process::id()
    ));
    let mut human_moves = 0;
    let keys = (!args.auto).then(keyboard);
    let mut rng = SmallRng::seed_from_u64(3);
    let mut human_searcher = Searcher::<G>::with_new_table(SearchOptions {
        hash_mib: 4,
        tiebreak: ponder::search::TieBreak::Random { seed: 3 },
        ..SearchOptions::default()
    })
    .map_err(|e| GameError::Position(e.to_string()))?;
    let mut record = GameRecord::new(start);
    let engine_seat = start.side_to_move();
    let budget = Duration::from_millis(args.movetime);
    let mut engine_moves = 0;
    let mut human_moved_at: Option<Instant> = None;
    println!("{spec}: the engine plays {engine_seat}, you play the other side.");
    while record.outcome().is_none() && engine_moves < args.moves {
        let position = record.current();
        if position.side_to_move() == engine_seat {
            let mut last_depth = 0;
            let mut time_at_depth = BTreeMap::new();
            let watch = |event| match event {
                Event::Info(info) => {
                    last_depth = info.search.depth;
                    time_at_depth.insert(info.search.depth, info.search.time);
                }
                Event::Rerooted(reroot) => {
                    println!(
                        "  kept tree: {} (the new root already searched to depth {}, re-rooted in {:.2} ms)",
                        if reroot.hit {
                            "hit"
                        } else {
                            "miss: a fresh root"
                        },
                        reroot.kept_depth,
                        reroot.time.as_secs_f64() * 1e3
                    );
                }
                _ => {}
            };
            let best = engine
                .best_move_with(Limits::movetime(budget), &StopSignal::new(), watch)
                .map_err(|e| GameError::Position(e.to_string()))?;
            let Some(mv) = best.mv else { break };
            println!(
                "engine plays {mv} (depth {last_depth}, score {}, {} nodes, {:.0} ms), expects {}",
                best.score,
                best.nodes,
                best.time.as_secs_f64() * 1e3,
                best.ponder.map_or("-".to_string(), |m| m.to_string())
            );
            if let Some(moved_at) = human_moved_at.take() {
                // What the kept tree saved: a search from scratch of the same position to
                // the same depth, against the engine's time (counted from the human's move).
                let since_move = moved_at.elapsed();
                let compare_depth = last_depth.min(
                    time_at_depth
                        .iter()
                        .filter(|(_, t)| **t <= budget / 2)
                        .map(|(d, _)| *d)
                        .max()
                        .unwrap_or(last_depth),
                );
                if let Some(engine_time) = time_at_depth.get(&compare_depth) {
                    match scratch_time(&record, compare_depth, budget * 4) {
                        Some(scratch) if *engine_time < Duration::from_millis(1) => println!(
                            "  depth {compare_depth}: ready at once (pondered); from scratch {:.1} ms",
                            scratch.as_secs_f64() * 1e3
                        ),
                        Some(scratch) => println!(
                            "  depth {compare_depth}: {:.1} ms with the kept tree and pondering, {:.1} ms from scratch: {:.1}x sooner",
                            engine_time.as_secs_f64() * 1e3,
                            scratch.as_secs_f64() * 1e3,
                            scratch.as_secs_f64() / engine_time.as_secs_f64().max(1e-6)
                        ),
                        None => println!(
                            "  depth {compare_depth}: {:.1} ms with the kept tree; from scratch not within {:.0} ms",
                            engine_time.as_secs_f64() * 1e3,
                            (budget * 4).as_secs_f64() * 1e3
                        ),
                    }
                }
                let _ = since_move;
            }
            engine.send_move(mv);
            record.try_play(mv)?;
            engine_moves += 1;
        } else {
            let mut moves = Vec::new();
            record.legal_moves(&mut moves);
            println!(
                "\nposition {}  your move ({}){}",
                record.current().position_text(),
                line(&moves),
                if args.auto {
                    format!(": the scripted human thinks {} s", args.think)
                } else {
                    String::new()
                }
            );
            let think_until = Instant::now() + Duration::from_secs_f64(args.think);
            // Per reply: the deepest pondered depth, its score and expected line.
            let mut pondered: BTreeMap<String, (u32, i32, String)> = BTreeMap::new();
            let mut last_print = Instant::now();
            let chosen = loop {
                let ticker = crossbeam_channel::after(Duration::from_millis(100));
                let keyboard = keys.clone().unwrap_or_else(crossbeam_channel::never);
                select! {
                    recv(engine.events()) -> event => {
                        if let Ok(Event::Ponder(PonderInfo::Progress { reply, depth, score, pv, .. })) = event {
                            let name = reply.map_or("(all)".to_string(), |m| m.to_string());
                            pondered.insert(name, (depth, score, line(&pv)));
                        }
                    }
                    recv(keyboard) -> text => {
                        let Ok(text) = text else { break None };
                        let text = text.trim();
                        if text == "quit" {
                            return Ok(());
                        }
                        match record.current().parse_move(text) {
                            Ok(mv) => break Some(mv),
                            Err(error) => println!("  {error}"),
                        }
                    }
                    recv(ticker) -> _ => {}
                }
                if last_print.elapsed() >= Duration::from_millis(500) && !pondered.is_empty() {
                    last_print = Instant::now();
                    let status: Vec<String> = pondered
                        .iter()
                        .map(|(reply, (depth, _, _))| format!("{reply}:d{depth}"))
                        .collect();
                    println!("  pondering your replies: {}", status.join("  "));
                }
                if args.auto && Instant::now() >= think_until {
                    let outcome = human_searcher.search(
                        &record,
                        &Limits::depth(rng.random_range(2..=5)),
                        &StopSignal::new(),
                        &mut |_| {},
                    );
                    break outcome.best_move;
                }
            };
            let Some(mv) = chosen else { break };
            match pondered.get(&mv.to_string()) {
                Some((depth, score, pv)) => println!(
                    "you play {mv}: pondered to depth {depth}, the engine expects score {score} with {pv}"
                ),
                None => println!("you play {mv}: not pondered yet"),
            }
            human_moved_at = Some(Instant::now());
            record.try_play(mv)?;
            human_moves += 1;
            if human_moves == args.restart {
                engine = restart(engine, &snapshot, &record, &engine_config)
                    .map_err(|e| GameError::Position(e.to_string()))?;
            } else {
                engine.send_move(mv);
            }
        }
    }
    println!("\nfinal position {}", record.current().position_text());
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("think_while_waiting: {message}");
            std::process::exit(2);
        }
    };
    let result = args
        .game
        .parse::<GameSpec>()
        .and_then(|spec| with_game!(spec, G => run::<G>(&spec, &args)));
    if let Err(error) = result {
        eprintln!("think_while_waiting: {error}");
        std::process::exit(1);
    }
}
