//! The book: positions by their exact key, each with the moves played or proved from it;
//! bounded in positions and in plies from the game's start; read and written as one file.

use super::entry::BookMove;
use super::error::BookError;
use crate::files::{FileError, FileFormat, FileProblem};
use crate::games::{Game, GameRecord, Key, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The book file: magic `PNDobook`, a bincode [`Book`] (256 MiB at most).
pub const BOOK_FILE: FileFormat =
    FileFormat::new(*b"PNDobook", 1, 256 << 20, "ponder opening book");

/// The most positions any book may be bounded to.
pub const MAX_POSITIONS: usize = 4_000_000;

/// The most moves one position of a file may list.
const MAX_MOVES: usize = 4096;

/// How large a book may grow.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookBounds {
    /// Positions the book holds at most: once full, learning updates the positions it holds
    /// and adds none.
    pub max_positions: usize,
    /// Only the positions this many plies from the game's start or fewer are learned.
    pub max_plies: usize,
}

impl Default for BookBounds {
    /// 200,000 positions, 24 plies.
    fn default() -> BookBounds {
        BookBounds {
            max_positions: 200_000,
            max_plies: 24,
        }
    }
}

/// The name of the game the book file at `path` was built for (its payload checked whole,
/// its positions not decoded): which [`Book`] type to load it as.
pub fn book_game(path: &Path) -> Result<String, BookError> {
    use bincode::Options;
    let name = crate::files::load_with(path, &BOOK_FILE, |reader, length| {
        let name: String = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(length)
            .deserialize_from(&mut *reader)
            .map_err(|e| e.to_string())?;
        std::io::copy(reader, &mut std::io::sink()).map_err(|e| e.to_string())?;
        Ok(name)
    })?;
    Ok(name)
}

/// An opening book of game `G` in one configuration: positions (by their exact [`Key`], so
/// transpositions share one entry) with each move's results, the search's value and, where
/// proved, the exact value. See `docs/book.md`.
#[derive(Clone, Debug)]
pub struct Book<G: Game> {
    config: G::Config,
    bounds: BookBounds,
    positions: HashMap<Key, Vec<BookMove<G::Move>>>,
}

/// A book as the file holds it: positions sorted by key and moves by their notation, so
/// that one book is always the same bytes.
#[derive(Serialize, Deserialize)]
#[serde(bound(
    serialize = "C: Serialize, M: Serialize",
    deserialize = "C: Deserialize<'de>, M: Deserialize<'de>"
))]
struct BookData<C, M> {
    game: String,
    config: C,
    bounds: BookBounds,
    positions: Vec<(Key, Vec<BookMove<M>>)>,
}

impl<G: Game> Book<G> {
    /// An empty book for games of `config`.
    pub fn new(config: G::Config, bounds: BookBounds) -> Book<G> {
        Book {
            config,
            bounds: BookBounds {
                max_positions: bounds.max_positions.min(MAX_POSITIONS),
                ..bounds
            },
            positions: HashMap::new(),
        }
    }

    /// The configuration the book is for.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// Its bounds.
    pub fn bounds(&self) -> BookBounds {
        self.bounds
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The moves known from the position with `key` (empty when the book does not hold it).
    pub fn moves(&self, key: &Key) -> &[BookMove<G::Move>] {
        self.positions.get(key).map_or(&[], Vec::as_slice)
    }

    /// The entry of `mv` from the position with `key`, made if need be; `None` when the
    /// position is new and the book is full.
    pub fn entry(&mut self, key: Key, mv: G::Move) -> Option<&mut BookMove<G::Move>> {
        if !self.positions.contains_key(&key) && self.positions.len() >= self.bounds.max_positions {
            return None;
        }
        let moves = self.positions.entry(key).or_default();
        let index = match moves.iter().position(|m| m.mv == mv) {
            Some(index) => index,
            None => {
                moves.push(BookMove::new(mv));
                moves.len() - 1
            }
        };
        Some(&mut moves[index])
    }

    /// Learns from a finished game: every move of its first [`BookBounds::max_plies`] plies
    /// counts the result for the player who made it (a win, a draw or a loss by the sign of
    /// `outcome`), and `values[ply]`, where given, counts into the move's search value. Games of
    /// more than two seats are not learned. Answers the moves counted.
    pub fn learn(
        &mut self,
        record: &GameRecord<G>,
        outcome: Outcome,
        values: &[Option<i32>],
    ) -> usize {
        let positions = record.positions();
        if positions[0].seat_count() != 2 || positions[0].config() != self.config {
            return 0;
        }
        let mut counted = 0;
        for (ply, (position, &mv)) in positions.iter().zip(record.moves()).enumerate() {
            if ply >= self.bounds.max_plies {
                break;
            }
            let result = outcome.margin_for(position.side_to_move()).signum();
            let Some(entry) = self.entry(position.key(), mv) else {
                continue;
            };
            entry.add_result(result);
            if let Some(value) = values.get(ply).copied().flatten() {
                entry.add_value(value);
            }
            counted += 1;
        }
        counted
    }

    /// Adds `other`'s counts to this book's (parts of one sharded build): results summed,
    /// exact values kept. Positions beyond the bound are dropped, the ones held first.
    pub fn absorb(&mut self, other: &Book<G>) {
        let mut keys: Vec<&Key> = other.positions.keys().collect();
        keys.sort_unstable();
        for key in keys {
            for theirs in &other.positions[key] {
                if let Some(ours) = self.entry(*key, theirs.mv) {
                    ours.absorb(theirs);
                }
            }
        }
    }

    /// Writes the book to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        crate::files::save_bincode(path, &BOOK_FILE, &self.data())?;
        Ok(())
    }

    /// The whole file [`Book::save`] writes, in memory.
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        Ok(crate::files::encode(
            &BOOK_FILE,
            &crate::files::encode_bincode(&self.data())?,
        ))
    }

    /// Reads the book at `path`, refusing a damaged file, a book of another game and, when
    /// `config` is given, a book of another configuration; every error names the file.
    pub fn load(path: &Path, config: Option<&G::Config>) -> Result<Book<G>, BookError> {
        let data = crate::files::load_bincode::<BookData<G::Config, G::Move>>(path, &BOOK_FILE)?;
        Book::from_data(data, path, config)
    }

    /// [`Book::load`] of a whole file held in memory (`path` names it in errors).
    pub fn from_bytes(
        bytes: &[u8],
        path: &Path,
        config: Option<&G::Config>,
    ) -> Result<Book<G>, BookError> {
        let fail = |problem| BookError::File(FileError::new(path, &BOOK_FILE, problem));
        let payload = crate::files::decode(bytes, &BOOK_FILE).map_err(fail)?;
        let data =
            crate::files::decode_bincode(payload).map_err(|e| fail(FileProblem::Payload(e)))?;
        Book::from_data(data, path, config)
    }

    fn data(&self) -> BookData<G::Config, G::Move> {
        let mut positions: Vec<(Key, Vec<BookMove<G::Move>>)> = self
            .positions
            .iter()
            .map(|(key, moves)| {
                let mut moves = moves.clone();
                // The order moves were first seen in is the order of the games learned:
                // sorted, the parts of a build merge into the single build's bytes.
                moves.sort_by_cached_key(|m| m.mv.to_string());
                (*key, moves)
            })
            .collect();
        positions.sort_unstable_by_key(|(key, _)| *key);
        BookData {
            game: G::NAME.to_string(),
            config: self.config.clone(),
            bounds: self.bounds,
            positions,
        }
    }

    /// Checks what a file held and makes it a book.
    fn from_data(
        data: BookData<G::Config, G::Move>,
        path: &Path,
        config: Option<&G::Config>,
    ) -> Result<Book<G>, BookError> {
        if data.game != G::NAME {
            return Err(BookError::WrongGame {
                path: path.to_path_buf(),
                found: data.game,
                expected: G::NAME,
            });
        }
        if let Some(config) = config.filter(|config| **config != data.config) {
            return Err(BookError::WrongConfig {
                path: path.to_path_buf(),
                found: format!("{:?}", data.config),
                expected: format!("{config:?}"),
            });
        }
        let invalid = |reason: String| BookError::Invalid {
            path: path.to_path_buf(),
            reason,
        };
        let bounds = data.bounds;
        if bounds.max_positions > MAX_POSITIONS || data.positions.len() > bounds.max_positions {
            return Err(invalid(format!(
                "{} positions, bounded to {} (at most {MAX_POSITIONS})",
                data.positions.len(),
                bounds.max_positions
            )));
        }
        let mut positions = HashMap::with_capacity(data.positions.len());
        for (key, moves) in data.positions {
            if moves.is_empty() || moves.len() > MAX_MOVES {
                return Err(invalid(format!(
                    "position {key} lists {} moves",
                    moves.len()
                )));
            }
            let distinct: HashSet<&G::Move> = moves.iter().map(|m| &m.mv).collect();
            if distinct.len() != moves.len() {
                return Err(invalid(format!("position {key} lists a move twice")));
            }
            if positions.insert(key, moves).is_some() {
                return Err(invalid(format!("position {key} is listed twice")));
            }
        }
        Ok(Book {
            config: data.config,
            bounds,
            positions,
        })
    }
}
