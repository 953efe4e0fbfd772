//! The search on Oware (both rule sets, several sizes): every algorithm agrees with the minimax
//! oracle on the value, the equal-best moves and the move (forward pruning off), on random
//! positions reached with their history (repetitions end the game), at depths 1..5.

use crate::search::common::{check_agreement, random_record};
use ponder::{Game, GameSpec, Oware};
use proptest::prelude::*;

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
