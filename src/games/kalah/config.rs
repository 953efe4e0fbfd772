//! Kalah's configuration: board size and capture rule.

use crate::games::mancala::{KeySize, MAX_SEEDS, bits_for};
use crate::games::{GameConfig, GameError, GameSpec, KEY_BYTES, named_enum};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most pits a side can have; larger boards cannot fit the 14-byte key.
pub const MAX_PITS: usize = 10;

/// What happens when the last seed lands in an empty pit of the mover's own row.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// The classroom rule and OpenSpiel's `mancala`: the seed and the opposite pit's seeds are
    /// captured only when the opposite pit holds seeds; otherwise the seed stays.
    #[default]
    Classic,
    /// Irving, Donkers and Uiterwijk's "Solving Kalah" (2000): the seed is always captured,
    /// with the opposite pit's seeds if any.
    Empty,
}

named_enum!("capture rule", CaptureRule {
    Classic => "classic",
    Empty => "empty",
});

/// Kalah(m, n): `pits` pits a side, `seeds` seeds in each pit at the start, and a capture rule.
///
/// Every size whose positions fit the 14-byte key is accepted: all of Kalah(1..6, 1..6) and
/// more (see [`KalahConfig::new`]).
///
/// ```
/// use ponder::games::kalah::{CaptureRule, KalahConfig};
/// let config = KalahConfig::new(4, 3, CaptureRule::Empty).unwrap();
/// assert_eq!(config.total_seeds(), 24);
/// assert!(KalahConfig::new(10, 20, CaptureRule::Classic).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawConfig")]
pub struct KalahConfig {
    pits: u8,
    seeds: u8,
    capture: CaptureRule,
}

#[derive(Deserialize)]
struct RawConfig {
    pits: u8,
    seeds: u8,
    capture: CaptureRule,
}

impl TryFrom<RawConfig> for KalahConfig {
    type Error = GameError;
    fn try_from(raw: RawConfig) -> Result<Self, GameError> {
        KalahConfig::new(raw.pits as usize, raw.seeds as usize, raw.capture)
    }
}

impl Default for KalahConfig {
    /// Kalah(6, 4) with the classic capture rule.
    fn default() -> Self {
        KalahConfig {
            pits: 6,
            seeds: 4,
            capture: CaptureRule::Classic,
        }
    }
}

impl GameConfig for KalahConfig {
    /// Reads `kalah[:pits=M,seeds=N,capture=classic|empty]`.
    fn from_spec(spec: &GameSpec) -> Result<KalahConfig, GameError> {
        spec.check_keys(&["pits", "seeds", "capture"])?;
        let pits = spec.get_int("pits", 1..=MAX_PITS as u64, 6)? as usize;
        let seeds = spec.get_int("seeds", 1..=255, 4)? as usize;
        let capture = spec
            .get_choice("capture", CaptureRule::NAMES, CaptureRule::default().name())?
            .parse()
            .map_err(GameError::Spec)?;
        KalahConfig::new(pits, seeds, capture)
    }
}

impl KalahConfig {
    /// Kalah with `pits` pits a side and `seeds` seeds a pit; an error when a side has no pit,
    /// no seeds are in play, a pit could hold more seeds than its byte, or the positions
    /// cannot fit the 14-byte key ((2m + 1) fields of ⌈log2(2mn + 1)⌉ bits plus one bit for
    /// the side to move).
    pub fn new(pits: usize, seeds: usize, capture: CaptureRule) -> Result<KalahConfig, GameError> {
        if pits == 0 || pits > MAX_PITS {
            return Err(GameError::Spec(format!(
                "kalah pits={pits}: must be from 1 to {MAX_PITS}"
            )));
        }
        if seeds == 0 {
            return Err(GameError::Spec("kalah seeds=0: must be at least 1".into()));
        }
        let size = KeySize::of(pits as u64, seeds as u64);
        let (total, bits) = (size.total, size.bits);
        if !size.fits() {
            return Err(GameError::Spec(format!(
                "kalah pits={pits},seeds={seeds}: {total} seeds need {bits} key bits, more than the {} of the 14-byte key",
                8 * KEY_BYTES
            )));
        }
        if total > MAX_SEEDS {
            return Err(GameError::Spec(format!(
                "kalah pits={pits},seeds={seeds}: {total} seeds, more than the {MAX_SEEDS} a pit's byte holds"
            )));
        }
        Ok(KalahConfig {
            pits: pits as u8,
            seeds: seeds as u8,
            capture,
        })
    }

    /// Pits a side (m).
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// Seeds a pit at the start (n).
    pub fn seeds(&self) -> usize {
        self.seeds as usize
    }

    /// The capture rule.
    pub fn capture(&self) -> CaptureRule {
        self.capture
    }

    /// All seeds in play: 2mn.
    pub fn total_seeds(&self) -> usize {
        2 * self.pits() * self.seeds()
    }

    /// Bits of one key field (a pit or a store).
    pub(crate) fn key_field_width(&self) -> u32 {
        bits_for(self.total_seeds() as u64)
    }
}

impl fmt::Display for KalahConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "kalah:pits={},seeds={},capture={}",
            self.pits, self.seeds, self.capture
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(pits: usize, seeds: usize) -> String {
        match KalahConfig::new(pits, seeds, CaptureRule::Classic) {
            Err(error) => error.to_string(),
            Ok(config) => panic!("{config} was accepted"),
        }
    }

    #[test]
    fn sizes_are_refused_for_the_reason_that_holds() {
        assert!(refusal(0, 4).contains("must be from 1 to 10"));
        assert!(refusal(6, 0).contains("must be at least 1"));
        // 400 seeds need 9-bit fields: 21 of them and the side to move make 190 bits.
        assert!(refusal(10, 20).contains("400 seeds need 190 key bits"));
        // 260 seeds: 11 fields of 9 bits fit the key (100 bits), but not a pit's byte.
        assert!(refusal(5, 26).contains("260 seeds, more than the 255 a pit's byte holds"));
        // The largest accepted: 6 pits of 21 seeds, 252 seeds in 8-bit fields (105 bits).
        assert!(KalahConfig::new(6, 21, CaptureRule::Classic).is_ok());
    }
}
