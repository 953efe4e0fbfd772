//! The default transposition table ([`LockFreeTable`]): a fixed array of two-slot buckets,
//! each slot a seqlock over three atomic words holding the full 112-bit key and the packed
//! entry. No lock, no
//! allocation after construction, no false hit (the key is compared in full and a torn read is
//! detected and treated as a miss), replacement by depth and age.
//!
//! The same table with one more word a slot ([`WideTable`]) holds keys of up to 128 bits (the
//! seated search's positions: four-seat Ataxx needs 123 bits, and the search adds the root
//! seat and the algorithm) and, besides the entry, the values of the second to fourth seats
//! ([`MoreValues`]: max-n stores every seat's value). Games' 14-byte keys keep the narrow
//! slots. Both are one [`SeqlockTable`] generic over the extra words, with one constructor
//! (`with_mib`, `with_bytes`) that each alias names.

use super::Table;
use super::entry::{
    GENERATION_MASK, MoreValues, TableEntry, keep_move, keep_worth, pack_more, replaces_same_key,
    unpack_more,
};
use crate::games::Key;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering, fence};

/// Slots per bucket: a probe looks at every slot of one bucket.
const SLOTS: usize = 2;

/// The 48 key bits above the low 64.
const KEY_HIGH_MASK: u64 = (1 << 48) - 1;

/// The key bits above bit 112, in the low 16 bits of a wide slot's extra word.
const KEY_TOP_MASK: u64 = 0xFFFF;

/// One entry: `lock` holds a 16-bit sequence number (odd while a writer is inside) above the
/// key's bits 64..112; `key_low` the key's low 64 bits; `data` the packed [`TableEntry`];
/// `extra` (wide slots: `EXTRA` = 1) the key's bits 112..128 in its low 16 bits and the packed
/// [`MoreValues`] above them.
#[repr(C)]
struct Slot<const EXTRA: usize> {
    lock: AtomicU64,
    key_low: AtomicU64,
    data: AtomicU64,
    extra: [AtomicU64; EXTRA],
}

#[repr(C)]
struct Bucket<const EXTRA: usize> {
    slots: [Slot<EXTRA>; SLOTS],
}

/// A fixed-size, lock-free transposition table (see the module documentation) of slots
/// `EXTRA` words wider than the three a narrow slot needs: used as [`LockFreeTable`] (`EXTRA`
/// 0: keys of up to 112 bits) and [`WideTable`] (1: keys of up to 128 bits, every seat's
/// value), which name it at every call site (`LockFreeTable::with_mib(16)`,
/// `WideTable::with_mib(16)`).
pub struct SeqlockTable<const EXTRA: usize> {
    buckets: Box<[Bucket<EXTRA>]>,
    generation: AtomicU8,
}

/// The default table: keys of up to 112 bits (games' 14-byte keys), one value.
///
/// ```
/// use ponder::search::{Bound, LockFreeTable, Table, TableEntry};
/// use ponder::Key;
/// let table = LockFreeTable::with_mib(1);
/// let key = Key::from_bytes([7; 14]);
/// let entry = TableEntry { value: 12, depth: 5, bound: Bound::Exact, move_index: Some(2) };
/// table.save(&key, entry);
/// assert_eq!(table.probe(&key), Some(entry));
/// assert_eq!(table.probe(&Key::from_bytes([8; 14])), None);
/// ```
pub type LockFreeTable = SeqlockTable<0>;

/// The lock-free table with keys of up to 128 bits and entries with every seat's value: what
/// the seated search (three and four seats) keeps its results in.
///
/// ```
/// use ponder::search::{Bound, TableEntry, WideTable};
/// let table = WideTable::with_mib(1);
/// let key = 5u128 << 120 | 9;
/// let entry = TableEntry { value: 12, depth: 5, bound: Bound::Exact, move_index: Some(2) };
/// table.save_bits(key, entry, [-3, 4, 1000]);
/// assert_eq!(table.probe_bits(key), Some((entry, [-3, 4, 1000])));
/// assert_eq!(table.probe_bits(9), None);
/// ```
pub type WideTable = SeqlockTable<1>;

impl<const EXTRA: usize> SeqlockTable<EXTRA> {
    /// The bytes of one bucket (its slots hold the entries).
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket<EXTRA>>();

    /// The slots of a table of at most `bytes` bytes.
    pub fn slots_in(bytes: usize) -> usize {
        (bytes / Self::BUCKET_BYTES).max(1) * SLOTS
    }

    /// A table of at most `mib` MiB (at least one bucket).
    pub fn with_mib(mib: usize) -> SeqlockTable<EXTRA> {
        SeqlockTable::with_bytes(mib.saturating_mul(1 << 20))
    }

    /// A table of at most `bytes` bytes (at least one bucket).
    pub fn with_bytes(bytes: usize) -> SeqlockTable<EXTRA> {
        let count = Self::slots_in(bytes) / SLOTS;
        SeqlockTable {
            buckets: zeroed_buckets(count),
            generation: AtomicU8::new(0),
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> &Bucket<EXTRA> {
        // Multiply-shift maps the hash onto any bucket count without a modulo.
        let index = ((u128::from(hash64(key)) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The entry stored for exactly `key` and the values of the second to fourth seats stored
    /// with it (zeros in narrow slots). A key of more than 112 bits is never found in narrow
    /// slots.
    #[inline]
    pub fn probe_bits(&self, key: u128) -> Option<(TableEntry, MoreValues)> {
        let (key_low, key_high, key_top) = split_key(key);
        if EXTRA == 0 && key_top != 0 {
            return None;
        }
        for slot in &self.bucket(key).slots {
            if slot.lock.load(Ordering::Relaxed) & KEY_HIGH_MASK != key_high {
                continue;
            }
            if let Some((low, high, data, extra)) = slot.read() {
                if low == key_low && high == key_high && extra & KEY_TOP_MASK == key_top {
                    return TableEntry::unpack(data).map(|entry| (entry, unpack_more(extra >> 16)));
                }
            }
        }
        None
    }

    /// Stores `entry` (and, in wide slots, the values of the second to fourth seats) for
    /// `key`, subject to the replacement policy. A key of more than 112 bits is not stored in
    /// narrow slots.
    #[inline]
    pub fn save_bits(&self, key: u128, entry: TableEntry, more: MoreValues) {
        let (key_low, key_high, key_top) = split_key(key);
        if EXTRA == 0 && key_top != 0 {
            return;
        }
        let extra = key_top | pack_more(more) << 16;
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, slot) in bucket.slots.iter().enumerate() {
            // A racy look is enough to choose where to write.
            let high = slot.lock.load(Ordering::Relaxed) & KEY_HIGH_MASK;
            let low = slot.key_low.load(Ordering::Relaxed);
            let data = slot.data.load(Ordering::Relaxed);
            let top = slot.extra_word() & KEY_TOP_MASK;
            if high == key_high
                && low == key_low
                && top == key_top
                && super::entry::packed_is_used(data)
            {
                if !replaces_same_key(data, &entry, generation) {
                    return;
                }
                let entry = keep_move(data, entry);
                slot.write(key_low, key_high, entry.pack(generation), extra);
                return;
            }
            let worth = keep_worth(data, generation);
            if worth < victim_worth {
                victim_worth = worth;
                victim = index;
            }
        }
        bucket.slots[victim].write(key_low, key_high, entry.pack(generation), extra);
    }

    /// Hands `visit` every entry with its key as a number, the values of the second to fourth
    /// seats (zeros in narrow slots) and its age in generations: [`Table::for_each_entry`]
    /// with every key and every seat's value. For snapshots, not for the search.
    pub fn for_each_bits(&self, visit: &mut dyn FnMut(u128, TableEntry, MoreValues, u8)) {
        let generation = self.generation.load(Ordering::Relaxed);
        for slot in self.buckets.iter().flat_map(|bucket| bucket.slots.iter()) {
            let Some((low, high, data, extra)) = slot.read() else {
                continue;
            };
            let top = u128::from(extra & KEY_TOP_MASK) << 112;
            let key = u128::from(low) | (u128::from(high) << 64) | top;
            if let Some(entry) = TableEntry::unpack(data) {
                let age = super::entry::packed_age(data, generation);
                visit(key, entry, unpack_more(extra >> 16), age);
            }
        }
    }
}

/// A boxed slice of `count` all-zero buckets, allocated zeroed (pages are only touched when
/// used, so a large table costs nothing until it fills) and backed by huge pages where the
/// kernel offers them (random probes then miss the TLB far less).
fn zeroed_buckets<const EXTRA: usize>(count: usize) -> Box<[Bucket<EXTRA>]> {
    // SAFETY: a Bucket is only atomic integer fields, for which all-zero bytes are valid.
    unsafe { crate::memory::zeroed_slice(count) }
}

/// The key's 64-bit hash: [`Key::hash64`] for keys of up to 112 bits, which it is (the same
/// mix of the low and the high 64 bits).
#[inline]
fn hash64(key: u128) -> u64 {
    Key::hash_bits(key)
}

/// The key's bits 0..64, 64..112 and 112..128.
#[inline]
fn split_key(key: u128) -> (u64, u64, u64) {
    (
        key as u64,
        (key >> 64) as u64 & KEY_HIGH_MASK,
        (key >> 112) as u64,
    )
}

impl<const EXTRA: usize> Slot<EXTRA> {
    /// The extra word (0 for narrow slots).
    #[inline]
    fn extra_word(&self) -> u64 {
        self.extra
            .first()
            .map_or(0, |word| word.load(Ordering::Relaxed))
    }

    /// A consistent snapshot of `(key_low, key_high, data, extra)`, or `None` while a writer
    /// is inside or when a write raced the read.
    #[inline]
    fn read(&self) -> Option<(u64, u64, u64, u64)> {
        let before = self.lock.load(Ordering::Acquire);
        if (before >> 48) & 1 == 1 {
            return None;
        }
        let key_low = self.key_low.load(Ordering::Relaxed);
        let data = self.data.load(Ordering::Relaxed);
        let extra = self.extra_word();
        fence(Ordering::Acquire);
        let after = self.lock.load(Ordering::Relaxed);
        (before == after).then_some((key_low, before & KEY_HIGH_MASK, data, extra))
    }

    /// Writes the slot unless another writer is inside (then the write is dropped: the table
    /// never waits).
    #[inline]
    fn write(&self, key_low: u64, key_high: u64, data: u64, extra: u64) {
        let current = self.lock.load(Ordering::Relaxed);
        let sequence = current >> 48;
        if sequence & 1 == 1 {
            return;
        }
        let locked = (((sequence + 1) & 0xFFFF) << 48) | (current & KEY_HIGH_MASK);
        if self
            .lock
            .compare_exchange(current, locked, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        self.key_low.store(key_low, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
        for word in &self.extra {
            word.store(extra, Ordering::Relaxed);
        }
        let unlocked = (((sequence + 2) & 0xFFFF) << 48) | key_high;
        self.lock.store(unlocked, Ordering::Release);
    }
}

impl<const EXTRA: usize> Table for SeqlockTable<EXTRA> {
    #[inline]
    fn probe(&self, key: &Key) -> Option<TableEntry> {
        self.probe_bits(key.to_u128()).map(|(entry, _)| entry)
    }

    #[inline]
    fn save(&self, key: &Key, entry: TableEntry) {
        self.save_bits(key.to_u128(), entry, MoreValues::default());
    }

    fn new_search(&self) {
        let next = self.generation.load(Ordering::Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn clear(&self) {
        for bucket in self.buckets.iter() {
            for slot in &bucket.slots {
                slot.lock.store(0, Ordering::Relaxed);
                slot.key_low.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
                for word in &slot.extra {
                    word.store(0, Ordering::Relaxed);
                }
            }
        }
    }

    fn prefault(&self) {
        crate::memory::touch_every_page(&self.buckets, |bucket| {
            // Zero for zero: a write to an untouched (all-zero) page, no change to an entry.
            let lock = &bucket.slots[0].lock;
            let _ = lock.compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
        });
    }

    fn capacity(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    fn memory_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.buckets)
    }

    fn for_each_entry(&self, visit: &mut dyn FnMut(&Key, TableEntry, u8)) {
        // Keys of more than 112 bits (a wide table's) are no `Key`: left out.
        self.for_each_bits(&mut |bits, entry, _, age| {
            if let Some(key) = Key::from_u128(bits) {
                visit(&key, entry, age);
            }
        });
    }

    fn hashfull_permille(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|bucket| bucket.slots.iter())
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                super::entry::packed_is_used(data)
                    && super::entry::packed_age(data, generation) == 0
            })
            .count();
        (used * 1000 / (sample * SLOTS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::super::Bound;
    use super::*;

    fn key(n: u128) -> Key {
        Key::from_u128(n).unwrap()
    }

    fn entry(depth: u8, value: i32) -> TableEntry {
        TableEntry {
            value,
            depth,
            bound: Bound::Lower,
            move_index: Some(1),
        }
    }

    #[test]
    fn size_is_bounded() {
        let table = LockFreeTable::with_mib(1);
        assert!(table.memory_bytes() <= 1 << 20);
        assert!(table.memory_bytes() > (1 << 20) - 48);
        assert_eq!(std::mem::size_of::<Bucket<0>>(), 48);
        assert_eq!(std::mem::size_of::<Bucket<1>>(), 64);
        assert_eq!(LockFreeTable::with_bytes(0).capacity(), SLOTS);
    }

    #[test]
    fn prefaulting_keeps_every_entry() {
        let table = LockFreeTable::with_mib(1);
        let keys: Vec<Key> = (0..2000u128).map(|n| key(n * 7919 + 1)).collect();
        for (index, k) in keys.iter().enumerate() {
            table.save(k, entry(3, index as i32));
        }
        let before: Vec<_> = keys.iter().map(|k| table.probe(k)).collect();
        assert!(before.iter().filter(|found| found.is_some()).count() > 1500);
        table.prefault();
        let after: Vec<_> = keys.iter().map(|k| table.probe(k)).collect();
        assert_eq!(before, after);
    }

    #[test]
    fn keys_differing_only_in_high_bits_do_not_collide() {
        // A table of one bucket: every key competes for the same two slots.
        let table = LockFreeTable::with_bytes(1);
        let a = key(5);
        let b = key(5 | (1 << 100));
        table.save(&a, entry(3, 1));
        table.save(&b, entry(3, 2));
        assert_eq!(table.probe(&a).map(|e| e.value), Some(1));
        assert_eq!(table.probe(&b).map(|e| e.value), Some(2));
        let c = key(6);
        table.save(&c, entry(4, 3));
        // One of a, b was replaced; whatever is found is the right entry.
        for (k, v) in [(a, 1), (b, 2), (c, 3)] {
            if let Some(found) = table.probe(&k) {
                assert_eq!(found.value, v);
            }
        }
        assert_eq!(table.probe(&c).map(|e| e.value), Some(3));
    }

    #[test]
    fn wide_keys_are_compared_in_full_and_never_enter_narrow_slots() {
        let wide = WideTable::with_bytes(1);
        let narrow = LockFreeTable::with_bytes(1);
        let low = 5 | 1 << 100;
        // The same low 112 bits, different bits above.
        let (a, b) = (low | 1 << 112, low | 1 << 127);
        wide.save_bits(a, entry(3, 1), [1, -2, 3]);
        wide.save_bits(b, entry(3, 2), [-4, 5, -6]);
        assert_eq!(wide.probe_bits(a), Some((entry(3, 1), [1, -2, 3])));
        assert_eq!(wide.probe_bits(b), Some((entry(3, 2), [-4, 5, -6])));
        assert_eq!(wide.probe_bits(low), None);
        narrow.save_bits(a, entry(3, 1), [0; 3]);
        assert_eq!(narrow.probe_bits(a), None);
        assert_eq!(narrow.probe_bits(low), None);
        narrow.save_bits(low, entry(3, 7), [0; 3]);
        assert_eq!(narrow.probe(&key(low)).map(|e| e.value), Some(7));
        assert_eq!(narrow.probe_bits(a), None);
    }

    #[test]
    fn replacement_keeps_the_deep_entry_of_this_search() {
        let table = LockFreeTable::with_bytes(1);
        table.save(&key(1), entry(10, 1));
        table.save(&key(2), entry(1, 2));
        table.save(&key(3), entry(2, 3));
        assert!(table.probe(&key(1)).is_some());
        assert!(table.probe(&key(2)).is_none());
        // After a few searches the deep entry is old and gives way.
        for _ in 0..3 {
            table.new_search();
        }
        table.save(&key(4), entry(1, 4));
        table.save(&key(5), entry(1, 5));
        assert!(table.probe(&key(1)).is_none());
        table.clear();
        assert!(table.probe(&key(5)).is_none());
    }

    /// Two threads hammer a tiny table with entries whose value (and, in wide slots, other
    /// seats' values) are a function of the key, keys `n | n << shift`; every hit must carry
    /// its own key's values.
    fn hammer<const EXTRA: usize>(table: &SeqlockTable<EXTRA>, shift: u32) {
        let more = |n: u128| match EXTRA {
            0 => [0; 3],
            _ => [n as i16, -(n as i16), 3 * n as i16],
        };
        std::thread::scope(|scope| {
            for thread in 0..2u128 {
                scope.spawn(move || {
                    for round in 0..200_000u128 {
                        let n = (round * 7 + thread * 13) % 97;
                        let k = n | n << shift;
                        table.save_bits(k, entry((n % 50) as u8, n as i32 * 3), more(n));
                        let m = (round * 11) % 97;
                        if let Some((found, values)) = table.probe_bits(m | m << shift) {
                            assert_eq!((found.value, values), (m as i32 * 3, more(m)));
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn concurrent_writers_never_produce_a_wrong_entry() {
        hammer(&LockFreeTable::with_bytes(48 * 4), 70);
        hammer(&WideTable::with_bytes(64 * 4), 115);
    }
}
