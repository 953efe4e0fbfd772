//! The payoff of engine snapshots: how much of its depth an engine keeps through a restart.
//!
//! One engine plays a game against itself (`go movetime M` at every ply, pondering off,
//! first of the equal-best moves) and never stops: its tree is re-rooted on every move and
//! its table kept (**uninterrupted**). Two more engines search every position it searched,
//! right after it, with the same `movetime`: one that is restarted before every move from
//! the snapshot it saved after its previous search ([`Engine::save_state`], then
//! [`Engine::restore`] on the game so far: **restored**), and one started afresh for every
//! move (**cold**). Each prints its mean completed depth; the restored engine also the mean
//! time its restore and its snapshot took (neither counted in the movetime).
//!
//! ```text
//! cargo run --profile ci --example restart_payoff -- [--game kalah,oware,ataxx] [--moves 12]
//!     [--movetime 100] [--hash 16] [--tree 16] [--opening 4] [--seed 1]
//!     [--snapshot-nodes N] [--snapshot-entries N] [--elo N]
//! cargo run --profile ci --example restart_payoff -- --snapshot-cost [--hash 64] [--fill 3000]
//!     [--snapshots 20]
//! ```
//!
//! `--elo N` plays instead N pairs of games (paired random openings, colours swapped, `--seed`)
//! between an engine restarted from its snapshot before every one of its moves (A: restored on
//! the game so far, its search, its snapshot saved; new at the first move of each game) and an
//! engine started afresh for every move (B: no tree, an empty table), both at `go movetime M`,
//! pondering off, a random choice among equal-best moves. The restores and snapshots are not
//! counted in the movetime. It prints the score with an Elo interval (pentanomial, from the
//! pairs).
//!
//! The snapshots keep everything the engines hold unless `--snapshot-nodes N` and
//! `--snapshot-entries N` bound them (`SnapshotBudget`).
//!
//! `--snapshot-cost` measures what a snapshot costs a pondering engine: a Kalah engine with a
//! `--hash` MiB table searches `--fill` ms to fill it, plays its move and ponders the reply;
//! meanwhile `--snapshots` snapshots are taken 50 to 150 ms apart. It prints, for each, how
//! long pondering was paused (from the stop to the end of the tree's copy, after which it
//! resumes) and how long the whole snapshot took (the table read while the search goes on,
//! the file written and synced), and the table's fill.

use ponder::engine::{
    Engine, EngineConfig, Event, Knowledge, Limits, MAX_SNAPSHOT_ITEMS, PonderInfo, SnapshotBudget,
    SnapshotReport, TieBreak,
};
use ponder::matches::{Tally, play_pairs, random_opening};
use ponder::search::{Evaluators, Table};
use ponder::{Game, GameRecord, GameSpec, Kalah, with_game};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Whatever went wrong, as its message.
type Failure = Box<dyn std::error::Error>;

#[derive(Clone, Debug)]
struct Args {
    games: Vec<String>,
    moves: usize,
    movetime: u64,
    hash_mib: usize,
    tree_mib: usize,
    opening: usize,
    seed: u64,
    snapshot_cost: bool,
    fill_ms: u64,
    snapshots: usize,
    budget: SnapshotBudget,
    elo_pairs: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: vec!["kalah".into(), "oware".into(), "ataxx".into()],
        moves: 12,
        movetime: 100,
        hash_mib: 16,
        tree_mib: 16,
        opening: 4,
        seed: 1,
        snapshot_cost: false,
        fill_ms: 3000,
        snapshots: 20,
        elo_pairs: 0,
        // The payoff keeps everything the engine holds; the cost, the default budget.
        budget: SnapshotBudget {
            tree_nodes: MAX_SNAPSHOT_ITEMS,
            table_entries: MAX_SNAPSHOT_ITEMS,
        },
    };
    let words: Vec<String> = std::env::args().skip(1).collect();
    if words.iter().any(|w| w == "--snapshot-cost") {
        args.snapshot_cost = true;
        args.hash_mib = 64;
        args.budget = SnapshotBudget::default();
    }
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|_| format!("{word}: a number"));
        match word.as_str() {
            "--game" => args.games = value()?.split(',').map(str::to_string).collect(),
            "--moves" => args.moves = number(value()?)? as usize,
            "--movetime" => args.movetime = number(value()?)?.max(1),
            "--hash" => args.hash_mib = number(value()?)?.max(1) as usize,
            "--tree" => args.tree_mib = number(value()?)?.max(1) as usize,
            "--opening" => args.opening = number(value()?)? as usize,
            "--seed" => args.seed = number(value()?)?,
            "--fill" => args.fill_ms = number(value()?)?,
            "--snapshots" => args.snapshots = number(value()?)?.max(1) as usize,
            "--snapshot-nodes" => args.budget.tree_nodes = number(value()?)? as usize,
            "--snapshot-entries" => args.budget.table_entries = number(value()?)? as usize,
            "--elo" => args.elo_pairs = number(value()?)? as usize,
            "--snapshot-cost" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// The engines' configuration: pondering off, first of the ties, not pinned (three engines
/// take turns on the cores).
fn config(args: &Args) -> EngineConfig {
    EngineConfig {
        hash_mib: args.hash_mib,
        tree_mib: args.tree_mib,
        ponder: false,
        tie_break: TieBreak::First,
        pin_thread: false,
        ..EngineConfig::default()
    }
}

/// Depths summed over the positions, and the restored engine's overheads.
#[derive(Default)]
struct Sums {
    positions: usize,
    uninterrupted: u64,
    restored: u64,
    cold: u64,
    restore_time: Duration,
    snapshot_time: Duration,
}

fn payoff<G: Evaluators>(spec: &GameSpec, args: &Args, dir: &Path) -> Result<Sums, Failure> {
    let game_config = G::config_from_spec(spec)?;
    let start = GameRecord::new(G::start(&game_config)?);
    let mut record = random_opening(&start, args.opening, args.seed, 0);
    let limits = Limits::movetime(Duration::from_millis(args.movetime));
    let config = config(args);
    let uninterrupted = Engine::new(record.clone(), config.clone())?;
    let snapshot = dir.join(format!("{}.snapshot", G::NAME));
    let mut sums = Sums::default();
    for _ in 0..args.moves {
        if record.outcome().is_some() {
            break;
        }
        let kept = uninterrupted.best_move(limits.clone())?;
        let Some(mv) = kept.mv else { break };
        let restore_started = Instant::now();
        let restored = match sums.positions {
            0 => Engine::new(record.clone(), config.clone())?,
            _ => Engine::restore(&snapshot, record.clone(), config.clone(), Knowledge::new())?,
        };
        sums.restore_time += restore_started.elapsed();
        let after_restart = restored.best_move(limits.clone())?;
        let report: SnapshotReport = restored.request_snapshot(&snapshot, args.budget).recv()??;
        sums.snapshot_time += report.took;
        drop(restored);
        let cold = Engine::new(record.clone(), config.clone())?;
        let fresh = cold.best_move(limits.clone())?;
        drop(cold);
        sums.positions += 1;
        sums.uninterrupted += u64::from(kept.depth);
        sums.restored += u64::from(after_restart.depth);
        sums.cold += u64::from(fresh.depth);
        record.try_play(mv)?;
        uninterrupted.send_move(mv);
    }
    Ok(sums)
}

/// A move of the engine restarted at every move: restored from `snapshot` on `record` (a new
/// engine when `first` is set: the snapshot holds another game), its search, its snapshot.
fn restored_move<G: Evaluators>(
    record: &GameRecord<G>,
    first: bool,
    snapshot: &Path,
    config: &EngineConfig,
    args: &Args,
) -> Result<Option<G::Move>, Failure> {
    let engine = if first {
        Engine::new(record.clone(), config.clone())?
    } else {
        Engine::restore(snapshot, record.clone(), config.clone(), Knowledge::new())?
    };
    let answer = engine.best_move(Limits::movetime(Duration::from_millis(args.movetime)))?;
    engine.request_snapshot(snapshot, args.budget).recv()??;
    Ok(answer.mv)
}

/// A move of the engine started afresh for every move.
fn cold_move<G: Evaluators>(
    record: &GameRecord<G>,
    config: &EngineConfig,
    args: &Args,
) -> Result<Option<G::Move>, Failure> {
    let engine = Engine::new(record.clone(), config.clone())?;
    let answer = engine.best_move(Limits::movetime(Duration::from_millis(args.movetime)))?;
    Ok(answer.mv)
}

/// Pairs of games between the engine restored at every move (A) and the cold one (B); the
/// tally from A's side.
fn elo_match<G: Evaluators>(spec: &GameSpec, args: &Args, dir: &Path) -> Result<Tally, Failure> {
    let start = GameRecord::new(G::start(&G::config_from_spec(spec)?)?);
    let snapshot = dir.join(format!("{}-elo.snapshot", G::NAME));
    let play = |opening: &GameRecord<G>, a_first: bool, pair: u64| -> Result<i32, Failure> {
        let seed = args.seed ^ (2 * pair + u64::from(!a_first));
        let config = EngineConfig {
            tie_break: TieBreak::Random { seed },
            ..config(args)
        };
        let mut record = opening.clone();
        let a_seat = if a_first {
            record.current().side_to_move()
        } else {
            record.current().side_to_move().opponent()
        };
        let mut a_moved = false;
        // Every game ends by its rules; the cap only guards against a bug.
        while record.outcome().is_none() && record.moves().len() < 2000 {
            let mv = if record.current().side_to_move() == a_seat {
                let mv = restored_move(&record, !a_moved, &snapshot, &config, args)?;
                a_moved = true;
                mv
            } else {
                cold_move(&record, &config, args)?
            };
            let Some(mv) = mv else { break };
            record.try_play(mv)?;
        }
        Ok(record
            .outcome()
            .map_or(0, |o| o.margin_for(a_seat).signum()))
    };
    play_pairs(&start, args.elo_pairs as u64, args.opening, args.seed, play)
}

fn print_payoff(name: &str, sums: &Sums) {
    let n = sums.positions.max(1) as f64;
    let mean = |total: u64| total as f64 / n;
    let (kept, restored, cold) = (
        mean(sums.uninterrupted),
        mean(sums.restored),
        mean(sums.cold),
    );
    println!(
        "{name:<8} {:>9} {kept:>14.2} {restored:>9.2} {cold:>6.2} {:>9.1}% {:>11.1} {:>12.1}",
        sums.positions,
        100.0 * restored / kept.max(f64::EPSILON),
        sums.restore_time.as_secs_f64() * 1000.0 / n,
        sums.snapshot_time.as_secs_f64() * 1000.0 / n,
    );
}

/// The snapshot's cost to a pondering engine with a full table.
fn snapshot_cost(args: &Args, dir: &Path) -> Result<(), Failure> {
    let record = GameRecord::new(Kalah::start(&Default::default())?);
    let engine_config = EngineConfig {
        ponder: true,
        ..config(args)
    };
    let table = std::sync::Arc::new(ponder::search::TranspositionTable::new(
        ponder::search::TableKind::LockFree,
        args.hash_mib,
    ));
    let engine = Engine::with_shared_table(record, engine_config, table.clone())?;
    let filled = engine.best_move(Limits::movetime(Duration::from_millis(args.fill_ms)))?;
    let mv = filled.mv.ok_or("the game is over")?;
    engine.send_move(mv);
    let mut entries = 0u64;
    table.for_each_entry(&mut |_, _, _| entries += 1);
    println!(
        "table {} MiB: {entries} entries of {} after a {} ms search (depth {})",
        args.hash_mib,
        table.capacity(),
        args.fill_ms,
        filled.depth
    );
    let path = dir.join("cost.snapshot");
    let mut reports = Vec::new();
    let mut pondering_seen = 0;
    for index in 0..args.snapshots {
        std::thread::sleep(Duration::from_millis(50 + (index as u64 * 37) % 100));
        while let Some(event) = engine.try_recv() {
            if matches!(event, Event::Ponder(PonderInfo::Progress { .. })) {
                pondering_seen += 1;
            }
        }
        let report = engine.request_snapshot(&path, args.budget).recv()??;
        reports.push(report);
    }
    let mut paused: Vec<Duration> = reports.iter().map(|r| r.paused).collect();
    let mut took: Vec<Duration> = reports.iter().map(|r| r.took).collect();
    paused.sort();
    took.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let last = reports.last().ok_or("no snapshot")?;
    println!(
        "{} snapshots while pondering ({pondering_seen} pondering iterations seen): paused p50 {:.2} ms, max {:.2} ms; took p50 {:.1} ms, max {:.1} ms; {} tree nodes, {} table entries, {} bytes",
        reports.len(),
        ms(paused[paused.len() / 2]),
        ms(paused[paused.len() - 1]),
        ms(took[took.len() / 2]),
        ms(took[took.len() - 1]),
        last.tree_nodes,
        last.table_entries,
        last.bytes
    );
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("restart_payoff: {message}");
            std::process::exit(2);
        }
    };
    let dir: PathBuf =
        std::env::temp_dir().join(format!("ponder-restart-payoff-{}", std::process::id()));
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("restart_payoff: {}: {error}", dir.display());
        std::process::exit(1);
    }
    let outcome = if args.snapshot_cost {
        snapshot_cost(&args, &dir)
    } else if args.elo_pairs > 0 {
        args.games.iter().try_for_each(|game| {
            let spec: GameSpec = game.parse()?;
            let tally = with_game!(spec, G => elo_match::<G>(&spec, &args, &dir))?;
            println!(
                "{spec}: restored at every move (A) against cold (B), go movetime {} ms each, {} pairs of random {}-ply openings (seed {}): +{} ={} -{}, score {:.3}, Elo A-B {}",
                args.movetime,
                args.elo_pairs,
                args.opening,
                args.seed,
                tally.wins,
                tally.draws,
                tally.losses,
                tally.score(),
                tally.elo()
            );
            Ok::<(), Failure>(())
        })
    } else {
        println!(
            "movetime {} ms, table {} MiB, tree {} MiB: mean completed depth",
            args.movetime, args.hash_mib, args.tree_mib
        );
        println!(
            "{:<8} {:>9} {:>14} {:>9} {:>6} {:>10} {:>11} {:>12}",
            "game",
            "positions",
            "uninterrupted",
            "restored",
            "cold",
            "kept",
            "restore ms",
            "snapshot ms"
        );
        args.games.iter().try_for_each(|game| {
            let spec: GameSpec = game.parse()?;
            let sums = with_game!(spec, G => payoff::<G>(&spec, &args, &dir))?;
            print_payoff(game, &sums);
            Ok::<(), Failure>(())
        })
    };
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(error) = outcome {
        eprintln!("restart_payoff: {error}");
        std::process::exit(1);
    }
}
