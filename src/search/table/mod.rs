//! The transposition table shared by every search thread (and the engine's pondering thread):
//! exact 14-byte keys compared in full, a size bound in MiB, replacement by depth and age.
//!
//! Two implementations behind one [`Table`] trait: [`LockFreeTable`] (a fixed array of
//! seqlocked slots, the default) and [`DashMapTable`] (a sharded hash map, the measured
//! alternative). [`TranspositionTable`] holds either, chosen by [`TableKind`], and is what the
//! searchers share through an `Arc`; or a [`WideTable`], the lock-free table with keys of up
//! to 128 bits and every seat's value, for the seated search of three and four seats
//! ([`TranspositionTable::wide`]; searches reach every kind by the key as a number,
//! [`TranspositionTable::probe_bits`], [`Game::table_key`](crate::Game::table_key)).

mod dashmap;
mod entry;
mod lockfree;

pub use self::dashmap::{DASHMAP_BYTES_PER_ENTRY, DashMapTable, KeyHasher};
pub(crate) use entry::packed_generation;
pub use entry::{Bound, MoreValues, TableEntry, WorthHistogram, entry_worth};
pub use lockfree::{LockFreeTable, SeqlockTable, WideTable};

use crate::games::Key;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A concurrent transposition table: every method takes `&self` and may be called from any
/// number of threads at once.
pub trait Table: Send + Sync {
    /// The entry stored for exactly this key, if any.
    fn probe(&self, key: &Key) -> Option<TableEntry>;
    /// Stores an entry for the key, subject to the replacement policy (it may be dropped).
    fn save(&self, key: &Key, entry: TableEntry);
    /// Starts a new search: entries of earlier searches age and give way first.
    fn new_search(&self);
    /// Forgets every entry.
    fn clear(&self);
    /// Maps the table's memory now, keeping every entry: a table is allocated zeroed and its
    /// pages are mapped on their first write, which would otherwise land on the first
    /// searches' clock (a 64 MiB table costs them several milliseconds). Called where a table
    /// is built off the clock: the engine thread's start, [`Searcher`](crate::search::Searcher)'s
    /// own tables.
    fn prefault(&self) {}
    /// How many entries the table can hold.
    fn capacity(&self) -> usize;
    /// The memory the table uses (or is bounded to), in bytes.
    fn memory_bytes(&self) -> usize;
    /// How full the table is with entries of the current search, in thousandths (sampled).
    fn hashfull_permille(&self) -> u32;
    /// Hands `visit` every entry with its age in generations (0: stored since the last
    /// [`Table::new_search`]); entries written meanwhile by other threads may be seen or not.
    /// For snapshots, not for the search: it reads the whole table.
    fn for_each_entry(&self, visit: &mut dyn FnMut(&Key, TableEntry, u8));
}

/// Which table implementation to build.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TableKind {
    /// [`LockFreeTable`]: the default, chosen by the benchmark figures in `docs/search.md`.
    #[default]
    LockFree,
    /// [`DashMapTable`].
    DashMap,
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableKind::LockFree => "lockfree",
            TableKind::DashMap => "dashmap",
        })
    }
}

impl FromStr for TableKind {
    type Err = String;

    fn from_str(text: &str) -> Result<TableKind, String> {
        match text {
            "lockfree" => Ok(TableKind::LockFree),
            "dashmap" => Ok(TableKind::DashMap),
            other => Err(format!(
                "unknown table kind {other:?} (known: lockfree, dashmap)"
            )),
        }
    }
}

/// What a table's slots hold: keys of up to 112 bits and one value (the two-seat search's
/// tables), or keys of up to 128 bits and every seat's value (a [`WideTable`], the seated
/// search's of three and four seats).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TableWidth {
    /// [`LockFreeTable`] or [`DashMapTable`].
    Narrow,
    /// [`WideTable`].
    Wide,
}

impl fmt::Display for TableWidth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableWidth::Narrow => "narrow (two seats)",
            TableWidth::Wide => "wide (three and four seats)",
        })
    }
}

/// The table the searchers share: one of the implementations, dispatched by a `match` that the
/// branch predictor makes free.
///
/// ```
/// use ponder::search::{TableKind, TranspositionTable, Table};
/// use std::sync::Arc;
/// let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 16));
/// assert!(table.memory_bytes() <= 16 << 20);
/// ```
pub enum TranspositionTable {
    /// A [`LockFreeTable`].
    LockFree(LockFreeTable),
    /// A [`DashMapTable`].
    DashMap(DashMapTable),
    /// A [`WideTable`] (made by [`TranspositionTable::wide`]; its kind is
    /// [`TableKind::LockFree`]).
    Wide(WideTable),
}

impl TranspositionTable {
    /// A table of the given kind bounded to `mib` MiB.
    pub fn new(kind: TableKind, mib: usize) -> TranspositionTable {
        match kind {
            TableKind::LockFree => TranspositionTable::LockFree(LockFreeTable::with_mib(mib)),
            TableKind::DashMap => TranspositionTable::DashMap(DashMapTable::with_mib(mib)),
        }
    }

    /// A [`WideTable`] of at most `mib` MiB: keys of up to 128 bits, entries with every
    /// seat's value.
    pub fn wide(mib: usize) -> TranspositionTable {
        TranspositionTable::Wide(WideTable::with_mib(mib))
    }

    /// The kind of this table.
    pub fn kind(&self) -> TableKind {
        match self {
            TranspositionTable::LockFree(_) | TranspositionTable::Wide(_) => TableKind::LockFree,
            TranspositionTable::DashMap(_) => TableKind::DashMap,
        }
    }

    /// What its slots hold.
    pub fn width(&self) -> TableWidth {
        match self {
            TranspositionTable::LockFree(_) | TranspositionTable::DashMap(_) => TableWidth::Narrow,
            TranspositionTable::Wide(_) => TableWidth::Wide,
        }
    }

    /// Hands `visit` every entry with its key as a number, the values of the second to fourth
    /// seats (zeros but in a [`WideTable`]) and its age in generations: what a snapshot of a
    /// wide table keeps ([`Table::for_each_entry`] leaves out keys of more than 112 bits).
    pub fn for_each_seats(&self, visit: &mut dyn FnMut(u128, TableEntry, MoreValues, u8)) {
        match self {
            TranspositionTable::LockFree(table) => table.for_each_bits(visit),
            TranspositionTable::Wide(table) => table.for_each_bits(visit),
            TranspositionTable::DashMap(table) => table.for_each_entry(&mut |key, entry, age| {
                visit(key.to_u128(), entry, MoreValues::default(), age)
            }),
        }
    }

    /// The entry stored for exactly `key` (a key as a number: [`Key::to_u128`], or a wide
    /// key of up to 128 bits, which only a [`WideTable`] holds).
    #[inline]
    pub fn probe_bits(&self, key: u128) -> Option<TableEntry> {
        match self {
            TranspositionTable::LockFree(table) => table.probe_bits(key).map(|(entry, _)| entry),
            TranspositionTable::Wide(table) => table.probe_bits(key).map(|(entry, _)| entry),
            TranspositionTable::DashMap(table) => Key::from_u128(key).and_then(|k| table.probe(&k)),
        }
    }

    /// Stores `entry` for `key` (see [`TranspositionTable::probe_bits`]), subject to the
    /// replacement policy; a key of more than 112 bits is dropped but by a [`WideTable`].
    #[inline]
    pub fn save_bits(&self, key: u128, entry: TableEntry) {
        self.save_seats(key, entry, MoreValues::default());
    }

    /// The entry stored for exactly `key` with the values of the second to fourth seats
    /// (zeros but in a [`WideTable`]).
    #[inline]
    pub fn probe_seats(&self, key: u128) -> Option<(TableEntry, MoreValues)> {
        match self {
            TranspositionTable::LockFree(table) => table.probe_bits(key),
            TranspositionTable::Wide(table) => table.probe_bits(key),
            TranspositionTable::DashMap(_) => self
                .probe_bits(key)
                .map(|entry| (entry, MoreValues::default())),
        }
    }

    /// Stores `entry` for `key` with the values of the second to fourth seats (kept only by a
    /// [`WideTable`]).
    #[inline]
    pub fn save_seats(&self, key: u128, entry: TableEntry, more: MoreValues) {
        match self {
            TranspositionTable::LockFree(table) => table.save_bits(key, entry, more),
            TranspositionTable::Wide(table) => table.save_bits(key, entry, more),
            TranspositionTable::DashMap(table) => {
                if let Some(key) = Key::from_u128(key) {
                    table.save(&key, entry);
                }
            }
        }
    }
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("kind", &self.kind())
            .field("capacity", &self.capacity())
            .finish()
    }
}

macro_rules! dispatch {
    ($self:ident, $table:ident => $body:expr_2021) => {
        match $self {
            TranspositionTable::LockFree($table) => $body,
            TranspositionTable::DashMap($table) => $body,
            TranspositionTable::Wide($table) => $body,
        }
    };
}

impl Table for TranspositionTable {
    #[inline]
    fn probe(&self, key: &Key) -> Option<TableEntry> {
        dispatch!(self, table => table.probe(key))
    }
    #[inline]
    fn save(&self, key: &Key, entry: TableEntry) {
        dispatch!(self, table => table.save(key, entry))
    }
    fn new_search(&self) {
        dispatch!(self, table => table.new_search())
    }
    fn clear(&self) {
        dispatch!(self, table => table.clear())
    }
    fn prefault(&self) {
        dispatch!(self, table => table.prefault())
    }
    fn capacity(&self) -> usize {
        dispatch!(self, table => table.capacity())
    }
    fn memory_bytes(&self) -> usize {
        dispatch!(self, table => table.memory_bytes())
    }
    fn hashfull_permille(&self) -> u32 {
        dispatch!(self, table => table.hashfull_permille())
    }
    fn for_each_entry(&self, visit: &mut dyn FnMut(&Key, TableEntry, u8)) {
        dispatch!(self, table => table.for_each_entry(visit))
    }
}

/// The machine's physical memory in MiB, where the platform says (Linux): a table or tree
/// larger than this cannot be given, and is refused up front rather than aborting.
pub fn physical_memory_mib() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads system constants.
        let (pages, page_size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && page_size > 0 {
            return Some((pages as u64).saturating_mul(page_size as u64) >> 20);
        }
    }
    None
}
