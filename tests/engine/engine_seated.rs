//! The one engine at tables of three and four seats (`Engine<AtaxxSeats>`): pondering on a
//! human's turn turns into depth when the human plays one of the replies pondered; the
//! algorithm is the configured one; a stop is answered at once; two seats stay negamax; the
//! engine's one table is wide, kept from search to search, cleared by a new game, resized by
//! the option, shared when given.

use crate::my_turn;
use ponder::engine::{
    Command, Engine, EngineConfig, EngineError, EngineOption, Event, Limits, PonderInfo, StopSignal,
};
use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::multi::{MultiAlgorithm, MultiSearch};
use ponder::search::{Table, TableKind, TranspositionTable};
use ponder::{Game, GameRecord, GameSpec};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A position of `spec` a few plies from the start, seat x to move.
fn x_to_move(spec: &str) -> AtaxxSeats {
    let spec: GameSpec = spec.parse().unwrap();
    let config = AtaxxSeats::config_from_spec(&spec).unwrap();
    let mut position = AtaxxSeats::start(&config).unwrap();
    let mut moves = Vec::new();
    let seats = position.seat_count();
    for ply in 0..2 * seats {
        position.legal_moves(&mut moves);
        position = position.play(moves[(ply * 7) % moves.len()]);
    }
    assert_eq!(position.side_to_move().index(), 0);
    position
}

/// The table's size of the engines here, MiB.
const HASH_MIB: usize = 16;

/// An engine on `position`: pondering as asked, a table of [`HASH_MIB`], resuming from its
/// table or not (`reuse_tree`), not pinned.
fn engine(position: AtaxxSeats, ponder: bool, resume: bool) -> Engine<AtaxxSeats> {
    let config = EngineConfig {
        ponder,
        hash_mib: HASH_MIB,
        tree_mib: 1,
        reuse_tree: resume,
        pin_thread: false,
        ..EngineConfig::default()
    };
    Engine::new(GameRecord::new(position), config).unwrap()
}

/// The deepest round a pondering event reports.
fn pondered_depth(event: &Event<AtaxxSeats>) -> Option<u32> {
    match event {
        Event::Ponder(PonderInfo::Progress { depth, .. }) => Some(*depth),
        _ => None,
    }
}

/// Lets `engine` ponder its position (the human to move) until every reply is searched to
/// depth 2 or more, then plays `reply` and searches on a budget of one node per root move:
/// the depth reached and the deepest round pondered.
fn go_after_pondering(
    engine: &Engine<AtaxxSeats>,
    reply: <AtaxxSeats as Game>::Move,
) -> (u32, u32) {
    let until = Instant::now() + Duration::from_secs(60);
    let mut pondered = 0;
    while pondered < 2 {
        assert!(Instant::now() < until, "pondering reached depth {pondered}");
        if let Some(event) = engine.recv_timeout(Duration::from_millis(50)) {
            pondered = pondered.max(pondered_depth(&event).unwrap_or(0));
        }
    }
    engine.send_move(reply);
    let (actual, nodes) = budget_after(reply);
    let best = engine
        .best_move_with(Limits::nodes(nodes), &StopSignal::new(), |event| {
            pondered = pondered.max(pondered_depth(&event).unwrap_or(0));
        })
        .unwrap();
    assert!(actual.is_legal(best.mv.unwrap()));
    // The budget holds but for the first iteration, which always completes (as with two
    // seats).
    let first = MultiSearch::<AtaxxSeats>::new(1 << 10)
        .search(&actual, MultiAlgorithm::BrsPlus, &Limits::depth(1))
        .nodes;
    assert!(
        best.nodes <= nodes.max(first),
        "{} nodes of {nodes} (depth 1: {first})",
        best.nodes
    );
    (best.depth, pondered)
}

/// The position after `reply` in `engine`'s game, and the budget: one node per root move.
fn budget_after(reply: <AtaxxSeats as Game>::Move) -> (AtaxxSeats, u64) {
    let actual = x_to_move("ataxx:players=4").play(reply);
    let mut moves = Vec::new();
    actual.legal_moves(&mut moves);
    (actual, moves.len() as u64)
}

/// For two of the human's replies (the last and the first in move order: not favoured by the
/// pondering's order): the depth a `go` reaches after pondering (resuming or not), the depth
/// pondered, and the depth an engine that did not ponder reaches on the same budget.
fn after_pondering(resume: bool) -> Vec<(u32, u32, u32)> {
    let position = x_to_move("ataxx:players=4");
    let mut replies = Vec::new();
    position.legal_moves(&mut replies);
    [replies[replies.len() - 1], replies[0]]
        .into_iter()
        .map(|reply| {
            let pondering = engine(position, true, resume);
            let (with, pondered) = go_after_pondering(&pondering, reply);
            let (actual, nodes) = budget_after(reply);
            let plain = engine(actual, false, true);
            let without = plain.best_move(Limits::nodes(nodes)).unwrap();
            (with, pondered, without.depth)
        })
        .collect()
}

#[test]
fn go_after_pondering_reaches_the_pondered_depth_on_a_budget_too_small_without() {
    let _turn = my_turn();
    for (with, pondered, without) in after_pondering(true) {
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
    for (with, pondered, _) in after_pondering(false) {
        assert!(
            with < pondered,
            "depth {with} after pondering to {pondered}"
        );
    }
}

#[test]
fn each_configured_algorithm_answers_as_the_multi_player_search() {
    let _turn = my_turn();
    let position = x_to_move("ataxx:players=3");
    let entries = MultiSearch::<AtaxxSeats>::entries_in(HASH_MIB);
    for algorithm in [
        MultiAlgorithm::MaxN,
        MultiAlgorithm::Paranoid,
        MultiAlgorithm::Brs,
        MultiAlgorithm::BrsPlus,
        MultiAlgorithm::Greedy,
    ] {
        let engine = engine(position, false, true);
        engine.set_option(EngineOption::SeatedAlgorithm(algorithm));
        let mut depths = Vec::new();
        let best = engine
            .best_move_with(Limits::depth(3), &StopSignal::new(), |event| {
                if let Event::Info(info) = event {
                    depths.push(info.search.depth);
                }
            })
            .unwrap();
        let expected =
            MultiSearch::<AtaxxSeats>::new(entries).search(&position, algorithm, &Limits::depth(3));
        assert_eq!(
            (best.mv, best.score, best.depth),
            (expected.best, expected.value, expected.depth),
            "{algorithm:?}"
        );
        let iterations: Vec<u32> = (1..=expected.depth).collect();
        assert_eq!(depths, iterations, "{algorithm:?}");
    }
}

#[test]
fn a_stop_is_answered_within_milliseconds() {
    let _turn = my_turn();
    let engine = engine(x_to_move("ataxx:players=4"), false, true);
    let stop = StopSignal::new();
    let raiser = stop.clone();
    let raised = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        raiser.stop();
        Instant::now()
    });
    let best = engine
        .best_move_with(Limits::infinite(), &stop, |_| {})
        .unwrap();
    let answered = Instant::now();
    let raised = raised.join().unwrap();
    assert!(best.mv.is_some() && best.depth >= 1);
    let latency = answered.saturating_duration_since(raised);
    assert!(latency < Duration::from_millis(100), "{latency:?}");
}

#[test]
fn two_seats_are_searched_by_negamax_over_the_tree() {
    let _turn = my_turn();
    let engine = engine(x_to_move("ataxx:players=2"), false, true);
    let best = engine.best_move(Limits::depth(4)).unwrap();
    assert_eq!(best.depth, 4);
    assert!(best.tree.visited > 0, "the tree serves two seats");
    assert!(!best.equal_best.is_empty());
}

/// The start of `spec`.
fn start(spec: &str) -> AtaxxSeats {
    let spec: GameSpec = spec.parse().unwrap();
    AtaxxSeats::start(&AtaxxSeats::config_from_spec(&spec).unwrap()).unwrap()
}

/// The bytes of a wide table of `mib` MiB (64-byte buckets: a whole number of them in a MiB,
/// where the narrow table's 48-byte buckets leave 16 bytes over).
fn wide_bytes(mib: usize) -> usize {
    TranspositionTable::wide(mib).memory_bytes()
}

#[test]
fn the_engine_keeps_one_wide_table_from_search_to_search_until_a_new_game() {
    let _turn = my_turn();
    let engine = engine(start("ataxx:players=4"), false, true);
    assert_eq!(engine.memory().table_bytes, wide_bytes(HASH_MIB));
    assert_ne!(
        wide_bytes(HASH_MIB),
        TranspositionTable::new(TableKind::LockFree, HASH_MIB).memory_bytes()
    );
    let first = engine.best_move(Limits::depth(3)).unwrap();
    assert!(first.nodes > 0, "{first:?}");
    // The second search finds the first's root in the table: nothing left to search.
    let again = engine.best_move(Limits::depth(3)).unwrap();
    assert_eq!(
        (again.mv, again.score, again.depth, again.nodes),
        (first.mv, first.score, 3, 0)
    );
    // A new game clears the table: the same search is searched again.
    engine.send(Command::NewGame);
    let cleared = engine.best_move(Limits::depth(3)).unwrap();
    assert_eq!((cleared.mv, cleared.score), (first.mv, first.score));
    assert!(cleared.nodes > 0, "{cleared:?}");
    // A new size is a new (empty) table of that size.
    engine.set_option(EngineOption::HashMib(HASH_MIB / 2));
    let resized = engine.best_move(Limits::depth(3)).unwrap();
    assert_eq!(engine.memory().table_bytes, wide_bytes(HASH_MIB / 2));
    assert_eq!((resized.mv, resized.score), (first.mv, first.score));
    assert!(resized.nodes > 0, "{resized:?}");
}

#[test]
fn a_position_of_more_seats_gets_a_wide_table() {
    let _turn = my_turn();
    let engine = engine(start("ataxx:players=2"), false, true);
    let narrow = TranspositionTable::new(TableKind::LockFree, HASH_MIB).memory_bytes();
    assert_eq!(engine.memory().table_bytes, narrow);
    engine.send(Command::SetPosition(GameRecord::new(start(
        "ataxx:players=3",
    ))));
    let first = engine.best_move(Limits::depth(3)).unwrap();
    assert_eq!(engine.memory().table_bytes, wide_bytes(HASH_MIB));
    let again = engine.best_move(Limits::depth(3)).unwrap();
    assert_eq!((again.mv, again.nodes), (first.mv, 0), "{first:?}");
}

#[test]
fn engines_sharing_a_wide_table_find_each_others_entries() {
    let _turn = my_turn();
    let record = GameRecord::new(x_to_move("ataxx:players=4"));
    let config = EngineConfig {
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    };
    let table = Arc::new(TranspositionTable::wide(4));
    let share = || Engine::with_shared_table(record.clone(), config.clone(), table.clone());
    let (one, other) = (share().unwrap(), share().unwrap());
    let first = one.best_move(Limits::depth(3)).unwrap();
    assert!(first.nodes > 0, "{first:?}");
    let second = other.best_move(Limits::depth(3)).unwrap();
    assert_eq!(
        (second.mv, second.score, second.nodes),
        (first.mv, first.score, 0)
    );
    // A narrow table cannot hold a seated search's keys: refused, but at two seats.
    let narrow = || Arc::new(TranspositionTable::new(TableKind::LockFree, 1));
    let refused = Engine::with_shared_table(record, config.clone(), narrow());
    assert!(
        matches!(refused.err(), Some(EngineError::NarrowTable { seats: 4 })),
        "a narrow table was taken"
    );
    let two = GameRecord::new(start("ataxx:players=2"));
    assert!(Engine::with_shared_table(two, config, narrow()).is_ok());
}

#[test]
fn a_table_the_engine_no_longer_uses_is_let_go() {
    let _turn = my_turn();
    let config = EngineConfig {
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    };
    let table = Arc::new(TranspositionTable::wide(1));
    let record = GameRecord::new(x_to_move("ataxx:players=4"));
    let engine = Engine::with_shared_table(record, config, table.clone()).unwrap();
    engine.best_move(Limits::depth(2)).unwrap();
    // Two seats on the shared wide table, then a table of the engine's own: the two-seat
    // search runs on it, and nothing holds the shared table but its owner.
    engine.send(Command::SetPosition(GameRecord::new(start(
        "ataxx:players=2",
    ))));
    engine.set_option(EngineOption::HashMib(2));
    let best = engine.best_move(Limits::depth(2)).unwrap();
    assert_eq!(best.depth, 2);
    let until = Instant::now() + Duration::from_secs(2);
    while Arc::strong_count(&table) > 1 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        Arc::strong_count(&table),
        1,
        "the shared table is still held"
    );
}
