//! The endgame databases a server was given (`--egdb`, repeatable), each opened once,
//! memory-mapped, and handed as a value to the searches of its game; and its opening books
//! (`--book`, repeatable), each loaded once and shared by the engines of its game.

use crate::book::{SharedBook, book_game};
use crate::games::kalah::{Kalah, KalahEgdb};
use crate::games::oware::{Egdb, Oware, Rules};
use crate::games::{Game, GameError, GameSpec};
use crate::search::Database;
use std::any::Any;
use std::path::Path;
use std::sync::Arc;

/// Databases of any games, each found by its game's type.
#[derive(Clone, Default)]
pub struct DatabaseShelf {
    /// Each a `Database<G>` for some game `G`.
    databases: Vec<Arc<dyn Any + Send + Sync>>,
    /// Each an `Arc<SharedBook<G>>` for some game `G`.
    books: Vec<Arc<dyn Any + Send + Sync>>,
}

impl DatabaseShelf {
    /// Opens every file of `paths`: a Kalah, Awari or Abapa database, told apart by its
    /// header; a file that is none of them is refused with the reasons.
    pub fn open(paths: &[impl AsRef<Path>]) -> Result<DatabaseShelf, String> {
        let mut shelf = DatabaseShelf::default();
        for path in paths {
            shelf.open_one(path.as_ref())?;
        }
        Ok(shelf)
    }

    /// Loads every book of `paths` onto the shelf (each of the game its file names; learning
    /// unless `frozen`, written back after every game).
    pub fn with_books(
        mut self,
        paths: &[impl AsRef<Path>],
        frozen: bool,
    ) -> Result<DatabaseShelf, String> {
        for path in paths {
            let path = path.as_ref();
            let game = book_game(path).map_err(|e| format!("--book: {e}"))?;
            let spec = GameSpec::named(&game);
            let added: Result<(), BookShelfError> = crate::with_game!(spec, G => {
                SharedBook::<G>::load(path)
                    .map(|book| self.books.push(Arc::new(Arc::new(book.learning(!frozen)))))
                    .map_err(|e| BookShelfError(format!("--book: {e}")))
            });
            added.map_err(|e| e.0)?;
        }
        Ok(self)
    }

    /// The book of game `G` in configuration `config`, if the shelf holds one.
    pub fn book_for<G: Game>(&self, config: &G::Config) -> Option<Arc<SharedBook<G>>> {
        self.books
            .iter()
            .filter_map(|book| book.downcast_ref::<Arc<SharedBook<G>>>())
            .find(|book| book.serves(config))
            .cloned()
    }

    /// Opens one file onto the shelf.
    fn open_one(&mut self, path: &Path) -> Result<(), String> {
        let kalah_error = match KalahEgdb::open(path) {
            Ok(egdb) => {
                self.add::<Kalah>(Arc::new(egdb));
                return Ok(());
            }
            Err(error) => error,
        };
        let mut oware_errors = Vec::new();
        for rules in [Rules::Awari, Rules::Abapa] {
            match Egdb::open_rules(path, rules) {
                Ok(egdb) => {
                    self.add::<Oware>(Arc::new(egdb));
                    return Ok(());
                }
                Err(error) => oware_errors.push(format!("{rules}: {error}")),
            }
        }
        Err(format!(
            "--egdb {}: neither a Kalah database ({kalah_error}) nor an Oware one ({})",
            path.display(),
            oware_errors.join("; ")
        ))
    }

    /// Puts a database of game `G` on the shelf.
    pub fn add<G: Game>(&mut self, database: Database<G>) {
        self.databases.push(Arc::new(database));
    }

    /// The databases of game `G`, as one (the first that covers a position answers), or
    /// `None` when the shelf holds none.
    pub fn for_game<G: Game>(&self) -> Option<Database<G>> {
        let mut found: Vec<Database<G>> = self
            .databases
            .iter()
            .filter_map(|database| database.downcast_ref::<Database<G>>().cloned())
            .collect();
        match found.len() {
            0 => None,
            1 => found.pop(),
            _ => Some(Arc::new(found)),
        }
    }
}

/// Why a book could not go on the shelf (a game error becomes one too).
struct BookShelfError(String);

impl From<GameError> for BookShelfError {
    fn from(error: GameError) -> BookShelfError {
        BookShelfError(format!("--book: {error}"))
    }
}

impl std::fmt::Debug for DatabaseShelf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "DatabaseShelf({} databases, {} books)",
            self.databases.len(),
            self.books.len()
        )
    }
}
