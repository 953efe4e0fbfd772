//! The perfect level with an endgame database loaded: on 200 positions from played games that
//! the database covers (Kalah, and Oware under the computer-Awari rules), the move it plays
//! keeps the exact game-theoretic value, and it reports that value exactly.
//!
//! The values come from the databases, which are checked against reference data elsewhere:
//! the Kalah database against the published solved margins (`tests/search/search_solve.rs`,
//! `tests/data/kalah_solved.tsv`), the Awari database against Lincke's published statistics
//! (`tests/data/awari_egdb_stats.csv`).
//!
//! A database is a value handed to the searches that consult it: two engines (and two
//! searchers) in one process consult two different databases, and one without none; the
//! exact values they report are checked against the solver, which searches to the end.

mod book;

use ponder::engine::{Command, Engine, EngineConfig, Event, Knowledge, Limits};
use ponder::games::kalah::{KalahConfig, KalahEgdb};
use ponder::games::oware::{Egdb, OwareConfig, Rules};
use ponder::players::{PlayerSpec, StopSignal, Turn, build_player, build_player_with};
use ponder::search::solve::{KalahRules, KalahSolver};
use ponder::search::{Database, ExactScores, SearchOptions, Searcher};
use ponder::{Game, GameRecord, Kalah, Oware};
use std::sync::Arc;

/// Positions each test judges.
const POSITIONS: usize = 200;

/// The exact final margin for `position`'s mover after `mv`, by `exact` (the database).
fn exact_after<G: Game>(position: &G, mv: G::Move, exact: &dyn Fn(&G) -> Option<i32>) -> i32 {
    let child = position.play(mv);
    let me = position.side_to_move();
    if let Some(outcome) = child.outcome() {
        return outcome.margin_for(me);
    }
    let margin = exact(&child).expect("the database covers every position below a covered one");
    if child.side_to_move() == me {
        margin
    } else {
        -margin
    }
}

/// Covered positions from games between a shallow randomised search and a random player,
/// every covered position of each game until the game ends, `POSITIONS` in all.
fn covered_positions<G: ponder::search::Evaluators>(
    start: G,
    exact: &dyn Fn(&G) -> Option<i32>,
) -> Vec<G> {
    let stop = StopSignal::new();
    let mut found = Vec::new();
    for game in 0u64.. {
        let mut players = [
            build_player::<G>(&"pvs:depth=3,tiebreak=random".parse().unwrap(), game).unwrap(),
            build_player::<G>(&PlayerSpec::named("random"), game + 1000).unwrap(),
        ];
        let mut record = GameRecord::new(start);
        while record.outcome().is_none() {
            let position = record.current();
            if exact(&position).is_some() {
                found.push(position);
                if found.len() == POSITIONS {
                    return found;
                }
            }
            let seat = position.side_to_move().index() ^ (game as usize & 1);
            let choice = players[seat].choose(&record, Turn::quiet(&stop)).unwrap();
            record.try_play(choice.mv).unwrap();
        }
    }
    unreachable!()
}

/// Plays the perfect level on every position (from a fresh record: the database knows no
/// history) and checks that its move keeps the exact value and that it reports that value.
fn perfect_keeps_the_value<G: ponder::search::Evaluators>(positions: &[G], database: &Database<G>) {
    let exact = &|position: &G| database.exact_margin(position, true);
    let stop = StopSignal::new();
    let spec: PlayerSpec = "perfect:depth=2".parse().unwrap();
    let mut player = build_player_with::<G>(&spec, 7, Some(database.clone())).unwrap();
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for position in positions {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let best = moves
            .iter()
            .map(|&mv| exact_after(position, mv, exact))
            .max()
            .unwrap();
        assert_eq!(Some(best), exact(position), "{}", position.position_text());
        player.new_game();
        let choice = player
            .choose(&GameRecord::new(*position), Turn::quiet(&stop))
            .unwrap();
        let kept = exact_after(position, choice.mv, exact);
        assert_eq!(
            kept,
            best,
            "{}: the perfect level played {} (value {kept}), the best is {best}",
            position.position_text(),
            choice.mv
        );
        assert_eq!(
            choice.thought.exact,
            Some(best),
            "the exact value is reported"
        );
        match best.signum() {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
    }
    // The positions are not all of one kind.
    assert!(won > 0 && lost > 0, "won {won}, drawn {drawn}, lost {lost}");
}

/// The engine thread probes the database too: on covered positions its info events and its
/// answer carry the exact value, distinct from the score.
fn engine_reports_exact<G: ponder::search::Evaluators>(positions: &[G], database: &Database<G>) {
    let exact = &|position: &G| database.exact_margin(position, true);
    let knowledge = Knowledge::new().with_database(database.clone());
    let engine = Engine::with_knowledge(GameRecord::new(positions[0]), quiet_config(), knowledge)
        .expect("the engine starts");
    for position in positions.iter().take(10) {
        engine.send(Command::SetPosition(GameRecord::new(*position)));
        let mut infos = 0;
        let best = engine
            .best_move_with(Limits::nodes(20_000), &StopSignal::new(), |event| {
                if let Event::Info(info) = event {
                    assert_eq!(info.search.exact, exact(position));
                    infos += 1;
                }
            })
            .unwrap_or_else(|error| panic!("engine error: {error}"));
        assert_eq!(best.exact, exact(position));
        assert!(infos > 0);
    }
}

/// A small engine that neither ponders nor pins a core.
fn quiet_config() -> EngineConfig {
    EngineConfig {
        hash_mib: 4,
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    }
}

#[test]
fn perfect_level_keeps_kalah_values() {
    let config = KalahConfig::default();
    let egdb = KalahEgdb::build(config, 14, 2, |_| {}).unwrap();
    let database: Database<Kalah> = Arc::new(egdb);
    let positions = covered_positions(Kalah::new(config), &|p| database.exact_margin(p, true));
    perfect_keeps_the_value(&positions, &database);
    engine_reports_exact(&positions, &database);
}

#[test]
fn perfect_level_keeps_awari_values() {
    let config = OwareConfig::new(Rules::Awari, 6, 4).unwrap();
    let database: Database<Oware> = Arc::new(Egdb::build_with(6, 12, 2, |_| {}).unwrap());
    let positions = covered_positions(Oware::start(&config).unwrap(), &|p| {
        database.exact_margin(p, true)
    });
    perfect_keeps_the_value(&positions, &database);
    engine_reports_exact(&positions, &database);
}

/// The exact final margin of `position` for its mover, by the solver (no database).
fn solved(config: KalahConfig, position: &Kalah) -> i32 {
    let mut solver = KalahSolver::new(KalahRules::new(config, None), 1 << 20).unwrap();
    solver.solve(position, &mut |_| {}).unwrap().value
}

/// The exact value an engine with `knowledge` reports for `position` after a depth-1 search.
fn engine_exact(knowledge: Knowledge<Kalah>, position: Kalah) -> Option<i32> {
    let engine = Engine::with_knowledge(GameRecord::new(position), quiet_config(), knowledge)
        .expect("the engine starts");
    let best = engine
        .best_move(Limits::depth(1))
        .expect("the engine answers");
    best.exact
}

/// The exact value a searcher consulting `database` reports for `position` at depth 1.
fn searcher_exact(database: Option<Database<Kalah>>, position: Kalah) -> Option<i32> {
    let options = SearchOptions {
        hash_mib: 1,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::<Kalah>::with_new_table_and_database(options, database).unwrap();
    let record = GameRecord::new(position);
    searcher
        .search(&record, &Limits::depth(1), &StopSignal::new(), &mut |_| {})
        .exact
}

#[test]
fn two_engines_in_one_process_consult_two_databases() {
    let config = KalahConfig::default();
    let small: Database<Kalah> = Arc::new(KalahEgdb::build(config, 4, 2, |_| {}).unwrap());
    let large: Database<Kalah> = Arc::new(KalahEgdb::build(config, 9, 2, |_| {}).unwrap());
    // 3 seeds in the pits (both databases cover it), and 9 (only the larger one does).
    let few = Kalah::parse_position(&config, "0,0,0,0,1,1,22,0,0,0,0,0,1,23,0")
        .unwrap()
        .current();
    let many = Kalah::parse_position(&config, "1,0,2,0,0,1,20,0,2,0,1,0,2,19,0")
        .unwrap()
        .current();
    let (few_value, many_value) = (solved(config, &few), solved(config, &many));
    let engines = [
        Knowledge::new().with_database(small.clone()),
        Knowledge::new().with_database(large.clone()),
        Knowledge::new(),
    ];
    let expected = [
        (Some(few_value), None),
        (Some(few_value), Some(many_value)),
        (None, None),
    ];
    for (knowledge, (few_expected, many_expected)) in engines.into_iter().zip(expected) {
        assert_eq!(engine_exact(knowledge.clone(), few), few_expected);
        assert_eq!(engine_exact(knowledge, many), many_expected);
    }
    let databases = [Some(small), Some(large), None];
    for (database, (few_expected, many_expected)) in databases.into_iter().zip(expected) {
        assert_eq!(searcher_exact(database.clone(), few), few_expected);
        assert_eq!(searcher_exact(database, many), many_expected);
    }
}

#[test]
fn a_damaged_database_file_is_refused_with_its_name() {
    let config = KalahConfig::default();
    let egdb = KalahEgdb::build(config, 5, 1, |_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("ponder-egdb-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kalah5.egdb");
    egdb.save(&path).unwrap();
    let opened = KalahEgdb::open(&path).unwrap();
    assert_eq!(opened, egdb, "the mapped database reads the values written");
    let copied = KalahEgdb::open(&path).unwrap().in_memory().unwrap();
    assert_eq!(
        copied, egdb,
        "copied out of the mapped file, the values are the same"
    );
    assert_eq!(copied.max_seeds(), Some(5));
    opened.verify().unwrap();
    let bytes = std::fs::read(&path).unwrap();

    let truncated = dir.join("truncated.egdb");
    std::fs::write(&truncated, &bytes[..bytes.len() - 7]).unwrap();
    let error = KalahEgdb::open(&truncated).unwrap_err().to_string();
    assert!(error.contains("truncated.egdb"), "{error}");

    // A flipped value: the header and the layers' lengths still hold, so opening (which
    // reads no value) succeeds; verifying reads the whole file and refuses it.
    let flipped = dir.join("flipped.egdb");
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x40;
    std::fs::write(&flipped, &damaged).unwrap();
    let opened = KalahEgdb::open(&flipped).unwrap();
    let error = opened.verify().unwrap_err().to_string();
    assert!(error.contains("flipped.egdb"), "{error}");
    let error = KalahEgdb::load(&flipped).unwrap_err().to_string();
    assert!(error.contains("flipped.egdb"), "{error}");
    // Copied into memory for a solve, the file is read whole once: refused the same way.
    let opened = KalahEgdb::open(&flipped).unwrap();
    let error = opened.in_memory().unwrap_err().to_string();
    assert!(error.contains("flipped.egdb"), "{error}");

    // The structure broken (the layer count): refused at open.
    let broken = dir.join("broken.egdb");
    let mut damaged = bytes;
    let count_at = ponder::files::HEADER_BYTES + 1 + 4;
    damaged[count_at] ^= 0x01;
    std::fs::write(&broken, &damaged).unwrap();
    let error = KalahEgdb::open(&broken).unwrap_err().to_string();
    assert!(error.contains("broken.egdb"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
