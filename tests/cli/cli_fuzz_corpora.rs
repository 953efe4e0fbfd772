//! The fuzz targets' properties (`tests/fuzz/src/checks.rs`), run over every committed seed
//! and every input a campaign found a crash with (`tests/fuzz/regressions/<target>/`): each
//! crash found by fuzzing stays a test of the ordinary suite.

#[path = "../fuzz/src/checks.rs"]
#[allow(dead_code)]
mod checks;

use std::path::Path;

/// A target's check.
type Check = fn(&[u8]);

/// Every target, by name, with its check.
const TARGETS: &[(&str, Check)] = &[
    ("game_spec", checks::game_spec),
    ("player_spec", checks::player_spec),
    ("kalah_trace", checks::kalah_trace),
    ("kalah_board", checks::kalah_board),
    ("oware_position", checks::oware_position),
    ("ataxx_fen", checks::ataxx_fen),
    ("ataxx_move", checks::ataxx_move),
    ("uai_session", checks::uai_session),
    ("http_route", checks::http_route),
    ("http_body", checks::http_body),
    ("saved_game", checks::saved_game),
    ("egdb_file", checks::egdb_file),
    ("kalah_egdb_file", checks::kalah_egdb_file),
    ("safe_file", checks::safe_file),
    ("book_file", checks::book_file),
    ("engine_snapshot", checks::engine_snapshot),
];

/// Runs `target`'s check on every file of `dir` (if it exists); how many.
fn replay(dir: &Path, check: Check) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut count = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        assert!(outcome.is_ok(), "{} fails its check", path.display());
        count += 1;
    }
    count
}

#[test]
fn every_seed_and_every_regression_passes_its_target_check() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    let targets_dir = fuzz.join("fuzz_targets");
    for (name, check) in TARGETS {
        assert!(
            targets_dir.join(format!("{name}.rs")).exists(),
            "no target {name}"
        );
        let seeds = replay(&fuzz.join("seeds").join(name), *check);
        assert!(seeds > 0, "{name} has no seeds");
        replay(&fuzz.join("regressions").join(name), *check);
    }
    let targets = std::fs::read_dir(&targets_dir).unwrap().count();
    assert_eq!(targets, TARGETS.len(), "a target is missing from this test");
}
