//! Who sits where: a human or a computer player at each seat.

use crate::search::Evaluators;

use crate::book::SharedBook;
use crate::players::{Level, Player, PlayerError, PlayerSpec, build_player_with_book, with_level};
use crate::search::Database;
use std::sync::Arc;

/// What `--seats` names for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SeatSpec {
    /// A person at the keyboard.
    Human,
    /// A computer player (`engine`, `random`, `greedy`, `pvs:depth=6`, ...).
    Computer(PlayerSpec),
}

impl SeatSpec {
    /// Reads `human`, `engine`, `random` or any player spec.
    pub(crate) fn parse(text: &str) -> Result<SeatSpec, PlayerError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "human" | "me" | "you" => Ok(SeatSpec::Human),
            _ => Ok(SeatSpec::Computer(text.parse()?)),
        }
    }

    /// The spec as written in a saved game.
    pub(crate) fn text(&self) -> String {
        match self {
            SeatSpec::Human => "human".to_string(),
            SeatSpec::Computer(spec) => spec.to_string(),
        }
    }
}

/// Reads `--seats` of a table of `seats` seats: the seats separated by commas (player specs
/// with parameters may use `;` between their own parameters, e.g.
/// `human,pvs:depth=6;eval=store-diff`); an error unless there is one entry a seat.
pub(crate) fn parse_seats(text: &str, seats: usize) -> Result<Vec<SeatSpec>, PlayerError> {
    let specs = parse_seat_list(text)?;
    if specs.len() == seats {
        return Ok(specs);
    }
    let count = ["two", "three", "four"]
        .get(seats.wrapping_sub(2))
        .map_or_else(|| seats.to_string(), |word| word.to_string());
    let example = ["human", "engine", "engine", "engine"][..seats.clamp(2, 4)].join(",");
    Err(PlayerError::Spec {
        spec: text.to_string(),
        reason: format!("--seats takes {count} seats separated by a comma, e.g. {example}"),
    })
}

/// Reads `--seats` of any number of seats: the seats separated by commas, as
/// [`parse_seats`].
fn parse_seat_list(text: &str) -> Result<Vec<SeatSpec>, PlayerError> {
    split_seats(text)
        .into_iter()
        .map(|part| SeatSpec::parse(&part.replace(';', ",")))
        .collect()
}

/// Splits at the comma between the seats: the first comma not inside a spec's parameter list
/// (a comma followed by `key=` belongs to the spec before it).
fn split_seats(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (index, _) in text.match_indices(',') {
        let next = &text[index + 1..];
        let word = next.split([',', ':']).next().unwrap_or("");
        if !word.contains('=') {
            parts.push(&text[start..index]);
            start = index + 1;
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A seat at the table during play.
pub(crate) enum SeatPlayer<G: Evaluators> {
    /// A person.
    Human,
    /// A computer player and its label.
    Computer {
        /// What to call it: `engine`, `random`, ...
        label: String,
        /// The player.
        player: Box<dyn Player<G>>,
    },
}

impl<G: Evaluators> SeatPlayer<G> {
    /// Builds the seat: engines get the level's budget unless their spec sets one; searches
    /// consult `database`, an engine `book` (the opening book).
    pub(crate) fn build(
        spec: &SeatSpec,
        level: Level,
        overrides: &[(String, String)],
        ponder: bool,
        pin: bool,
        seed: u64,
        (database, book): (Option<Database<G>>, Option<Arc<SharedBook<G>>>),
    ) -> Result<SeatPlayer<G>, PlayerError> {
        match spec {
            SeatSpec::Human => Ok(SeatPlayer::Human),
            SeatSpec::Computer(spec) => {
                let mut full = spec.clone();
                if is_searcher(spec.kind()) {
                    for (key, value) in overrides {
                        full = full.with_default(key, value);
                    }
                    full = with_level::<G>(full, level);
                    if spec.kind() == "engine" {
                        full = full.with_default("ponder", if ponder { "on" } else { "off" });
                        full = full.with_default("pin", if pin { "on" } else { "off" });
                    }
                }
                // The book is the engine's: an engine seat consults it, no other seat does.
                let book = book.filter(|_| spec.kind() == "engine");
                let player = build_player_with_book::<G>(&full, seed, database, book)?;
                Ok(SeatPlayer::Computer {
                    label: spec.kind().to_string(),
                    player,
                })
            }
        }
    }

    /// Whether a person sits here.
    pub(crate) fn is_human(&self) -> bool {
        matches!(self, SeatPlayer::Human)
    }

    /// What to call the seat's occupant.
    pub(crate) fn label(&self) -> &str {
        match self {
            SeatPlayer::Human => "human",
            SeatPlayer::Computer { label, .. } => label,
        }
    }
}

/// Whether a player kind searches with a budget (and so takes `--level`, `--depth`,
/// `--movetime`).
pub(crate) fn is_searcher(kind: &str) -> bool {
    matches!(kind, "engine" | "pvs" | "alphabeta" | "minimax")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_split_between_specs() {
        assert_eq!(split_seats("human,engine"), vec!["human", "engine"]);
        assert_eq!(
            split_seats("pvs:depth=6,eval=store-diff,random"),
            vec!["pvs:depth=6,eval=store-diff", "random"]
        );
        let seats = parse_seats("engine:depth=3,human", 2).unwrap();
        assert_eq!(seats[1], SeatSpec::Human);
        assert_eq!(seats[0].text(), "engine:depth=3");
        assert!(parse_seats("human", 2).is_err());
        assert!(parse_seats("human,engine,random", 2).is_err());
        assert!(parse_seats("human,:", 2).is_err());
        assert_eq!(
            parse_seats("human,brs:nodes=50,depth=3,engine", 3)
                .unwrap()
                .len(),
            3
        );
        let refused = parse_seats("human,engine", 4).unwrap_err().to_string();
        assert!(refused.contains("four seats"), "{refused}");
    }
}
