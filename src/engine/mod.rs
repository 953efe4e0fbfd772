//! The engine: a game engine on its own threads for game loops and front ends.
//!
//! - [`Engine`] (`handle`): the non-blocking handle; [`Command`]s in, [`Event`]s out.
//! - `controller`: the engine thread (commands in order, time limits, starts pondering).
//! - `worker`: the search thread (runs a `go` or pondering on the tree it is lent).
//! - [`tree`]: the stored tree in a memory-bounded arena, re-rooted on every move, and the
//!   principal-variation search over it.
//! - `think`: iterative deepening for a `go` and the exact choice among equal-best moves.
//! - `ponder`: searching the human's replies while the human thinks.
//! - [`Frontier`]: what the tree search calls below the stored tree (the search module's
//!   worker and its shared transposition table).

mod affinity;
mod command;
mod config;
mod controller;
mod event;
mod frontier;
mod handle;
#[cfg(test)]
mod plain_frontier;
mod ponder;
mod search_api;
mod search_frontier;
mod think;
pub mod tree;
mod worker;

pub use command::{Command, SearchId};
pub use config::{EngineConfig, EngineOption, OPTION_NAMES, PonderMode};
pub use event::{BestMove, EngineError, Event, PonderInfo, RerootInfo, SearchInfo};
pub use frontier::Frontier;
pub use handle::{Engine, MemoryUse};
pub use search_api::{Limits, StopSignal, TieBreak};
pub use search_frontier::SearchFrontier;
pub use think::{ThinkResult, ThinkSetup, think};
pub use tree::{Tree, TreeStats};

/// The deepest iteration a search or pondering goes to.
pub const MAX_DEPTH: u32 = 64;
