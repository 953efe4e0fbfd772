//! Ataxx on 7×7 bitboards, move for move as libataxx and python-ataxx play it.
//!
//! - [`Ataxx`]: the position and its rules (see the `position` module's notes), on the
//!   shared [`Game`](crate::Game) trait; `Display` draws the board.
//! - [`AtaxxMove`]: moves in UAI notation (`g2`, `a1a3`, `0000`).
//! - FEN in and out ([`Ataxx::to_fen`], `parse`, [`Game::parse_position`](crate::Game)).
//! - [`WallMask`]: the Pookie Pookie wall layouts (a 16-bit quadrant mask, mirrored), and
//!   [`AtaxxConfig`], the board a game spec (`ataxx:walls=0x7888`) selects.
//! - The 14-byte key: 2 bits a square, 14 bits a rank in a 16-bit word, with the side to move
//!   and the halfmove clock in the spare bits (layout in the `key` module).
//! - [`perft`]: a specialised perft, the same counts as [`crate::perft`], faster.
//! - [`seats`]: the game for 2 to 4 seats (`ataxx:players=N`), on the same bitboards.
//!
//! ```
//! use ponder::games::ataxx::Ataxx;
//! use ponder::{Game, GameRecord};
//! let record = Ataxx::parse_position(&Default::default(), "x5o/7/7/7/7/7/o5x x 0 1").unwrap();
//! assert_eq!(ponder::perft(&record, 3), 6460);
//! ```

mod bitboard;
mod config;
mod display;
mod errors;
mod evaluators;
mod features;
mod fen;
mod game;
mod key;
mod moves;
mod patterns;
mod perft;
mod position;
pub mod proof;
pub mod seats;
mod square;
mod view;
mod walls;
mod weights;

pub use bitboard::Bitboard;
pub use config::AtaxxConfig;
pub use errors::{FenError, LayoutError, MoveTextError, WallsError};
pub use evaluators::{
    AtaxxDefault, AtaxxFitted, AtaxxNetwork, AtaxxPatterns, AtaxxSeed, WithProofHooks,
};
pub use fen::START_FEN;
pub use moves::{AtaxxMove, MoveKind};
pub use perft::perft;
pub use position::{Ataxx, Cell, HALFMOVE_LIMIT, MAX_HALFMOVE_CLOCK};
pub use square::Square;
pub use walls::WallMask;

use crate::games::Seat;
