//! `ponder solve`: solve Kalah positions (`--game kalah`) or Ataxx ones (`--game ataxx`),
//! build Kalah endgame databases (whole or one shard), or build an Oware endgame database
//! (Awari or Abapa rules, whole or one shard) and print its statistics.

use super::CliError;
pub use super::solve_args::SolveArgs;
use crate::games::Game;
use crate::games::kalah::Kalah;
use crate::games::oware::Oware;
use std::io::Write;

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
            "solve handles kalah, ataxx and oware; {} is none of them",
            args.game
        )));
    }
    super::solve_oware::run(args, out)
}
