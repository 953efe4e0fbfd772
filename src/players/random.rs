//! The random player: a uniformly random legal move.

use super::{Choice, Player, PlayerError, Thought, Turn, legal_moves};
use crate::games::{Game, GameRecord};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays a uniformly random legal move; the same seed gives the same moves.
///
/// ```
/// use ponder::players::{Player, RandomPlayer, StopSignal, Turn};
/// use ponder::{Game, GameRecord, Kalah};
/// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// let stop = StopSignal::new();
/// let a = RandomPlayer::new(5).choose(&record, Turn::quiet(&stop)).unwrap().mv;
/// let b = RandomPlayer::new(5).choose(&record, Turn::quiet(&stop)).unwrap().mv;
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(
        &mut self,
        record: &GameRecord<G>,
        _turn: Turn<'_, G>,
    ) -> Result<Choice<G>, PlayerError> {
        let moves = legal_moves(record)?;
        let mv = moves[self.rng.random_range(0..moves.len())];
        Ok(Choice {
            mv,
            thought: Thought::empty(),
        })
    }
}
