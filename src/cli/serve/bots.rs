//! The server's bots: the levels a seat may take and what each means for game `G`.

use crate::engine::{EngineConfig, Limits, TieBreak};
use crate::games::Game;
use crate::players::{Level, PlayerSpec, level_params};
use std::time::Duration;

/// The levels offered, weakest first.
pub const LEVELS: &[&str] = &["random", "greedy", "easy", "medium", "hard"];

/// A bot's level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BotLevel {
    /// A player of `players` that answers at once (`random`, `greedy`): no engine.
    Quick(&'static str),
    /// The engine at a difficulty level.
    Engine(Level),
}

impl BotLevel {
    /// Reads a level's name (`None`: `medium`).
    pub fn parse(name: Option<&str>) -> Result<BotLevel, String> {
        match name.unwrap_or("medium").trim() {
            "random" => Ok(BotLevel::Quick("random")),
            "greedy" => Ok(BotLevel::Quick("greedy")),
            other => other
                .parse::<Level>()
                .map(BotLevel::Engine)
                .map_err(|_| format!("level {other:?}: expected one of {}", LEVELS.join(", "))),
        }
    }

    /// The level's name.
    pub fn name(self) -> String {
        match self {
            BotLevel::Quick(name) => name.to_string(),
            BotLevel::Engine(level) => level.to_string(),
        }
    }

    /// The player of a quick level.
    pub fn quick_player(self) -> Option<PlayerSpec> {
        match self {
            BotLevel::Quick(name) => Some(PlayerSpec::named(name)),
            BotLevel::Engine(_) => None,
        }
    }
}

/// The engine's budget and tie-break for `level` in game `G`, every search capped at
/// `hard_time`: the budgets of `ponder play --level` (`src/players/levels.rs`).
pub fn engine_limits<G: Game>(level: Level, hard_time: Duration) -> (Limits, TieBreak) {
    let mut limits = Limits::default();
    let mut tie_break = TieBreak::First;
    for (key, value) in level_params::<G>(level) {
        match key {
            "depth" => limits.depth = value.parse().ok(),
            "movetime" => limits.movetime = value.parse().ok().map(Duration::from_millis),
            "tiebreak" if value == "random" => {
                tie_break = TieBreak::Random {
                    seed: rand::random(),
                }
            }
            _ => {}
        }
    }
    if limits.depth.is_none() && limits.movetime.is_none() {
        limits.depth = Some(G::DEPTHS.medium);
    }
    limits.movetime = limits.movetime.map(|t| t.min(hard_time));
    limits.hard_time = Some(hard_time);
    (limits, tie_break)
}

/// The configuration of a game's engine: `memory_mib` split a quarter to the table and the
/// rest to the stored tree; no core pinning (many engines share the cores); pondering off
/// until the server grants it.
pub fn engine_config(memory_mib: usize) -> EngineConfig {
    let hash_mib = (memory_mib / 4).max(1);
    EngineConfig {
        hash_mib,
        tree_mib: memory_mib.saturating_sub(hash_mib).max(1),
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    }
}
