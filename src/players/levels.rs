//! Difficulty levels: what `easy`, `medium` and `hard` mean for each game.

use super::PlayerSpec;
use crate::eval::Evaluators;
use crate::games::named_enum;

/// A difficulty level for the engine (`ponder play --level`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Level {
    /// A shallow search with random choice among equal moves: beatable with some care.
    Easy,
    /// A medium-depth search: answers at once, plays soundly.
    #[default]
    Medium,
    /// A timed search of about a second a move.
    Hard,
    /// Perfect play where an endgame database is loaded and covers the position (Kalah, and
    /// Oware endgames under the computer-Awari rules, `--egdb FILE`): an exact search
    /// (no forward pruning) whose every leaf is the database's exact value, so the move it
    /// plays keeps the game-theoretic value. Elsewhere it is the hard level's timed search
    /// without forward pruning, which guarantees nothing.
    Perfect,
}

named_enum!("level", Level {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Perfect => "perfect",
});

/// The budget parameters of `level` for game `G`, as player-spec parameters
/// (`depth=..`/`movetime=..`, `tiebreak=..`): easy and medium search the game's
/// [`Depths`](crate::games::Depths) (`G::DEPTHS`, chosen from `ponder tune` runs so that medium
/// answers in well under a tenth of a second on a desktop core), hard about a second a move
/// whatever the game, perfect the same without forward pruning (exact values where a loaded
/// endgame database covers the position).
///
/// ```
/// use ponder::players::{level_params, Level};
/// use ponder::Ataxx;
/// assert_eq!(
///     level_params::<Ataxx>(Level::Easy),
///     [("depth", "1".to_string()), ("tiebreak", "random".to_string())]
/// );
/// ```
pub fn level_params<G: Evaluators>(level: Level) -> Vec<(&'static str, String)> {
    match level {
        Level::Easy => vec![
            ("depth", G::DEPTHS.easy.to_string()),
            ("tiebreak", "random".to_string()),
        ],
        Level::Medium => vec![("depth", G::DEPTHS.medium.to_string())],
        Level::Hard => vec![("movetime", HARD_MOVETIME_MS.to_string())],
        Level::Perfect => vec![
            ("movetime", HARD_MOVETIME_MS.to_string()),
            ("pruning", "off".to_string()),
        ],
    }
}

/// The `hard` level's time a move, in milliseconds.
const HARD_MOVETIME_MS: u64 = 1000;

/// `spec` with `level`'s budget for game `G` filled in where the spec gives none.
///
/// ```
/// use ponder::players::{with_level, Level, PlayerSpec};
/// use ponder::Kalah;
/// let spec = with_level::<Kalah>(PlayerSpec::named("engine"), Level::Hard);
/// assert_eq!(spec.to_string(), "engine:movetime=1000");
/// ```
pub fn with_level<G: Evaluators>(spec: PlayerSpec, level: Level) -> PlayerSpec {
    let spec = match level {
        // Perfect play needs exact values: no forward pruning, whatever the budget.
        Level::Perfect => spec.with("pruning", "off"),
        _ => spec,
    };
    if spec.get("depth").is_some() || spec.get("movetime").is_some() || spec.get("nodes").is_some()
    {
        return spec;
    }
    level_params::<G>(level)
        .into_iter()
        .fold(spec, |spec, (key, value)| spec.with_default(key, &value))
}
