//! Matches on many machines: each shard of a match plays its share of the pairs
//! ([`run_match_shard`](super::run_match_shard)) and saves what each game gave as a
//! [`MatchPart`]; [`merge_match_parts`] joins the parts of one match into its games in game
//! order, the games the whole match plays (each game depends only on the match seed and its
//! number), with the tally the whole match counts. A part holds games of any seat count
//! (each seat's rank and figures); format version 2 (version 1 held two seats only).

use super::game::{SeatStats, Termination};
use super::runner::{MatchGame, shard_rounds};
use super::stats::{PairedTally, PlayerTally, Tally};
use crate::egdb::{Shard, check_shards};
use crate::files::{FileError, FileFormat, load_bincode, save_bincode};
use crate::games::Game;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file of one shard of a match.
pub const MATCH_PART_FILE: FileFormat = FileFormat::new(*b"PNDmatch", 2, 1 << 32, "match part");

/// What every part of one match must agree on: the game, the players and how the games are
/// drawn and seeded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    /// The game, as given (`kalah:pits=6,seeds=4`).
    pub game: String,
    /// The start position, when not the game's own (its notation).
    pub position: Option<String>,
    /// The players' names, A's first (two to four; a table of more seats repeats them round
    /// it).
    pub players: Vec<String>,
    /// The seats at the table.
    pub seats: u32,
    /// Games of the whole match.
    pub games: u32,
    /// Random plies of each round's opening.
    pub opening_plies: u32,
    /// Random openings drawn for each round (1: plain random openings).
    pub balance: u32,
    /// The depth of the search that judges openings, when not the game's default.
    pub balance_depth: Option<u32>,
    /// The match seed.
    pub seed: u64,
}

/// One finished game, as a part keeps it and a summary counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number in the whole match, from 0.
    pub index: u32,
    /// Its round's number (its pair's, with two seats).
    pub pair: u32,
    /// The player (its number in the match) in each seat, the first seat first.
    pub seating: Vec<usize>,
    /// The final margin, from the first seat's point of view.
    pub margin: i32,
    /// Each seat's rank (1 is best), the first seat first.
    pub ranks: Vec<u8>,
    /// How the game ended.
    pub termination: Termination,
    /// Each seat's figures (index 0 is the first seat).
    pub seats: Vec<SeatStats>,
    /// The game as one line of JSON, as `ponder match --records` writes it.
    pub record: String,
}

impl GameResult {
    /// The result of `game`, with `record` its line of JSON.
    pub fn of<G: Game>(game: &MatchGame<G>, record: String) -> GameResult {
        GameResult {
            index: game.index,
            pair: game.pair,
            seating: game.seating.clone(),
            margin: game.played.outcome.margin(),
            ranks: game.played.ranks.clone(),
            termination: game.played.termination.clone(),
            seats: game.played.seats.clone(),
            record,
        }
    }

    /// The seat A played (two seats: 0 first, 1 second).
    pub fn a_seat(&self) -> usize {
        super::runner::a_seat(&self.seating)
    }

    /// A's result: 1 win, 0 draw, -1 loss (two seats: against B).
    pub fn a_result(&self) -> i32 {
        super::runner::a_result(self.margin, self.a_seat())
    }
}

/// The tally of `games` (a pair counts in the pentanomial figures once both its games are
/// there).
pub fn tally_of(games: &[GameResult]) -> Tally {
    let mut tally = PairedTally::default();
    for game in games {
        tally.add(game.pair, game.a_result());
    }
    *tally.tally()
}

/// Each of `players` players' results over `games` (any seat count), in game order.
pub fn standings_of(games: &[GameResult], players: usize) -> Vec<PlayerTally> {
    let mut tallies = vec![PlayerTally::default(); players];
    let mut sorted: Vec<&GameResult> = games.iter().collect();
    sorted.sort_by_key(|game| game.index);
    for game in sorted {
        for (seat, &player) in game.seating.iter().enumerate() {
            if let Some(tally) = tallies.get_mut(player) {
                tally.add(seat, &game.ranks);
            }
        }
    }
    tallies
}

/// One shard of a match: its setup, which shard it is, how long it took and its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchPart {
    /// The match.
    pub setup: MatchSetup,
    /// This shard's number, from 0.
    pub index: u32,
    /// How many shards the match has.
    pub count: u32,
    /// Wall-clock seconds the shard took.
    pub seconds: f64,
    /// Its games, in game order.
    pub games: Vec<GameResult>,
}

impl MatchPart {
    /// Writes the part to `path` (atomically, behind a versioned header).
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        save_bincode(path, &MATCH_PART_FILE, self)
    }

    /// Reads a part written by [`MatchPart::save`].
    pub fn load(path: &Path) -> Result<MatchPart, FileError> {
        load_bincode(path, &MATCH_PART_FILE)
    }
}

/// Why the parts of a match do not make up the match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchMergeError {
    /// The parts are not every shard of one job exactly once.
    #[error("{0}")]
    Shards(String),
    /// A part is from another match than the first part.
    #[error("shard {shard} is from another match than shard {first}: {what} differs")]
    OtherMatch {
        /// The first part's shard.
        first: String,
        /// The differing part's shard.
        shard: String,
        /// The setup field that differs.
        what: &'static str,
    },
    /// A part's games are not its shard's games (a shard stopped early, or a foreign game).
    #[error("shard {shard} holds games {found}, not its games {expected}")]
    WrongGames {
        /// The shard.
        shard: String,
        /// The games it should hold.
        expected: String,
        /// The games it holds.
        found: String,
    },
    /// A part's game does not fit the match's table (its seating, ranks or figures are not
    /// one per seat, or it seats a player the match does not have).
    #[error(
        "shard {shard}: game {game} does not fit a table of {seats} seats and {players} players"
    )]
    Malformed {
        /// The shard.
        shard: String,
        /// The game's number.
        game: u32,
        /// The match's seats.
        seats: u32,
        /// The match's players.
        players: usize,
    },
}

/// The whole match the parts make up.
#[derive(Clone, Debug, PartialEq)]
pub struct MergedMatch {
    /// The match.
    pub setup: MatchSetup,
    /// How many shards played it.
    pub shards: u32,
    /// The longest shard's wall-clock seconds.
    pub seconds: f64,
    /// Every game, in game order.
    pub games: Vec<GameResult>,
    /// The tally of every game.
    pub tally: Tally,
}

/// Joins every part of one match (in any order) into the whole match, checking that they
/// are the shards of one match, each complete, none missing or given twice.
pub fn merge_match_parts(mut parts: Vec<MatchPart>) -> Result<MergedMatch, MatchMergeError> {
    let shards: Vec<(u32, u32)> = parts.iter().map(|part| (part.index, part.count)).collect();
    check_shards(&shards).map_err(MatchMergeError::Shards)?;
    parts.sort_by_key(|part| part.index);
    let setup = parts[0].setup.clone();
    for part in &parts {
        let shard = Shard::new(part.index, part.count)
            .ok_or_else(|| MatchMergeError::Shards("a shard does not exist".into()))?;
        if let Some(what) = setup_difference(&setup, &part.setup) {
            return Err(MatchMergeError::OtherMatch {
                first: format!("0/{}", part.count),
                shard: shard.to_string(),
                what,
            });
        }
        check_games(&setup, shard, &part.games)?;
    }
    let seconds = parts.iter().map(|part| part.seconds).fold(0.0, f64::max);
    let shards = parts[0].count;
    let games: Vec<GameResult> = parts.into_iter().flat_map(|part| part.games).collect();
    let tally = tally_of(&games);
    Ok(MergedMatch {
        setup,
        shards,
        seconds,
        games,
        tally,
    })
}

/// The first field in which two setups differ, named for a message.
fn setup_difference(a: &MatchSetup, b: &MatchSetup) -> Option<&'static str> {
    [
        (a.game == b.game, "the game"),
        (a.position == b.position, "the start position"),
        (a.players == b.players, "the players"),
        (a.seats == b.seats, "the seats"),
        (a.games == b.games, "the number of games"),
        (a.opening_plies == b.opening_plies, "the opening plies"),
        (a.balance == b.balance, "the opening balance"),
        (a.balance_depth == b.balance_depth, "the balance depth"),
        (a.seed == b.seed, "the seed"),
    ]
    .into_iter()
    .find_map(|(same, what)| (!same).then_some(what))
}

/// Checks that `games` are exactly the games shard `shard` of `setup`'s match plays.
fn check_games(
    setup: &MatchSetup,
    shard: Shard,
    games: &[GameResult],
) -> Result<(), MatchMergeError> {
    let seats = setup.seats as usize;
    let fits = |game: &GameResult| {
        game.seating.len() == seats
            && game.ranks.len() == seats
            && game.seats.len() == seats
            && game
                .seating
                .iter()
                .all(|&player| player < setup.players.len())
    };
    if let Some(game) = games.iter().find(|game| !fits(game)) {
        return Err(MatchMergeError::Malformed {
            shard: shard.to_string(),
            game: game.index,
            seats: setup.seats,
            players: setup.players.len(),
        });
    }
    let expected = shard_rounds(setup.games, seats, shard);
    let in_order = games.iter().map(|game| game.index).eq(expected.clone());
    if in_order {
        return Ok(());
    }
    let found = match (games.first(), games.last()) {
        (Some(a), Some(b)) => format!("{}..={} ({} games)", a.index, b.index, games.len()),
        _ => "none".into(),
    };
    Err(MatchMergeError::WrongGames {
        shard: shard.to_string(),
        expected: format!("{}..{}", expected.start, expected.end),
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::FileProblem;

    fn setup(seats: u32) -> MatchSetup {
        MatchSetup {
            game: "ataxx:players=3".into(),
            position: None,
            players: vec!["a".into(), "b".into()],
            seats,
            games: 3,
            opening_plies: 2,
            balance: 1,
            balance_depth: None,
            seed: 1,
        }
    }

    fn game(index: u32, seating: Vec<usize>, ranks: Vec<u8>) -> GameResult {
        GameResult {
            index,
            pair: 0,
            seats: vec![SeatStats::default(); seating.len()],
            seating,
            margin: 0,
            ranks,
            termination: Termination::Finished,
            record: String::new(),
        }
    }

    #[test]
    fn a_part_of_the_two_seat_format_is_refused_by_its_version() {
        let dir = std::env::temp_dir().join(format!("ponder-part-v1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.part");
        let version_1 = FileFormat::new(*b"PNDmatch", 1, 1 << 32, "match part");
        save_bincode(&path, &version_1, &0u32).unwrap();
        let error = MatchPart::load(&path).unwrap_err();
        let refused = matches!(
            error.problem,
            FileProblem::Version {
                expected: 2,
                found: 1
            }
        );
        assert!(refused, "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn three_seat_parts_merge_into_each_players_standing() {
        let part = MatchPart {
            setup: setup(3),
            index: 0,
            count: 1,
            seconds: 1.0,
            games: vec![
                game(0, vec![0, 1, 0], vec![1, 2, 3]),
                game(1, vec![1, 0, 1], vec![2, 1, 2]),
                game(2, vec![0, 1, 0], vec![3, 3, 1]),
            ],
        };
        let merged = merge_match_parts(vec![part.clone()]).unwrap();
        let standings = standings_of(&merged.games, 2);
        // A held seats 0 and 2 of games 0 and 2 and seat 1 of game 1: ranks 1, 3, 1, 3, 1.
        assert_eq!(standings[0].games, 5);
        assert_eq!(standings[0].rank_sum, 9);
        assert_eq!(standings[1].rank_sum, 2 + 2 + 2 + 3);
        let mut misfit = part;
        misfit.games[1].ranks.pop();
        let error = merge_match_parts(vec![misfit]).unwrap_err();
        assert!(
            matches!(error, MatchMergeError::Malformed { game: 1, .. }),
            "{error}"
        );
    }
}
