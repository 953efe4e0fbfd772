//! One search: the engine's `go` over its stored tree and the plain `Searcher` run the same
//! node loop, so with forward pruning off both give the exact fixed-depth value and the same
//! equal-best moves, on random positions of all three games, also when the engine's tree and
//! table were filled by earlier searches of other positions and depths.

use crate::common::{random_record, search};
use crate::my_turn;
use ponder::engine::{Command, Engine, EngineConfig, Limits, TieBreak};
use ponder::games::kalah::{CaptureRule, KalahConfig};
use ponder::search::{Algorithm, Evaluators, TieBreak as SearchTieBreak};
use ponder::{Ataxx, Game, GameRecord, Kalah, Oware};

/// An engine that answers exactly: no forward pruning, no pondering, first of the ties.
fn exact_engine<G: Evaluators>(start: G, tree_min_depth: u32) -> Engine<G> {
    let config = EngineConfig {
        hash_mib: 4,
        ponder: false,
        tie_break: TieBreak::First,
        forward_pruning: false,
        tree_min_depth,
        pin_thread: false,
        ..EngineConfig::default()
    };
    Engine::new(GameRecord::new(start), config).expect("the engine starts")
}

/// The engine's answer for `record` at `depth`: (score, equal-best moves, move).
fn engine_answer<G: Evaluators>(
    engine: &Engine<G>,
    record: &GameRecord<G>,
    depth: u32,
) -> (i32, Vec<G::Move>, Option<G::Move>) {
    engine.send(Command::SetPosition(record.clone()));
    let best = engine
        .best_move(Limits::depth(depth))
        .unwrap_or_else(|error| panic!("engine error: {error}"));
    (best.score, best.equal_best, best.mv)
}

/// Compares the engine with the searcher on `positions` random positions of `start`'s game.
fn check_game<G: Evaluators>(start: G, positions: u64, max_plies: u64, depths: &[u32]) {
    for tree_min_depth in [1, 3] {
        let engine = exact_engine(start, tree_min_depth);
        for seed in 0..positions {
            let record = random_record(start, seed * 7919 + 1, (seed % max_plies) as usize);
            if record.outcome().is_some() {
                continue;
            }
            for &depth in depths {
                let plain = search(
                    &record,
                    Algorithm::Pvs,
                    "default",
                    SearchTieBreak::First,
                    depth,
                    1,
                    false,
                );
                let (score, equal_best, mv) = engine_answer(&engine, &record, depth);
                let context = format!(
                    "{} depth {depth}, tree from depth {tree_min_depth}, {:?}",
                    G::NAME,
                    record.current()
                );
                assert_eq!(score, plain.score.0, "value: {context}");
                assert_eq!(equal_best, plain.equal_best, "ties: {context}");
                assert_eq!(mv, plain.best_move, "move: {context}");
            }
        }
    }
}

#[test]
fn kalah_engine_and_searcher_agree() {
    let _turn = my_turn();
    for config in [
        KalahConfig::default(),
        KalahConfig::new(4, 3, CaptureRule::Empty).expect("a valid size"),
    ] {
        let start = Kalah::start(&config).expect("a start position");
        check_game(start, 12, 30, &[1, 3, 5, 6]);
    }
}

#[test]
fn oware_engine_and_searcher_agree() {
    let _turn = my_turn();
    for spec in ["oware", "oware:rules=awari"] {
        let spec = spec.parse().expect("a valid spec");
        let config = Oware::config_from_spec(&spec).expect("a valid configuration");
        let start = Oware::start(&config).expect("a start position");
        check_game(start, 10, 40, &[1, 3, 5, 6]);
    }
}

#[test]
fn ataxx_engine_and_searcher_agree() {
    let _turn = my_turn();
    let start = Ataxx::start(&Default::default()).expect("a start position");
    check_game(start, 8, 30, &[1, 2, 3]);
}
