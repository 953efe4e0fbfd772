//! The `ponder` command line: one module per subcommand, each generic over [`Game`] through
//! [`with_game!`](crate::with_game).

mod accuracy;
mod bestmove;
mod book;
mod egdb_cache;
mod error;
mod fit_eval;
mod lists;
mod match_args;
mod match_report;
mod matches;
mod merge;
mod perft;
mod play;
mod replay;
// The server is left out of the library's unit-test build: its tests are integration tests
// (`tests/cli`), and compiling its async handlers a second time for the unit tests cost the
// test build 22 s of CPU (docs/journal/2026-12-06-ci-wall-time.md).
#[cfg(not(test))]
pub mod serve;
mod solve;
mod solve_args;
mod solve_ataxx;
mod solve_kalah;
mod solve_oware;
mod tune;
pub mod uai;

pub use error::CliError;
pub use play::{SAVED_GAME_FILE, SavedGame};

use crate::games::{Game, GameRecord, GameSpec};
use crate::search::{Database, Evaluators};
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
    /// Play a game in the terminal: human against engine (or any seats), live pondering,
    /// undo, hint, save and load; scripted when standard input is not a terminal.
    Play(play::PlayArgs),
    /// Speak the Universal Ataxx Interface on standard input and output (for Ataxx GUIs and
    /// tournament managers).
    Uai(uai::UaiArgs),
    /// Serve moves over HTTP: the classroom's `/getmove/<depth>,<trace>` and a JSON API.
    #[cfg(not(test))]
    Serve(serve::ServeArgs),
    /// Tune depth against time: per-depth times, nodes and branching factor over a position
    /// suite, strength per ply, recommended levels; Markdown, CSV and SVG.
    Tune(tune::TuneArgs),
    /// Fit a game's evaluation (Ataxx, Oware) to self-play outcomes: play node-limited games
    /// from random openings, sample labelled positions, fit the weights by logistic regression
    /// and write the file the build embeds.
    FitEval(fit_eval::FitEvalArgs),
    /// Play a match between two players: paired openings, Elo with a 95% interval, SPRT.
    Match(matches::MatchArgs),
    /// Search a position: `info` lines per completed depth, then `bestmove <move>`.
    Bestmove(bestmove::BestMoveArgs),
    /// Solve Kalah positions exactly (`value +8`), build Kalah endgame databases (whole or
    /// one shard), or solve Oware endgames (computer-Awari rules) by retrograde analysis and
    /// print the number of boards of each value for every seed count.
    Solve(solve::SolveArgs),
    /// Grow an opening book (`build`: self-play, or Kalah's exact solver) or read one
    /// (`show`); `play`, `match`, `uai` and `serve` consult one with `--book FILE`.
    Book(book::BookArgs),
    /// Join the part files of a sharded job (an endgame database, a match, a tuner sweep, an
    /// opening book) into its result.
    Merge(merge::MergeArgs),
    /// Judge a player on Kalah endgames: the share of its moves that keep the exact value
    /// (from an endgame database).
    Accuracy(accuracy::AccuracyArgs),
}

/// Runs a parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Perft(args) => perft::run(&args, out),
        Command::Replay(args) => replay::run(&args, out),
        Command::Match(args) => matches::run(&args, out),
        Command::Play(args) => play::run(&args, out),
        Command::Uai(args) => uai::run(&args, out),
        #[cfg(not(test))]
        Command::Serve(args) => serve::run(&args, out),
        Command::Tune(args) => tune::run(&args, out),
        Command::FitEval(args) => fit_eval::run(&args, out),
        Command::Bestmove(args) => bestmove::run(&args, out),
        Command::Solve(args) => solve::run(&args, out),
        Command::Merge(args) => merge::run(&args, out),
        Command::Book(args) => book::run(&args, out),
        Command::Accuracy(args) => accuracy::run(&args, out),
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
    /// An endgame database file that the search consults, covered positions getting exact
    /// scores: Kalah's (`ponder solve --game kalah --egdb N --egdb-only --save FILE`) or
    /// Oware's (`ponder solve --game oware --egdb N --save FILE`). It is opened
    /// memory-mapped, before any clock starts.
    #[arg(long)]
    pub egdb: Option<std::path::PathBuf>,
}

/// Opens the endgame database file at `path` for games of `game` (memory-mapped: the header
/// is checked, the values are read in place as the search probes them).
pub(crate) fn open_database<G: Evaluators>(
    game: &GameSpec,
    path: &std::path::Path,
) -> Result<Database<G>, CliError> {
    let config = G::config_from_spec(game)?;
    G::open_database(&config, path).map_err(|e| CliError::Usage(format!("--egdb: {e}")))
}

impl PositionArgs {
    /// The start as given (`POSITION moves MOVES`), or `None` for the game's own start: what
    /// the shards of one job must agree on.
    pub(crate) fn start_label(&self) -> Option<String> {
        (self.position.is_some() || !self.moves.trim().is_empty()).then(|| {
            format!(
                "{} moves {}",
                self.position.as_deref().unwrap_or("startpos"),
                self.moves.trim()
            )
        })
    }

    /// The endgame database `--egdb` names, opened for this game (`None` without `--egdb`).
    pub fn database<G: Evaluators>(&self) -> Result<Option<Database<G>>, CliError> {
        self.egdb
            .as_deref()
            .map(|path| open_database::<G>(&self.game, path))
            .transpose()
    }

    /// The game record these arguments describe, checked.
    pub fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let config = G::config_from_spec(&self.game)?;
        let mut record = GameRecord::of(&config, self.position.as_deref())?;
        record
            .play_all_text(&self.moves)
            .map_err(|e| CliError::Moves(e.to_string()))?;
        Ok(record)
    }

    /// The game record these arguments describe, refused when its game is already over: a
    /// match or the tuner needs moves to play.
    pub fn unfinished_record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let record = self.record::<G>()?;
        if record.outcome().is_some() {
            return Err(CliError::Usage(
                "the start position is already finished".into(),
            ));
        }
        Ok(record)
    }
}

/// [`with_game!`](crate::with_game) for the commands that also take Ataxx for three and four
/// seats: `$G` is [`AtaxxSeats`](crate::games::ataxx::seats::AtaxxSeats) when `$spec` asks for
/// seats (`ataxx:players=N`), else the registry's game of that name.
macro_rules! with_seats_or_game {
    ($spec:expr, $G:ident => $body:expr) => {
        if $crate::games::ataxx::seats::SeatsConfig::wanted_by(&$spec) {
            type $G = $crate::games::ataxx::seats::AtaxxSeats;
            $body
        } else {
            $crate::with_game!($spec, $G => $body)
        }
    };
}
pub(crate) use with_seats_or_game;

/// A progress bar on standard error, hidden when standard error is not a terminal.
pub(crate) fn progress_bar(length: u64, unit: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(length);
    let template =
        format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} (eta {{eta}}) {{msg}}");
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
