//! The configuration of an Oware game: the rule set and the board size.

use crate::games::mancala::{KeySize, MAX_SEEDS, bits_for};
use crate::games::{GameConfig, GameError, GameSpec, KEY_BYTES, named_enum};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most houses a side may have: with 11 houses the 23 key fields of at least 5 bits no
/// longer fit the 112-bit key.
pub const MAX_HOUSES: usize = 10;

/// The most seeds a board may hold: a house count is one byte. With 6 houses a side this is
/// also where the key stops fitting (21 seeds a house, 252 in all, fit; 22 do not).
pub const MAX_TOTAL_SEEDS: u32 = MAX_SEEDS as u32;

/// The most pits (houses of both sides) a board may have.
pub const MAX_PITS: usize = 2 * MAX_HOUSES;

/// Which Oware rules a game follows. Both sow counter-clockwise, skip the origin house on
/// laps of `2H - 1` seeds or more, and capture houses of the opponent's row holding 2 or 3
/// after the last seed, going backwards. They differ as follows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// Tournament (Abapa) rules as OpenSpiel's `oware` implements them:
    /// - a move that would capture all the opponent's seeds (a grand slam) is legal but
    ///   captures nothing;
    /// - when the opponent has no seeds, the mover must play a move that reaches them; when
    ///   no move does (or the mover has no seeds), the game ends and each player takes the
    ///   seeds of their own row;
    /// - the game ends as soon as a player has more than half the seeds, or both have exactly
    ///   half; the seeds left on the board still go to the owner of their row;
    /// - a position repeated since the last capture ends the game, each player taking the
    ///   seeds of their own row.
    #[default]
    Abapa,
    /// Computer-Awari rules (Lincke 2002, appendix A; Romein and Bal), under which Awari was
    /// solved and its endgame databases are published:
    /// - a move must leave the opponent at least one seed if any move does; when none does,
    ///   every move is legal and its capture counts, a grand slam included;
    /// - a player with no seeds cannot move: the game ends and the opponent takes the seeds
    ///   left (all on the opponent's own row);
    /// - every game is played to that end (no stop at a majority), so the final margin is
    ///   the captured margin plus the endgame-database value of the seeds in play;
    /// - a position repeated since the last capture ends the game with the seeds left split
    ///   evenly: the margin is the captured margin.
    Awari,
}

named_enum!("rules", Rules {
    Abapa => "abapa",
    Awari => "awari",
});

/// An Oware configuration, from the spec `oware[:rules=abapa|awari,houses=H,seeds=N]`:
/// `H` houses a side (6 by default), `N` seeds a house at the start (4 by default), and the
/// rule set (Abapa by default).
///
/// A configuration is valid when every position fits the 14-byte key: `2H + 1` fields (the
/// houses and the first player's score) of `b` bits each, where `b` is the width of the seed
/// total `2HN`, plus one bit for the side to move, must fit 112 bits. That allows at most 10
/// houses a side. A board also holds at most [`MAX_TOTAL_SEEDS`] seeds (a house count is a
/// byte), which with 6 houses a side is the same limit as the key's (21 seeds a house).
///
/// ```
/// use ponder::{Game, GameSpec, Oware};
/// use ponder::games::oware::{OwareConfig, Rules};
/// let spec: GameSpec = "oware:rules=awari,houses=4,seeds=3".parse().unwrap();
/// let config = Oware::config_from_spec(&spec).unwrap();
/// assert_eq!(config, OwareConfig::new(Rules::Awari, 4, 3).unwrap());
/// assert_eq!(config.total_seeds(), 24);
/// // 24 houses of 8-bit counts cannot fit the key.
/// assert!(Oware::config_from_spec(&"oware:houses=12".parse().unwrap()).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ConfigFile", into = "ConfigFile")]
pub struct OwareConfig {
    rules: Rules,
    houses: u8,
    seeds: u8,
}

impl Default for OwareConfig {
    fn default() -> Self {
        OwareConfig {
            rules: Rules::Abapa,
            houses: 6,
            seeds: 4,
        }
    }
}

impl GameConfig for OwareConfig {
    /// The configuration a game spec describes (its name is not checked here).
    fn from_spec(spec: &GameSpec) -> Result<OwareConfig, GameError> {
        spec.check_keys(&["rules", "houses", "seeds"])?;
        let rules = spec
            .get_choice("rules", Rules::NAMES, Rules::default().name())?
            .parse()
            .map_err(GameError::Spec)?;
        // Sizes are judged by `new`, whose messages say why (huge values cannot fit the key).
        let houses = spec.get_int("houses", 0..=u64::MAX, 6)?;
        let seeds = spec.get_int("seeds", 0..=u64::MAX, 4)?;
        let clamp = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
        OwareConfig::new(rules, clamp(houses), clamp(seeds))
    }
}

impl OwareConfig {
    /// The configuration with these rules, `houses` houses a side and `seeds` seeds a house,
    /// or an error when a size is zero or the positions would not fit the key.
    pub fn new(rules: Rules, houses: u32, seeds: u32) -> Result<OwareConfig, GameError> {
        if houses == 0 {
            return Err(GameError::Spec(
                "houses=0: a side needs at least one house".into(),
            ));
        }
        if seeds == 0 {
            return Err(GameError::Spec(
                "seeds=0: a house needs at least one seed".into(),
            ));
        }
        let size = KeySize::of(u64::from(houses), u64::from(seeds));
        let (total, field, needed) = (size.total, size.field, size.bits);
        if !size.fits() {
            return Err(GameError::Spec(format!(
                "oware with houses={houses}, seeds={seeds} does not fit the {KEY_BYTES}-byte key: \
                 {} house counts and the first player's score, {field} bits each for up to \
                 {total} seeds, plus the side to move need {needed} bits, more than {}",
                2 * u64::from(houses),
                8 * KEY_BYTES
            )));
        }
        if total > u64::from(MAX_TOTAL_SEEDS) {
            return Err(GameError::Spec(format!(
                "oware with houses={houses}, seeds={seeds} has {total} seeds: a board holds at \
                 most {MAX_TOTAL_SEEDS} (one byte a house)"
            )));
        }
        // A key that fits implies at most 10 houses.
        debug_assert!(houses as usize <= MAX_HOUSES);
        Ok(OwareConfig {
            rules,
            houses: houses as u8,
            seeds: seeds as u8,
        })
    }

    /// The same board size under other rules.
    pub const fn with_rules(self, rules: Rules) -> OwareConfig {
        OwareConfig { rules, ..self }
    }

    /// The rule set.
    #[inline]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Houses a side.
    #[inline]
    pub const fn houses(&self) -> usize {
        self.houses as usize
    }

    /// Seeds a house at the start.
    #[inline]
    pub const fn seeds(&self) -> u32 {
        self.seeds as u32
    }

    /// Pits on the board (both sides' houses).
    #[inline]
    pub const fn pits(&self) -> usize {
        2 * self.houses as usize
    }

    /// All the seeds of the game: `2 × houses × seeds`.
    #[inline]
    pub const fn total_seeds(&self) -> u32 {
        2 * self.houses as u32 * self.seeds as u32
    }

    /// Half the seeds of the game: `houses × seeds`.
    #[inline]
    pub const fn half_seeds(&self) -> u16 {
        self.houses as u16 * self.seeds as u16
    }

    /// Bits of one key field (a house count or the first player's score).
    #[inline]
    pub const fn field_bits(&self) -> u32 {
        bits_for(self.total_seeds() as u64)
    }

    /// The spec that reads back as this configuration.
    pub fn spec(&self) -> GameSpec {
        format!(
            "oware:rules={},houses={},seeds={}",
            self.rules, self.houses, self.seeds
        )
        .parse()
        .unwrap_or_else(|_| GameSpec::named("oware"))
    }
}

impl fmt::Display for OwareConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "oware:rules={},houses={},seeds={}",
            self.rules, self.houses, self.seeds
        )
    }
}

/// The serialized form of a configuration, validated when read.
#[derive(Serialize, Deserialize)]
struct ConfigFile {
    rules: Rules,
    houses: u32,
    seeds: u32,
}

impl TryFrom<ConfigFile> for OwareConfig {
    type Error = GameError;

    fn try_from(file: ConfigFile) -> Result<Self, GameError> {
        OwareConfig::new(file.rules, file.houses, file.seeds)
    }
}

impl From<OwareConfig> for ConfigFile {
    fn from(config: OwareConfig) -> Self {
        ConfigFile {
            rules: config.rules,
            houses: u32::from(config.houses),
            seeds: u32::from(config.seeds),
        }
    }
}
