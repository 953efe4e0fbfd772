//! The transposition table in a snapshot: its most valuable entries (by depth and age, as the
//! table's own replacement weighs them) within an entry budget, read while the table is in
//! use (it is lock-free), and stored back oldest first so that their ages stay in order.

use crate::games::Key;
use crate::search::table::{TableEntry, WorthHistogram, entry_worth, packed_generation};
use crate::search::{INFINITY, Table};
use serde::{Deserialize, Serialize};

/// One entry as saved: its key and the table's packing of the entry, with its age in
/// generations where the packing keeps the generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SavedEntry {
    key: Key,
    data: u64,
}

/// An entry read back: what to store, and how many generations old it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AgedEntry {
    key: Key,
    entry: TableEntry,
    age: u8,
}

impl AgedEntry {
    /// The entry as saved.
    pub(super) fn saved(&self) -> SavedEntry {
        SavedEntry {
            key: self.key,
            data: self.entry.pack(self.age),
        }
    }
}

/// The at most `budget` entries of `table` most worth keeping: one pass counts them by
/// worth, a second keeps those at or above the threshold that stays within the budget.
pub(super) fn save_table(table: &dyn Table, budget: usize) -> Vec<SavedEntry> {
    let mut histogram = WorthHistogram::default();
    table.for_each_entry(&mut |_, entry, age| histogram.add(entry_worth(entry.depth, age)));
    let threshold = histogram.threshold_keeping(budget);
    let mut saved = Vec::with_capacity(budget.min(histogram.total()));
    table.for_each_entry(&mut |key, entry, age| {
        if saved.len() < budget && entry_worth(entry.depth, age) >= threshold {
            saved.push(SavedEntry {
                key: *key,
                data: entry.pack(age),
            });
        }
    });
    saved
}

/// The entries `saved` holds, checked (a known bound, a value inside the search's range),
/// oldest first.
pub(super) fn read_table(saved: &[SavedEntry]) -> Result<Vec<AgedEntry>, String> {
    let mut entries = saved
        .iter()
        .enumerate()
        .map(|(index, saved)| {
            let entry = TableEntry::unpack(saved.data)
                .filter(|entry| entry.value.abs() < INFINITY)
                .ok_or_else(|| format!("table entry {index} is not a valid entry"))?;
            Ok(AgedEntry {
                key: saved.key,
                entry,
                age: packed_generation(saved.data),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    entries.sort_by_key(|aged| std::cmp::Reverse(aged.age));
    Ok(entries)
}

/// Stores `entries` (oldest first) in `table`, starting a new generation wherever the age
/// drops, so that the table weighs them as it did.
pub(super) fn restore_table(table: &dyn Table, entries: &[AgedEntry]) {
    let mut previous = entries.first().map(|aged| aged.age);
    for aged in entries {
        if previous != Some(aged.age) {
            table.new_search();
            previous = Some(aged.age);
        }
        table.save(&aged.key, aged.entry);
    }
}
