//! The arguments of `ponder match` (`matches.rs`), for tables of two to four seats.

use super::PositionArgs;
use crate::egdb::Shard;
use crate::players::PlayerSpec;
use std::path::PathBuf;

/// Arguments of `ponder match`.
#[derive(Debug, Clone, clap::Args)]
pub struct MatchArgs {
    #[command(flatten)]
    pub(super) position: PositionArgs,
    /// Player A: a player kind with its parameters (the kinds:
    /// [`crate::players::PLAYER_KINDS`], listed by the help).
    #[arg(long, help = super::lists::player_help())]
    pub(super) a: PlayerSpec,
    /// Player B, as for `--a`.
    #[arg(long)]
    pub(super) b: PlayerSpec,
    /// Player C, for games of three or four seats (`--game ataxx:players=N`; players rotate
    /// round the table, each an engine of a multi-player search kept over the match:
    /// `engine`, `maxn`, `paranoid`, `brs`, `brsplus`, `greedy`, with `depth=`, `nodes=`,
    /// `movetime=`).
    #[arg(long)]
    pub(super) c: Option<PlayerSpec>,
    /// Player D, for games of four seats.
    #[arg(long)]
    pub(super) d: Option<PlayerSpec>,
    /// Games to play; colours are swapped every pair (at a table of more seats, every
    /// opening is played in every seating: rounded up to a multiple of the seats).
    #[arg(long, short = 'n', default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(super) games: u32,
    /// Random plies of each pair's opening (the same opening for both colours).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=200))]
    pub(super) opening_plies: u32,
    /// Random openings drawn for each pair; the most even by a quick search is played (1:
    /// plain random openings; tables of more than two seats play plain random openings).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub(super) balance: u32,
    /// The depth of the search that judges openings. Default: the game's (6; Ataxx: 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) balance_depth: Option<u32>,
    /// Seeds the openings and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at the same time (one thread each). Default: the number of cores. (The
    /// kept players of a table of more than two seats play one game at a time.)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) concurrency: Option<u32>,
    /// Stop early by a sequential probability ratio test: `ELO0,ELO1` (e.g. `0,10`; two
    /// seats).
    #[arg(long, value_parser = parse_sprt_bounds)]
    pub(super) sprt: Option<(f64, f64)>,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub(super) alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub(super) beta: f64,
    /// Print the results as one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    pub(super) out: Option<PathBuf>,
    /// Write every game's record to this file, one JSON object per line.
    #[arg(long)]
    pub(super) records: Option<PathBuf>,
    /// Play only shard `i` of `N` of the match (`0/4`: the first quarter of its pairs, each
    /// game as the whole match plays it) and write its games to `--part`; `ponder merge`
    /// joins the parts into the match's results (two seats).
    #[arg(long, requires = "part", conflicts_with = "sprt")]
    pub(super) shard: Option<Shard>,
    /// The part file a shard writes (`--shard`).
    #[arg(long, requires = "shard")]
    pub(super) part: Option<PathBuf>,
    /// Player A's opening book (an engine player's; two-seat games).
    #[command(flatten)]
    pub(super) book: super::book::BookFileArgs,
}

fn parse_sprt_bounds(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?}: expected ELO0,ELO1 such as 0,10"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<f64>()
            .map_err(|_| format!("{s:?} is not a number"))
    };
    Ok((parse(a)?, parse(b)?))
}
