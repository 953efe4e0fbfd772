//! `ponder book build`: a book from self-play games (the match runner plays them, so a build
//! shards like a match), or Kalah's from the exact solver.

use super::super::matches::default_concurrency;
use super::super::solve_kalah::solver_egdb;
use super::super::{CliError, PositionArgs, progress_bar};
use crate::book::{Book, BookBounds, ExactReach, exact_book};
use crate::egdb::Shard;
use crate::games::kalah::Kalah;
use crate::games::{Game, GameRecord};
use crate::matches::{MatchConfig, run_match_shard, shard_games};
use crate::players::{PlayerSpec, build_player_with};
use crate::search::Evaluators;
use crate::search::solve::{KalahRules, KalahSolver};
use crate::with_game;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ponder book build`.
#[derive(Debug, clap::Args)]
pub(super) struct BuildArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The book file to write (a shard's part file with `--shard`).
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// The player of both seats of the self-play games (`pvs:depth=8`, `engine:movetime=100`,
    /// ...). Its search values are stored with its moves; a random tie-break varies the games.
    #[arg(long, default_value = "pvs:tiebreak=random")]
    player: PlayerSpec,
    /// Self-play games.
    #[arg(long, short = 'n', default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Random plies at the start of each pair of games (both colours play the same opening).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=200))]
    opening_plies: u32,
    /// Seeds the openings and the players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (one thread each). Default: the number of cores.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: Option<u32>,
    /// Only positions this many plies from the start or fewer are learned.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..=1000))]
    plies: u32,
    /// The most positions the book holds (it learns no new ones beyond).
    #[arg(long, default_value_t = 200_000)]
    max_positions: usize,
    /// Play only shard `i` of `N` of the games (each as the whole build plays it); `ponder
    /// merge` sums the parts into the whole build's book.
    #[arg(long, conflicts_with = "exact_plies")]
    shard: Option<Shard>,
    /// Kalah: instead of self-play, store the exact value of every move of every position
    /// this many plies from the start, from the exact solver (the database `--egdb`, or the
    /// cache's); the book then plays only value-preserving moves there.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12))]
    exact_plies: Option<u32>,
    /// Kalah with `--exact-plies`: past those plies, follow the lines of perfect play (every
    /// value-preserving move of either side) to this many plies from the start, storing
    /// every move's exact value on the way, so that the book keeps playing for as long as the
    /// opponent keeps the value. Stops earlier where `--exact-until-seeds` says.
    #[arg(long, requires = "exact_plies", value_parser = clap::value_parser!(u32).range(1..=200))]
    exact_lines: Option<u32>,
    /// Kalah with `--exact-lines`: follow a line only while more than this many seeds are in
    /// play (not yet in a store): below it the engine's search proves its moves itself.
    #[arg(long, requires = "exact_lines", default_value_t = 0)]
    exact_until_seeds: u32,
    /// Kalah with `--exact-plies`: the solver's table in MiB.
    #[arg(long, default_value_t = 512)]
    hash: usize,
    /// Kalah with `--exact-plies`: the solver's threads (default: the available cores).
    #[arg(long)]
    threads: Option<usize>,
}

pub(super) fn run(args: &BuildArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(plies) = args.exact_plies {
        if args.position.game.name() != Kalah::NAME {
            return Err(CliError::Usage(format!(
                "--exact-plies: only Kalah has an exact solver; a book of {} grows from self-play",
                args.position.game.name()
            )));
        }
        return exact(args, plies as usize, out);
    }
    with_game!(args.position.game, G => self_play::<G>(args, out))
}

impl BuildArgs {
    fn bounds(&self) -> BookBounds {
        BookBounds {
            max_positions: self.max_positions,
            max_plies: self.plies as usize,
        }
    }
}

/// Plays the self-play games (this shard's) and learns each, in game order.
fn self_play<G: Evaluators>(args: &BuildArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start: GameRecord<G> = args.position.record()?;
    let database = args.position.database::<G>()?;
    let make = |seed: u64| build_player_with::<G>(&args.player, seed, database.clone());
    make(0)?;
    let config = MatchConfig {
        games: args.games,
        opening_plies: args.opening_plies as usize,
        balance: None,
        seed: args.seed,
        concurrency: args
            .concurrency
            .map_or_else(default_concurrency, |c| c as usize),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let bar = progress_bar(shard_games(config.games, shard).len() as u64, "games");
    let (games, _) = run_match_shard(&start, &make, &make, &config, shard, &mut |_, _| {
        bar.inc(1);
        true
    })?;
    bar.finish_and_clear();
    let mut book = Book::<G>::new(start.current().config(), args.bounds());
    let mut moves = 0;
    for game in &games {
        moves += book.learn(
            &game.played.record,
            game.played.outcome,
            &game.played.values,
        );
    }
    book.save(&args.out)?;
    writeln!(
        out,
        "{} self-play games ({} moves counted): a {} book of {} positions in {}",
        games.len(),
        moves,
        G::NAME,
        book.len(),
        args.out.display()
    )?;
    Ok(())
}

/// Kalah's book from the exact solver.
fn exact(args: &BuildArgs, plies: usize, out: &mut dyn Write) -> Result<(), CliError> {
    let config = Kalah::config_from_spec(&args.position.game)?;
    let start = args.position.record::<Kalah>()?.current();
    let threads = args.threads.unwrap_or_else(default_concurrency);
    let egdb_path = args
        .position
        .egdb
        .as_ref()
        .map(|p| p.to_string_lossy().into_owned());
    let egdb = solver_egdb(config, egdb_path.as_deref(), None, threads, out)?;
    let mut solver = KalahSolver::new(KalahRules::new(config, Some(&egdb)), args.hash << 20)?
        .with_threads(threads);
    let mut book = Book::<Kalah>::new(config, args.bounds());
    let bar = progress_bar(0, "positions");
    let until = args.exact_until_seeds;
    let follow = |position: &Kalah| position.seeds_in_play() > until;
    let reach = ExactReach {
        plies,
        lines: args.exact_lines.map_or(plies, |lines| lines as usize),
        follow: &follow,
    };
    let built = exact_book(
        &mut book,
        &start,
        &reach,
        &mut |position| solver.solve(position, |_| {}).map(|s| s.value),
        &mut |_, done| bar.set_position(done as u64),
    )?;
    bar.finish_and_clear();
    book.save(&args.out)?;
    writeln!(
        out,
        "{} positions (every line to {plies} plies{}), {} moves with their exact values ({} solves): a kalah book in {}",
        built.positions,
        args.exact_lines.map_or(String::new(), |lines| format!(
            ", then the lines of perfect play to {lines} plies while more than {until} seeds are in play"
        )),
        built.moves,
        built.solves,
        args.out.display()
    )?;
    Ok(())
}
