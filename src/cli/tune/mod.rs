//! `ponder tune`: the depth-versus-time tuner.
//!
//! Over a fixed suite of seeded random positions it measures, for each depth 1..D, the time
//! and nodes an iterative-deepening search needs to complete that depth from scratch (median,
//! 90th percentile, effective branching factor); it plays short matches of depth d against
//! depth d−1 to show what each ply is worth; and it recommends a budget for each level for a
//! target reply time. Results go to a Markdown table, a CSV table and an SVG plot.

mod parts;
mod plot;
mod report;

use super::{CliError, PositionArgs, progress_bar};
use crate::egdb::Shard;
use crate::games::GameRecord;
use crate::matches::{MatchConfig, Tally, random_opening, run_match_shard, shard_games};
use crate::players::{
    Player, PlayerSpec, SearchPlayer, StopSignal, Turn, build_player, build_player_with,
};
use crate::search::{Evaluators, Limits};
use crate::with_game;
pub(super) use parts::TUNE_PART_FILE;
use parts::{StrengthRow, TunePart, TuneSetup};
use report::{DepthRow, Recommendation};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `ponder tune`.
#[derive(Debug, Clone, clap::Args)]
pub struct TuneArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The deepest depth measured. Default: the game's (12; Ataxx: 6).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(1..=64))]
    max_depth: Option<u32>,
    /// Positions in the suite (seeded random positions).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    positions: u32,
    /// The searching player measured: `pvs` with any parameters but a budget
    /// (`pvs:eval=store-diff`, `alphabeta`, `pvs:threads=2`).
    #[arg(long, default_value = "pvs")]
    player: PlayerSpec,
    /// Games of each strength match (depth d against depth d−1); 0 skips the matches.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    games: u32,
    /// The reply time the levels are chosen for, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    target_ms: u64,
    /// The longest one search of the suite may take, in milliseconds: deeper depths are
    /// reported as not reached for that position.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    max_search_ms: u64,
    /// Seeds the positions and the matches' openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Strength matches played at the same time. Default: the number of cores.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: Option<u32>,
    /// Where the tables and the plot are written. Default: `tune-<game>`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Run only shard `i` of `N` of the sweep (`0/4`: its quarter of the positions and of
    /// each strength match's pairs) and write its figures to `--part`; `ponder merge --out
    /// DIR PARTS...` writes the report of the whole sweep.
    #[arg(long, requires = "part")]
    shard: Option<Shard>,
    /// The part file a shard writes (`--shard`).
    #[arg(long, requires = "shard")]
    part: Option<PathBuf>,
}

/// Runs the tuner.
pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_game!(args.position.game, G => run_game::<G>(args, out))
}

fn run_game<G: Evaluators>(args: &TuneArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start: GameRecord<G> = args.position.unfinished_record()?;
    if ["depth", "movetime", "nodes"]
        .iter()
        .any(|k| args.player.get(k).is_some())
    {
        return Err(CliError::Usage(
            "--player: give no budget (depth, movetime, nodes): the tuner sets it".into(),
        ));
    }
    let max_depth = args.max_depth.unwrap_or(G::DEPTHS.tune);
    // Check the player spec before the long work.
    build_player::<G>(&args.player.clone().with("depth", "1"), 0)?;

    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let suite = position_suite(&start, args.positions as usize, args.seed);
    let range = shard.range(suite.len() as u64);
    let samples = measure(
        &suite[range.start as usize..range.end as usize],
        args,
        max_depth,
    )?;
    let strength = if args.games > 0 {
        strength_matches::<G>(&start, args, max_depth, shard)?
    } else {
        Vec::new()
    };
    let part = TunePart {
        setup: tune_setup(args, max_depth),
        index: shard.index(),
        count: shard.count(),
        samples,
        strength,
    };
    if let (Some(path), Some(shard)) = (&args.part, args.shard) {
        part.save(path)?;
        writeln!(
            out,
            "shard {shard}: {} positions, {} strength matches; part written to {} (join the parts with `ponder merge --out DIR PARTS...`)",
            part.samples.len(),
            part.strength.len(),
            path.display()
        )?;
        return Ok(());
    }
    let out_dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("tune-{}", G::NAME)));
    write_report(&part, &out_dir, out)
}

/// `ponder merge` for the parts of a sweep (`part_paths`): the report of the whole sweep, in
/// `out_dir`.
pub(super) fn merge(
    part_paths: &[PathBuf],
    out_dir: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut parts = Vec::with_capacity(part_paths.len());
    for path in part_paths {
        parts.push(TunePart::load(path)?);
    }
    let whole = parts::merge_parts(parts).map_err(CliError::Usage)?;
    write_report(&whole, out_dir, out)
}

/// What every shard of this sweep must agree on.
fn tune_setup(args: &TuneArgs, max_depth: u32) -> TuneSetup {
    let position = &args.position;
    TuneSetup {
        game: position.game.to_string(),
        position: position.start_label(),
        player: args.player.to_string(),
        positions: args.positions,
        max_depth,
        games: args.games,
        target_ms: args.target_ms,
        max_search_ms: args.max_search_ms,
        seed: args.seed,
    }
}

/// Writes the report of a sweep's figures (`tune.md`, `tune.csv`, `tune.svg` in `out_dir`)
/// and prints its Markdown table.
fn write_report(
    part: &TunePart,
    out_dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let setup = &part.setup;
    let rows = DepthRow::from_samples(&part.samples, setup.max_depth, part.samples.len());
    let recommendation = Recommendation::choose(&rows, Duration::from_millis(setup.target_ms));
    std::fs::create_dir_all(out_dir)?;
    let title = format!(
        "{} · {} · {} positions · target {} ms",
        setup.game,
        setup.player,
        part.samples.len(),
        setup.target_ms
    );
    let markdown = report::markdown(&title, &rows, &part.strength, &recommendation, setup);
    crate::files::write_atomic_bytes(&out_dir.join("tune.md"), markdown.as_bytes())?;
    let csv = report::csv(&rows, &part.strength);
    crate::files::write_atomic_bytes(&out_dir.join("tune.csv"), csv.as_bytes())?;
    plot::svg(&out_dir.join("tune.svg"), &title, &rows, &part.strength)
        .map_err(|e| CliError::Usage(format!("writing the plot: {e}")))?;
    write!(out, "{markdown}")?;
    writeln!(
        out,
        "\nwrote {0}/tune.md, {0}/tune.csv, {0}/tune.svg",
        out_dir.display()
    )?;
    Ok(())
}

/// `count` positions: from `start`, a seeded random number of random plies (2 to 21), each
/// still in play.
fn position_suite<G: Evaluators>(
    start: &GameRecord<G>,
    count: usize,
    seed: u64,
) -> Vec<GameRecord<G>> {
    (0..count)
        .map(|index| {
            let plies = 2 + (crate::matches::derive_seed(seed, index as u64) % 20) as usize;
            random_opening(start, plies, seed ^ 0x7E57, index as u64)
        })
        .collect()
}

/// One position's measurements: for each completed depth, the time and nodes to complete it.
pub(super) type Sample = Vec<(u32, Duration, u64)>;

/// Searches every position of the suite once, by iterative deepening to `max_depth` with a
/// fresh table: the time at which depth d completes is the time a search to depth d takes.
fn measure<G: Evaluators>(
    suite: &[GameRecord<G>],
    args: &TuneArgs,
    max_depth: u32,
) -> Result<Vec<Sample>, CliError> {
    let bar = progress_bar(suite.len() as u64, "positions");
    let spec = args.player.clone().with("tiebreak", "first");
    let options = crate::players::search_options_of(&spec)?;
    let database = args.position.database::<G>()?;
    let mut samples = Vec::with_capacity(suite.len());
    for record in suite {
        let mut player = SearchPlayer::<G>::with_database(
            options.clone(),
            Limits::depth(max_depth),
            None,
            database.clone(),
        )?;
        let limits = Limits {
            depth: Some(max_depth),
            hard_time: Some(Duration::from_millis(args.max_search_ms)),
            ..Limits::default()
        };
        let stop = StopSignal::new();
        let mut sample: Sample = Vec::new();
        let mut collect = |thought: &crate::players::Thought<G>| {
            sample.push((thought.depth, thought.time, thought.nodes));
        };
        let turn = Turn {
            limits: Some(limits),
            stop: &stop,
            on_info: Some(&mut collect),
        };
        player.choose(record, turn)?;
        samples.push(sample);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(samples)
}

/// Short matches of depth d against depth d−1 for d = 2..=max_depth (shard `shard`'s pairs of
/// each).
fn strength_matches<G: Evaluators>(
    start: &GameRecord<G>,
    args: &TuneArgs,
    max_depth: u32,
    shard: Shard,
) -> Result<Vec<StrengthRow>, CliError> {
    let concurrency = args
        .concurrency
        .map_or_else(super::matches::default_concurrency, |c| c as usize);
    let shard_size = shard_games(args.games, shard).len() as u32;
    let database = args.position.database::<G>()?;
    let bar = progress_bar(u64::from(max_depth.saturating_sub(1) * shard_size), "games");
    let mut rows = Vec::new();
    for depth in 2..=max_depth {
        let deeper = args.player.clone().with("depth", &depth.to_string());
        let shallower = args.player.clone().with("depth", &(depth - 1).to_string());
        let config = MatchConfig {
            games: args.games,
            opening_plies: 4,
            balance: Some(crate::matches::Balance {
                candidates: 8,
                depth: G::DEPTHS.balance,
            }),
            seed: args.seed,
            concurrency,
        };
        let started = std::time::Instant::now();
        let (_, tally): (_, Tally) = run_match_shard(
            start,
            &|seed| build_player_with::<G>(&deeper, seed, database.clone()),
            &|seed| build_player_with::<G>(&shallower, seed, database.clone()),
            &config,
            shard,
            &mut |_, _| {
                bar.inc(1);
                true
            },
        )?;
        rows.push(StrengthRow {
            depth,
            tally,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    bar.finish_and_clear();
    Ok(rows)
}
