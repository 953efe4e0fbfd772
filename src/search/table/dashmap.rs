//! The alternative transposition table: a sharded concurrent hash map (DashMap) from the full
//! key to the packed entry, bounded by an entry count derived from the size in MiB. When full,
//! one thread sweeps out the entries least worth keeping (old generations, shallow depths);
//! stores that arrive during a sweep are dropped.

use super::Table;
use super::entry::{GENERATION_MASK, TableEntry, keep_move, keep_worth, replaces_same_key};
use crate::games::Key;
use dashmap::DashMap;
use parking_lot::Mutex;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

/// What one entry costs in a DashMap of (14-byte key, 8-byte entry) at a typical load, used to
/// turn a size in MiB into an entry bound (measured by the table benchmark's counting
/// allocator: see `docs/search.md`).
pub const DASHMAP_BYTES_PER_ENTRY: usize = 52;

/// A hasher for [`Key`]s: the key's own 64-bit mix, no SipHash.
#[derive(Default)]
pub struct KeyHasher {
    bits: u128,
    used: u32,
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if self.used < 128 {
                self.bits |= u128::from(byte) << self.used;
            }
            self.used += 8;
        }
    }

    #[inline]
    fn write_usize(&mut self, _length_prefix: usize) {}

    #[inline]
    fn finish(&self) -> u64 {
        match Key::from_u128(self.bits) {
            Some(key) => key.hash64(),
            None => (self.bits as u64) ^ ((self.bits >> 64) as u64),
        }
    }
}

/// A DashMap-based transposition table (see the module documentation).
///
/// ```
/// use ponder::search::{Bound, DashMapTable, Table, TableEntry};
/// use ponder::Key;
/// let table = DashMapTable::with_mib(1);
/// let key = Key::from_bytes([7; 14]);
/// let entry = TableEntry { value: -4, depth: 3, bound: Bound::Upper, move_index: None };
/// table.save(&key, entry);
/// assert_eq!(table.probe(&key), Some(entry));
/// ```
pub struct DashMapTable {
    map: DashMap<Key, u64, BuildHasherDefault<KeyHasher>>,
    max_entries: usize,
    len: AtomicUsize,
    generation: AtomicU8,
    sweeping: Mutex<()>,
}

impl DashMapTable {
    /// A table bounded to about `mib` MiB.
    pub fn with_mib(mib: usize) -> DashMapTable {
        DashMapTable::with_bytes(mib.saturating_mul(1 << 20))
    }

    /// A table bounded to about `bytes` bytes (at least 16 entries).
    pub fn with_bytes(bytes: usize) -> DashMapTable {
        DashMapTable {
            map: DashMap::default(),
            max_entries: (bytes / DASHMAP_BYTES_PER_ENTRY).max(16),
            len: AtomicUsize::new(0),
            generation: AtomicU8::new(0),
            sweeping: Mutex::new(()),
        }
    }

    /// Removes the entries least worth keeping until at most three quarters of the bound
    /// remain: one pass counts the entries by worth, a second removes those below the
    /// threshold that frees enough. Only one thread sweeps; others skip.
    fn make_room(&self) {
        let Some(_guard) = self.sweeping.try_lock() else {
            return;
        };
        let generation = self.generation.load(Ordering::Relaxed);
        let target = self.max_entries * 3 / 4;
        // Worths range from -8 * 63 (an old, shallow entry) to 255 (a deep current one).
        const LOWEST: i32 = -8 * GENERATION_MASK as i32;
        let mut histogram = [0usize; (256 - LOWEST) as usize];
        let mut held = 0usize;
        for item in self.map.iter() {
            let worth = keep_worth(*item.value(), generation).clamp(LOWEST, 255);
            histogram[(worth - LOWEST) as usize] += 1;
            held += 1;
        }
        let mut to_free = held.saturating_sub(target);
        let mut threshold = LOWEST;
        for count in histogram {
            if to_free == 0 {
                break;
            }
            to_free = to_free.saturating_sub(count);
            threshold += 1;
        }
        // Entries worth less than `threshold` go.
        self.map
            .retain(|_, data| keep_worth(*data, generation) >= threshold);
        self.len.store(self.map.len(), Ordering::Relaxed);
    }
}

impl Table for DashMapTable {
    #[inline]
    fn probe(&self, key: &Key) -> Option<TableEntry> {
        self.map.get(key).and_then(|data| TableEntry::unpack(*data))
    }

    fn save(&self, key: &Key, entry: TableEntry) {
        let generation = self.generation.load(Ordering::Relaxed);
        if let Some(mut data) = self.map.get_mut(key) {
            if replaces_same_key(*data, &entry, generation) {
                *data = keep_move(*data, entry).pack(generation);
            }
            return;
        }
        if self.len.load(Ordering::Relaxed) >= self.max_entries {
            self.make_room();
            if self.len.load(Ordering::Relaxed) >= self.max_entries {
                return;
            }
        }
        if self.map.insert(*key, entry.pack(generation)).is_none() {
            self.len.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn new_search(&self) {
        let next = self.generation.load(Ordering::Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.map.clear();
        self.len.store(0, Ordering::Relaxed);
    }

    fn capacity(&self) -> usize {
        self.max_entries
    }

    fn memory_bytes(&self) -> usize {
        self.max_entries * DASHMAP_BYTES_PER_ENTRY
    }

    fn hashfull_permille(&self) -> u32 {
        (self.len.load(Ordering::Relaxed) * 1000 / self.max_entries).min(1000) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::super::Bound;
    use super::*;

    #[test]
    fn stays_within_its_entry_bound() {
        let table = DashMapTable::with_bytes(DASHMAP_BYTES_PER_ENTRY * 100);
        for n in 0..10_000u128 {
            let entry = TableEntry {
                value: n as i32,
                depth: (n % 20) as u8,
                bound: Bound::Exact,
                move_index: None,
            };
            table.save(&Key::from_u128(n).unwrap(), entry);
        }
        assert!(table.map.len() <= 100);
        assert!(table.hashfull_permille() <= 1000);
        for n in 0..10_000u128 {
            if let Some(found) = table.probe(&Key::from_u128(n).unwrap()) {
                assert_eq!(found.value, n as i32);
            }
        }
    }
}
