//! What the mancala games (Kalah, Oware) share: the size of their keys (two rows of holes
//! and the first player's store, each a field wide enough for every seed in play), and the
//! check of a board given from outside (two rows of one width, one a seat).

use super::{GameError, KEY_BYTES, Seat};
use std::fmt;

/// The most seeds a mancala board may hold: a hole's count is one byte.
pub(crate) const MAX_SEEDS: u64 = u8::MAX as u64;

/// Bits needed to write any count from 0 to `max`.
pub(crate) const fn bits_for(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// What the key of a mancala board of `holes` holes a side and `seeds` seeds a hole needs:
/// `2 × holes + 1` fields (every hole, and the first player's store or captured seeds; the
/// second's is the seeds not elsewhere) of [`bits_for`] the seeds in play, plus one bit for
/// the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeySize {
    /// The seeds in play, `2 × holes × seeds` (saturating).
    pub total: u64,
    /// Bits of one field.
    pub field: u32,
    /// Bits of the whole key.
    pub bits: u64,
}

impl KeySize {
    /// The key size of a board of `holes` holes a side and `seeds` seeds a hole.
    pub(crate) fn of(holes: u64, seeds: u64) -> KeySize {
        let total = 2u64.saturating_mul(holes).saturating_mul(seeds);
        let field = bits_for(total);
        let bits = holes
            .saturating_mul(2)
            .saturating_add(1)
            .saturating_mul(u64::from(field))
            .saturating_add(1);
        KeySize { total, field, bits }
    }

    /// Whether it fits the [`KEY_BYTES`]-byte key.
    pub(crate) fn fits(&self) -> bool {
        self.bits <= KEY_BITS
    }
}

/// The bits of a key.
pub(crate) const KEY_BITS: u64 = 8 * KEY_BYTES as u64;

/// A mancala position's parts as given, before a game trusts them ([`BoardParts::check`]):
/// the argument of `Kalah::from_parts` and `Oware::from_parts`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardParts<'a> {
    /// Each seat's row in its owner's sowing order, the first seat's first.
    pub rows: [&'a [u8]; 2],
    /// The seeds each seat has banked (Kalah's stores, Oware's captures), the first seat's
    /// first.
    pub banked: [u32; 2],
    /// The seat to move.
    pub to_move: Seat,
}

impl BoardParts<'_> {
    /// Checks the parts against `game`, a game of `width` holes a row and `total` seeds: each
    /// row has `width` holes, and the seeds on the board and banked add up to `total`. The
    /// errors call the holes `holes` (`pits`, `houses`) and name `game`.
    pub(crate) fn check(
        &self,
        width: usize,
        total: u32,
        holes: &str,
        game: &dyn fmt::Display,
    ) -> Result<(), GameError> {
        for (seat, row) in self.rows.iter().enumerate() {
            if row.len() != width {
                return Err(GameError::Position(format!(
                    "the {} player's row has {} {holes}, expected {width}",
                    Seat::new(seat),
                    row.len()
                )));
            }
        }
        let on_board: u32 = self
            .rows
            .iter()
            .flat_map(|row| row.iter())
            .map(|&seeds| u32::from(seeds))
            .sum();
        let banked = self.banked[0].saturating_add(self.banked[1]);
        let held = on_board.saturating_add(banked);
        if held != total {
            return Err(GameError::Position(format!(
                "the position holds {held} seeds ({on_board} on the board, {banked} banked), \
                 but {game} plays with {total}"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_sizes_follow_the_field_count_and_width() {
        // Kalah(6, 4): 48 seeds need 6 bits; 13 fields and the side to move make 79 bits.
        assert_eq!(
            KeySize::of(6, 4),
            KeySize {
                total: 48,
                field: 6,
                bits: 79
            }
        );
        // Ten holes of 3 seeds: 60 seeds, 6 bits, 21 fields: 127 bits, past the 112.
        assert!(!KeySize::of(10, 3).fits());
        // Ten holes of 1 seed: 20 seeds, 5 bits: 106 bits.
        assert!(KeySize::of(10, 1).fits());
        // Sizes beyond any board saturate instead of overflowing.
        assert!(!KeySize::of(u64::MAX, u64::MAX).fits());
    }

    #[test]
    fn bits_for_counts_the_binary_digits() {
        assert_eq!(bits_for(0), 0);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(255), 8);
        assert_eq!(bits_for(256), 9);
    }
}
