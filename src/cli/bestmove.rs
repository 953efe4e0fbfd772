//! `ponder bestmove`: search a position and print the best move.

use super::lists::without_help;
use super::{CliError, PositionArgs};
use crate::search::{
    Algorithm, Evaluators, Limits, SearchOptions, Searcher, StopSignal, TableKind, TieBreak,
};
use crate::with_game;
use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `ponder bestmove`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(
    clap::ArgGroup::new("budget")
        .required(true)
        .multiple(true)
        .args(["depth", "movetime", "nodes"])
))]
pub struct BestMoveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Search this many plies (iterations 1..D).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(1..=128))]
    depth: Option<u32>,
    /// Search for this many milliseconds and answer with the last completed iteration.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Milliseconds of `--movetime` kept back for starting and ending the process (the search
    /// itself also stops 5% early, at most 5 ms, to unwind and answer).
    #[arg(long, default_value_t = 5)]
    move_overhead: u64,
    /// Search at most this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The algorithm: minimax, alphabeta or pvs.
    #[arg(long, default_value = "pvs")]
    algorithm: Algorithm,
    /// The evaluator (per game: kalah has default, store-diff, game).
    #[arg(long, default_value = "default")]
    eval: String,
    /// The choice among equal-best moves: first (in the game's natural move order) or random.
    #[arg(long, default_value = "first", value_parser = ["first", "random"])]
    tiebreak: String,
    /// The seed of the random tie-break (default: drawn from the system).
    #[arg(long)]
    seed: Option<u64>,
    /// Search threads (Lazy SMP; pvs only).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Transposition table size in MiB.
    #[arg(long = "hash", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=65536))]
    hash_mib: u64,
    /// The table implementation: lockfree or dashmap.
    #[arg(long, default_value = "lockfree")]
    table: TableKind,
    /// Forward pruning in pvs (late-move reductions, cut-offs by deeper table entries): on
    /// (the engine's setting in play, UAI and the server) is stronger at equal time; off
    /// returns exactly the minimax value at each depth.
    #[arg(long, default_value = "on", value_parser = ["on", "off"])]
    forward_pruning: String,
    /// Forward-pruning techniques to leave out, `+`-separated, for comparisons (the names:
    /// [`crate::search::TECHNIQUES`], listed by the help).
    #[arg(long, default_value = "", help = without_help())]
    without: String,
    /// Forward-pruning numbers changed, `+`-separated `name:value` (e.g. `lmr.div:1.5+asp:16`).
    #[arg(long, default_value = "")]
    tune: String,
}

/// Prints `info depth <d> score <s> nodes <n> nps <r> time <ms> pv <moves>` after each
/// completed iteration, then `bestmove <move>` (`bestmove (none)` when the game is over).
/// With `--egdb`, a first `info string` says how long opening the database took; with
/// `--movetime`, a last one how long the search itself took (neither counts the other).
pub fn run(args: &BestMoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_game!(args.position.game, G => run_game::<G>(args, out))
}

fn run_game<G: Evaluators>(args: &BestMoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let record = args.position.record::<G>()?;
    let opening = Instant::now();
    let database = args.position.database::<G>()?;
    if let Some(path) = &args.position.egdb {
        writeln!(
            out,
            "info string egdb {} opened in {:.1} ms",
            path.display(),
            opening.elapsed().as_secs_f64() * 1e3
        )?;
    }
    let tiebreak = match args.tiebreak.as_str() {
        "random" => TieBreak::Random {
            seed: args.seed.unwrap_or_else(rand::random),
        },
        _ => TieBreak::First,
    };
    let options = SearchOptions {
        algorithm: args.algorithm,
        eval: args.eval.clone(),
        tiebreak,
        threads: args.threads as usize,
        hash_mib: args.hash_mib as usize,
        table_kind: args.table,
        forward_pruning: args.forward_pruning == "on",
        without: args.without.clone(),
        tune: args.tune.clone(),
    };
    let mut searcher = Searcher::<G>::with_new_table_and_database(options, database)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    // The move time counts from here: opening the database and making the table come first.
    let received = Instant::now();
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(|ms| {
            Duration::from_millis(ms.saturating_sub(args.move_overhead).max(1))
                .saturating_sub(received.elapsed())
        }),
        ..Limits::default()
    };
    let mut write_error = None;
    let report = searcher.search(&record, &limits, &StopSignal::new(), &mut |info| {
        if write_error.is_none() {
            if let Err(e) = writeln!(out, "{info}").and_then(|()| out.flush()) {
                write_error = Some(e);
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if let Some(movetime) = args.movetime {
        writeln!(
            out,
            "info string search time {} ms of {movetime} ms",
            report.time.as_millis()
        )?;
    }
    if args.threads > 1 {
        // The main thread's share: its nodes to depth measure the helpers' help.
        writeln!(
            out,
            "info string main thread nodes {}",
            report.main_thread_nodes
        )?;
    }
    match report.best_move {
        Some(mv) => writeln!(out, "bestmove {mv}")?,
        None => writeln!(out, "bestmove (none)")?,
    }
    out.flush()?;
    Ok(())
}
