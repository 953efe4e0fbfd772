//! The search on Kalah: agreement of every algorithm with the minimax oracle on random positions
//! of several sizes and both capture rules, and searches to the end that reproduce the published
//! solved margins (tests/data/kalah_solved.tsv, independent solvers and papers).

use crate::search::common::{check_agreement, random_record, search};
use ponder::games::kalah::{CaptureRule, KalahConfig};
use ponder::search::{Algorithm, TieBreak};
use ponder::{GameRecord, Kalah};
use proptest::prelude::*;

const SOLVED: &str = include_str!("../data/kalah_solved.tsv");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn kalah_algorithms_agree(
        pits in 3usize..=6,
        seeds in 2usize..=5,
        empty_capture in any::<bool>(),
        seed in any::<u64>(),
        plies in 0usize..30,
        depth in 1u32..=5,
        default_eval in any::<bool>(),
    ) {
        let capture = if empty_capture { CaptureRule::Empty } else { CaptureRule::Classic };
        let config = KalahConfig::new(pits, seeds, capture).unwrap();
        let record = random_record(Kalah::new(config), seed, plies);
        let eval = if default_eval { "default" } else { "store-diff" };
        check_agreement(&record, eval, depth);
    }
}

#[test]
fn searching_to_the_end_reproduces_the_published_margins() {
    let mut checked = 0;
    for line in SOLVED.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let capture = match fields[0] {
            "classic" => CaptureRule::Classic,
            _ => CaptureRule::Empty,
        };
        let pits: usize = fields[1].parse().unwrap();
        let seeds: usize = fields[2].parse().unwrap();
        let margin: i32 = fields[3].parse().unwrap();
        if pits * seeds > 9 {
            continue;
        }
        let config = KalahConfig::new(pits, seeds, capture).unwrap();
        let record = GameRecord::new(Kalah::new(config));
        // Deep enough that no line ends on a heuristic leaf: the value is the same at both
        // depths and decodes to the solved margin (the first player moves at the start).
        let deep = search(
            &record,
            Algorithm::Pvs,
            "store-diff",
            TieBreak::First,
            60,
            1,
            false,
        );
        let deeper = search(
            &record,
            Algorithm::Pvs,
            "store-diff",
            TieBreak::First,
            70,
            1,
            false,
        );
        assert_eq!(deep.score, deeper.score, "{config}");
        assert_eq!(
            deep.score.margin().unwrap_or(0),
            margin,
            "{config}: {}",
            deep.score
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} sizes checked");
}
