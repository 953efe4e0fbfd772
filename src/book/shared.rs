//! The book an engine holds: shared between engines and threads, probed once per move,
//! learning after every finished game and written back to its file when it has one.

use super::choice::{BookAdvice, BookPolicy};
use super::entry::BookMove;
use super::error::BookError;
use super::positions::{Book, BookBounds};
use crate::eval::Evaluators;
use crate::games::{Game, GameRecord};
use parking_lot::Mutex;
use std::path::{Path, PathBuf};

/// A [`Book`] in use: probed by engines ([`Knowledge::with_book`](crate::engine::Knowledge::with_book)),
/// learning from the games they finish (when learning is on) and then written back to its
/// file atomically (when it has one). Engines playing at once share one behind an `Arc`; the
/// lock is taken once per move and once per game, never per node.
#[derive(Debug)]
pub struct SharedBook<G: Game> {
    book: Mutex<Book<G>>,
    path: Option<PathBuf>,
    learning: bool,
    policy: BookPolicy,
}

impl<G: Game> SharedBook<G> {
    /// `book`, kept in memory only, learning, with the default policy.
    pub fn new(book: Book<G>) -> SharedBook<G> {
        SharedBook {
            book: Mutex::new(book),
            path: None,
            learning: true,
            policy: BookPolicy::default(),
        }
    }

    /// The book at `path` for games of `config` (a new empty one with `bounds` when there is
    /// no such file yet), written back there after every game it learns from.
    pub fn open(
        path: &Path,
        config: &G::Config,
        bounds: BookBounds,
    ) -> Result<SharedBook<G>, BookError> {
        let book = if path.exists() {
            Book::load(path, Some(config))?
        } else {
            Book::new(config.clone(), bounds)
        };
        Ok(SharedBook {
            path: Some(path.to_path_buf()),
            ..SharedBook::new(book)
        })
    }

    /// The book at `path` (a file that must exist, of any configuration of `G`), written
    /// back there after every game it learns from.
    pub fn load(path: &Path) -> Result<SharedBook<G>, BookError> {
        Ok(SharedBook {
            path: Some(path.to_path_buf()),
            ..SharedBook::new(Book::load(path, None)?)
        })
    }

    /// The game's own book for `config` ([`Evaluators::own_book`]: Kalah(6,4)'s `perfect`
    /// level book, embedded in the build), frozen; `None` where the game has none.
    pub fn own(config: &G::Config) -> Result<Option<SharedBook<G>>, BookError>
    where
        G: Evaluators,
    {
        let Some(bytes) = G::own_book(config) else {
            return Ok(None);
        };
        let name = format!("the own book of {}", G::NAME);
        let book = Book::from_bytes(bytes, Path::new(&name), Some(config))?;
        Ok(Some(SharedBook::new(book).learning(false)))
    }

    /// Whether the book is for games of `config`.
    pub fn serves(&self, config: &G::Config) -> bool {
        self.book.lock().config() == config
    }

    /// The same book learning or not (`false`: probed only, never changed).
    pub fn learning(mut self, on: bool) -> SharedBook<G> {
        self.learning = on;
        self
    }

    /// The same book choosing by `policy`.
    pub fn with_policy(mut self, policy: BookPolicy) -> SharedBook<G> {
        self.policy = policy;
        self
    }

    /// The file it is written to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What the book says of `position` ([`Book::advise`] under this book's policy).
    pub fn advise(&self, position: &G, seed: Option<u64>) -> BookAdvice<G::Move> {
        self.book.lock().advise(position, seed, &self.policy)
    }

    /// What the book knows of `mv` from `position`, if anything.
    pub fn known(&self, position: &G, mv: G::Move) -> Option<BookMove<G::Move>> {
        let book = self.book.lock();
        book.moves(&position.key())
            .iter()
            .find(|m| m.mv == mv)
            .cloned()
    }

    /// Learns from a finished game (the result backed up along its line, [`Book::learn`])
    /// and writes the book to its file, if it has one. Nothing when learning is off or the
    /// game is not over. Answers the moves counted.
    pub fn learn(&self, record: &GameRecord<G>) -> Result<usize, BookError> {
        let Some(outcome) = record.outcome().filter(|_| self.learning) else {
            return Ok(0);
        };
        let mut book = self.book.lock();
        let counted = book.learn(record, outcome, &[]);
        if let Some(path) = &self.path {
            book.save(path)?;
        }
        Ok(counted)
    }

    /// A copy of the book as it stands.
    pub fn snapshot(&self) -> Book<G> {
        self.book.lock().clone()
    }
}
