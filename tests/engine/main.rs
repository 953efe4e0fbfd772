//! The engine thread: its `go` agrees with the plain search, it keeps its promises under
//! random command sequences, it searches with Lazy SMP helpers, and it serves a UCI-style front end (`ponderhit`, bare
//! positions).
//!
//! The tests of this binary measure times or load both cores, so they run one at a time.

#[path = "../search/common/mod.rs"]
mod common;
mod engine_agreement;
mod engine_blocking;
mod engine_book;
mod engine_deadline;
mod engine_ponderhit;
mod engine_seated;
mod engine_snapshot;
mod engine_stress;
mod engine_threads;

/// Held by every test of this binary: they measure times or load the machine, so they run one
/// at a time rather than against each other.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes the turn of a test (a failed test before it does not matter).
pub fn my_turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A small, quiet engine for tests: 4 MiB table and tree, no pondering, the first of equal-best
/// moves, no pinned thread. Tests override what they need (`..quiet_config()`).
pub fn quiet_config() -> ponder::engine::EngineConfig {
    ponder::engine::EngineConfig {
        hash_mib: 4,
        tree_mib: 4,
        ponder: false,
        tie_break: ponder::engine::TieBreak::First,
        pin_thread: false,
        ..ponder::engine::EngineConfig::default()
    }
}
