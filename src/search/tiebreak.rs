//! The choice among equal-best root moves.

use super::options::TieBreak;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Which of `count` equal-best moves (listed in natural order) to play: the first, or one drawn
/// uniformly by a generator seeded with the tie-break's seed (a function of the seed and the
/// count alone, so the same seed gives the same move).
///
/// ```
/// use ponder::search::{choose, TieBreak};
/// assert_eq!(choose(TieBreak::First, 3), 0);
/// let pick = choose(TieBreak::Random { seed: 42 }, 3);
/// assert!(pick < 3);
/// assert_eq!(pick, choose(TieBreak::Random { seed: 42 }, 3));
/// ```
pub fn choose(tiebreak: TieBreak, count: usize) -> usize {
    match tiebreak {
        _ if count <= 1 => 0,
        TieBreak::First => 0,
        TieBreak::Random { seed } => SmallRng::seed_from_u64(seed).random_range(0..count),
    }
}
