//! The solver's table: exact keys (the pits seen from the mover) with a lower and an upper
//! bound on the mover's future gain, in 16-byte entries, two to a bucket, shared by the
//! solver's threads without locks.
//!
//! Values do not depend on the stores or the path (Kalah has no repetition), so every bound
//! stored for a key is a true bound of one fixed value: a new bound is intersected with the
//! stored ones, and losing one to a concurrent store only loses information. Entry layout,
//! least significant bit first: lower bound + 128 (8 bits), upper bound + 128 (8), work (6:
//! log2 of the nodes below), best pit + 1 (4), key (102). An entry is two words: its low 64
//! bits, and its high 64 bits XOR the low ones; a read that pairs words of two different
//! stores fails the key check (unless 64 random bits agree), so threads never see a torn
//! entry as a bound.

use std::sync::atomic::{AtomicU64, Ordering};

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
    /// Two words an entry (see the module's comment), four a bucket.
    words: Box<[AtomicU64]>,
    /// Entries minus 2: masks an even entry index, the first of its bucket.
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
            words: zeroed_atomics(2 * size),
            mask: size - 2,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask
    }

    /// The entry at `slot` (0 when empty or torn by a concurrent store to another key).
    #[inline]
    fn load(&self, slot: usize) -> u128 {
        let low = self.words[2 * slot].load(Ordering::Relaxed);
        let high = self.words[2 * slot + 1].load(Ordering::Relaxed) ^ low;
        (u128::from(high) << 64) | u128::from(low)
    }

    #[inline]
    fn save(&self, slot: usize, entry: u128) {
        let low = entry as u64;
        self.words[2 * slot].store(low, Ordering::Relaxed);
        self.words[2 * slot + 1].store((entry >> 64) as u64 ^ low, Ordering::Relaxed);
    }

    /// Starts loading the bucket of `key` without waiting ([`crate::memory::prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, key: u128) {
        crate::memory::prefetch(&self.words[2 * self.bucket(key)]);
    }

    /// What is stored for `key` (never 0).
    #[inline]
    pub(super) fn probe(&self, key: u128) -> Option<Stored> {
        let bucket = self.bucket(key);
        (bucket..bucket + 2)
            .map(|slot| self.load(slot))
            .find(|&entry| entry >> 26 == key)
            .map(unpack)
    }

    /// Stores `[lower, upper]` for `key`, intersected with what is known, with the work
    /// (nodes searched) it cost.
    #[inline]
    pub(super) fn record(&self, key: u128, stored: Stored, nodes: u64) {
        let bucket = self.bucket(key);
        let work = (64 - nodes.leading_zeros()).min(63) as u128;
        for slot in bucket..bucket + 2 {
            let entry = self.load(slot);
            if entry >> 26 == key {
                let old = unpack(entry);
                let merged = Stored {
                    lower: stored.lower.max(old.lower),
                    upper: stored.upper.min(old.upper),
                    best: stored.best.or(old.best),
                };
                let old_work = (entry >> 16) & 63;
                self.save(slot, pack(key, merged, work.max(old_work)));
                return;
            }
        }
        let first_work = (self.load(bucket) >> 16) & 63;
        let slot = if work >= first_work {
            bucket
        } else {
            bucket + 1
        };
        self.save(slot, pack(key, stored, work));
    }
}

/// `count` words, all zero, allocated zeroed (pages are only touched when used) on huge
/// pages where the kernel offers them.
fn zeroed_atomics(count: usize) -> Box<[AtomicU64]> {
    // SAFETY: an all-zero AtomicU64 is a valid 0.
    unsafe { crate::memory::zeroed_slice(count) }
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
