//! Two threads to a fixed depth: the main thread takes a helper's completed pass over when the
//! helper finishes first, so the answer must be the same fixed-depth search either way. With
//! forward pruning off every pass is the exact minimax value of its depth, and the equal-best
//! moves are known exactly: two threads must give one thread's value and ties, at exactly the
//! depth asked, whichever thread completed it.

use crate::search::common::search_reporting;
use ponder::games::Game;
use ponder::games::kalah::KalahConfig;
use ponder::search::{Algorithm, Evaluators, SearchReport, TieBreak};
use ponder::{Ataxx, GameRecord, Kalah, Oware};

/// An exact search (forward pruning off) of `record` to `depth` on `threads` threads, with the
/// depths it reported.
fn exact_search<G: Evaluators>(
    record: &GameRecord<G>,
    depth: u32,
    threads: usize,
) -> (SearchReport<G>, Vec<u32>) {
    search_reporting(
        record,
        Algorithm::Pvs,
        "default",
        TieBreak::First,
        depth,
        threads,
        false,
    )
}

fn two_threads_agree_with_one<G: Evaluators>(start: G, depth: u32) {
    let record = GameRecord::new(start);
    let (alone, _) = exact_search(&record, depth, 1);
    assert_eq!(alone.depth, depth);
    for run in 0..4 {
        let (both, depths) = exact_search(&record, depth, 2);
        assert_eq!(both.depth, depth, "run {run}");
        assert_eq!(depths.last(), Some(&depth), "run {run}: {depths:?}");
        assert!(
            depths.windows(2).all(|pair| pair[0] < pair[1]),
            "{depths:?}"
        );
        assert_eq!(both.score, alone.score, "run {run}");
        assert_eq!(both.equal_best, alone.equal_best, "run {run}");
        assert!(!both.stopped);
    }
}

#[test]
fn two_threads_find_one_threads_exact_kalah_value() {
    two_threads_agree_with_one(Kalah::new(KalahConfig::default()), 14);
}

#[test]
fn two_threads_find_one_threads_exact_oware_value() {
    two_threads_agree_with_one(Oware::start(&Default::default()).unwrap(), 12);
}

#[test]
fn two_threads_find_one_threads_exact_ataxx_value() {
    two_threads_agree_with_one(Ataxx::start(&Default::default()).unwrap(), 6);
}
