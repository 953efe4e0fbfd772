//! The Kalah solver and endgame database: the published solved margins
//! (tests/data/kalah_solved.tsv, from independent solvers and papers) from the start, the
//! database against a database-free solve on random positions, principal lines that keep the
//! value, and the database's file checks.

use crate::search::common::random_record;
use ponder::games::kalah::{CaptureRule, KalahConfig, KalahEgdb};
use ponder::search::solve::{KalahRules, KalahSolver};
use ponder::{Game, Kalah};

const SOLVED: &str = include_str!("../data/kalah_solved.tsv");

/// Table size for the tests: 16 MiB.
const TABLE: usize = 16 << 20;

/// The rows of the reference: (rule, pits, seeds, first player's margin).
fn solved_rows() -> Vec<(CaptureRule, usize, usize, i32)> {
    SOLVED
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let capture = match fields[0] {
                "classic" => CaptureRule::Classic,
                _ => CaptureRule::Empty,
            };
            (
                capture,
                fields[1].parse().unwrap(),
                fields[2].parse().unwrap(),
                fields[3].parse().unwrap(),
            )
        })
        .collect()
}

fn solve(config: KalahConfig, position: &Kalah, egdb: Option<&KalahEgdb>) -> i32 {
    let mut solver = KalahSolver::new(KalahRules::new(config, egdb), TABLE).unwrap();
    solver.solve(position, |_| {}).unwrap().value
}

/// The value found by two threads sharing a table of `table` bytes.
fn solve_on_two_threads(config: KalahConfig, position: &Kalah, table: usize) -> i32 {
    let mut solver = KalahSolver::new(KalahRules::new(config, None), table)
        .unwrap()
        .with_threads(2);
    solver.solve(position, |_| {}).unwrap().value
}

#[test]
fn the_solver_reproduces_every_small_published_margin() {
    let mut checked = 0;
    for (capture, pits, seeds, margin) in solved_rows() {
        // Up to 32 seeds in play: a few seconds in all on two cores (the larger rows are
        // `ponder solve` figures in docs/BENCHMARKS.md).
        if 2 * pits * seeds > 32 {
            continue;
        }
        let config = KalahConfig::new(pits, seeds, capture).unwrap();
        let egdb = KalahEgdb::build(config, 8, 2, |_| {}).unwrap();
        let start = Kalah::new(config);
        assert_eq!(solve(config, &start, None), margin, "{config}");
        assert_eq!(
            solve(config, &start, Some(&egdb)),
            margin,
            "{config} with the database"
        );
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} rows checked");
}

#[test]
fn the_database_agrees_with_a_database_free_solve_on_random_positions() {
    for capture in [CaptureRule::Classic, CaptureRule::Empty] {
        let config = KalahConfig::new(6, 3, capture).unwrap();
        let egdb = KalahEgdb::build(config, 12, 2, |_| {}).unwrap();
        let mut covered = 0;
        for seed in 0..400u64 {
            let record = random_record(Kalah::new(config), seed, 10 + (seed % 30) as usize);
            let position = record.current();
            let Some(gain) = egdb.value(&position) else {
                continue;
            };
            covered += 1;
            let margin = position.store_difference() + gain;
            assert_eq!(solve(config, &position, None), margin, "{position:?}");
        }
        assert!(
            covered >= 50,
            "{capture}: only {covered} positions in the database"
        );
    }
}

#[test]
fn two_threads_sharing_a_crowded_table_find_the_exact_values() {
    // A 64 KiB table: entries are replaced all the time while both threads read them.
    const SMALL: usize = 64 << 10;
    for (capture, pits, seeds, margin) in solved_rows() {
        if 2 * pits * seeds > 24 {
            continue;
        }
        let config = KalahConfig::new(pits, seeds, capture).unwrap();
        let start = Kalah::new(config);
        assert_eq!(
            solve_on_two_threads(config, &start, SMALL),
            margin,
            "{config}"
        );
    }
    let config = KalahConfig::new(6, 3, CaptureRule::Empty).unwrap();
    let egdb = KalahEgdb::build(config, 12, 2, |_| {}).unwrap();
    let mut covered = 0;
    for seed in 0..200u64 {
        let record = random_record(Kalah::new(config), seed, 10 + (seed % 30) as usize);
        let position = record.current();
        if let Some(gain) = egdb.value(&position) {
            covered += 1;
            let margin = position.store_difference() + gain;
            assert_eq!(solve_on_two_threads(config, &position, SMALL), margin);
        }
    }
    assert!(covered >= 20, "only {covered} positions in the database");
}

#[test]
fn the_principal_line_keeps_the_value_to_the_end() {
    let config = KalahConfig::new(4, 3, CaptureRule::Empty).unwrap();
    let mut solver = KalahSolver::new(KalahRules::new(config, None), TABLE).unwrap();
    let start = Kalah::new(config);
    let solution = solver.solve(&start, |_| {}).unwrap();
    assert_eq!(solution.value, 8);
    let mut position = start;
    for &mv in &solution.line {
        position = position.play(mv);
    }
    let first = position.outcome().expect("the line ends the game").margin();
    assert_eq!(first, solution.value);
}

#[test]
fn saved_databases_load_back_and_damaged_files_are_refused() {
    let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
    let egdb = KalahEgdb::build(config, 6, 2, |_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("ponder-kalah-egdb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("db.bin");
    egdb.save(&path).unwrap();
    assert_eq!(KalahEgdb::load(&path).unwrap(), egdb);
    let bytes = std::fs::read(&path).unwrap();
    let damaged = [
        bytes[..bytes.len() / 2].to_vec(),
        [b"XXXXXXXX".as_slice(), &bytes[8..]].concat(),
        {
            let mut wrong_version = bytes.clone();
            wrong_version[8] = 9;
            wrong_version
        },
        {
            let mut huge_length = bytes.clone();
            // The layer count (after the 24-byte file header, pits and the 4-byte rule tag;
            // the header's checksum refuses it before the size limit would).
            huge_length[29..37].copy_from_slice(&u64::MAX.to_le_bytes());
            huge_length
        },
    ];
    for (case, damaged) in damaged.iter().enumerate() {
        std::fs::write(&path, damaged).unwrap();
        assert!(KalahEgdb::load(&path).is_err(), "case {case}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
