//! The positions the solver's threads are searching right now, for the deferral of simplified
//! ABDADA (Kerrigan): a thread about to search a move that another thread is already
//! searching puts it off until its other moves are done, by which time the other thread has
//! usually left its bound in the table. So at nodes where every move must be searched the
//! threads spread over the moves, while at nodes that cut off at their first move they all
//! search that move, as one thread would.
//!
//! A slot holds the folded key of one position being searched (0: none). Two positions that
//! share a slot only make a thread put off a move it could have searched at once: the answer
//! never depends on this table.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots (a power of two): far more than the nodes on the threads' paths.
const SLOTS: usize = 1 << 14;

/// The positions being searched, by folded key.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    /// An empty table.
    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The slot and the nonzero tag of `key`.
    #[inline]
    fn place(key: u128) -> (usize, u64) {
        let folded = ((key as u64) ^ ((key >> 64) as u64).rotate_left(17))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((folded >> 40) as usize & (SLOTS - 1), folded | 1)
    }

    /// Forgets every position.
    pub(super) fn clear(&self) {
        for slot in &self.slots[..] {
            slot.store(0, Ordering::Relaxed);
        }
    }

    /// Notes that a thread searches `key`.
    #[inline]
    pub(super) fn enter(&self, key: u128) {
        let (slot, tag) = Busy::place(key);
        self.slots[slot].store(tag, Ordering::Relaxed);
    }

    /// Notes that the search of `key` ended (unless another position took the slot since).
    #[inline]
    pub(super) fn leave(&self, key: u128) {
        let (slot, tag) = Busy::place(key);
        let _ = self.slots[slot].compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some thread searches `key`.
    #[inline]
    pub(super) fn contains(&self, key: u128) -> bool {
        let (slot, tag) = Busy::place(key);
        self.slots[slot].load(Ordering::Relaxed) == tag
    }
}
