//! The search on Ataxx: every algorithm agrees with the minimax oracle on the value, the
//! equal-best moves and the move (forward pruning off), on random positions at depths 1..5,
//! with both named evaluators (`seed` depends on the move that led to a leaf). Deep searches
//! use positions near the end of the game, where minimax's tree stays small.

use crate::search::common::check_agreement;
use ponder::games::ataxx::Ataxx;
use ponder::{Game, GameRecord};
use proptest::prelude::*;

/// Plays pseudo-random moves (seeded) from the start until at most `max_empty` squares are
/// empty (or the game ends), and returns the record.
fn position_with_few_empty_squares(seed: u64, max_empty: u32, walls: bool) -> GameRecord<Ataxx> {
    let spec = if walls { "ataxx:walls=0x0660" } else { "ataxx" };
    let config = Ataxx::config_from_spec(&spec.parse().unwrap()).unwrap();
    let mut record = GameRecord::new(Ataxx::start(&config).unwrap());
    let mut state = seed | 1;
    let mut moves = Vec::new();
    loop {
        if record.current().empty().count() <= max_empty {
            return record;
        }
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            return record;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Prefer single moves (they fill the board) three times in four.
        let singles: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| m.from().is_none())
            .collect();
        let pool = if !singles.is_empty() && state % 4 != 0 {
            &singles
        } else {
            &moves
        };
        let mv = pool[((state >> 8) % pool.len() as u64) as usize];
        record.try_play(mv).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn ataxx_algorithms_agree(
        seed in any::<u64>(),
        depth in 1u32..=5,
        walls in any::<bool>(),
        seed_eval in any::<bool>(),
    ) {
        // Few enough empty squares that minimax to this depth stays small.
        let max_empty = match depth {
            1 | 2 => 40,
            3 => 12,
            4 => 7,
            _ => 5,
        };
        let record = position_with_few_empty_squares(seed, max_empty, walls);
        let eval = if seed_eval { "seed" } else { "default" };
        check_agreement(&record, eval, depth);
    }
}
