//! The exact keys of multi-seat positions: 14 bytes for 2 and 3 seats, 16 bytes for 4.
//!
//! The blockers are not in the key: they come from the configuration (keys are compared only
//! between positions of one configuration), so a blocked square is written as an empty one.
//!
//! **Two and three seats** ([`crate::Game::key`], 107 of the 112 bits): square `i` (`a1` = 0
//! .. `g7` = 48) in bits `2i..2i+1` (0 empty or blocked, 1 to 3 the seat's stone), the seat
//! to move (0 to 2) in bits 98-99, the halfmove clock (0 to 100) in bits 100-106.
//!
//! **Four seats** ([`AtaxxSeats::wide_key`], 123 bits, 16 bytes): five states a square do not
//! fit two bits, and `5^49` board patterns (113.8 bits) with 4 seats to move and 101 clock
//! values need 122.4 bits, so no exact key fits 14 bytes. The squares are the digits of a
//! base-5 number (square `i` is digit `i`: 0 empty or blocked, 1 to 4 the seat) in bits
//! 0..113, the seat to move in bits 114-115, the clock in bits 116-122. For two and three
//! seats [`AtaxxSeats::wide_key`] is the 14-byte key as a number.
//!
//! The fullmove number is not in the keys: it never changes what can happen.

use super::super::key::SPREAD;
use super::AtaxxSeats;
use super::position::SEATS_HALFMOVE_LIMIT;
use crate::games::{GameError, Key, Seat};

/// Bits of the four-seat board number (`5^49 < 2^114`).
const BASE5_BITS: u32 = 114;

/// `BASE5[k][pattern]`: the sum of `5^(7k + j)` over the bits `j` of a 7-bit pattern.
static BASE5: [[u128; 128]; 7] = {
    let mut table = [[0u128; 128]; 7];
    let mut chunk = 0;
    while chunk < 7 {
        let mut pattern = 0;
        while pattern < 128 {
            let mut value = 0u128;
            let mut bit = 0;
            while bit < 7 {
                if pattern >> bit & 1 != 0 {
                    value += 5u128.pow(7 * chunk as u32 + bit);
                }
                bit += 1;
            }
            table[chunk][pattern] = value;
            pattern += 1;
        }
        chunk += 1;
    }
    table
};

/// Each bit `i` of a 49-bit board at bit `2i`.
#[inline(always)]
fn spread(board: u64) -> u128 {
    let mut value = 0u128;
    for chunk in 0..7 {
        let pattern = (board >> (7 * chunk)) as usize & 127;
        value |= u128::from(SPREAD[pattern]) << (14 * chunk);
    }
    value
}

/// The sum of `5^i` over the bits `i` of a 49-bit board.
#[inline(always)]
fn base5(board: u64) -> u128 {
    let mut value = 0u128;
    for (chunk, table) in BASE5.iter().enumerate() {
        value += table[(board >> (7 * chunk)) as usize & 127];
    }
    value
}

/// The exact key of a position of 2 or 3 seats (see the module documentation).
#[inline]
pub(super) fn encode(position: &AtaxxSeats) -> Key {
    Key::from_u128(small_key(position)).unwrap_or_default()
}

/// The two- and three-seat layout as a number (107 bits).
#[inline]
fn small_key(position: &AtaxxSeats) -> u128 {
    let mut board = 0u128;
    for (seat, &stones) in position.stones[..3].iter().enumerate() {
        board |= spread(stones) * (seat as u128 + 1);
    }
    board | u128::from(position.turn) << 98 | u128::from(position.halfmove) << 100
}

/// The exact key as a number: [`encode`]'s layout for 2 and 3 seats, the base-5 layout for 4.
#[inline]
pub(super) fn wide(position: &AtaxxSeats) -> u128 {
    if position.players < 4 {
        return small_key(position);
    }
    let mut board = 0u128;
    for (seat, &stones) in position.stones.iter().enumerate() {
        board += base5(stones) * (seat as u128 + 1);
    }
    board
        | u128::from(position.turn) << BASE5_BITS
        | u128::from(position.halfmove) << (BASE5_BITS + 2)
}

/// The position of `players` seats with these blockers that `value` encodes ([`wide`]'s
/// layout), or an error naming what no position encodes to.
pub(super) fn decode(players: usize, blockers: u64, value: u128) -> Result<AtaxxSeats, GameError> {
    let (mut board, turn, halfmove, rest) = if players < 4 {
        let board = value & ((1u128 << 98) - 1);
        (board, (value >> 98) & 3, (value >> 100) & 127, value >> 107)
    } else {
        let board = value & ((1u128 << BASE5_BITS) - 1);
        let turn = (value >> BASE5_BITS) & 3;
        let clock = (value >> (BASE5_BITS + 2)) & 127;
        (board, turn, clock, value >> (BASE5_BITS + 9))
    };
    let bad = |what: String| Err(GameError::Key(what));
    if rest != 0 {
        return bad("bits above the layout are set".to_string());
    }
    if turn as usize >= players {
        return bad(format!("seat to move {} of {players}", turn + 1));
    }
    if halfmove > u128::from(SEATS_HALFMOVE_LIMIT) {
        return bad(format!(
            "halfmove clock {halfmove} is above {SEATS_HALFMOVE_LIMIT}"
        ));
    }
    let (base, width) = if players < 4 { (4u128, 2) } else { (5u128, 0) };
    let mut stones = [0u64; Seat::MAX];
    for square in 0..49 {
        let digit = if width == 2 {
            (board >> (2 * square)) & 3
        } else {
            let digit = board % base;
            board /= base;
            digit
        };
        if digit == 0 {
            continue;
        }
        let seat = digit as usize - 1;
        if seat >= players || blockers >> square & 1 != 0 {
            return bad(format!(
                "square {square} holds a stone of seat {}",
                seat + 1
            ));
        }
        stones[seat] |= 1 << square;
    }
    if width == 0 && board != 0 {
        return bad("the board number is 5^49 or more".to_string());
    }
    let position = AtaxxSeats {
        stones,
        blockers,
        halfmove: halfmove as u8,
        turn: turn as u8,
        players: players as u8,
        fullmove: 1,
    };
    if stones[turn as usize] == 0 && position.ending().is_none() {
        return bad(format!("seat {} is to move but has no stones", turn + 1));
    }
    Ok(position)
}
