//! From a [`PlayerSpec`] to a player of a game.

use super::{GreedyPlayer, Limits, Player, PlayerError, PlayerSpec, RandomPlayer};
use crate::game::Game;

/// Every player kind a spec may name, with what it is.
pub const PLAYER_KINDS: &[(&str, &str)] = &[
    ("random", "a uniformly random legal move [seed=S]"),
    (
        "greedy",
        "the best move one ply ahead [eval=NAME, tiebreak=first|random, seed=S]",
    ),
];

/// Builds the player `spec` names, for game `G`. `seed` seeds its random choices unless the
/// spec gives `seed=`; front ends derive it from their own seed so that runs repeat.
pub fn build_player<G: Game>(
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    let seed = spec.get_u64("seed", 0..=u64::MAX)?.unwrap_or(seed);
    match spec.kind() {
        "random" => {
            spec.check_keys(&["seed"])?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            spec.check_keys(&["seed", "tiebreak", "eval"])?;
            let random = spec.get_choice("tiebreak", &["first", "random"])? != Some("first");
            Ok(Box::new(GreedyPlayer::<G>::with_game_evaluation(
                random.then_some(seed),
            )))
        }
        // TEMPORARY until the search lands: searchers play greedily.
        "engine" | "pvs" | "alphabeta" | "minimax" => Ok(Box::new(
            GreedyPlayer::<G>::with_game_evaluation(Some(seed)),
        )),
        other => Err(spec.error(format!(
            "unknown player {other:?} (known: {})",
            PLAYER_KINDS
                .iter()
                .map(|(kind, _)| *kind)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The budget a searching player uses when its spec gives none.
pub fn default_limits<G: Game>() -> Limits {
    Limits::depth(8)
}
