//! The arguments of `ponder solve` and what its Kalah, Oware and Ataxx parts share: threads,
//! database errors, the report of a saved part.

use super::CliError;
use crate::egdb::Shard;
use crate::games::GameSpec;
use crate::search::Limits;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `ponder solve`.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    /// The game: `kalah[:pits=M,seeds=N,capture=classic|empty]` (the exact margin of a
    /// position), or Oware with 6 houses a side under either rule set (`oware:rules=awari`,
    /// `oware` for Abapa: its endgame database).
    #[arg(long, short = 'g', default_value = "oware:rules=awari")]
    pub game: GameSpec,
    /// Kalah: the position to solve (a trace like `1235` or a board array); Ataxx: a FEN;
    /// default: the start.
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// The endgame database. Oware: solve every board with at most this many seeds. Kalah: a
    /// database file to load, or a number of seeds to build one for first (in memory);
    /// without it, the user's cache holds one (built there on first use: see `--cache-dir`).
    #[arg(long)]
    pub egdb: Option<String>,
    /// Kalah: where the endgame databases built on first use are kept (default:
    /// `$PONDER_CACHE_DIR`, else `$XDG_CACHE_HOME/ponder`, else `~/.cache/ponder`).
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// Kalah: build (or load) the database, save it with `--save` and stop, without solving.
    #[arg(long)]
    pub egdb_only: bool,
    /// Build only shard `i/N` of the database's top layer (`--egdb N`) into a part file
    /// (`--save`), the lower layers coming from `--base`; join the parts with `ponder merge`.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// A saved database holding the layers below the one being sharded.
    #[arg(long)]
    pub base: Option<PathBuf>,
    /// Threads for building databases and for the Kalah solver (default: the available
    /// cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Kalah: the solver's table in MiB (256 holds the Kalah(6,4) proofs: a larger table
    /// finds a few more transpositions but costs more to clear and to reach).
    #[arg(long, default_value_t = 256)]
    pub hash: usize,
    /// Oware: print the statistics as CSV (`stones,value_for_player_to_move,positions`, the
    /// form of Lincke's published table) instead of the report.
    #[arg(long)]
    pub csv: bool,
    /// Also save the database (or the shard's part file) to this file (bincode).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Ataxx: the proof's budget.
    #[command(flatten)]
    pub budget: ProofBudgetArgs,
}

/// The budget of `ponder solve --game ataxx`'s proof.
#[derive(Debug, Clone, clap::Args)]
pub struct ProofBudgetArgs {
    /// Ataxx: the most nodes the proof may search (default 10,000,000 without `--movetime`);
    /// past it the answer is `unproven` with the bounds found.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Ataxx: the most time the proof may take, in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
}

impl ProofBudgetArgs {
    /// Nodes a proof may take when neither `--nodes` nor `--movetime` is given.
    const DEFAULT_NODES: u64 = 10_000_000;

    /// The search limits: `--nodes` and `--movetime` as given, or
    /// [`DEFAULT_NODES`](Self::DEFAULT_NODES) when neither is.
    pub(super) fn limits(&self) -> Limits {
        let nodes = match (self.nodes, self.movetime) {
            (None, None) => Some(Self::DEFAULT_NODES),
            (nodes, _) => nodes,
        };
        Limits {
            nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }
}

/// A database error as a usage error.
pub(super) fn egdb_error(error: crate::egdb::EgdbError) -> CliError {
    CliError::Usage(error.to_string())
}

/// Threads to build with: `--threads` or the available cores.
pub(super) fn threads(args: &SolveArgs) -> usize {
    args.threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// Reports a saved part file (one shard of one layer).
pub(super) fn saved_part(
    out: &mut dyn Write,
    shard: Shard,
    seeds: u32,
    path: &std::path::Path,
) -> Result<(), CliError> {
    writeln!(
        out,
        "saved shard {shard} of layer {seeds} to {}",
        path.display()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(nodes: Option<u64>, movetime: Option<u64>) -> Limits {
        ProofBudgetArgs { nodes, movetime }.limits()
    }

    #[test]
    fn a_proof_without_a_budget_gets_ten_million_nodes() {
        assert_eq!(limits(None, None), Limits::nodes(10_000_000));
        assert_eq!(limits(Some(500), None), Limits::nodes(500));
        assert_eq!(
            limits(None, Some(30)),
            Limits::movetime(Duration::from_millis(30))
        );
        let both = limits(Some(500), Some(30));
        assert_eq!(
            (both.nodes, both.movetime),
            (Some(500), Some(Duration::from_millis(30)))
        );
    }
}
