//! The engine: a game engine on its own threads for game loops and front ends.
//!
//! - [`Engine`] (`handle`): the non-blocking handle; [`Command`]s in, [`Event`]s out.
//! - `controller`: the engine thread (commands in order, time limits, starts pondering).
//! - `search_thread`: the search thread (runs a `go` or pondering on the tree it is lent).
//! - `tree`: the stored tree in a memory-bounded arena, re-rooted on every move, and its
//!   view as the search's node store: the search's one node loop runs over it.
//! - `think`: a `go`: the search's iterative deepening and exact choice among equal-best
//!   moves over the tree.
//! - `ponder`: searching the human's replies while the human thinks.
//! - `opponent`: the opponent model that ranks the human's replies and shares the time.
//! - `knowledge`: the evaluator and endgame database an engine is given as values.

mod affinity;
mod command;
mod config;
mod controller;
mod event;
mod handle;
mod knowledge;
mod opponent;
mod ponder;
mod search_api;
mod search_thread;
mod seated;
mod think;
mod tree;

pub use command::{Command, SearchId};
pub use config::{EngineConfig, EngineOption, OPTION_NAMES, PonderMode};
pub use event::{BestMove, EngineError, Event, IterationInfo, PonderInfo, PonderLine, RerootInfo};
pub use handle::{Engine, MemoryUse};
pub use knowledge::Knowledge;
pub use search_api::{Limits, StopSignal, TieBreak};
pub use seated::{SeatedEngine, SeatedEvent};
pub use tree::TreeStats;

pub use config::MAX_THREADS;
