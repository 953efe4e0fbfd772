//! The engine's memory: what its thread publishes of the tree and the table (read by the
//! handle without a lock), and the check that a configuration fits the machine.

use super::config::EngineConfig;
use super::event::EngineError;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The engine's memory, as last published by its thread.
#[derive(Debug, Default)]
pub(crate) struct MemoryGauge {
    tree_bytes: AtomicUsize,
    tree_bound: AtomicUsize,
    table_bytes: AtomicUsize,
    table_bound: AtomicUsize,
}

impl MemoryGauge {
    pub(crate) fn set_tree(&self, bytes: usize, bound: usize) {
        self.tree_bytes.store(bytes, Ordering::Relaxed);
        self.tree_bound.store(bound, Ordering::Relaxed);
    }

    pub(crate) fn set_table(&self, bytes: usize, bound: usize) {
        self.table_bytes.store(bytes, Ordering::Relaxed);
        self.table_bound.store(bound, Ordering::Relaxed);
    }

    /// What was last published.
    pub(crate) fn read(&self) -> MemoryUse {
        MemoryUse {
            tree_bytes: self.tree_bytes.load(Ordering::Relaxed),
            tree_bound: self.tree_bound.load(Ordering::Relaxed),
            table_bytes: self.table_bytes.load(Ordering::Relaxed),
            table_bound: self.table_bound.load(Ordering::Relaxed),
        }
    }
}

/// The engine's memory use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryUse {
    /// Bytes the stored tree's arena has allocated.
    pub tree_bytes: usize,
    /// The configured bound of the tree.
    pub tree_bound: usize,
    /// Bytes of the transposition table.
    pub table_bytes: usize,
    /// The configured bound of the table.
    pub table_bound: usize,
}

/// Refuses a configuration whose memory (the tree's bound, and the table's size unless the
/// table is shared) is more than the machine's physical memory, where the platform says
/// (Linux): such an allocation would abort the process, or get it killed later.
pub(crate) fn check_fits(config: &EngineConfig, own_table: bool) -> Result<(), EngineError> {
    let table = if own_table { config.hash_mib } else { 0 };
    let wanted = config.tree_mib.saturating_add(table) as u64;
    match crate::search::physical_memory_mib() {
        Some(total) if wanted > total => Err(EngineError::TooLarge {
            wanted,
            available: total,
        }),
        _ => Ok(()),
    }
}
