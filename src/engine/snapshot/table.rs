//! The transposition table in a snapshot: its most valuable entries (by depth and age, as the
//! table's own replacement weighs them) within an entry budget, read while the table is in
//! use (it is lock-free), and stored back oldest first so that their ages stay in order.
//!
//! A snapshot's entries are of the width of the engine's table ([`TableWidth`]): a two-seat
//! engine's keep their 14-byte keys; a wide table's (three and four seats) keep keys of up to
//! 128 bits and the values of the second to fourth seats (max-n stores every seat's value).

use crate::games::Key;
use crate::search::table::{
    MoreValues, TableEntry, WorthHistogram, entry_worth, packed_generation,
};
use crate::search::{INFINITY, TableWidth, TranspositionTable};
use serde::{Deserialize, Serialize};

/// One entry of a narrow table as saved: its key and the table's packing of the entry, with
/// its age in generations where the packing keeps the generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SavedEntry {
    key: Key,
    data: u64,
}

/// One entry of a wide table as saved: its key of up to 128 bits, the packing as in
/// [`SavedEntry`], and the values of the second to fourth seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SavedWideEntry {
    key: u128,
    data: u64,
    more: MoreValues,
}

/// The table's part of a snapshot: entries of the width of the engine's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum SavedTable {
    /// A two-seat engine's.
    Narrow(Vec<SavedEntry>),
    /// An engine's of three or four seats.
    Wide(Vec<SavedWideEntry>),
}

impl SavedTable {
    /// How many entries it holds.
    pub(super) fn len(&self) -> usize {
        match self {
            SavedTable::Narrow(entries) => entries.len(),
            SavedTable::Wide(entries) => entries.len(),
        }
    }
}

/// An entry read back: what to store, and how many generations old it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AgedEntry {
    key: u128,
    entry: TableEntry,
    more: MoreValues,
    age: u8,
}

/// A snapshot's entries read back, oldest first, and the width of the table they are of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct AgedTable {
    width: TableWidth,
    entries: Vec<AgedEntry>,
}

impl AgedTable {
    /// The width of the table the entries are of.
    pub(super) fn width(&self) -> TableWidth {
        self.width
    }

    /// How many entries it holds.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The entries as saved.
    pub(super) fn saved(&self) -> SavedTable {
        let wide = self.entries.iter().map(|aged| SavedWideEntry {
            key: aged.key,
            data: aged.entry.pack(aged.age),
            more: aged.more,
        });
        to_width(wide, self.width)
    }
}

/// `entries` as a snapshot of a table of `width` holds them (a narrow one: the keys of up to
/// 112 bits, without the other seats' values).
fn to_width(entries: impl Iterator<Item = SavedWideEntry>, width: TableWidth) -> SavedTable {
    match width {
        TableWidth::Wide => SavedTable::Wide(entries.collect()),
        TableWidth::Narrow => SavedTable::Narrow(
            entries
                .filter_map(|saved| {
                    Some(SavedEntry {
                        key: Key::from_u128(saved.key)?,
                        data: saved.data,
                    })
                })
                .collect(),
        ),
    }
}

/// The at most `budget` entries of `table` most worth keeping, as a snapshot of an engine
/// whose table is of `width` holds them (a narrow snapshot leaves out keys of more than 112
/// bits): one pass counts them by worth, a second keeps those at or above the threshold that
/// stays within the budget.
pub(super) fn save_table(
    table: &TranspositionTable,
    width: TableWidth,
    budget: usize,
) -> SavedTable {
    let held = |key: u128| width == TableWidth::Wide || Key::from_u128(key).is_some();
    let mut histogram = WorthHistogram::default();
    table.for_each_seats(&mut |key, entry, _, age| {
        if held(key) {
            histogram.add(entry_worth(entry.depth, age));
        }
    });
    let threshold = histogram.threshold_keeping(budget);
    let mut saved = Vec::with_capacity(budget.min(histogram.total()));
    table.for_each_seats(&mut |key, entry, more, age| {
        if saved.len() < budget && held(key) && entry_worth(entry.depth, age) >= threshold {
            saved.push(SavedWideEntry {
                key,
                data: entry.pack(age),
                more,
            });
        }
    });
    to_width(saved.into_iter(), width)
}

/// The entries `saved` holds, checked (a known bound, a value inside the search's range),
/// oldest first.
pub(super) fn read_table(saved: &SavedTable) -> Result<AgedTable, String> {
    let (width, entries): (_, Vec<(u128, u64, MoreValues)>) = match saved {
        SavedTable::Narrow(entries) => (
            TableWidth::Narrow,
            entries
                .iter()
                .map(|saved| (saved.key.to_u128(), saved.data, MoreValues::default()))
                .collect(),
        ),
        SavedTable::Wide(entries) => (
            TableWidth::Wide,
            entries
                .iter()
                .map(|saved| (saved.key, saved.data, saved.more))
                .collect(),
        ),
    };
    let mut entries = entries
        .into_iter()
        .enumerate()
        .map(|(index, (key, data, more))| {
            let entry = TableEntry::unpack(data)
                .filter(|entry| entry.value.abs() < INFINITY)
                .ok_or_else(|| format!("table entry {index} is not a valid entry"))?;
            Ok(AgedEntry {
                key,
                entry,
                more,
                age: packed_generation(data),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    entries.sort_by_key(|aged| std::cmp::Reverse(aged.age));
    Ok(AgedTable { width, entries })
}

/// Stores `table`'s entries (oldest first) in `into`, starting a new generation wherever the
/// age drops, so that the table weighs them as it did.
pub(super) fn restore_table(into: &TranspositionTable, table: &AgedTable) {
    use crate::search::Table;
    let mut previous = table.entries.first().map(|aged| aged.age);
    for aged in &table.entries {
        if previous != Some(aged.age) {
            into.new_search();
            previous = Some(aged.age);
        }
        into.save_seats(aged.key, aged.entry, aged.more);
    }
}
