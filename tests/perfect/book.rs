//! The Kalah(6,4) book from the exact solver keeps the value: every move it stores carries
//! the exact value an independent solve gives (a solver of its own, without the endgame
//! database the build used), and every move it plays is value-preserving. From the start,
//! the best move's value is the published +8 (`tests/data/kalah_solved.tsv`).

use ponder::book::{Book, BookAdvice, BookBounds, BookPolicy, ExactReach, SharedBook, exact_book};
use ponder::engine::{Engine, EngineConfig, Knowledge, Limits};
use ponder::games::kalah::{KalahConfig, KalahEgdb, board_array};
use ponder::search::solve::{KalahRules, KalahSolver};
use ponder::{Game, GameRecord, Kalah};
use std::sync::Arc;

/// The build's solver: with an endgame database of `seeds` seeds, as `ponder book build`.
fn build(start: &Kalah, plies: usize, seeds: u32) -> Book<Kalah> {
    let config = KalahConfig::default();
    let egdb = KalahEgdb::build(config, seeds, 2, |_| {}).unwrap();
    let mut solver = KalahSolver::new(KalahRules::new(config, Some(&egdb)), 64 << 20).unwrap();
    let mut book = Book::new(config, BookBounds::default());
    exact_book(
        &mut book,
        start,
        &ExactReach::every_line(plies),
        &mut |position| solver.solve(position, |_| {}).map(|s| s.value),
        &mut |_, _| {},
    )
    .unwrap();
    book
}

/// The independent check: a fresh solver, without the build's database (with one of its own,
/// of another size, or none).
struct Oracle<'a>(KalahSolver<'a>);

impl<'a> Oracle<'a> {
    fn new(egdb: Option<&'a KalahEgdb>) -> Oracle<'a> {
        let rules = KalahRules::new(KalahConfig::default(), egdb);
        Oracle(KalahSolver::new(rules, 256 << 20).unwrap())
    }

    /// The exact final margin for `position`'s mover.
    fn value(&mut self, position: &Kalah) -> i32 {
        match position.outcome() {
            Some(outcome) => outcome.margin_for(position.side_to_move()),
            None => self.0.solve(position, |_| {}).unwrap().value,
        }
    }

    /// The exact final margin for `position`'s mover after `mv`.
    fn after(&mut self, position: &Kalah, mv: <Kalah as Game>::Move) -> i32 {
        let child = position.play(mv);
        let value = self.value(&child);
        if child.side_to_move() == position.side_to_move() {
            value
        } else {
            -value
        }
    }
}

/// Every position within `plies` of `root` (every line).
fn positions(root: Kalah, plies: usize) -> Vec<Kalah> {
    let mut all = vec![root];
    let mut frontier = vec![root];
    let mut moves = Vec::new();
    for _ in 1..plies {
        let mut next = Vec::new();
        for position in frontier {
            position.legal_moves(&mut moves);
            next.extend(moves.iter().map(|&mv| position.play(mv)));
        }
        next.retain(|p| p.outcome().is_none());
        all.extend(&next);
        frontier = next;
    }
    all
}

/// Every move the book stores in the positions within `plies` of `root` has the oracle's
/// value; every move it plays there (whatever the seed) keeps the position's value.
fn check(book: &Book<Kalah>, root: Kalah, plies: usize, oracle: &mut Oracle<'_>) -> usize {
    let mut checked = 0;
    for position in positions(root, plies) {
        let stored = book.moves(&position.key());
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        assert_eq!(
            stored.len(),
            legal.len(),
            "every move of {position:?} is in the book"
        );
        for entry in stored {
            let expected = oracle.after(&position, entry.mv);
            assert_eq!(entry.exact, Some(expected), "{position:?} {}", entry.mv);
            checked += 1;
        }
        let value = oracle.value(&position);
        for seed in 0..8 {
            let BookAdvice::Play(mv) = book.advise(&position, Some(seed), &BookPolicy::default())
            else {
                panic!("the book plays in {position:?}");
            };
            assert_eq!(
                oracle.after(&position, mv),
                value,
                "{position:?}: {mv} loses value"
            );
        }
    }
    checked
}

#[test]
fn the_kalah_book_from_the_solver_plays_only_value_preserving_moves() {
    // A Kalah(6,4) position from a reference game (OpenSpiel), once 24 seeds or fewer are
    // left in the pits: solved in moments without a database.
    let games = include_str!("../data/kalah_games.jsonl");
    let first: serde_json::Value = serde_json::from_str(games.lines().next().unwrap()).unwrap();
    let mut position = Kalah::start(&KalahConfig::default()).unwrap();
    for ply in first["plies"].as_array().unwrap() {
        let pits: u32 = board_array(&position)[..6].iter().sum::<u32>()
            + board_array(&position)[7..13].iter().sum::<u32>();
        if pits <= 24 {
            break;
        }
        let mv = position.parse_move(&ply["move"].to_string()).unwrap();
        position = position.play(mv);
    }
    assert!(position.outcome().is_none());
    let book = build(&position, 3, 12);
    let mut oracle = Oracle::new(None);
    let checked = check(&book, position, 3, &mut oracle);
    assert!(checked >= 30, "{checked} moves checked");
    // The engine answers from the book, with the exact value it knows.
    let value = oracle.value(&position);
    let shared = Arc::new(SharedBook::new(book).learning(false));
    let engine_config = EngineConfig {
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    };
    let knowledge = Knowledge::new().with_book(shared);
    let engine =
        Engine::with_knowledge(GameRecord::new(position), engine_config, knowledge).unwrap();
    let best = engine.best_move(Limits::depth(1)).unwrap();
    assert_eq!((best.depth, best.nodes, best.exact), (0, 0, Some(value)));
    assert_eq!(oracle.after(&position, best.mv.unwrap()), value);
}

/// Heavy (minutes on a quiet machine: the start's six children solved twice, by the build
/// with a 16-seed database and by the oracle with a 12-seed one):
/// `cargo test --profile ci --test library -- --ignored perfect::book`.
#[test]
#[ignore]
fn the_kalah_book_from_the_start_keeps_the_published_value() {
    let start = Kalah::start(&KalahConfig::default()).unwrap();
    let book = build(&start, 1, 16);
    // The published margin of classic Kalah(6,4) for the first player.
    let published = include_str!("../data/kalah_solved.tsv")
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|fields| fields[..3] == ["classic", "6", "4"])
        .and_then(|fields| fields[3].parse::<i32>().ok())
        .expect("tests/data/kalah_solved.tsv lists classic Kalah(6,4)");
    let best = book
        .moves(&start.key())
        .iter()
        .filter_map(|m| m.exact)
        .max();
    assert_eq!(best, Some(published));
    let config = KalahConfig::default();
    let egdb = KalahEgdb::build(config, 12, 2, |_| {}).unwrap();
    check(&book, start, 1, &mut Oracle::new(Some(&egdb)));
}

/// The book the `perfect` level plays from (embedded in ponder) agrees with CMancala, an
/// independent exact solver: in every position of `tests/data/kalah_cmancala_values.tsv` the
/// book holds, every legal move is stored with its exact value, the best of them is
/// CMancala's value of the position, and the book plays only moves of that value.
#[test]
fn the_own_book_agrees_with_cmancala() {
    let config = KalahConfig::default();
    let bytes = ponder::games::kalah::books::own_book(&config).expect("Kalah(6,4) has a book");
    let book = Book::<Kalah>::from_bytes(bytes, std::path::Path::new("own"), Some(&config))
        .expect("the embedded book reads");
    let start = Kalah::start(&config).unwrap();
    let (mut held, mut openings) = (0, 0);
    for line in include_str!("../data/kalah_cmancala_values.tsv")
        .lines()
        .skip(1)
    {
        let (moves, value) = line.split_once('\t').unwrap();
        let value: i32 = value.parse().unwrap();
        let mut record = GameRecord::new(start);
        record.play_all_text(moves).unwrap();
        let position = record.current();
        let stored = book.moves(&position.key());
        if moves.split(' ').count() <= 2 {
            // Every line to 3 plies: every position of the 2-ply openings is held.
            assert!(!stored.is_empty(), "the book holds the opening {moves}");
            openings += 1;
        }
        if stored.is_empty() {
            continue;
        }
        held += 1;
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        assert_eq!(stored.len(), legal.len(), "every move after {moves}");
        let best = stored.iter().map(|m| m.exact.expect("exact")).max();
        assert_eq!(best, Some(value), "after {moves}: CMancala's value");
        for seed in 0..4 {
            let BookAdvice::Play(mv) = book.advise(&position, Some(seed), &BookPolicy::default())
            else {
                panic!("the book plays after {moves}");
            };
            let played = stored.iter().find(|m| m.mv == mv).unwrap();
            assert_eq!(
                played.exact,
                Some(value),
                "after {moves}: {mv} keeps the value"
            );
        }
    }
    assert!(openings >= 30, "{openings} openings");
    assert!(held >= 250, "{held} positions checked");
}
