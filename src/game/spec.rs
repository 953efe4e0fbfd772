//! The one game-spec syntax of every subcommand: `name[:key=value,...]`.

use super::GameError;
use std::fmt;
use std::str::FromStr;

/// A game and its parameters as written on a command line: `kalah`,
/// `kalah:pits=4,seeds=3,capture=empty`, `ataxx:walls=0x7888`.
///
/// ```
/// use ponder::GameSpec;
/// let spec: GameSpec = "kalah:pits=4,seeds=3".parse().unwrap();
/// assert_eq!(spec.name(), "kalah");
/// assert_eq!(spec.get("pits"), Some("4"));
/// assert!("kalah:pits".parse::<GameSpec>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    name: String,
    params: Vec<(String, String)>,
}

impl GameSpec {
    /// A spec with no parameters.
    pub fn named(name: &str) -> GameSpec {
        GameSpec {
            name: name.to_string(),
            params: Vec::new(),
        }
    }

    /// The game's name, lower case.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameters in the order written.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The value of parameter `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fails with a clear error on a parameter that is not in `known`.
    pub fn check_keys(&self, known: &[&str]) -> Result<(), GameError> {
        for (key, _) in &self.params {
            if !known.contains(&key.as_str()) {
                return Err(GameError::Spec(format!(
                    "{} has no parameter {key:?} (known: {})",
                    self.name,
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Parameter `key` as an integer in `range`, or `default` when absent.
    pub fn get_int(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<u64>,
        default: u64,
    ) -> Result<u64, GameError> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        let value = parse_int(text)
            .ok_or_else(|| GameError::Spec(format!("{key}={text}: not a whole number")))?;
        if !range.contains(&value) {
            return Err(GameError::Spec(format!(
                "{key}={text}: must be from {} to {}",
                range.start(),
                range.end()
            )));
        }
        Ok(value)
    }

    /// Parameter `key` as one of `choices`, or `default` when absent.
    pub fn get_choice<'a>(
        &self,
        key: &str,
        choices: &[&'a str],
        default: &'a str,
    ) -> Result<&'a str, GameError> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(text))
            .copied()
            .ok_or_else(|| {
                GameError::Spec(format!(
                    "{key}={text}: must be one of {}",
                    choices.join(", ")
                ))
            })
    }
}

/// Reads a decimal or `0x` hexadecimal whole number.
fn parse_int(text: &str) -> Option<u64> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()
    } else {
        text.parse().ok()
    }
}

impl FromStr for GameSpec {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GameSpec, GameError> {
        let text = text.trim();
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(GameError::Spec(format!(
                "{text:?}: expected name[:key=value,...], e.g. kalah:pits=4,seeds=3"
            )));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        if let Some(rest) = rest {
            for (index, item) in rest.split(',').enumerate() {
                let Some((key, value)) = item.split_once('=') else {
                    return Err(GameError::Spec(format!(
                        "parameter {} {item:?}: expected key=value",
                        index + 1
                    )));
                };
                let (key, value) = (key.trim(), value.trim());
                if key.is_empty() || value.is_empty() {
                    return Err(GameError::Spec(format!(
                        "parameter {} {item:?}: empty key or value",
                        index + 1
                    )));
                }
                if params.iter().any(|(k, _)| k == key) {
                    return Err(GameError::Spec(format!("parameter {key:?} given twice")));
                }
                params.push((key.to_ascii_lowercase(), value.to_string()));
            }
        }
        Ok(GameSpec {
            name: name.to_ascii_lowercase(),
            params,
        })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (index, (key, value)) in self.params.iter().enumerate() {
            let sep = if index == 0 { ':' } else { ',' };
            write!(f, "{sep}{key}={value}")?;
        }
        Ok(())
    }
}
