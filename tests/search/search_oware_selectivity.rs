//! Oware's search for sowing games (issue 16 item 3): a node's only move is searched one ply
//! deeper, with forward pruning on only (captures near the database's edge: the unit test in
//! `src/games/oware/evaluators.rs`).

use crate::search::common::random_record;
use ponder::games::oware::{OWARE_SELECTIVITY, OwareFitted};
use ponder::search::{INFINITY, SearchWorker, Selectivity, TableKind, TranspositionTable};
use ponder::{Game, Oware};
use std::sync::Arc;

/// A worker with the fitted evaluation and `select`.
fn worker(forward_pruning: bool, select: Selectivity) -> SearchWorker<Oware, OwareFitted> {
    let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 1));
    let mut worker = SearchWorker::new(table, Arc::new(OwareFitted), forward_pruning);
    worker.set_selectivity(select);
    worker
}

/// A position whose side to move has one legal move, leading to a game still going on.
fn forced_position() -> Oware {
    let start = Oware::start(&Default::default()).unwrap();
    let mut moves = Vec::new();
    for seed in 0..10_000u64 {
        for plies in (20..200).step_by(7) {
            let position = random_record(start, seed, plies).current();
            position.legal_moves(&mut moves);
            if moves.len() == 1 && position.play_unchecked(moves[0]).outcome().is_none() {
                return position;
            }
        }
    }
    panic!("no forced position found");
}

#[test]
fn a_single_reply_is_searched_a_ply_deeper() {
    let position = forced_position();
    let mv = {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves[0]
    };
    let child = position.play_unchecked(mv);
    let mut replies = Vec::new();
    child.legal_moves(&mut replies);
    let without = Selectivity {
        single_reply_extension: false,
        ..OWARE_SELECTIVITY
    };
    let nodes = |forward_pruning: bool, select: Selectivity| {
        let mut worker = worker(forward_pruning, select);
        let value = worker.search_value(&position, &[], 1, -INFINITY, INFINITY, 0);
        (value.unwrap(), worker.nodes())
    };
    // Depth 1: the position and its child, evaluated; extended, the child's replies too
    // (some twice: null-window probes that beat alpha are searched again).
    let (_, plain) = nodes(true, without);
    assert_eq!(plain, 2);
    let (_, extended) = nodes(true, OWARE_SELECTIVITY);
    assert!(extended >= 2 + replies.len() as u64, "{extended} nodes");
    // Forward pruning off: no extension.
    assert_eq!(nodes(false, OWARE_SELECTIVITY).1, 2);
}
