//! Ataxx's configuration: the blockers of the board.

use super::bitboard::ALL;
use super::{Bitboard, WallMask, WallsError};
use crate::games::{GameConfig, GameError, GameSpec};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The four starting corners: a1, g1, a7, g7.
pub(crate) const CORNERS: u64 = 1 | 1 << 6 | 1 << 42 | 1 << 48;

/// The board an Ataxx game is played on: which squares are blocked.
///
/// Game specs write it as a [`WallMask`]: `ataxx` (no walls) or `ataxx:walls=0x7888`. A
/// position read from a FEN brings its own blockers, in any layout, and
/// [`crate::Game::config`] reports them. Serialized as `{"blockers": <bits>}` (bit
/// `rank * 7 + file`), checked when read back.
///
/// ```
/// use ponder::games::ataxx::{Ataxx, AtaxxConfig};
/// use ponder::{Game, GameSpec};
/// let spec: GameSpec = "ataxx:walls=0x0400".parse().unwrap();
/// let config = Ataxx::config_from_spec(&spec).unwrap();
/// let start = Ataxx::start(&config).unwrap();
/// assert_eq!(start.position_text(), "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
/// assert_eq!(config.to_string(), "ataxx:walls=0x0400");
/// let corner: GameSpec = "ataxx:walls=0x0001".parse().unwrap();
/// assert!(Ataxx::config_from_spec(&corner).is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawConfig")]
pub struct AtaxxConfig {
    blockers: u64,
}

#[derive(Deserialize)]
struct RawConfig {
    blockers: u64,
}

impl TryFrom<RawConfig> for AtaxxConfig {
    type Error = GameError;

    fn try_from(raw: RawConfig) -> Result<AtaxxConfig, GameError> {
        let blockers = Bitboard::from_bits(raw.blockers).ok_or_else(|| {
            GameError::Spec(format!(
                "blockers {:#x}: bits above 48 are off the board",
                raw.blockers
            ))
        })?;
        Ok(AtaxxConfig::with_blockers(blockers))
    }
}

impl GameConfig for AtaxxConfig {
    /// Reads `ataxx[:walls=MASK]` (MASK in hexadecimal `0x7888`, binary `0b...` or decimal).
    fn from_spec(spec: &GameSpec) -> Result<AtaxxConfig, GameError> {
        spec.check_keys(&["walls"])?;
        match spec.get("walls") {
            None => Ok(AtaxxConfig::default()),
            Some(text) => Ok(AtaxxConfig::with_walls(text.parse()?)?),
        }
    }
}

impl AtaxxConfig {
    /// The board of a wall layout; an error when the walls shut the stones in (neither side
    /// would have a first move).
    pub fn with_walls(walls: WallMask) -> Result<AtaxxConfig, WallsError> {
        if !walls.leaves_both_players_a_move() {
            return Err(WallsError::NoMoves {
                mask: walls.to_string(),
            });
        }
        Ok(AtaxxConfig {
            blockers: walls.blockers().bits(),
        })
    }

    /// A board with any blockers (a FEN's).
    pub fn with_blockers(blockers: Bitboard) -> AtaxxConfig {
        AtaxxConfig {
            blockers: blockers.bits() & ALL,
        }
    }

    /// The blocked squares.
    pub fn blockers(&self) -> Bitboard {
        Bitboard::from_bits(self.blockers).unwrap_or_default()
    }

    /// The wall mask of these blockers, when they form a mirrored layout.
    pub fn walls(&self) -> Option<WallMask> {
        WallMask::from_blockers(self.blockers())
    }

    /// Whether the starting corners are free (a start position exists).
    pub fn corners_free(&self) -> bool {
        self.blockers & CORNERS == 0
    }

    /// Refuses a board whose blockers cover a starting corner (no start position exists);
    /// `label` names the configuration in the error (the two-player or the multi-seat one).
    pub(crate) fn check_corners(&self, label: &dyn fmt::Display) -> Result<(), GameError> {
        if self.corners_free() {
            Ok(())
        } else {
            Err(GameError::Spec(format!(
                "{label}: a blocker covers a starting corner (a1, g1, a7 or g7)"
            )))
        }
    }
}

impl fmt::Display for AtaxxConfig {
    /// The game spec (`ataxx`, `ataxx:walls=0x7888`), or the blocked squares when they are
    /// not a mirrored layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.walls() {
            Some(WallMask::NONE) => f.write_str("ataxx"),
            Some(walls) => write!(f, "ataxx:walls={walls}"),
            None => {
                f.write_str("ataxx (blockers")?;
                for square in self.blockers().iter() {
                    write!(f, " {square}")?;
                }
                f.write_str(")")
            }
        }
    }
}
