//! `ponder solve`: solve Kalah positions (`--game kalah`) or Ataxx ones (`--game ataxx`),
//! build Kalah endgame databases (whole or one shard), or build the Awari endgame database
//! and print its statistics.

use super::CliError;
use crate::egdb::Shard;
use crate::games::kalah::Kalah;
use crate::games::oware::{Egdb, Oware, OwareConfig, Rules, egdb::solve_report};
use crate::games::{Game, GameSpec};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ponder solve`.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    /// The game: `kalah[:pits=M,seeds=N,capture=classic|empty]` (the exact margin of a
    /// position), or Oware under the computer-Awari rules with 6 houses a side
    /// (`oware:rules=awari`, its endgame database).
    #[arg(long, short = 'g', default_value = "oware:rules=awari")]
    pub game: GameSpec,
    /// Kalah: the position to solve (a trace like `1235` or a board array); Ataxx: a FEN;
    /// default: the start.
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// The endgame database. Oware: solve every board with at most this many seeds. Kalah: a
    /// database file to load, or a number of seeds to build one for first (in memory).
    #[arg(long)]
    pub egdb: Option<String>,
    /// Kalah: build (or load) the database, save it with `--save` and stop, without solving.
    #[arg(long)]
    pub egdb_only: bool,
    /// Kalah: build only shard `i/N` of the database's top layer (`--egdb N`) into a part file
    /// (`--save`), the lower layers coming from `--base`; join the parts with `ponder merge`.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Kalah: a saved database holding the layers below the one being sharded.
    #[arg(long)]
    pub base: Option<PathBuf>,
    /// Threads for building databases (default: the available cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Kalah: the solver's table in MiB.
    #[arg(long, default_value_t = 1024)]
    pub hash: usize,
    /// Oware: print the statistics as CSV (`stones,value_for_player_to_move,positions`, the
    /// form of Lincke's published table) instead of the report.
    #[arg(long)]
    pub csv: bool,
    /// Also save the database (or the shard's part file) to this file (bincode).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Ataxx: the most nodes the proof may search (default 10,000,000 without `--movetime`);
    /// past it the answer is `unproven` with the bounds found.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Ataxx: the most time the proof may take, in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
}

/// Solves or builds, as the game says.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.game.name() == Kalah::NAME {
        return super::solve_kalah::run(args, out);
    }
    if args.game.name() == crate::Ataxx::NAME {
        return super::solve_ataxx::run(args, out);
    }
    if args.game.name() != Oware::NAME {
        return Err(CliError::Usage(format!(
            "solve handles kalah, ataxx and oware:rules=awari; {} is none of them",
            args.game
        )));
    }
    let config = OwareConfig::from_spec(&args.game)?;
    if config.rules() != Rules::Awari || config.houses() != 6 {
        return Err(CliError::Usage(format!(
            "solve builds the database of the computer-Awari rules with 6 houses; \
             use --game oware:rules=awari (got {})",
            args.game
        )));
    }
    let seeds = match args.egdb.as_deref().map(str::parse::<u32>) {
        Some(Ok(seeds)) if seeds <= 20 => seeds,
        _ => {
            return Err(CliError::Usage(
                "oware: --egdb takes the most seeds to solve, from 0 to 20".into(),
            ));
        }
    };
    let solve_error = |e: crate::egdb::EgdbError| CliError::Usage(e.to_string());
    if args.csv || args.save.is_some() {
        let egdb = Egdb::build(seeds).map_err(solve_error)?;
        if let Some(path) = &args.save {
            egdb.save(path).map_err(solve_error)?;
        }
        if args.csv {
            write!(out, "{}", egdb.stats().to_csv())?;
            return Ok(());
        }
    }
    write!(out, "{}", solve_report(seeds).map_err(solve_error)?)?;
    Ok(())
}
