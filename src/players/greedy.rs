//! The greedy player: the best move one ply ahead by a static evaluation.

use super::{Choice, Player, PlayerError, Thought, Turn, legal_moves};
use crate::games::{Game, GameRecord};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;

/// A static evaluation of a position for its side to move, given the move that led there.
pub type EvalFn<G> = Arc<dyn Fn(&G, Option<<G as Game>::Move>) -> i32 + Send + Sync>;

/// Looks one ply ahead: plays every legal move, scores the result for the mover (a finished
/// game by its final margin, above and below every evaluation; otherwise the evaluation, with
/// the sign turned when the other side moves next) and picks the best, among equal-best moves
/// the first in natural order or a random one (seeded).
///
/// ```
/// use ponder::players::{GreedyPlayer, Player, StopSignal, Turn};
/// use ponder::{Game, GameRecord, Kalah};
/// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// let mut greedy = GreedyPlayer::<Kalah>::with_game_evaluation(None);
/// let choice = greedy.choose(&record, Turn::quiet(&StopSignal::new())).unwrap();
/// // Pit 2 ends in the store (an extra move, one seed banked): the best store difference.
/// assert_eq!(choice.mv.to_string(), "2");
/// ```
pub struct GreedyPlayer<G: Game> {
    eval_name: String,
    evaluate: EvalFn<G>,
    random: Option<SmallRng>,
}

impl<G: Game> GreedyPlayer<G> {
    /// A greedy player scoring with `evaluate` (called `eval_name` in its label); among
    /// equal-best moves the first, or a random one when `seed` is given.
    pub fn new(eval_name: &str, evaluate: EvalFn<G>, seed: Option<u64>) -> GreedyPlayer<G> {
        GreedyPlayer {
            eval_name: eval_name.to_string(),
            evaluate,
            random: seed.map(SmallRng::seed_from_u64),
        }
    }

    /// A greedy player scoring with the game's own [`Game::evaluate`].
    pub fn with_game_evaluation(seed: Option<u64>) -> GreedyPlayer<G> {
        GreedyPlayer::new(
            "game",
            Arc::new(|position: &G, _| position.evaluate()),
            seed,
        )
    }

    /// The value of playing `mv` in `position`, for the mover.
    fn value(&self, position: &G, mv: G::Move) -> i32 {
        let mover = position.side_to_move();
        let next = position.play_unchecked(mv);
        if let Some(outcome) = next.outcome() {
            return finished_score(outcome.margin_for(mover));
        }
        let value = (self.evaluate)(&next, Some(mv)).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
        if next.side_to_move() == mover {
            value
        } else {
            -value
        }
    }
}

use crate::search::score::{MAX_HEURISTIC, finished as finished_at};

/// A finished game one ply ahead on the search's scale: margin first.
fn finished_score(margin: i32) -> i32 {
    finished_at(margin, 1)
}

impl<G: Game> Player<G> for GreedyPlayer<G> {
    fn name(&self) -> String {
        let tiebreak = if self.random.is_some() {
            "random"
        } else {
            "first"
        };
        format!("greedy:eval={},tiebreak={tiebreak}", self.eval_name)
    }

    fn choose(
        &mut self,
        record: &GameRecord<G>,
        mut turn: Turn<'_, G>,
    ) -> Result<Choice<G>, PlayerError> {
        let started = Instant::now();
        let position = record.current();
        let moves = legal_moves(record)?;
        let values: Vec<i32> = moves.iter().map(|&mv| self.value(&position, mv)).collect();
        let best = values.iter().copied().max().unwrap_or(0);
        let ties: Vec<usize> = (0..moves.len()).filter(|&i| values[i] == best).collect();
        let pick = match &mut self.random {
            Some(rng) => ties[rng.random_range(0..ties.len())],
            None => ties[0],
        };
        let thought = Thought {
            depth: 1,
            score: Some(best),
            exact: None,
            nodes: moves.len() as u64,
            time: started.elapsed(),
            pv: vec![moves[pick]],
        };
        turn.report(&thought);
        Ok(Choice {
            mv: moves[pick],
            thought,
        })
    }
}
