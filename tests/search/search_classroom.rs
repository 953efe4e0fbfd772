//! The classroom spec's worked test (shared/seeds/002, `player_test.py`): on the board with
//! trace 123551234220105241, at depth 2 with the heuristic "first player's store minus the
//! second's", the second player's moves 0 and 3 are worth -6 (from the first player's side) and
//! move 2 is worth -5, so minimax and alpha-beta pick 0 ("under the usual ordering. Move 3 would
//! be equivalently good").

use crate::search::common::search;
use ponder::games::kalah::KalahConfig;
use ponder::search::{Algorithm, TieBreak};
use ponder::{Game, Kalah};
use std::collections::BTreeSet;

const TRACE: &str = "123551234220105241";

fn record() -> ponder::GameRecord<Kalah> {
    Kalah::parse_position(&KalahConfig::default(), TRACE).unwrap()
}

#[test]
fn every_algorithm_picks_move_0_under_the_first_tie_break() {
    let record = record();
    assert_eq!(
        record.current().side_to_move().index(),
        1,
        "the second player moves"
    );
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Pvs] {
        for forward_pruning in [false, true] {
            let outcome = search(
                &record,
                algorithm,
                "store-diff",
                TieBreak::First,
                2,
                1,
                forward_pruning,
            );
            assert_eq!(
                outcome.best_move.map(|m| m.to_string()),
                Some("0".to_string()),
                "{algorithm}"
            );
            // -6 from the first player's side is +6 for the second player, who moves.
            assert_eq!(outcome.score.0, 6, "{algorithm}");
            let ties: Vec<String> = outcome.equal_best.iter().map(|m| m.to_string()).collect();
            assert_eq!(ties, ["0", "3"], "{algorithm}");
        }
    }
}

#[test]
fn random_tie_break_gives_0_and_3_and_nothing_else() {
    let record = record();
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Pvs] {
        let mut seen = BTreeSet::new();
        for seed in 0..40 {
            let outcome = search(
                &record,
                algorithm,
                "store-diff",
                TieBreak::Random { seed },
                2,
                1,
                false,
            );
            seen.insert(outcome.best_move.unwrap().to_string());
        }
        assert_eq!(
            seen,
            BTreeSet::from(["0".to_string(), "3".to_string()]),
            "{algorithm}"
        );
    }
}
