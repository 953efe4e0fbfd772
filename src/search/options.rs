//! How a search is configured: algorithm, evaluator, tie-break, threads, table.

use super::table::TableKind;
use crate::games::named_enum;
use serde::{Deserialize, Serialize};

/// The search algorithm.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain fixed-depth minimax (the oracle; slow).
    Minimax,
    /// Fixed-depth alpha-beta in natural move order, no table.
    AlphaBeta,
    /// Principal-variation search with the table, move ordering and aspiration windows.
    #[default]
    Pvs,
}

named_enum!("algorithm", Algorithm {
    Minimax => "minimax",
    AlphaBeta => "alphabeta" | "alpha-beta",
    Pvs => "pvs",
});

/// How the move is chosen among root moves of exactly equal best value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// The equal-best move that comes first in the game's natural legal-move order, whatever
    /// order the search tried them in (so every algorithm gives the same move).
    #[default]
    First,
    /// A uniformly random equal-best move; the same seed gives the same choice.
    Random {
        /// The random generator's seed.
        seed: u64,
    },
}

/// Everything that configures a [`crate::search::Searcher`].
///
/// ```
/// use ponder::search::{Algorithm, SearchOptions, TieBreak};
/// let options = SearchOptions {
///     algorithm: Algorithm::AlphaBeta,
///     eval: "store-diff".into(),
///     tiebreak: TieBreak::Random { seed: 7 },
///     ..SearchOptions::default()
/// };
/// assert_eq!(options.threads, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The evaluator's name (see [`crate::search::Evaluators`]).
    pub eval: String,
    /// The choice among equal-best moves.
    pub tiebreak: TieBreak,
    /// Search threads (Lazy SMP over the shared table; PVS only, the fixed-depth algorithms
    /// run on one thread).
    pub threads: usize,
    /// The table size in MiB, for tables the searcher creates itself.
    pub hash_mib: usize,
    /// The table implementation, for tables the searcher creates itself.
    pub table_kind: TableKind,
    /// Whether PVS may prune forward (late-move reductions, cut-offs by deeper table entries).
    /// Off, every algorithm returns exactly the fixed-depth minimax value and, with
    /// [`TieBreak::First`], the same move.
    pub forward_pruning: bool,
    /// Forward-pruning techniques to leave out of the evaluator's [`Selectivity`]
    /// (`+`-separated names from [`TECHNIQUES`], e.g. `lmp+rfp`; empty: none), for A/B
    /// matches.
    ///
    /// [`Selectivity`]: crate::search::Selectivity
    /// [`TECHNIQUES`]: crate::search::TECHNIQUES
    #[serde(default)]
    pub without: String,
    /// Numbers of the evaluator's [`Selectivity`] changed, `+`-separated `name:value`
    /// settings (see [`Selectivity::tuned`], e.g. `lmr.div:1.5+asp:16`; empty: none), for
    /// tuning matches.
    ///
    /// [`Selectivity::tuned`]: crate::search::Selectivity::tuned
    #[serde(default)]
    pub tune: String,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            algorithm: Algorithm::Pvs,
            eval: "default".to_string(),
            tiebreak: TieBreak::First,
            threads: 1,
            hash_mib: 16,
            table_kind: TableKind::LockFree,
            forward_pruning: false,
            without: String::new(),
            tune: String::new(),
        }
    }
}
