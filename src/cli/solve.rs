//! `ponder solve`: build the Awari endgame database and print its value statistics.

use super::CliError;
use crate::games::oware::{Egdb, Oware, OwareConfig, Rules, egdb::solve_report};
use crate::games::{Game, GameSpec};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ponder solve`.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    /// The game: Oware under the computer-Awari rules with 6 houses a side
    /// (`oware:rules=awari`), the rules under which Awari was solved.
    #[arg(long, short = 'g', default_value = "oware:rules=awari")]
    game: GameSpec,
    /// Solve every board with at most this many seeds (retrograde analysis).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=20))]
    egdb: u32,
    /// Print the statistics as CSV (`stones,value_for_player_to_move,positions`, the form of
    /// Lincke's published table) instead of the report.
    #[arg(long)]
    csv: bool,
    /// Also save the database to this file (bincode).
    #[arg(long)]
    save: Option<PathBuf>,
}

/// Builds the database and prints its table and time.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.game.name() != Oware::NAME {
        return Err(CliError::Usage(format!(
            "solve builds Oware endgame databases; {} is not oware",
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
    let solve_error = |e: crate::games::oware::egdb::EgdbError| CliError::Usage(e.to_string());
    if args.csv || args.save.is_some() {
        let egdb = Egdb::build(args.egdb).map_err(solve_error)?;
        if let Some(path) = &args.save {
            egdb.save(path).map_err(solve_error)?;
        }
        if args.csv {
            write!(out, "{}", egdb.stats().to_csv())?;
            return Ok(());
        }
    }
    write!(out, "{}", solve_report(args.egdb).map_err(solve_error)?)?;
    Ok(())
}
