//! Minimax (the oracle), alpha-beta and PVS with forward pruning off agree exactly: on the value,
//! on the set of equal-best moves, and on the move under the deterministic tie-break, over
//! random positions of every game at depths 1..5.

use crate::search::common::coins::{Coins, CoinsConfig};
use crate::search::common::walk::{FreeWalk, Walk, WalkConfig};
use crate::search::common::{check_agreement, random_record, search};
use ponder::search::{Algorithm, TieBreak};
use ponder::{Game, GameRecord};
use proptest::prelude::*;

fn coins_start(values: &[u8]) -> Coins {
    Coins::start(&CoinsConfig {
        coins: values.to_vec(),
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn coins_algorithms_agree(
        values in proptest::collection::vec(0u8..6, 4..14),
        seed in any::<u64>(),
        plies in 0usize..6,
        depth in 1u32..=5,
    ) {
        let record = random_record(coins_start(&values), seed, plies);
        check_agreement(&record, "default", depth);
        check_agreement(&record, "score-diff", depth);
    }

    #[test]
    fn walk_algorithms_agree_with_repetitions(
        seed in any::<u64>(),
        plies in 0usize..12,
        depth in 1u32..=5,
    ) {
        let start = Walk::start(&Walk::config_from_spec(&"walk".parse().unwrap()).unwrap()).unwrap();
        let record = random_record(start, seed, plies);
        check_agreement(&record, "default", depth);
    }
}

/// Deeper than the property tests, over many seeds: the tiny games allow plain minimax to depth
/// 9, where transpositions reached at different plies and repetitions reached through
/// different paths put the table's depth and repetition rules to the test.
#[test]
fn tiny_games_agree_deep() {
    for seed in 0..150u64 {
        let mut cells = [0u8; 8];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = ((seed >> (i * 2)) % 4) as u8 * u8::from((seed + i as u64) % 2 == 0);
        }
        let walk = Walk::start(&WalkConfig { cells }).unwrap();
        let record = random_record(walk, seed, (seed % 7) as usize);
        let values: Vec<u8> = (0..12).map(|i| ((seed * 31 + i * 7) % 5) as u8).collect();
        let coins = random_record(coins_start(&values), seed, (seed % 5) as usize);
        let free = random_record(
            FreeWalk::start(&WalkConfig { cells }).unwrap(),
            seed,
            (seed % 7) as usize,
        );
        for depth in [6, 9] {
            check_agreement(&record, "default", depth);
            check_agreement(&free, "default", depth);
            check_agreement(&coins, "default", depth);
        }
    }
}

#[test]
fn a_full_depth_search_finds_the_exact_margin() {
    // Coins 3,1,0,2: solved by hand. First takes 3 (left) or 2 (right)...
    // Exhaustive check instead: minimax to the end equals PVS to the end, and the score decodes
    // to a final margin.
    let record = GameRecord::new(coins_start(&[3, 1, 0, 2, 5, 0, 1]));
    let deep = search(
        &record,
        Algorithm::Pvs,
        "default",
        TieBreak::First,
        12,
        1,
        false,
    );
    let oracle = search(
        &record,
        Algorithm::Minimax,
        "default",
        TieBreak::First,
        12,
        1,
        false,
    );
    assert_eq!(deep.score, oracle.score);
    assert!(deep.score.is_decisive() || deep.score.0 == 0);
}

/// The final margin for the first player under perfect play, by a separate, seat-based
/// formulation (the first player maximises, the second minimises, whoever moves: no negamax, so
/// no sign to get wrong on extra turns).
fn solve_for_first_player(position: &Coins) -> i32 {
    if let Some(outcome) = position.outcome() {
        return outcome.margin();
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let values = moves
        .iter()
        .map(|&mv| solve_for_first_player(&position.play_unchecked(mv)));
    if position.side_to_move().index() == 0 {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

#[test]
fn searching_to_the_end_gives_the_solved_margin_with_extra_turns() {
    for seed in 0..60u64 {
        let values: Vec<u8> = (0..10)
            .map(|i| ((seed * 17 + i * 5 + i * i) % 4) as u8)
            .collect();
        let record = random_record(coins_start(&values), seed, (seed % 3) as usize);
        let position = record.current();
        if position.outcome().is_some() {
            continue;
        }
        let expected = solve_for_first_player(&position);
        let expected_for_mover = if position.side_to_move().index() == 0 {
            expected
        } else {
            -expected
        };
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Pvs] {
            let outcome = search(&record, algorithm, "default", TieBreak::First, 12, 1, false);
            let found = outcome.score.margin().unwrap_or(0);
            assert_eq!(
                found,
                expected_for_mover,
                "{algorithm} on {}",
                position.position_text()
            );
            if expected != 0 {
                assert!(outcome.score.is_decisive());
            }
        }
    }
}
