//! The 14-byte key: the Pookie Pookie board encoding, 2 bits a square.
//!
//! Layout (the key's bytes, little-endian 16-bit words):
//!
//! | bytes | word | bits 0..13 | bits 14..15 |
//! |---|---|---|---|
//! | 0, 1 | row 0 = rank 7 | a7 in bits 0-1, b7 in bits 2-3, ..., g7 in bits 12-13 | spare bits 0-1 |
//! | 2, 3 | row 1 = rank 6 | a6 .. g6 | spare bits 2-3 |
//! | ... | ... | ... | ... |
//! | 12, 13 | row 6 = rank 1 | a1 .. g1 | spare bits 12-13 |
//!
//! Each square is 0 (empty), 1 (`x`), 2 (`o`) or 3 (a blocker). The 14 spare bits, gathered
//! in row order, hold the side to move in spare bit 0 (0 = `x`, 1 = `o`) and the halfmove clock
//! in spare bits 1 to 13 (0 to 8191). The fullmove number is not in the key: it never changes
//! what can happen.
//!
//! Every 14-byte value is the key of exactly one position (up to the fullmove number), so
//! decoding never fails.

use super::Ataxx;
use crate::games::{Key, Seat};

/// The code of an empty square.
const EMPTY: u128 = 0;
/// The code of an `x` stone.
const X: u128 = 1;
/// The code of an `o` stone.
const O: u128 = 2;
/// The code of a blocker.
const BLOCKER: u128 = 3;

/// For each 7-bit rank pattern, the same bits spread to the even bits (bit i to bit 2i).
pub(super) static SPREAD: [u16; 128] = {
    let mut table = [0u16; 128];
    let mut pattern = 0;
    while pattern < 128 {
        let mut bit = 0;
        while bit < 7 {
            if pattern >> bit & 1 != 0 {
                table[pattern] |= 1 << (2 * bit);
            }
            bit += 1;
        }
        pattern += 1;
    }
    table
};

/// The key of `position`.
#[inline]
pub(crate) fn encode(position: &Ataxx) -> Key {
    let x = position.stone_bits(Seat::FIRST);
    let o = position.stone_bits(Seat::SECOND);
    let blockers = position.blockers().bits();
    let spare = position.turn().index() as u16 | position.halfmove_clock() << 1;
    let mut bytes = [0u8; 14];
    for (row, pair) in bytes.chunks_exact_mut(2).enumerate() {
        let shift = 7 * (6 - row);
        let rank = |set: u64| SPREAD[(set >> shift & 0x7f) as usize];
        // The sets are disjoint, so the codes add up without carries.
        let cells = rank(x) * X as u16 + rank(o) * O as u16 + rank(blockers) * BLOCKER as u16;
        let word = cells | (spare >> (2 * row) & 3) << 14;
        pair.copy_from_slice(&word.to_le_bytes());
    }
    Key::from_bytes(bytes)
}

/// The position of `key`, with fullmove number 1.
pub(crate) fn decode(key: &Key) -> Ataxx {
    let bits = key.to_u128();
    let (mut x, mut o, mut blockers, mut spare) = (0u64, 0u64, 0u64, 0u16);
    for row in 0..7u32 {
        let rank = 6 - row;
        for file in 0..7u32 {
            let square = 1u64 << (rank * 7 + file);
            match bits >> (16 * row + 2 * file) & 3 {
                EMPTY => {}
                X => x |= square,
                O => o |= square,
                _ => blockers |= square, // BLOCKER, the only other 2-bit value
            }
        }
        spare |= ((bits >> (16 * row + 14) & 3) as u16) << (2 * row);
    }
    let side = if spare & 1 == 0 {
        Seat::FIRST
    } else {
        Seat::SECOND
    };
    Ataxx::from_parts(x, o, blockers, side, spare >> 1, 1)
}
