//! The engine thread for more than two seats (`SeatedEngine`): pondering on a human's turn
//! turns into depth when the human plays one of the replies pondered.

use crate::my_turn;
use ponder::engine::SeatedEngine;
use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::Limits;
use ponder::search::multi::MultiAlgorithm;
use ponder::{Game, GameSpec};
use std::time::Duration;

const ALGORITHM: MultiAlgorithm = MultiAlgorithm::BrsPlus;

/// A four-seat position a few plies from the start, seat x (the human) to move.
fn human_to_move() -> AtaxxSeats {
    let spec: GameSpec = "ataxx:players=4".parse().unwrap();
    let config = AtaxxSeats::config_from_spec(&spec).unwrap();
    let mut position = AtaxxSeats::start(&config).unwrap();
    let mut moves = Vec::new();
    for ply in 0..8 {
        position.legal_moves(&mut moves);
        position = position.play(moves[(ply * 7) % moves.len()]);
    }
    assert_eq!(position.side_to_move().index(), 0);
    position
}

fn limits(depth: u32, nodes: u64) -> Limits {
    Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Ponders `position` until every reply is searched to depth 2 or more; the depth reached.
fn ponder_to_depth_two(engine: &mut SeatedEngine<AtaxxSeats>, position: &AtaxxSeats) -> u32 {
    loop {
        engine.ponder(position, ALGORITHM);
        std::thread::sleep(Duration::from_millis(100));
        // Pondering again resumes each reply where the last round left it.
        let (_, depth) = engine.stop_pondering().unwrap();
        if depth >= 2 {
            return depth;
        }
    }
}

/// Ponders the human's turn (an engine resuming or not), then searches two of the human's
/// replies on a budget of one node per root move; for each, the depth reached after the
/// pondering, and the depth reached by an engine that did not ponder. Returns them with the
/// pondered depth.
fn after_pondering(resume: bool) -> (u32, Vec<(u32, u32)>) {
    let position = human_to_move();
    let mut pondering = SeatedEngine::<AtaxxSeats>::spawn_with(1 << 18, false, resume).unwrap();
    let pondered = ponder_to_depth_two(&mut pondering, &position);
    let mut replies = Vec::new();
    position.legal_moves(&mut replies);
    let mut depths = Vec::new();
    // The last and the first reply in move order (not favoured by the pondering's order).
    for reply in [replies[replies.len() - 1], replies[0]] {
        let actual = position.play(reply);
        let mut moves = Vec::new();
        actual.legal_moves(&mut moves);
        // Below what the first iteration of a search without pondering needs.
        let nodes = moves.len() as u64;
        let budget = limits(64, nodes);
        let mut plain = SeatedEngine::<AtaxxSeats>::spawn(1 << 18).unwrap();
        let without = plain.go(&actual, ALGORITHM, budget.clone()).unwrap();
        let with = pondering.go(&actual, ALGORITHM, budget).unwrap();
        assert!(actual.is_legal(with.best.unwrap()));
        assert!(with.nodes <= nodes && without.nodes <= nodes);
        depths.push((with.depth, without.depth));
    }
    (pondered, depths)
}

#[test]
fn go_after_pondering_reaches_the_pondered_depth_on_a_budget_too_small_without() {
    let _turn = my_turn();
    let (pondered, depths) = after_pondering(true);
    for (with, without) in depths {
        assert!(
            with >= pondered,
            "depth {with} after pondering to {pondered}"
        );
        assert!(without < pondered, "depth {without} without pondering");
    }
}

#[test]
fn without_resuming_the_pondered_depth_is_not_reached_at_once() {
    let _turn = my_turn();
    let (pondered, depths) = after_pondering(false);
    for (with, _) in depths {
        assert!(
            with < pondered,
            "depth {with} after pondering to {pondered}"
        );
    }
}
