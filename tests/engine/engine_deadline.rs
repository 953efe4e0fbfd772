//! A `go`'s deadline counts from when the front end received it: whatever happens before the
//! search starts (the engine thread finishing earlier commands, a new game's table, the tree's
//! re-rooting, starting helpers) is charged to the move. Checked by nodes, not by timing: a
//! `go` received long ago must answer from its first clock check.

use crate::engine_ponderhit::{best_move, start};
use crate::engine_threads::config;
use crate::my_turn;
use ponder::engine::{Command, Engine, Event, Limits};
use std::time::{Duration, Instant};

/// The most nodes a search whose deadline has already passed may visit: the clock is read
/// every 1024 nodes, and depth 1 may finish first.
const NODES_PAST_THE_DEADLINE: u64 = 4096;

/// A `go` received `ago` before it is sent, with `budget` of move time: its answer.
fn answer_to_old_go(
    engine: &Engine<ponder::Ataxx>,
    ago: Duration,
    budget: Duration,
) -> Event<ponder::Ataxx> {
    let received = Instant::now() - ago;
    let id = engine.go_from(Limits::movetime(budget), received);
    best_move(engine, id, Duration::from_secs(30)).expect("an answer")
}

#[test]
fn a_go_received_long_ago_answers_at_once_with_a_move() {
    let _turn = my_turn();
    for threads in [1, 2] {
        let engine = Engine::new(start(), config(threads)).expect("the engine starts");
        // A new game first, as a match sends it: its work counts against the move too.
        engine.send(Command::NewGame);
        let Event::BestMove(best) =
            answer_to_old_go(&engine, Duration::from_secs(3), Duration::from_secs(2))
        else {
            unreachable!()
        };
        assert!(best.mv.is_some(), "a move even with no time left");
        // ... and a searched one: depth 1 always completes (microseconds).
        assert!(best.depth >= 1, "{threads} threads: an unsearched move");
        assert!(
            best.nodes <= NODES_PAST_THE_DEADLINE,
            "{threads} threads: {} nodes searched past a deadline that had passed",
            best.nodes
        );
        // The reported time counts from the `go`'s reception.
        assert!(best.time >= Duration::from_secs(3), "time {:?}", best.time);
    }
}

#[test]
fn a_go_with_time_left_searches_on_from_its_reception() {
    let _turn = my_turn();
    let engine = Engine::new(start(), config(1)).expect("the engine starts");
    // The same budget with the time still ahead: the search runs past its first clock
    // check, so the check above is not met by an engine that never searches.
    let Event::BestMove(best) = answer_to_old_go(
        &engine,
        Duration::from_millis(0),
        Duration::from_millis(300),
    ) else {
        unreachable!()
    };
    assert!(best.nodes > NODES_PAST_THE_DEADLINE, "{} nodes", best.nodes);
}
