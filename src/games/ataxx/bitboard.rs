//! 7×7 bitboards: one bit per square of a `u64`, `a1` = bit 0, `g1` = bit 6, `a2` = bit 7, ...,
//! `g7` = bit 48 (the layout of libataxx). Bits 49 to 63 are always clear.
//!
//! The hot code works on plain `u64`s with the helpers here; [`Bitboard`] is the public,
//! iterable view of one.

use super::Square;
use std::fmt;

/// Every square of the board.
pub(crate) const ALL: u64 = (1 << 49) - 1;

/// The squares of one file (0 = a).
const fn file_mask(file: u32) -> u64 {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 7 {
        mask |= 1 << (rank * 7 + file);
        rank += 1;
    }
    mask
}

/// Every square but the a-file: where a shift towards the g-file may land.
const NOT_FILE_A: u64 = ALL & !file_mask(0);
/// Every square but the g-file: where a shift towards the a-file may land.
const NOT_FILE_G: u64 = ALL & !file_mask(6);

/// The squares of `b` and every square next to them (diagonals included).
#[inline(always)]
pub(crate) const fn grow(b: u64) -> u64 {
    let row = b | ((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_G);
    (row | (row << 7) | (row >> 7)) & ALL
}

/// The squares within two steps of `b` (its 5×5 boxes): a stone can move to any empty one.
#[inline(always)]
pub(crate) const fn reach(b: u64) -> u64 {
    grow(grow(b))
}

/// For each square, the squares at distance 1: where a single move lands and which stones a
/// move to the square captures. 64 entries (the last 15 empty), so that an index masked with
/// `& 63` needs no bounds check.
pub(crate) static SINGLES: [u64; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 49 {
        table[sq] = grow(1 << sq) & !(1 << sq);
        sq += 1;
    }
    table
};

/// For each square, the squares at distance exactly 2: where a double move from it lands.
/// 64 entries, like [`SINGLES`].
pub(crate) static DOUBLES: [u64; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 49 {
        table[sq] = reach(1 << sq) & !grow(1 << sq);
        sq += 1;
    }
    table
};

/// A set of squares, e.g. the stones of one side or the blockers.
///
/// ```
/// use ponder::games::ataxx::{Ataxx, Bitboard};
/// use ponder::{Game, Seat};
/// let start = Ataxx::start(&Default::default()).unwrap();
/// let x: Bitboard = start.stones(Seat::FIRST);
/// assert_eq!(x.count(), 2);
/// let names: Vec<String> = x.iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(names, ["g1", "a7"]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set with these bits (bit `rank * 7 + file`); `None` when a bit above 48 is set.
    pub const fn from_bits(bits: u64) -> Option<Bitboard> {
        if bits & !ALL == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The bits, `a1` = bit 0 to `g7` = bit 48.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many squares are in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The squares in the set, from `a1` to `g7` (rank by rank).
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square::from_index(index)
        })
    }
}

impl From<Bitboard> for u64 {
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_textbook_sizes() {
        // a corner has 3 neighbours and 5 jump targets; the centre 8 and 16.
        assert_eq!(SINGLES[0].count_ones(), 3);
        assert_eq!(DOUBLES[0].count_ones(), 5);
        assert_eq!(SINGLES[24].count_ones(), 8);
        assert_eq!(DOUBLES[24].count_ones(), 16);
        // b2 (index 8): 8 neighbours, jumps only to the 7 squares of rank 4 and file d
        // in reach: a4 b4 c4 d4 d3 d2 d1.
        assert_eq!(DOUBLES[8].count_ones(), 7);
        for sq in 0..49 {
            assert_eq!(SINGLES[sq] & DOUBLES[sq], 0);
            assert_eq!(SINGLES[sq] >> sq & 1, 0);
            assert_eq!((SINGLES[sq] | DOUBLES[sq]) & !ALL, 0);
        }
    }

    #[test]
    fn grow_does_not_wrap_around_the_edges() {
        // g1 (6) must not reach a2 (7); a2 must not reach g1.
        assert_eq!(grow(1 << 6), (1 << 5) | (1 << 6) | (1 << 12) | (1 << 13));
        assert_eq!(
            grow(1 << 7),
            (1 << 0) | (1 << 1) | (1 << 7) | (1 << 8) | (1 << 14) | (1 << 15)
        );
        // g7 (48) stays inside.
        assert_eq!(grow(1 << 48) & !ALL, 0);
        assert_eq!(grow(1 << 48).count_ones(), 4);
    }
}
