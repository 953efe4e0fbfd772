//! Ataxx for 2 to 4 seats (`ataxx:players=N[,walls=MASK]`), on the two-player game's
//! bitboards, squares, moves and wall layouts.
//!
//! - [`AtaxxSeats`]: the position and its rules (the `position` module's notes), on the
//!   shared [`Game`](crate::Game) trait; with two seats it is the two-player game move for
//!   move.
//! - [`SeatsConfig`]: the seat count and the board a game spec selects.
//! - The notation (`x5o/7/7/7/7/7/z5y x 0 1`, seats `x`, `o`, `y`, `z`): [`SEAT_LETTERS`],
//!   [`SeatsNotationError`].
//! - Keys: exact 14 bytes for 2 and 3 seats ([`Game::key`](crate::Game::key)), 16 bytes for 4
//!   ([`AtaxxSeats::wide_key`]); layouts in the `key` module.
//!
//! ```
//! use ponder::games::ataxx::seats::AtaxxSeats;
//! use ponder::{Game, GameSpec};
//! let config = AtaxxSeats::config_from_spec(&"ataxx:players=4".parse().unwrap()).unwrap();
//! let record = AtaxxSeats::parse_position(&config, "startpos").unwrap();
//! assert_eq!(record.current().to_string(), "x5o/7/7/7/7/7/z5y x 0 1");
//! assert_eq!(ponder::perft(&record, 1), 8); // 3 clones and 5 jumps from a7
//! ```

mod config;
mod evaluators;
mod game;
mod key;
mod notation;
mod position;
mod view;

pub use config::{MIN_PLAYERS, SeatsConfig};
pub use notation::SeatsNotationError;
pub use position::{AtaxxSeats, Ending, SEAT_LETTERS, SEATS_HALFMOVE_LIMIT, seat_letter};
