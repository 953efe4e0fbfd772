//! Oware (Awale, Awari): the mancala game of the Awale article ponder grew from, under two
//! rule sets ([`Rules`]): tournament Abapa as OpenSpiel's `oware` plays it (the default) and
//! the computer-Awari rules under which the game was solved, with an exact endgame database
//! for the latter ([`Egdb`]).
//!
//! # Spec
//!
//! `oware[:rules=abapa|awari,houses=H,seeds=N]`: `H` houses a side (6 by default), `N` seeds a
//! house (4 by default), Abapa by default ([`OwareConfig`]). A win needs more than half of the
//! `2HN` seeds. Sizes whose positions do not fit the 14-byte key are refused.
//!
//! # Board and moves
//!
//! Seeds are sown counter-clockwise: the first player's houses `0..H` (letters `a`, `b`, ...),
//! then the second player's houses `0..H` (`A`, `B`, ...), then back to the first player's
//! house 0. Each row is numbered in its owner's sowing order, so house `i` of one player faces
//! house `H − 1 − i` of the other. A move ([`OwareMove`]) is the mover's relative house index
//! `0..H` (OpenSpiel's action number), printed and serialized as that number; letters are read
//! too (`a`.. for the first player, `A`.. for the second).
//!
//! # Position notation
//!
//! One line of three space-separated fields:
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0
//! ```
//!
//! 1. the board: the first player's `H` house counts, `/`, the second player's `H` house
//!    counts, each row in its owner's sowing order (so the `2H` counts read in sowing order
//!    from the first player's first house);
//! 2. the seeds each player has captured, `first,second`;
//! 3. the side to move: `0` for the first player, `1` for the second.
//!
//! Everything must add up to `2HN` seeds. [`crate::Game::parse_position`] also reads `start`,
//! and either form followed by `moves` and a move list (`start moves 2 5 0`), which keeps the
//! repetition history. Errors say which field is wrong and why.
//!
//! # Key
//!
//! With at most 6 houses a side, byte `i < 2H` is house `i` (absolute order above), byte `2H`
//! the first player's captured seeds and byte `2H + 1` the side to move; with 7 to 10 houses the
//! same fields are packed in `b`-bit fields (`b` = the bits of `2HN`) from bit 0 up, the side
//! to move in the last bit. The second player's captures are implied.
//!
//! # Ends of the game
//!
//! A position repeated since the last capture ends the game under both rule sets
//! ([`crate::Game::REPETITION_ENDS_GAME`]; perft, records and searches keep the history;
//! [`crate::Game::resets_repetition`] is "a capture happened"). Abapa also ends on a majority
//! and when the mover has no legal move; Awari when the mover has no seeds. See [`Rules`] and
//! [`End`] for the scores each end gives, and [`Oware::final_scores`].
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
mod evaluators;
mod features;
mod game;
mod key;
mod moves;
mod notation;
mod position;
mod rules;
mod swar;
mod view;
mod weights;

pub use config::{MAX_HOUSES, MAX_TOTAL_SEEDS, OwareConfig, Rules};
pub use egdb::{ABAPA_EGDB_FILE, EGDB_FILE, Egdb, EgdbPart, EgdbStats};
pub use evaluators::{OWARE_SELECTIVITY, OwareDefault, OwareFitted, OwareSeed};
pub use moves::OwareMove;
pub use position::Oware;
pub use rules::End;
