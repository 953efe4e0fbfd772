//! Engine snapshots: a restored engine answers a fixed-depth `go` with the plain search's
//! exact value and equal-best moves (forward pruning off), as the engine it was saved from,
//! in Kalah, Oware, Ataxx and at tables of three and four seats; it starts from the depth it
//! had (fewer nodes than a cold engine); and corrupt, truncated, foreign, oversized and
//! other-game snapshots are refused with an error naming the file.

use crate::common::{random_record, search};
use crate::{my_turn, quiet_config};
use ponder::engine::{
    ENGINE_SNAPSHOT, Engine, EngineConfig, Knowledge, Limits, SnapshotBudget, SnapshotError,
};
use ponder::files::FileProblem;
use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::multi::MultiAlgorithm;
use ponder::search::{Algorithm, Evaluators, TableWidth, TieBreak as SearchTieBreak};
use ponder::{Ataxx, Game, GameRecord, GameSpec, Kalah, Oware};
use std::path::{Path, PathBuf};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-snapshot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Exact answers: no forward pruning, no pondering, first of the ties.
fn exact_config() -> EngineConfig {
    EngineConfig {
        forward_pruning: false,
        tree_min_depth: 3,
        ..quiet_config()
    }
}

/// Searches `record` to `depth`, saves, restores into a new engine and searches again:
/// both answers are the plain search's value and equal-best moves, and the restored engine
/// needs fewer nodes than a cold one.
fn round_trip<G: Evaluators>(record: GameRecord<G>, depth: u32, dir: &Path) {
    let context = format!("{} depth {depth}, {:?}", G::NAME, record.current());
    let plain = search(
        &record,
        Algorithm::Pvs,
        "default",
        SearchTieBreak::First,
        depth,
        1,
        false,
    );
    let path = dir.join(format!("{}-{depth}.snapshot", G::NAME));
    let original = Engine::new(record.clone(), exact_config()).expect("the engine starts");
    let before = original.best_move(Limits::depth(depth)).expect("an answer");
    let report = original.save_state(&path).expect("a snapshot");
    assert!(report.tree_nodes > 1, "{context}: {report:?}");
    drop(original);
    let restored = Engine::restore(&path, record.clone(), exact_config(), Knowledge::new())
        .unwrap_or_else(|error| panic!("{context}: {error}"));
    let after = restored.best_move(Limits::depth(depth)).expect("an answer");
    for answer in [&before, &after] {
        assert_eq!(answer.score, plain.score.0, "value: {context}");
        assert_eq!(answer.equal_best, plain.equal_best, "ties: {context}");
    }
    let cold = Engine::new(record, exact_config()).expect("the engine starts");
    let fresh = cold.best_move(Limits::depth(depth)).expect("an answer");
    assert!(
        after.nodes < fresh.nodes,
        "{context}: restored {} nodes, cold {}: {after:?}",
        after.nodes,
        fresh.nodes
    );
}

#[test]
fn a_restored_engine_answers_as_the_original_in_every_game() {
    let _turn = my_turn();
    let dir = scratch("round-trip");
    let kalah = Kalah::start(&Default::default()).unwrap();
    let oware = Oware::start(&Default::default()).unwrap();
    let ataxx = Ataxx::start(&Default::default()).unwrap();
    for seed in 0..3 {
        round_trip(
            random_record(kalah, seed * 31 + 1, 6 + seed as usize),
            8,
            &dir,
        );
        round_trip(
            random_record(oware, seed * 31 + 2, 8 + seed as usize),
            7,
            &dir,
        );
        round_trip(
            random_record(ataxx, seed * 31 + 3, 4 + seed as usize),
            4,
            &dir,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine's configuration at three and four seats: exact, searching with `algorithm`.
fn seated_config(algorithm: MultiAlgorithm) -> EngineConfig {
    EngineConfig {
        seated_algorithm: algorithm,
        ..exact_config()
    }
}

/// A record of `spec` five plies from its start: at three and four seats, another seat than
/// the first to move (a max-n root's value is then one of the other seats' values).
fn seated_record(spec: &str) -> GameRecord<AtaxxSeats> {
    let spec: GameSpec = spec.parse().unwrap();
    let config = AtaxxSeats::config_from_spec(&spec).unwrap();
    let record = random_record(AtaxxSeats::start(&config).unwrap(), 5, 5);
    assert_ne!(record.current().side_to_move().index(), 0);
    record
}

#[test]
fn a_restored_engine_at_three_and_four_seats_answers_from_its_table() {
    let _turn = my_turn();
    let dir = scratch("seats");
    for (spec, algorithm) in [
        ("ataxx:players=3", MultiAlgorithm::BrsPlus),
        ("ataxx:players=4", MultiAlgorithm::BrsPlus),
        ("ataxx:players=4", MultiAlgorithm::MaxN),
    ] {
        let context = format!("{spec} {algorithm:?}");
        let record = seated_record(spec);
        let config = seated_config(algorithm);
        let path = dir.join("seats.snapshot");
        let original = Engine::new(record.clone(), config.clone()).unwrap();
        let before = original.best_move(Limits::depth(3)).unwrap();
        let report = original.save_state(&path).expect("a snapshot");
        assert!(report.table_entries > 0, "{context}: {report:?}");
        drop(original);
        let restored =
            Engine::restore(&path, record.clone(), config.clone(), Knowledge::new()).unwrap();
        let after = restored.best_move(Limits::depth(3)).unwrap();
        assert!(before.mv.is_some_and(|mv| record.current().is_legal(mv)));
        // The restored table holds the root at the depth asked for, with the root seat's
        // value: nothing to search.
        assert_eq!(
            (after.mv, after.score, after.depth, after.nodes),
            (before.mv, before.score, 3, 0),
            "{context}: searched {} nodes before",
            before.nodes
        );
        if algorithm == MultiAlgorithm::MaxN {
            // The root seat's value is one of the other seats' values max-n stored with
            // the first seat's: lost, it would read 0.
            assert_ne!(before.score, 0, "{context}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_snapshot_of_another_table_width_is_refused() {
    let _turn = my_turn();
    let dir = scratch("width");
    let config = seated_config(MultiAlgorithm::BrsPlus);
    let records = [
        seated_record("ataxx:players=2"),
        seated_record("ataxx:players=4"),
    ];
    let paths = records.each_ref().map(|record| {
        let engine = Engine::new(record.clone(), config.clone()).unwrap();
        engine.best_move(Limits::depth(2)).unwrap();
        let path = dir.join(format!("{}.snapshot", record.current().seat_count()));
        engine.save_state(&path).expect("a snapshot");
        path
    });
    for (path, record, found, expected) in [
        (&paths[0], &records[1], TableWidth::Narrow, TableWidth::Wide),
        (&paths[1], &records[0], TableWidth::Wide, TableWidth::Narrow),
    ] {
        match Engine::restore(path, record.clone(), config.clone(), Knowledge::new()) {
            Err(error @ SnapshotError::TableMismatch { .. }) => {
                assert!(error.to_string().contains(&path.display().to_string()));
                let SnapshotError::TableMismatch {
                    found: was,
                    expected: is,
                    ..
                } = error
                else {
                    unreachable!()
                };
                assert_eq!((was, is), (found, expected));
            }
            other => panic!("{}: {:?}", path.display(), other.err()),
        }
    }
    // Each restores into an engine of its own seats.
    for (path, record) in paths.iter().zip(records) {
        assert!(Engine::restore(path, record, config.clone(), Knowledge::new()).is_ok());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Kalah engine's snapshot after a search, its path and the engine's record.
fn kalah_snapshot(dir: &Path) -> (PathBuf, GameRecord<Kalah>) {
    let record = random_record(Kalah::start(&Default::default()).unwrap(), 9, 4);
    let engine = Engine::new(record.clone(), exact_config()).unwrap();
    engine.best_move(Limits::depth(9)).unwrap();
    let path = dir.join("kalah.snapshot");
    engine.save_state(&path).expect("a snapshot");
    (path, record)
}

/// Restores `path` into a Kalah engine of `config` on `record`: the error.
fn refusal(path: &Path, record: GameRecord<Kalah>, config: EngineConfig) -> SnapshotError {
    match Engine::restore(path, record, config, Knowledge::new()) {
        Ok(_) => panic!("{} was restored", path.display()),
        Err(error) => {
            let text = error.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}");
            error
        }
    }
}

#[test]
fn corrupt_truncated_oversized_and_foreign_snapshots_are_refused() {
    let _turn = my_turn();
    let dir = scratch("refused");
    let (path, record) = kalah_snapshot(&dir);
    let bytes = std::fs::read(&path).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    // A flipped payload byte: the checksum.
    let mut corrupt = bytes.clone();
    let middle = corrupt.len() / 2;
    corrupt[middle] ^= 0x40;
    let error = refusal(&write("corrupt", &corrupt), record.clone(), exact_config());
    assert!(
        matches!(
            error,
            SnapshotError::File(ref e) if matches!(e.problem, FileProblem::Checksum { .. })
        ),
        "{error}"
    );
    // Truncated, in the payload and in the header.
    for cut in [bytes.len() - 7, 10] {
        let error = refusal(
            &write("truncated", &bytes[..cut]),
            record.clone(),
            exact_config(),
        );
        assert!(matches!(error, SnapshotError::File(_)), "{error}");
    }
    // A header that claims more than any snapshot may hold.
    let mut oversized = bytes.clone();
    oversized[12..20].copy_from_slice(&(ENGINE_SNAPSHOT.max_payload + 1).to_le_bytes());
    let error = refusal(
        &write("oversized", &oversized),
        record.clone(),
        exact_config(),
    );
    assert!(
        matches!(
            error,
            SnapshotError::File(ref e) if matches!(e.problem, FileProblem::TooLarge { .. })
        ),
        "{error}"
    );
    // Another format version: a later one, and version 1 (before the tables of three and
    // four seats).
    for older in [ENGINE_SNAPSHOT.version + 1, 1] {
        let mut version = bytes.clone();
        version[8..12].copy_from_slice(&older.to_le_bytes());
        let error = refusal(&write("version", &version), record.clone(), exact_config());
        assert!(
            matches!(
                error,
                SnapshotError::File(ref e)
                    if matches!(e.problem, FileProblem::Version { expected: 2, found } if found == older)
            ),
            "{error}"
        );
    }
    // Another configuration (forward pruning on), another evaluator, another game.
    let pruning = EngineConfig {
        forward_pruning: true,
        ..exact_config()
    };
    let error = refusal(&path, record.clone(), pruning);
    assert!(matches!(error, SnapshotError::Foreign { .. }), "{error}");
    let eval = EngineConfig {
        eval: "store".to_string(),
        ..exact_config()
    };
    let error = refusal(&path, record.clone(), eval);
    assert!(matches!(error, SnapshotError::Foreign { .. }), "{error}");
    let oware = GameRecord::new(Oware::start(&Default::default()).unwrap());
    match Engine::restore(&path, oware, exact_config(), Knowledge::new()) {
        Err(error @ SnapshotError::Foreign { .. }) => {
            assert!(error.to_string().contains("kalah"), "{error}")
        }
        other => panic!("an Oware engine read a Kalah snapshot: {:?}", other.err()),
    }
    // Another game record of the same game: one that does not continue the snapshot's.
    let other = random_record(Kalah::start(&Default::default()).unwrap(), 10, 4);
    assert_ne!(other.moves(), record.moves());
    let error = refusal(&path, other, exact_config());
    assert!(matches!(error, SnapshotError::OtherGame { .. }), "{error}");
    // Not a file at all.
    let error = refusal(&dir.join("missing"), record.clone(), exact_config());
    assert!(matches!(error, SnapshotError::File(_)), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_later_record_is_played_into_the_restored_tree_and_budgets_bound_the_file() {
    let _turn = my_turn();
    let dir = scratch("later");
    let (path, record) = kalah_snapshot(&dir);
    // The game went on after the snapshot: the engine plays the moves into its tree.
    let engine = Engine::new(record.clone(), exact_config()).unwrap();
    let expected = engine.best_move(Limits::depth(9)).unwrap();
    let mut later = record.clone();
    later.try_play(expected.mv.unwrap()).unwrap();
    let restored = Engine::restore(&path, later.clone(), exact_config(), Knowledge::new()).unwrap();
    let answer = restored.best_move(Limits::depth(6)).unwrap();
    assert_eq!(answer.position, later.current());
    assert!(
        answer.tree.kept > 0,
        "the restored tree served the search: {answer:?}"
    );
    // A small budget keeps a small file.
    let small = dir.join("small.snapshot");
    let report = engine
        .request_snapshot(
            &small,
            SnapshotBudget {
                tree_nodes: 10,
                table_entries: 100,
            },
        )
        .recv()
        .unwrap()
        .expect("a snapshot");
    assert!(
        report.tree_nodes <= 10 && report.table_entries <= 100,
        "{report:?}"
    );
    assert!(report.bytes < 4_000, "{report:?}");
    let restored = Engine::restore(&small, record, exact_config(), Knowledge::new()).unwrap();
    assert_eq!(
        restored.best_move(Limits::depth(5)).unwrap().score,
        engine.best_move(Limits::depth(5)).unwrap().score
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engine searches, plays its move and is saved; the opponent plays the reply the engine
/// expected; the restored engine's next search, shallower than what it kept, is answered
/// from its tree and table as the uninterrupted engine's is, where a cold engine searches.
#[test]
fn a_restored_engine_starts_from_the_depth_it_kept_after_the_next_move() {
    let _turn = my_turn();
    let dir = scratch("kept");
    let config = quiet_config();
    let mut record = GameRecord::new(Oware::start(&Default::default()).unwrap());
    let engine = Engine::new(record.clone(), config.clone()).unwrap();
    let searched = engine.best_move(Limits::depth(12)).unwrap();
    let (mv, reply) = (searched.mv.unwrap(), searched.ponder.unwrap());
    engine.send_move(mv);
    record.try_play(mv).unwrap();
    let path = dir.join("kept.snapshot");
    engine.save_state(&path).unwrap();
    record.try_play(reply).unwrap();
    engine.send_move(reply);
    let uninterrupted = engine.best_move(Limits::depth(8)).unwrap();
    drop(engine);
    let restored =
        Engine::restore(&path, record.clone(), config.clone(), Knowledge::new()).unwrap();
    let warm = restored.best_move(Limits::depth(8)).unwrap();
    let cold = Engine::new(record, config).unwrap();
    let fresh = cold.best_move(Limits::depth(8)).unwrap();
    assert_eq!(warm.score, uninterrupted.score);
    assert!(
        warm.nodes * 2 < fresh.nodes && warm.nodes <= uninterrupted.nodes * 2 + 100,
        "restored {} nodes, uninterrupted {}, cold {}",
        warm.nodes,
        uninterrupted.nodes,
        fresh.nodes
    );
    let _ = std::fs::remove_dir_all(&dir);
}
