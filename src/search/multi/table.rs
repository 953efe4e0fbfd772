//! The multi-player search's table: a direct-mapped array of entries compared on the full
//! exact key (no false hits), replaced by depth. One search owns it (no sharing, no lock).

use crate::search::Bound;

/// One stored node.
#[derive(Copy, Clone, Debug)]
pub(super) struct Entry<M> {
    pub key: u128,
    pub depth: u32,
    pub bound: Bound,
    /// The utilities (max-n: every seat's; the others: the root seat's in slot 0).
    pub values: [i32; 4],
    pub best: Option<M>,
}

/// A fixed table of `entries` slots keyed by exact 128-bit keys.
pub struct MultiTable<M> {
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Copy> MultiTable<M> {
    /// A table of `entries` slots (at least one).
    pub fn new(entries: usize) -> MultiTable<M> {
        MultiTable {
            slots: vec![None; entries.max(1)],
        }
    }

    /// The slots of a table of at most `mib` MiB (at least one).
    pub fn entries_in(mib: usize) -> usize {
        ((mib << 20) / std::mem::size_of::<Option<Entry<M>>>()).max(1)
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: a table has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    #[inline]
    fn index(&self, key: u128) -> usize {
        let mixed = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hash = (mixed ^ (mixed >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`.
    #[inline]
    pub(super) fn probe(&self, key: u128) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|entry| entry.key == key)
    }

    /// Stores `entry` unless its slot holds a deeper entry of another key.
    #[inline]
    pub(super) fn save(&mut self, entry: Entry<M>) {
        let index = self.index(entry.key);
        let slot = &mut self.slots[index];
        if slot.is_none_or(|old| old.key == entry.key || old.depth <= entry.depth) {
            *slot = Some(entry);
        }
    }
}
