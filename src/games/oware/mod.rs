//! Oware (Awale, Awari): the mancala game of the Awale article ponder grew from, under two
//! rule sets ([`Rules`]): tournament Abapa as OpenSpiel's `oware` plays it (the default) and
//! the computer-Awari rules under which the game was solved, with an exact endgame database
//! for the latter ([`Egdb`]).
//!
//! - Spec: `oware[:rules=abapa|awari,houses=H,seeds=N]`, 6 houses of 4 seeds by default
//!   ([`OwareConfig`]).
//! - Moves: the mover's relative house index `0..H` ([`OwareMove`]).
//! - Positions: one line, `4,4,4,4,4,4/4,4,4,4,4,4 0,0 0` (the rows in sowing order, the
//!   captured seeds, the side to move: see the `notation` section of [`Oware`]'s docs and
//!   [`crate::Game::parse_position`]).
//! - Keys: the houses, the first player's captured seeds and the side to move, packed in
//!   fields of `b` bits (see [`Oware`]'s key layout in the module source, `key.rs`).
//! - Repetition: a position repeated since the last capture ends the game
//!   ([`crate::Game::REPETITION_ENDS_GAME`]); perft and records keep the history.
//!
//! ```
//! use ponder::{perft, Game, GameRecord, GameSpec, Oware};
//! let spec: GameSpec = "oware".parse().unwrap();
//! let config = Oware::config_from_spec(&spec).unwrap();
//! let record = GameRecord::new(Oware::start(&config).unwrap());
//! assert_eq!(perft(&record, 4), 1014);
//! ```

mod config;
mod display;
pub mod egdb;
mod errors;
mod eval;
mod game;
mod key;
mod moves;
mod notation;
mod position;
mod rules;

pub use config::{OwareConfig, Rules, MAX_HOUSES, MAX_TOTAL_SEEDS};
pub use egdb::{Egdb, EgdbStats};
pub use moves::OwareMove;
pub use position::Oware;
pub use rules::End;
