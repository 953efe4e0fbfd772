//! A game's configuration ([`GameConfig`]): what a game spec's parameters set.

use super::{GameError, GameSpec};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;

/// What a game spec's `key=value` parameters configure (sizes, rule variants): a game's
/// [`Game::Config`](crate::Game::Config), which reads itself from a spec. Not part of
/// [`Game::key`](crate::Game::key): keys are compared only between positions of one
/// configuration.
///
/// `()` is the configuration of a game with one (no parameters).
///
/// ```
/// use ponder::games::GameConfig;
/// use ponder::games::kalah::KalahConfig;
/// let config = KalahConfig::from_spec(&"kalah:pits=4".parse().unwrap()).unwrap();
/// assert_eq!(config.pits(), 4);
/// assert!(<()>::from_spec(&"connect4:rows=7".parse().unwrap()).is_err());
/// ```
pub trait GameConfig:
    Clone + Debug + Default + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// Builds the configuration from a spec's parameters (its name is not checked here),
    /// refusing unknown keys, bad values and sizes whose positions do not fit the 14-byte key.
    ///
    /// The default accepts a spec without parameters and gives [`Default::default`].
    fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        spec.check_keys(&[])?;
        Ok(Self::default())
    }
}

/// A game with one configuration.
impl GameConfig for () {}
