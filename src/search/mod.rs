//! The search: game-agnostic algorithms over the [`Game`](crate::Game) trait.
//!
//! - plain fixed-depth minimax (the oracle), alpha-beta (the same loop with cut-offs: fixed
//!   depth, natural order, no table) and PVS (the one node loop: iterative deepening, aspiration windows, the
//!   shared table, killers, history and the game's move hints), all selectable through
//!   [`Algorithm`];
//! - exact scores for finished games ([`score`]): the final margin, faster wins first;
//! - extra turns (same side to move: no sign change) and repetition rules;
//! - [`TranspositionTable`]: one lock-free table keyed by the exact 14-byte key, shared by
//!   every thread;
//! - [`Limits`] and [`StopSignal`]: depth, nodes, soft and hard time, infinite;
//! - [`TieBreak`]: the first or a seeded uniformly random move among the exactly equal-best;
//! - Lazy SMP threads ([`SearchOptions::threads`]);
//! - named evaluators per game ([`Evaluators`]).
//!
//! Front ends use [`Searcher`]; the engine's reusable tree calls [`SearchWorker`] directly for
//! the part of the tree below what it stores.

mod alphabeta;
mod budget;
mod error;
mod iterative;
mod limits;
pub mod multi;
mod options;
mod ordering;
mod prove;
mod pvs;
mod reductions;
mod repetition;
mod report;
mod root;
pub mod score;
mod searcher;
mod smp;
pub mod solve;
pub mod table;
mod tiebreak;
mod tree;
mod worker;

pub use crate::eval::{
    Database, Evaluator, EvaluatorVisitor, Evaluators, ExactScores, GameEvaluation, ScoreDiff,
    WithDatabase, evaluator_by_name,
};
pub use crate::eval::{
    LateMovePruning, Margin, Reductions, Selectivity, Singular, TECHNIQUES, technique_names,
};
pub(crate) use budget::Budget;
pub use budget::MAX_DEPTH;
pub use error::SearchError;
pub(crate) use iterative::DeepeningPlan;
pub use limits::{Limits, StopSignal};
pub use options::{Algorithm, SearchOptions, TieBreak};
pub use prove::{Proof, Prover};
pub use report::{SearchInfo, SearchReport};
pub(crate) use root::RootMove;
pub use score::{INFINITY, MAX_HEURISTIC, Score, exact_text};
pub use searcher::Searcher;
pub(crate) use smp::HelperPool;
pub use table::{
    Bound, DashMapTable, LockFreeTable, MoreValues, SeqlockTable, Table, TableEntry, TableKind,
    TableWidth, TranspositionTable, WideTable, physical_memory_mib,
};
pub use tiebreak::choose;
pub(crate) use tree::{NodeWindow, SearchTree};
pub(crate) use worker::Window;
pub use worker::{MAX_PLY, SearchWorker};
