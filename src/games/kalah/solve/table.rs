//! The solver's table: exact keys (the pits seen from the mover) with a lower and an upper
//! bound on the mover's future gain, in 16-byte entries, two to a bucket.
//!
//! Values do not depend on the stores or the path (Kalah has no repetition), so every bound
//! stored for a key is a true bound of one fixed value: a new bound is intersected with the
//! stored ones. Entry layout, least significant bit first: lower bound + 128 (8 bits), upper
//! bound + 128 (8), work (6: log2 of the nodes below), best pit + 1 (4), key (102).

/// Bits of the key part of an entry.
pub(super) const KEY_BITS: u32 = 102;

/// What the table knows of a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Stored {
    /// A lower bound of the value.
    pub(super) lower: i32,
    /// An upper bound of the value.
    pub(super) upper: i32,
    /// The best pit found, if any.
    pub(super) best: Option<usize>,
}

/// A fixed array of two-entry buckets.
pub(super) struct SolveTable {
    entries: Vec<u128>,
    mask: usize,
}

impl SolveTable {
    /// A table of about `bytes` bytes (a power of two of entries, at least one bucket).
    pub(super) fn new(bytes: usize) -> SolveTable {
        let wanted = (bytes / 16).max(2);
        let size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        SolveTable {
            entries: vec![0; size],
            mask: size - 2,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.entries.len() * 16
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask
    }

    /// What is stored for `key` (never 0).
    #[inline]
    pub(super) fn probe(&self, key: u128) -> Option<Stored> {
        let bucket = self.bucket(key);
        self.entries[bucket..bucket + 2]
            .iter()
            .find(|&&entry| entry >> 26 == key)
            .map(|&entry| unpack(entry))
    }

    /// Stores `[lower, upper]` for `key`, intersected with what is known, with the work
    /// (nodes searched) it cost.
    #[inline]
    pub(super) fn store(&mut self, key: u128, stored: Stored, nodes: u64) {
        let bucket = self.bucket(key);
        let work = (64 - nodes.leading_zeros()).min(63) as u128;
        for slot in bucket..bucket + 2 {
            let entry = self.entries[slot];
            if entry >> 26 == key {
                let old = unpack(entry);
                let merged = Stored {
                    lower: stored.lower.max(old.lower),
                    upper: stored.upper.min(old.upper),
                    best: stored.best.or(old.best),
                };
                let old_work = (entry >> 16) & 63;
                self.entries[slot] = pack(key, merged, work.max(old_work));
                return;
            }
        }
        let first_work = (self.entries[bucket] >> 16) & 63;
        let slot = if work >= first_work {
            bucket
        } else {
            bucket + 1
        };
        self.entries[slot] = pack(key, stored, work);
    }
}

#[inline]
fn pack(key: u128, stored: Stored, work: u128) -> u128 {
    let best = stored.best.map_or(0, |pit| pit as u128 + 1);
    (key << 26)
        | (best << 22)
        | (work << 16)
        | (((stored.upper + 128) as u128) << 8)
        | (stored.lower + 128) as u128
}

#[inline]
fn unpack(entry: u128) -> Stored {
    let best = ((entry >> 22) & 15) as usize;
    Stored {
        lower: (entry & 255) as i32 - 128,
        upper: ((entry >> 8) & 255) as i32 - 128,
        best: best.checked_sub(1),
    }
}
