//! The engine: a game engine on its own threads for game loops and front ends.
//!
//! - [`Engine`] (`handle`): the handle; [`Command`]s in, [`Event`]s out, and the blocking
//!   [`Engine::best_move`] for code that is not a game loop.
//! - [`Clock`] (`clock`): time management, from a clock to a search's limits.
//! - `controller`: the engine thread (commands in order, time limits, starts pondering).
//! - `search_thread`: the search thread (runs a `go` or pondering on the tree it is lent).
//! - `tree`: the stored tree in a memory-bounded arena, re-rooted on every move, and its
//!   view as the search's tree: the search's one node loop runs over it.
//! - `think`: a `go`: the search's iterative deepening and exact choice among equal-best
//!   moves over the tree.
//! - `ponder`: searching the human's replies while the human thinks.
//! - `opponent`: the opponent model that ranks the human's replies and shares the time.
//! - `seats`: the search thread's jobs at tables of three and four seats, run by the
//!   multi-player search ([`EngineConfig::seated_algorithm`]) behind the same handle,
//!   commands, events, limits and stop signal.
//! - `search_thread` also holds `Knowledge`: the evaluator and endgame database an engine is
//!   given as values.
//!
//! Code that is not a game loop asks and waits; a clock becomes the search's budget:
//!
//! ```
//! use ponder::engine::{Clock, Engine, EngineConfig, Limits};
//! use ponder::{Game, GameRecord, Kalah};
//! use std::time::Duration;
//!
//! let start = Kalah::start(&Default::default()).unwrap();
//! let engine = Engine::new(GameRecord::new(start), EngineConfig::default())?;
//! let best = engine.best_move(Limits::depth(8))?; // blocks until the answer
//! println!("{} (score {})", best.mv.unwrap(), best.score);
//! // 5 s left, no increment: the engine's time manager picks the budget (248 ms here).
//! let clock = Clock::new(Duration::from_secs(5), Duration::ZERO);
//! let best = engine.best_move(clock.limits())?;
//! assert!(best.time < Duration::from_secs(2));
//! # Ok::<(), ponder::engine::EngineError>(())
//! ```

mod affinity;
mod clock;
mod command;
mod config;
mod controller;
mod event;
mod handle;
mod memory;
mod opponent;
mod ponder;
mod search_thread;
mod seats;
mod think;
mod tree;

/// The search's types the engine's commands and configuration use.
pub use crate::search::{Limits, StopSignal, TieBreak};
pub use clock::{Clock, DEFAULT_MOVE_OVERHEAD, DEFAULT_MOVES_TO_GO, movetime_less_overhead};
pub use command::{Command, SearchId};
pub use config::{EngineConfig, EngineOption, OPTION_NAMES, PonderMode};
pub use event::{BestMove, EngineError, Event, IterationInfo, PonderInfo, PonderLine, RerootInfo};
pub use handle::Engine;
pub use memory::MemoryUse;
pub use search_thread::Knowledge;
pub use tree::TreeStats;

pub use config::MAX_THREADS;
