//! The configuration of multi-seat Ataxx: the number of seats and the board.

use super::super::{AtaxxConfig, WallMask};
use crate::games::{GameConfig, GameError, GameSpec, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The fewest seats.
pub const MIN_PLAYERS: usize = 2;

/// How many seats play and on which board: `ataxx:players=3`, `ataxx:players=4,walls=0x7888`.
///
/// A position read from notation brings its own blockers (as in the two-player game), which
/// [`crate::Game::config`] reports. Serialized as `{"players": n, "board": {"blockers": ..}}`,
/// checked when read back.
///
/// ```
/// use ponder::games::ataxx::seats::{AtaxxSeats, SeatsConfig};
/// use ponder::{Game, GameSpec};
/// let spec: GameSpec = "ataxx:players=4,walls=0x0400".parse().unwrap();
/// let config = AtaxxSeats::config_from_spec(&spec).unwrap();
/// assert_eq!(config.players(), 4);
/// assert_eq!(config.to_string(), "ataxx:players=4,walls=0x0400");
/// assert!(AtaxxSeats::config_from_spec(&"ataxx:players=5".parse().unwrap()).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawConfig")]
pub struct SeatsConfig {
    players: u8,
    board: AtaxxConfig,
}

#[derive(Deserialize)]
struct RawConfig {
    players: u8,
    board: AtaxxConfig,
}

impl TryFrom<RawConfig> for SeatsConfig {
    type Error = GameError;

    fn try_from(raw: RawConfig) -> Result<SeatsConfig, GameError> {
        SeatsConfig::new(usize::from(raw.players), raw.board)
    }
}

impl Default for SeatsConfig {
    /// Four seats, no walls.
    fn default() -> SeatsConfig {
        SeatsConfig {
            players: Seat::MAX as u8,
            board: AtaxxConfig::default(),
        }
    }
}

impl GameConfig for SeatsConfig {
    /// Reads `ataxx:players=N[,walls=MASK]` (MASK as in the two-player game).
    fn from_spec(spec: &GameSpec) -> Result<SeatsConfig, GameError> {
        spec.check_keys(&["players", "walls"])?;
        let players = spec.get_int("players", 2..=Seat::MAX as u64, Seat::MAX as u64)?;
        let board = match spec.get("walls") {
            None => AtaxxConfig::default(),
            Some(text) => AtaxxConfig::with_walls(text.parse::<WallMask>()?)?,
        };
        SeatsConfig::new(players as usize, board)
    }
}

impl SeatsConfig {
    /// `players` seats (2 to 4) on `board`.
    pub fn new(players: usize, board: AtaxxConfig) -> Result<SeatsConfig, GameError> {
        if !(MIN_PLAYERS..=Seat::MAX).contains(&players) {
            return Err(GameError::Spec(format!(
                "players={players}: expected {MIN_PLAYERS} to {}",
                Seat::MAX
            )));
        }
        Ok(SeatsConfig {
            players: players as u8,
            board,
        })
    }

    /// Whether a spec asks for this game: `ataxx` with a `players` parameter.
    pub fn wanted_by(spec: &GameSpec) -> bool {
        spec.name() == "ataxx" && spec.get("players").is_some()
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The board (its blockers).
    pub fn board(&self) -> AtaxxConfig {
        self.board
    }
}

impl fmt::Display for SeatsConfig {
    /// The game spec: `ataxx:players=3`, `ataxx:players=4,walls=0x7888`, or the blocked
    /// squares when they are not a mirrored layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ataxx:players={}", self.players)?;
        match self.board.walls() {
            Some(WallMask::NONE) => Ok(()),
            Some(walls) => write!(f, ",walls={walls}"),
            None => {
                f.write_str(" (blockers")?;
                for square in self.board.blockers().iter() {
                    write!(f, " {square}")?;
                }
                f.write_str(")")
            }
        }
    }
}
