//! Byte-lane arithmetic on boards of up to 16 pits held in a `u128` (one byte a pit): sowing
//! becomes one addition, counting non-empty houses one population count.

use super::position::Pits;

/// The most pits the lane arithmetic handles (8 houses a side).
pub(crate) const LANES: usize = 16;

/// `ONES[k]`: a 1 in each of the low `k` bytes.
const ONES: [u128; LANES + 1] = {
    let mut table = [0u128; LANES + 1];
    let mut k = 1;
    while k <= LANES {
        table[k] = table[k - 1] | (1u128 << (8 * (k - 1)));
        k += 1;
    }
    table
};

/// The first 16 pits as lanes.
#[inline(always)]
pub(crate) fn to_lanes(board: &Pits) -> u128 {
    let mut bytes = [0u8; LANES];
    bytes.copy_from_slice(&board[..LANES]);
    u128::from_le_bytes(bytes)
}

/// Writes lanes back into the first 16 pits.
#[inline(always)]
pub(crate) fn write_lanes(board: &mut Pits, lanes: u128) {
    board[..LANES].copy_from_slice(&lanes.to_le_bytes());
}

/// One seed in each of the `count` pits from `start` on, around a ring of `pits` pits
/// (`start < pits <= 16`, `count < pits`).
#[inline(always)]
pub(crate) fn ring_ones(start: usize, count: usize, pits: usize) -> u128 {
    // Without a branch: the part up to the end of the ring, then what wraps to pit 0 (none
    // when the run does not wrap, as ONES[0] is 0).
    let end = start + count;
    (ONES[count.min(pits - start)] << (8 * start)) | ONES[end.saturating_sub(pits)]
}

/// One seed in each of the first `pits` pits but `origin`.
#[inline(always)]
pub(crate) fn all_but(origin: usize, pits: usize) -> u128 {
    ONES[pits] ^ (1u128 << (8 * origin))
}

/// The `houses <= 8` pits from `start` (`start + 8 <= 20`), as a `u64` of lanes.
#[inline(always)]
pub(crate) fn row(board: &Pits, start: usize, houses: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&board[start..start + 8]);
    let mask = if houses >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * houses)) - 1
    };
    u64::from_le_bytes(bytes) & mask
}

/// A bit 7 set in each non-zero byte of `row` (bytes at most 127 are exact; larger ones are
/// non-zero as well).
#[inline(always)]
pub(crate) fn nonzero_bytes(row: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((row & LOW7) + LOW7) | row) & !LOW7
}

/// Gathers bit 7 of each byte of `flags` (as [`nonzero_bytes`] sets them) into bit `i` for
/// byte `i`.
#[inline(always)]
pub(crate) fn byte_flags_to_bits(flags: u64) -> u32 {
    // Byte i's flag, moved to bit 8i, is multiplied onto bit 56 + i; no two terms collide.
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_ones_wraps() {
        assert_eq!(ring_ones(10, 3, 12), 0x01 | (0x0101u128 << 80));
        assert_eq!(ring_ones(0, 0, 12), 0);
        assert_eq!(ring_ones(4, 11, 16), ONES[11] << 32);
        assert_eq!(ring_ones(15, 15, 16), (1u128 << 120) | ONES[14]);
    }

    #[test]
    fn byte_flags_gather_in_order() {
        for bits in 0..=255u32 {
            let row: u64 = (0..8)
                .map(|i| (u64::from((bits >> i) & 1) * 3) << (8 * i))
                .sum();
            assert_eq!(byte_flags_to_bits(nonzero_bytes(row)), bits);
        }
    }

    #[test]
    fn nonzero_bytes_marks_every_nonzero_byte() {
        for value in 0..=255u64 {
            let row = value << 16 | 0x05;
            assert_eq!(nonzero_bytes(row).count_ones(), 1 + u32::from(value != 0));
        }
    }
}
