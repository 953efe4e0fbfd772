//! The search on Oware (both rule sets, several sizes): every algorithm agrees with the minimax
//! oracle on the value, the equal-best moves and the move (forward pruning off), on random
//! positions reached with their history (repetitions end the game), at depths 1..5.

use crate::common::{random_record, search};
use ponder::search::{Algorithm, TieBreak};
use ponder::{Game, GameRecord, GameSpec, Oware};
use proptest::prelude::*;

fn check_agreement(record: &GameRecord<Oware>, eval: &str, depth: u32) {
    let oracle = search(
        record,
        Algorithm::Minimax,
        eval,
        TieBreak::First,
        depth,
        1,
        false,
    );
    for (algorithm, threads) in [
        (Algorithm::AlphaBeta, 1),
        (Algorithm::Pvs, 1),
        (Algorithm::Pvs, 2),
    ] {
        let other = search(
            record,
            algorithm,
            eval,
            TieBreak::First,
            depth,
            threads,
            false,
        );
        let context = format!(
            "{algorithm} ({threads} threads), {eval}, depth {depth}, {} after {:?}",
            record.current().position_text(),
            record.moves()
        );
        assert_eq!(other.score, oracle.score, "value: {context}");
        assert_eq!(other.equal_best, oracle.equal_best, "ties: {context}");
        assert_eq!(other.best_move, oracle.best_move, "move: {context}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn oware_algorithms_agree(
        awari in any::<bool>(),
        houses in 3u32..=6,
        seeds in 1u32..=4,
        seed in any::<u64>(),
        plies in 0usize..60,
        depth in 1u32..=5,
        seed_eval in any::<bool>(),
    ) {
        let rules = if awari { "awari" } else { "abapa" };
        let spec: GameSpec = format!("oware:rules={rules},houses={houses},seeds={seeds}").parse().unwrap();
        let config = Oware::config_from_spec(&spec).unwrap();
        let record = random_record(Oware::start(&config).unwrap(), seed, plies);
        let eval = if seed_eval { "seed" } else { "default" };
        check_agreement(&record, eval, depth);
    }
}
