//! The engine commands a UCI-style front end needs: `ponderhit` puts a running infinite `go`
//! under a time budget counted from the moment it arrives, and a bare position (a FEN, no
//! move list) re-roots the stored tree when it is a descendant of the engine's position.

use crate::my_turn;
use ponder::engine::{
    Command, Engine, EngineConfig, Event, Limits, PonderInfo, SearchId, TieBreak,
};
use ponder::{Ataxx, Game, GameRecord};
use std::time::{Duration, Instant};

/// What a deadline or a `stop` may be late by in a test: a generous bound, since the machine
/// may be busy (2 cores shared by builds). The engine's promise (10 ms) is a measured figure
/// on a quiet machine (`docs/BENCHMARKS.md`, the latency rows), not a timed unit test.
pub(crate) const WORST: Duration =
    Duration::from_millis(if cfg!(debug_assertions) { 250 } else { 50 });

fn config(ponder: bool) -> EngineConfig {
    EngineConfig {
        hash_mib: 8,
        ponder,
        tie_break: TieBreak::First,
        pin_thread: false,
        ..EngineConfig::default()
    }
}

pub(crate) fn start() -> GameRecord<Ataxx> {
    GameRecord::new(Ataxx::start(&Default::default()).unwrap())
}

/// The last reply the engine reported deepening while pondering for `time`, if any.
fn last_pondered_reply(engine: &Engine<Ataxx>, time: Duration) -> Option<<Ataxx as Game>::Move> {
    let deadline = Instant::now() + time;
    let mut last = None;
    while let Some(event) = engine.recv_timeout(deadline.saturating_duration_since(Instant::now()))
    {
        if let Event::Ponder(PonderInfo::Progress {
            reply: Some(reply), ..
        }) = event
        {
            last = Some(reply);
        }
    }
    last
}

/// Waits for the best move of `id`; `None` if none comes within `timeout`.
pub(crate) fn best_move(
    engine: &Engine<Ataxx>,
    id: SearchId,
    timeout: Duration,
) -> Option<Event<Ataxx>> {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = engine.recv_timeout(left)?;
        if let Event::BestMove(best) = &event {
            assert_eq!(best.id, id);
            return Some(event);
        }
    }
}

#[test]
fn ponder_hit_answers_within_the_budget_from_the_hit() {
    let _turn = my_turn();
    let engine = Engine::new(start(), config(false)).expect("the engine starts");
    let id = engine.go(Limits::infinite());
    // An infinite search does not answer by itself.
    assert!(best_move(&engine, id, Duration::from_millis(300)).is_none());
    // A ponderhit for another search changes nothing.
    engine.ponder_hit(id + 100, Limits::movetime(Duration::from_millis(1)));
    assert!(best_move(&engine, id, Duration::from_millis(100)).is_none());
    let budget = Duration::from_millis(200);
    for round in 0..3 {
        let id = if round == 0 {
            id
        } else {
            let id = engine.go(Limits::infinite());
            std::thread::sleep(Duration::from_millis(300));
            id
        };
        let hit = Instant::now();
        engine.ponder_hit(id, Limits::time(budget, Duration::from_millis(600)));
        let Some(Event::BestMove(best)) = best_move(&engine, id, Duration::from_secs(5)) else {
            panic!("no best move after ponderhit");
        };
        let took = hit.elapsed();
        assert!(
            took >= budget,
            "answered {took:?} after ponderhit, before {budget:?}"
        );
        assert!(took <= budget + WORST, "answered {took:?} after ponderhit");
        assert!(best.mv.is_some_and(|mv| best.position.is_legal(mv)));
    }
}

#[test]
fn ponder_hit_without_a_time_keeps_searching_until_stop() {
    let _turn = my_turn();
    let engine = Engine::new(start(), config(false)).expect("the engine starts");
    let id = engine.go(Limits::infinite());
    engine.ponder_hit(id, Limits::infinite());
    assert!(best_move(&engine, id, Duration::from_millis(300)).is_none());
    let stopped = Instant::now();
    engine.stop();
    assert!(best_move(&engine, id, Duration::from_secs(2)).is_some());
    assert!(stopped.elapsed() <= WORST, "{:?}", stopped.elapsed());
}

#[test]
fn a_bare_position_reroots_the_pondered_tree() {
    let _turn = my_turn();
    let engine = Engine::new(start(), config(true)).expect("the engine starts");
    let best = engine.best_move(Limits::depth(3)).expect("a best move");
    let mv = best.mv.unwrap();
    // The engine is told its move and ponders the replies; the opponent model picks the ones
    // it deepens, so the test plays the last reply it reported deepening.
    engine.send_move(mv);
    let reply = last_pondered_reply(&engine, Duration::from_millis(400))
        .expect("no reply deepened while pondering");
    let after = best.position.play_unchecked(mv);
    let reached = after.play_unchecked(reply);
    // The GUI sends the position reached as a FEN: a record with no moves.
    let record = Ataxx::parse_position(&Default::default(), &reached.position_text()).unwrap();
    assert!(record.moves().is_empty());
    engine.send(Command::SetPosition(record));
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match engine.recv_timeout(left) {
            Some(Event::Rerooted(info)) if info.mv.is_none() => {
                assert_eq!(info.position, reached);
                assert!(info.hit, "the pondered position was not found in the tree");
                assert!(info.kept_depth >= 1, "{info:?}");
                break;
            }
            Some(_) => {}
            None => panic!("no re-rooting"),
        }
    }
}
