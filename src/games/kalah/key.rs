//! Kalah's 14-byte key.
//!
//! Layout, least significant bit first, with w = ⌈log2(2mn + 1)⌉ bits a field (7 for
//! Kalah(6,4) and Kalah(6,6)):
//!
//! | bits                  | field                                   |
//! |-----------------------|-----------------------------------------|
//! | `i*w .. (i+1)*w`      | first player's pit i, for i in 0..m     |
//! | `(m+i)*w ..`          | second player's pit i, for i in 0..m    |
//! | `2m*w .. (2m+1)*w`    | first player's store                    |
//! | `(2m+1)*w`            | side to move (0 first, 1 second)        |
//! | the rest              | zero                                    |
//!
//! The second player's store is the seeds not elsewhere (2mn minus the rest), so it is not
//! stored. The configuration (m, n, capture rule) is not part of the key.

use super::config::KalahConfig;
use super::position::Kalah;
use crate::games::{BoardParts, GameError, Key, KeyWriter, Seat};

/// Encodes `position` (see the module documentation for the layout).
#[inline]
pub(crate) fn encode(position: &Kalah) -> Key {
    let config = position.kalah_config();
    let width = config.key_field_width();
    let mut writer = KeyWriter::new();
    for seat in [Seat::FIRST, Seat::SECOND] {
        for &seeds in position.pits(seat) {
            writer.push(u64::from(seeds), width);
        }
    }
    writer.push(u64::from(position.store(Seat::FIRST)), width);
    writer.push(position.side().index() as u64, 1);
    writer.finish()
}

/// Decodes a key of `config`, refusing keys no position encodes to.
pub(crate) fn decode(config: KalahConfig, key: &Key) -> Result<Kalah, GameError> {
    let m = config.pits();
    let width = config.key_field_width();
    let mut reader = key.reader();
    let mut pits = [[0u8; super::config::MAX_PITS]; 2];
    let mut sum = 0u64;
    for row in &mut pits {
        for pit in row.iter_mut().take(m) {
            let seeds = reader.take(width);
            sum += seeds;
            *pit = seeds.min(255) as u8;
        }
    }
    let store0 = reader.take(width);
    let side = reader.take(1);
    sum += store0;
    let total = config.total_seeds() as u64;
    if sum > total || !reader.rest_is_zero() {
        return Err(GameError::Key(format!("{key} is not a {config} position")));
    }
    let side = if side == 0 { Seat::FIRST } else { Seat::SECOND };
    let parts = BoardParts {
        rows: [&pits[0][..m], &pits[1][..m]],
        banked: [store0 as u32, (total - sum) as u32],
        to_move: side,
    };
    Kalah::from_parts(config, parts)
}
