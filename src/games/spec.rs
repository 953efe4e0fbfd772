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
    parts: SpecParts,
}

impl GameSpec {
    /// A spec with no parameters.
    pub fn named(name: &str) -> GameSpec {
        GameSpec {
            parts: SpecParts {
                name: name.to_string(),
                params: Vec::new(),
            },
        }
    }

    /// The game's name, lower case.
    pub fn name(&self) -> &str {
        &self.parts.name
    }

    /// The parameters in the order written.
    pub fn params(&self) -> &[(String, String)] {
        &self.parts.params
    }

    /// The value of parameter `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.parts.get(key)
    }

    /// Fails with a clear error on a parameter that is not in `known`.
    pub fn check_keys(&self, known: &[&str]) -> Result<(), GameError> {
        self.parts.check_keys(known).map_err(GameError::Spec)
    }

    /// Parameter `key` as an integer in `range`, or `default` when absent.
    pub fn get_int(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<u64>,
        default: u64,
    ) -> Result<u64, GameError> {
        let value = self.parts.get_int(key, range).map_err(GameError::Spec)?;
        Ok(value.unwrap_or(default))
    }

    /// Parameter `key` as one of `choices`, or `default` when absent.
    pub fn get_choice<'a>(
        &self,
        key: &str,
        choices: &[&'a str],
        default: &'a str,
    ) -> Result<&'a str, GameError> {
        let choice = self
            .parts
            .get_choice(key, choices)
            .map_err(GameError::Spec)?;
        Ok(choice.unwrap_or(default))
    }
}

impl FromStr for GameSpec {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GameSpec, GameError> {
        let text = text.trim();
        let parts = SpecParts::parse(text).map_err(|error| match error {
            SpecSyntaxError::Name => GameError::Spec(format!(
                "{text:?}: expected name[:key=value,...], e.g. kalah:pits=4,seeds=3"
            )),
            SpecSyntaxError::Param(reason) => GameError::Spec(reason),
        })?;
        Ok(GameSpec { parts })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.parts.fmt(f)
    }
}

/// The `name[:key=value,...]` syntax that game and player specs share: a name and its
/// parameters in the order written, both lower case but for the values. The readers' errors
/// are reasons in plain words, which each kind of spec wraps in its own error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpecParts {
    /// The name (a game's or a player's kind).
    pub(crate) name: String,
    /// The parameters in the order written.
    pub(crate) params: Vec<(String, String)>,
}

/// What is wrong with the text of a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SpecSyntaxError {
    /// The name is empty or not made of letters, digits and `-`.
    Name,
    /// A parameter is malformed; the reason.
    Param(String),
}

impl SpecParts {
    /// Reads `name[:key=value,...]` (trimmed), checking the syntax only.
    pub(crate) fn parse(text: &str) -> Result<SpecParts, SpecSyntaxError> {
        let text = text.trim();
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(SpecSyntaxError::Name);
        }
        let mut parts = SpecParts {
            name: name.to_ascii_lowercase(),
            params: Vec::new(),
        };
        for (index, item) in rest
            .into_iter()
            .flat_map(|rest| rest.split(','))
            .enumerate()
        {
            let bad = |what: &str| {
                SpecSyntaxError::Param(format!("parameter {} {item:?}: {what}", index + 1))
            };
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| bad("expected key=value"))?;
            let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
            if key.is_empty() || value.is_empty() {
                return Err(bad("empty key or value"));
            }
            if parts.get(&key).is_some() {
                return Err(SpecSyntaxError::Param(format!(
                    "parameter {key:?} given twice"
                )));
            }
            parts.params.push((key, value.to_string()));
        }
        Ok(parts)
    }

    /// The value of parameter `key`, if given.
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fails on a parameter that is not in `known`.
    pub(crate) fn check_keys(&self, known: &[&str]) -> Result<(), String> {
        match self
            .params
            .iter()
            .find(|(key, _)| !known.contains(&key.as_str()))
        {
            Some((key, _)) => Err(format!(
                "{} has no parameter {key:?} (known: {})",
                self.name,
                known.join(", ")
            )),
            None => Ok(()),
        }
    }

    /// Parameter `key` as a whole number (decimal or `0x` hexadecimal) in `range`, if given.
    pub(crate) fn get_int(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<Option<u64>, String> {
        let Some(text) = self.get(key) else {
            return Ok(None);
        };
        let value = parse_int(text).ok_or_else(|| format!("{key}={text}: not a whole number"))?;
        if !range.contains(&value) {
            return Err(format!(
                "{key}={text}: must be from {} to {}",
                range.start(),
                range.end()
            ));
        }
        Ok(Some(value))
    }

    /// Parameter `key` as one of `choices` (in any case), if given.
    pub(crate) fn get_choice<'a>(
        &self,
        key: &str,
        choices: &[&'a str],
    ) -> Result<Option<&'a str>, String> {
        let Some(text) = self.get(key) else {
            return Ok(None);
        };
        choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(text))
            .copied()
            .map(Some)
            .ok_or_else(|| format!("{key}={text}: must be one of {}", choices.join(", ")))
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

impl fmt::Display for SpecParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (index, (key, value)) in self.params.iter().enumerate() {
            let sep = if index == 0 { ':' } else { ',' };
            write!(f, "{sep}{key}={value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_syntax_is_read_once_for_games_and_players() {
        let parts = SpecParts::parse(" PVS:Depth=8 , eval=Store-Diff").unwrap();
        assert_eq!(parts.to_string(), "pvs:depth=8,eval=Store-Diff");
        for bad in ["", ":", "pvs:", "pvs:depth", "pvs:=3", "pvs:x=", "p v s"] {
            assert!(SpecParts::parse(bad).is_err(), "{bad:?}");
        }
        assert!(
            SpecParts::parse("pvs:a=1,A=2").is_err(),
            "keys are case-folded"
        );
    }

    #[test]
    fn game_specs_read_numbers_and_choices() {
        let spec: GameSpec = "kalah:pits=4,seeds=0x3,capture=EMPTY".parse().unwrap();
        assert_eq!(spec.get_int("seeds", 1..=6, 4).unwrap(), 3);
        assert_eq!(spec.get_int("houses", 1..=6, 4).unwrap(), 4);
        assert!(spec.get_int("pits", 5..=6, 6).is_err());
        let capture = spec.get_choice("capture", &["classic", "empty"], "classic");
        assert_eq!(capture.unwrap(), "empty");
        assert!(spec.check_keys(&["pits", "seeds"]).is_err());
        assert!("kalah:pits".parse::<GameSpec>().is_err());
    }
}
