//! Wall layouts as 16-bit masks, from the Pookie Pookie design.
//!
//! Number the squares of the top-left 4×4 quadrant 0 to 15, row by row from a7 (0 = a7,
//! 1 = b7, 2 = c7, 3 = d7, 4 = a6, ..., 12 = a4, 15 = d4). Bit i set means a wall (a blocker)
//! on square i, mirrored into all four quadrants: the quadrants share the middle row (rank 4)
//! and column (file d), so bits 3, 7, 11 and 12 to 14 stand for two squares, bit 15 (d4) for
//! one, and the others for four. The stones start in the corners, so bit 0 stays clear:
//! 2^15 = 32768 layouts.

use super::bitboard::{ALL, reach};
use super::position::Ataxx;
use super::{Bitboard, WallsError};
use crate::games::debug_as_display;
use std::fmt;
use std::str::FromStr;

/// A wall layout: a 16-bit mask of the top-left quadrant, mirrored into the four quadrants.
///
/// The design's examples are `0x7888` (a cross along rank 4 and file d, the centre open),
/// `0x01A2` and `0x8124`.
///
/// ```
/// use ponder::games::ataxx::WallMask;
/// let cross: WallMask = "0x7888".parse().unwrap();
/// let blocked: Vec<String> = cross.blockers().iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(blocked, ["d1", "d2", "d3", "a4", "b4", "c4", "e4", "f4", "g4", "d5", "d6", "d7"]);
/// assert!(cross.leaves_both_players_a_move());
/// assert!(WallMask::new(0x0001).is_err()); // a7 is where x starts
/// assert_eq!(WallMask::all().count(), 32768);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct WallMask(u16);

impl WallMask {
    /// No walls: the standard board.
    pub const NONE: WallMask = WallMask(0);

    /// The layout with these bits; an error when bit 0 (the starting corners) is set.
    pub fn new(bits: u16) -> Result<WallMask, WallsError> {
        if bits & 1 != 0 {
            return Err(WallsError::BlocksCorner {
                mask: format!("{:#06x}", bits),
            });
        }
        Ok(WallMask(bits))
    }

    /// The 16 bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Every layout that keeps the starting corners free (bit 0 clear), in increasing order.
    pub fn all() -> impl Iterator<Item = WallMask> {
        (0..=u16::MAX).step_by(2).map(WallMask)
    }

    /// The layouts of [`WallMask::all`] that leave both players a first move.
    pub fn playable() -> impl Iterator<Item = WallMask> {
        WallMask::all().filter(|mask| mask.leaves_both_players_a_move())
    }

    /// The blocked squares of the whole board.
    pub fn blockers(self) -> Bitboard {
        Bitboard::from_bits(self.blocker_bits()).unwrap_or_default()
    }

    /// The blocked squares' bits.
    pub(crate) const fn blocker_bits(self) -> u64 {
        let mut bits = 0u64;
        let mut cell = 0;
        while cell < 16 {
            if self.0 >> cell & 1 != 0 {
                let (row, col) = (cell / 4, cell % 4);
                let (top, bottom) = (6 - row, row); // rank indices, 0 = rank 1
                let (left, right) = (col, 6 - col);
                bits |= 1 << (top * 7 + left);
                bits |= 1 << (top * 7 + right);
                bits |= 1 << (bottom * 7 + left);
                bits |= 1 << (bottom * 7 + right);
            }
            cell += 1;
        }
        bits & ALL
    }

    /// The mask whose mirrored layout is exactly `blockers`, if there is one (the corners
    /// free, the four quadrants mirror images).
    pub fn from_blockers(blockers: Bitboard) -> Option<WallMask> {
        let mut bits = 0u16;
        for cell in 0..16u16 {
            let (row, col) = (cell / 4, cell % 4);
            if blockers.bits() >> ((6 - row) * 7 + col) & 1 != 0 {
                bits |= 1 << cell;
            }
        }
        let mask = WallMask::new(bits).ok()?;
        (mask.blocker_bits() == blockers.bits()).then_some(mask)
    }

    /// Whether both players have a move in the start position of this layout. (The layout is
    /// symmetric, so either both do or neither does: exactly when the eight squares around a
    /// corner, bits 1, 2, 4, 5, 6, 8, 9 and 10, are not all walls.)
    pub fn leaves_both_players_a_move(self) -> bool {
        let start = Ataxx::start_with_blockers(self.blocker_bits());
        let empty = start.empty().bits();
        [super::Seat::FIRST, super::Seat::SECOND]
            .iter()
            .all(|&seat| reach(start.stone_bits(seat)) & empty != 0)
    }
}

impl fmt::Display for WallMask {
    /// `0x` and four hexadecimal digits, e.g. `0x7888`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#06x}", self.0)
    }
}

debug_as_display!(WallMask);

impl FromStr for WallMask {
    type Err = WallsError;

    /// Reads `0x7888` (hexadecimal), `0b0111100010001000` (binary) or `30856` (decimal).
    fn from_str(text: &str) -> Result<WallMask, WallsError> {
        let text = text.trim();
        let parsed = if let Some(hex) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
            u16::from_str_radix(hex, 16)
        } else if let Some(bin) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
            u16::from_str_radix(bin, 2)
        } else {
            text.parse()
        };
        let bits =
            parsed
                .ok()
                .filter(|_| !text.contains('+'))
                .ok_or_else(|| WallsError::NotAMask {
                    found: text.to_string(),
                })?;
        WallMask::new(bits)
    }
}
