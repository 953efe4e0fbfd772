//! Players of tables of more than two seats, as a spec names them: a multi-player search
//! (`maxn`, `paranoid`, `brs`, `brsplus`, `greedy`, or `engine` for the engine's own, BRS+)
//! within `depth=`, `nodes=` and `movetime=` (ms). `ponder play` and `ponder match` read
//! their seats with it.

use super::{Limits, PlayerError, PlayerSpec};
use crate::engine::EngineConfig;
use crate::search::multi::MultiAlgorithm;

/// A player of more than two seats: a multi-player search within limits, played by an
/// [`Engine`](crate::engine::Engine) with that
/// [`seated_algorithm`](EngineConfig::seated_algorithm).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatedPlayer {
    /// The name reported (the spec as written).
    pub name: String,
    /// The algorithm.
    pub algorithm: MultiAlgorithm,
    /// The limits of each move's search.
    pub limits: Limits,
}

impl SeatedPlayer {
    /// The player `spec` names, searching within `defaults` but for the budget the spec sets
    /// (`depth=` 1 to 100, `nodes=`, `movetime=` in ms, each replacing the default's).
    ///
    /// ```
    /// use ponder::players::{Limits, PlayerSpec, SeatedPlayer};
    /// use ponder::search::multi::MultiAlgorithm;
    /// let spec: PlayerSpec = "paranoid:nodes=300".parse().unwrap();
    /// let player = SeatedPlayer::from_spec(&spec, Limits::depth(64)).unwrap();
    /// assert_eq!(player.algorithm, MultiAlgorithm::Paranoid);
    /// assert_eq!((player.limits.depth, player.limits.nodes), (Some(64), Some(300)));
    /// assert!(SeatedPlayer::from_spec(&"pvs".parse().unwrap(), Limits::depth(64)).is_err());
    /// assert!(SeatedPlayer::from_spec(&"brs:eval=x".parse().unwrap(), Limits::depth(64)).is_err());
    /// ```
    pub fn from_spec(spec: &PlayerSpec, defaults: Limits) -> Result<SeatedPlayer, PlayerError> {
        let algorithm = match spec.kind() {
            "engine" => EngineConfig::DEFAULT_SEATED_ALGORITHM,
            kind => MultiAlgorithm::from_name(kind).ok_or_else(|| {
                spec.error(format!(
                    "not a player of more than two seats (expected engine, {})",
                    MultiAlgorithm::NAMES
                ))
            })?,
        };
        spec.check_keys(&["depth", "nodes", "movetime"])?;
        let mut limits = defaults;
        if let Some(depth) = spec.get_u64("depth", 1..=100)? {
            limits.depth = Some(depth as u32);
        }
        if let Some(nodes) = spec.get_u64("nodes", 1..=u64::MAX)? {
            limits.nodes = Some(nodes);
        }
        if let Some(movetime) = spec.get_millis("movetime")? {
            limits.hard_time = Some(movetime);
        }
        Ok(SeatedPlayer {
            name: spec.to_string(),
            algorithm,
            limits,
        })
    }
}
