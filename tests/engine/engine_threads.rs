//! The engine with two search threads (the search thread and one Lazy SMP helper): `stop` and
//! `movetime` are answered in time, and the helper leaves the exact value unchanged.

use crate::engine_ponderhit::{WORST, best_move, start};
use crate::my_turn;
use ponder::engine::{Engine, EngineConfig, EngineOption, Event, Limits, TieBreak};
use ponder::{Ataxx, Game, GameRecord};
use std::time::{Duration, Instant};

/// An engine with `threads` search threads, no pondering, deterministic ties, unpinned.
pub(crate) fn config(threads: usize) -> EngineConfig {
    EngineConfig {
        hash_mib: 8,
        ponder: false,
        tie_break: TieBreak::First,
        pin_thread: false,
        threads,
        ..EngineConfig::default()
    }
}

/// The best move's value and depth after `limits`, checked legal.
fn answer(engine: &Engine<Ataxx>, limits: Limits, record: &GameRecord<Ataxx>) -> (i32, u32) {
    let best = engine.best_move(limits).expect("a best move");
    assert!(best.mv.is_some_and(|mv| record.current().is_legal(mv)));
    (best.score, best.depth)
}

#[test]
fn two_threads_answer_stop_at_once() {
    let _turn = my_turn();
    let record = start();
    let engine = Engine::new(record.clone(), config(2)).expect("the engine starts");
    let mut times = Vec::new();
    for _ in 0..3 {
        let id = engine.go(Limits::infinite());
        assert!(best_move(&engine, id, Duration::from_millis(300)).is_none());
        let stopped = Instant::now();
        engine.stop();
        let Some(Event::BestMove(best)) = best_move(&engine, id, Duration::from_secs(2)) else {
            panic!("no best move after stop");
        };
        times.push(stopped.elapsed());
        assert!(best.mv.is_some_and(|mv| record.current().is_legal(mv)));
        assert!(best.depth >= 1);
    }
    assert!(
        times.iter().all(|&t| t <= WORST),
        "stop -> best move: {times:?}"
    );
}

#[test]
fn two_threads_keep_a_movetime() {
    let _turn = my_turn();
    let record = start();
    let engine = Engine::new(record.clone(), config(2)).expect("the engine starts");
    let movetime = Duration::from_millis(200);
    let mut times = Vec::new();
    for _ in 0..3 {
        let sent = Instant::now();
        answer(&engine, Limits::movetime(movetime), &record);
        times.push(sent.elapsed());
    }
    assert!(times.iter().all(|&t| t <= movetime + WORST), "{times:?}");
}

#[test]
fn a_helper_leaves_the_exact_value_unchanged() {
    let _turn = my_turn();
    let mut record = start();
    record.play_all_text("g2 a1a3").unwrap();
    let exact = |threads| EngineConfig {
        forward_pruning: false,
        reuse_tree: false,
        ..config(threads)
    };
    let one = Engine::new(record.clone(), exact(1)).expect("the engine starts");
    let two = Engine::new(record.clone(), exact(2)).expect("the engine starts");
    for depth in 1..=4 {
        let alone = answer(&one, Limits::depth(depth), &record);
        assert_eq!(
            answer(&two, Limits::depth(depth), &record),
            alone,
            "depth {depth}"
        );
    }
    // Switched on while the engine runs: the same value again.
    one.set_option(EngineOption::Threads(2));
    assert_eq!(
        answer(&one, Limits::depth(4), &record),
        answer(&two, Limits::depth(4), &record)
    );
}
