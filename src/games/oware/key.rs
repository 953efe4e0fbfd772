//! The 14-byte key of an Oware position: every house, the seeds the first player has
//! captured and the side to move (the second player's captured seeds are the total minus the
//! rest). The rule set and sizes are the configuration's, not the key's.
//!
//! **Byte layout** when it fits, that is with at most 6 houses a side (standard Oware):
//!
//! | byte | field |
//! |---|---|
//! | `i` for `i` in `0..2H` | house `i` in absolute sowing order: the first player's houses `0..H`, then the second player's |
//! | `2H` | the seeds the first player has captured |
//! | `2H + 1` | the side to move (0 first player, 1 second) |
//!
//! and zero bytes after. Standard Oware fills all 14 bytes.
//!
//! **Packed layout** with 7 to 10 houses a side: with `b` = the bits of the seed total `2HN`,
//! the key is the little-endian 112-bit number with house `i` in bits `b·i .. b·(i+1)` (same
//! order as above), the first player's captured seeds in bits `b·2H .. b·(2H+1)`, the side to
//! move in bit `b·(2H+1)`, and zeros above (the configuration check guarantees it fits).

use super::config::OwareConfig;
use super::position::Oware;
use crate::games::{BoardParts, GameError, KEY_BYTES, Key, Seat};

/// Whether a configuration of `houses` houses a side uses the byte layout.
#[inline(always)]
fn byte_layout(houses: usize) -> bool {
    2 * houses + 2 <= KEY_BYTES
}

/// The key of a position.
#[inline]
pub(crate) fn encode(position: &Oware) -> Key {
    let houses = position.config.houses();
    let pits = 2 * houses;
    if byte_layout(houses) {
        // Houses past the board are zero, so the first 14 pits are the key's first bytes.
        let mut bytes = [0u8; KEY_BYTES];
        bytes.copy_from_slice(&position.pits[..KEY_BYTES]);
        bytes[pits] = position.captured[0];
        bytes[pits + 1] = position.side;
        return Key::from_bytes(bytes);
    }
    let bits = position.config.field_bits();
    let mut value: u128 = 0;
    let mut shift = 0;
    for &seeds in &position.pits[..pits] {
        value |= u128::from(seeds) << shift;
        shift += bits;
    }
    value |= u128::from(position.captured[0]) << shift;
    shift += bits;
    value |= u128::from(position.side) << shift;
    // A valid configuration keeps `shift` under 112 bits, so the key always exists.
    Key::from_u128(value).unwrap_or_default()
}

/// The position a key encodes in `config`, checked.
pub(crate) fn decode(config: &OwareConfig, key: &Key) -> Result<Oware, GameError> {
    let houses = config.houses();
    let bits = if byte_layout(houses) {
        8
    } else {
        config.field_bits()
    };
    let total = config.total_seeds();
    let mut reader = key.reader();
    let mut rows = [[0u8; super::config::MAX_HOUSES]; 2];
    let mut on_board = 0u32;
    for (seat, row) in rows.iter_mut().enumerate() {
        for (house, slot) in row.iter_mut().take(houses).enumerate() {
            let seeds = reader.take(bits) as u32;
            if seeds > total {
                return Err(GameError::Key(format!(
                    "house {house} of the {} player holds {seeds} seeds, more than the {total} \
                     of the game",
                    Seat::new(seat)
                )));
            }
            on_board += seeds;
            *slot = seeds as u8;
        }
    }
    let first = reader.take(bits) as u32;
    let side = reader.take(1) as usize;
    if !reader.rest_is_zero() {
        return Err(GameError::Key(format!(
            "bits above bit {} are set",
            bits * (config.pits() as u32 + 1)
        )));
    }
    if on_board + first > total {
        return Err(GameError::Key(format!(
            "{on_board} seeds on the board and {first} captured by the first player exceed the \
             {total} of the game"
        )));
    }
    let second = total - on_board - first;
    let parts = BoardParts {
        rows: [&rows[0][..houses], &rows[1][..houses]],
        banked: [first, second],
        to_move: Seat::new(side),
    };
    Oware::from_parts(*config, parts).map_err(|e| GameError::Key(e.to_string()))
}
