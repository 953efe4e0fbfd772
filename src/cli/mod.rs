//! The `ponder` command line: one module per subcommand, each generic over [`Game`] through
//! [`with_game!`](crate::with_game).

mod bestmove;
mod error;
mod perft;
mod replay;

pub use error::CliError;

use crate::game::{Game, GameRecord, GameSpec};
use clap::{Parser, Subcommand};
use std::io::Write;

/// ponder: a game-tree search engine for Kalah, Oware and Ataxx.
///
/// Every subcommand takes a game spec `name[:key=value,...]`, e.g. `kalah`,
/// `kalah:pits=4,seeds=3,capture=empty`, `oware:rules=awari`, `ataxx:walls=0x7888`.
#[derive(Debug, Parser)]
#[command(name = "ponder", version, about, long_about = None)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the positions d plies ahead, one line per depth (move-generation check).
    Perft(perft::PerftArgs),
    /// Replay a move list, printing the legal moves before each ply and the result.
    Replay(replay::ReplayArgs),
    /// Search a position: `info` lines per completed depth, then `bestmove <move>`.
    Bestmove(bestmove::BestMoveArgs),
}

/// Runs a parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Perft(args) => perft::run(&args, out),
        Command::Replay(args) => replay::run(&args, out),
        Command::Bestmove(args) => bestmove::run(&args, out),
    }
}

/// The arguments every subcommand uses to pick a game and a position.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// The game: `name[:key=value,...]`, e.g. `kalah:pits=4,seeds=3,capture=empty`.
    #[arg(long, short = 'g', default_value = "kalah")]
    pub game: GameSpec,
    /// The start position in the game's notation (Kalah: a trace like `1235` or a board
    /// array like `4,4,4,4,4,4,0,4,4,4,4,4,4,0,0`; Oware: its position notation; Ataxx: a
    /// FEN). Default: the start position.
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// Moves to play from the position first, separated by spaces (their history is kept).
    #[arg(long, short = 'm', default_value = "")]
    pub moves: String,
}

impl PositionArgs {
    /// The game record these arguments describe, checked.
    pub fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let config = G::config_from_spec(&self.game)?;
        let mut record = match &self.position {
            Some(text) => G::parse_position(&config, text)?,
            None => GameRecord::new(G::start(&config)?),
        };
        record
            .play_all_text(&self.moves)
            .map_err(|e| CliError::Moves(e.to_string()))?;
        Ok(record)
    }
}
