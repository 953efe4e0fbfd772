//! # ponder
//!
//! A game-tree search engine that game developers embed as the computer opponent of
//! turn-based board games: Kalah, Oware and Ataxx, rule-exact and checked against
//! independent implementations; minimax, alpha-beta and principal-variation search sharing one
//! transposition table keyed by each game's exact 14-byte encoding; and an engine thread that
//! keeps its tree between moves and ponders while the human thinks.
//!
//! Layers, with arrows pointing one way: front ends (`cli`) → engine → search → [`games`]
//! (the [`Game`] trait and its vocabulary, then one module per game).
//!
//! # Features
//!
//! - `cli` (default): the `cli` module and the `ponder` binary (argument parsing, progress
//!   bars, plots, JSON files, the HTTP move server). A game that embeds ponder depends on it
//!   with `default-features = false` and gets the rules, the search and the engine alone.
#![deny(missing_docs)]

#[cfg(test)]
mod architecture;
pub mod book;
#[cfg(feature = "cli")]
pub mod cli;
pub mod egdb;
pub mod engine;
pub mod eval;
pub mod files;
pub mod fit;
pub mod games;
pub mod matches;
mod memory;
mod perft;
pub mod players;
pub mod search;

pub use games::Kalah;
pub use games::ataxx::{Ataxx, AtaxxConfig, AtaxxMove};
pub use games::oware::Oware;
pub use games::{
    Game, GameError, GameRecord, GameSpec, KEY_BYTES, Key, KeyReader, KeyWriter, Outcome, Seat,
};
pub use perft::perft;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
