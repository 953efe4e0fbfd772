//! The server's bots: the levels a seat may take and what each means for game `G`, and for
//! games of more than two seats ([`seated_bot`]).

use crate::engine::{EngineConfig, Limits, TieBreak};
use crate::eval::Evaluators;
use crate::games::Ataxx;
use crate::players::{Level, PlayerSpec, level_params};
use crate::search::multi::MultiAlgorithm;
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
pub fn engine_limits<G: Evaluators>(level: Level, hard_time: Duration) -> (Limits, TieBreak) {
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

/// What a bot does in a game of more than two seats (`ataxx:players=N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatedBot {
    /// A uniformly random legal move, at once.
    Random,
    /// The seated engine's search.
    Search(MultiAlgorithm, Limits),
}

/// The nodes of a `medium` seated search: the budget of the matches that chose BRS+
/// (`docs/matches.md`); `easy` searches a tenth of it.
const SEATED_MEDIUM_NODES: u64 = 20_000;

/// The one place where levels meet the multi-player search: `random` a random move, `greedy`
/// the one-ply greedy search, `easy` and `medium` BRS+ (the default algorithm) within 2,000
/// and 20,000 nodes, `hard` and `perfect` BRS+ for the hard level's time (no database
/// covers these games); every search capped at `hard_time`.
pub fn seated_bot(level: BotLevel, hard_time: Duration) -> SeatedBot {
    let brs_plus = EngineConfig::DEFAULT_SEATED_ALGORITHM;
    let limits = |nodes: Option<u64>, time: Duration| Limits {
        nodes,
        hard_time: Some(time.min(hard_time)),
        ..Limits::default()
    };
    match level {
        BotLevel::Quick("greedy") => {
            SeatedBot::Search(MultiAlgorithm::Greedy, limits(None, hard_time))
        }
        BotLevel::Quick(_) => SeatedBot::Random,
        BotLevel::Engine(Level::Easy) => {
            SeatedBot::Search(brs_plus, limits(Some(SEATED_MEDIUM_NODES / 10), hard_time))
        }
        BotLevel::Engine(Level::Medium) => {
            SeatedBot::Search(brs_plus, limits(Some(SEATED_MEDIUM_NODES), hard_time))
        }
        BotLevel::Engine(level) => {
            let (two_player, _) = engine_limits::<Ataxx>(level, hard_time);
            let time = two_player.movetime.unwrap_or(hard_time);
            SeatedBot::Search(brs_plus, limits(None, time))
        }
    }
}
