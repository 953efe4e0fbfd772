//! The blocking call: `Engine::best_move` answers what the event loop answers, hands every
//! other event over, comes back with an error (never hangs) when a command was refused or
//! the engine's threads have ended, and answers a stop signal.

use crate::common::random_record;
use crate::{my_turn, quiet_config};
use ponder::engine::{
    BestMove, Command, Engine, EngineConfig, EngineError, EngineOption, Event, Limits, StopSignal,
};
use ponder::games::kalah::KalahMove;
use ponder::{Game, GameRecord, Kalah};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest any blocking call here may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(30);

/// An engine that answers exactly and alike every time: no pondering, no forward pruning,
/// first of the ties, a fresh tree for every search.
fn exact_config() -> EngineConfig {
    EngineConfig {
        reuse_tree: false,
        forward_pruning: false,
        ..quiet_config()
    }
}

fn kalah() -> GameRecord<Kalah> {
    GameRecord::new(Kalah::start(&Default::default()).expect("a start position"))
}

/// `work` on a thread of its own; a failure if it does not return within [`HANG`].
fn within_time<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver
        .recv_timeout(HANG)
        .expect("the blocking call hung (or panicked)")
}

/// The answer to a `go` waited for by hand, as a game loop does.
fn answer_by_events(engine: &Engine<Kalah>, limits: Limits) -> BestMove<Kalah> {
    let id = engine.go(limits);
    let deadline = Instant::now() + HANG;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match engine.recv_timeout(left) {
            Some(Event::BestMove(best)) if best.id == id => return best,
            Some(Event::Error(error)) => panic!("engine error: {error}"),
            Some(_) => {}
            None => panic!("no answer"),
        }
    }
}

#[test]
fn best_move_answers_what_the_event_loop_answers() {
    let _turn = my_turn();
    let by_events = Engine::new(kalah(), exact_config()).expect("the engine starts");
    let blocking = Engine::new(kalah(), exact_config()).expect("the engine starts");
    for seed in 0..6 {
        let record = random_record(kalah().current(), seed * 31 + 5, (seed * 3) as usize);
        if record.outcome().is_some() {
            continue;
        }
        for depth in [1, 3, 5] {
            by_events.send(Command::SetPosition(record.clone()));
            blocking.send(Command::SetPosition(record.clone()));
            let expected = answer_by_events(&by_events, Limits::depth(depth));
            let best = blocking.best_move(Limits::depth(depth)).expect("an answer");
            let context = format!("depth {depth}, {:?}", record.current());
            assert_eq!(best.position, record.current(), "{context}");
            assert_eq!(best.depth, depth, "{context}");
            assert_eq!(best.mv, expected.mv, "{context}");
            assert_eq!(best.score, expected.score, "{context}");
            assert_eq!(best.equal_best, expected.equal_best, "{context}");
            assert_eq!(best.nodes, expected.nodes, "{context}");
            assert!(best.mv.is_some_and(|mv| record.current().is_legal(mv)));
        }
    }
}

#[test]
fn best_move_with_hands_over_every_other_event() {
    let _turn = my_turn();
    let engine = Engine::new(kalah(), exact_config()).expect("the engine starts");
    // A sync sent before the search is answered while it waits: handed over, not lost.
    engine.send(Command::Sync(7));
    let mut depths = Vec::new();
    let mut synced = false;
    let best = engine
        .best_move_with(Limits::depth(4), &StopSignal::new(), |event| match event {
            Event::Info(info) => depths.push(info.search.depth),
            Event::Synced { id: 7, .. } => synced = true,
            Event::BestMove(_) | Event::Error(_) => panic!("handed over: {event:?}"),
            _ => {}
        })
        .expect("an answer");
    assert_eq!(best.depth, 4);
    assert_eq!(depths, [1, 2, 3, 4], "one line per iteration, in order");
    assert!(synced, "the answer to sync was lost");
    // Nothing of that search is left behind for a caller that polls.
    assert!(engine.try_recv().is_none());
}

#[test]
fn a_refused_command_comes_back_as_an_error() {
    let _turn = my_turn();
    let engine = Engine::new(kalah(), exact_config()).expect("the engine starts");
    // Pit 6 of a board of six pits (0 to 5): not a move.
    let start = kalah().current();
    let illegal = KalahMove::new(6);
    assert!(!start.is_legal(illegal));
    engine.send_move(illegal);
    let answer = engine.best_move(Limits::depth(3));
    assert!(
        matches!(answer, Err(EngineError::Game(_))),
        "an illegal move: {answer:?}"
    );
    // An evaluator the game does not have.
    engine.set_option(EngineOption::Eval("no-such-evaluator".to_string()));
    let answer = engine.best_move(Limits::depth(3));
    assert!(
        matches!(answer, Err(EngineError::Option(_))),
        "an unknown evaluator: {answer:?}"
    );
    // A table larger than the machine's memory is refused, and the engine keeps its own.
    if ponder::search::physical_memory_mib().is_some() {
        engine.set_option(EngineOption::HashMib(usize::MAX >> 21));
        let answer = engine.best_move(Limits::depth(3));
        assert!(
            matches!(answer, Err(EngineError::TooLarge { .. })),
            "a huge table: {answer:?}"
        );
    }
    // The engine recovered: the next search answers, with a legal move.
    let best = engine.best_move(Limits::depth(3)).expect("an answer");
    assert_eq!(
        best.position, start,
        "the illegal move changed the position"
    );
    assert!(best.mv.is_some_and(|mv| start.is_legal(mv)));
}

#[test]
fn best_move_after_the_threads_ended_is_an_error_not_a_hang() {
    let _turn = my_turn();
    let engine = Engine::new(kalah(), exact_config()).expect("the engine starts");
    engine.send(Command::Quit);
    let answer = within_time(move || {
        // The first call may find the engine still taking the quit in; none may hang.
        let first = engine.best_move(Limits::depth(3));
        let second = engine.best_move(Limits::infinite());
        (first, second)
    });
    assert_eq!(answer.0.err(), Some(EngineError::Stopped));
    assert_eq!(answer.1.err(), Some(EngineError::Stopped));
}

#[test]
fn a_raised_stop_signal_ends_an_infinite_best_move() {
    let _turn = my_turn();
    let engine = Engine::new(kalah(), exact_config()).expect("the engine starts");
    let stop = StopSignal::new();
    let raise = stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        raise.stop();
    });
    let best = within_time(move || engine.best_move_with(Limits::infinite(), &stop, |_| {}))
        .expect("an answer after the stop");
    raiser.join().expect("the thread raising the stop");
    assert!(best.mv.is_some_and(|mv| kalah().current().is_legal(mv)));
    assert!(best.depth >= 1, "the search ran before the stop");
    assert!(best.time >= Duration::from_millis(200), "{:?}", best.time);
}

#[test]
fn a_configuration_larger_than_the_machine_is_refused() {
    let Some(total) = ponder::search::physical_memory_mib() else {
        return; // the platform does not say (not Linux): nothing to check against
    };
    let config = EngineConfig {
        hash_mib: usize::try_from(total)
            .unwrap_or(usize::MAX)
            .saturating_add(1),
        ..exact_config()
    };
    match Engine::new(kalah(), config) {
        Err(EngineError::TooLarge { wanted, available }) => {
            assert_eq!(available, total);
            assert!(wanted > total);
        }
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("an engine with more memory than the machine has"),
    }
}
