//! `ponder book`: growing an opening book (`build`: self-play, or Kalah's exact solver) and
//! reading one (`show`); the `--book FILE` of the commands whose engine consults one
//! (`play`, `match`, `uai`, `serve`); and the book part of `ponder merge`.

mod build;
mod show;

use super::CliError;
use crate::book::{Book, BookBounds, BookError, SharedBook, book_game};
use crate::games::{GAME_NAMES, GameSpec};
use crate::search::Evaluators;
use crate::with_game;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `ponder book`.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    /// What to do with the book.
    #[command(subcommand)]
    command: BookCommand,
}

/// The book's subcommands.
#[derive(Debug, clap::Subcommand)]
enum BookCommand {
    /// Grow a book from self-play games (sharded with `--shard i/N --out part-i`, joined by
    /// `ponder merge`), or, for Kalah with `--exact-plies D`, from the exact solver.
    Build(build::BuildArgs),
    /// Print what a book knows of a position and what it would play there.
    Show(show::ShowArgs),
}

/// Runs `ponder book`.
pub fn run(args: &BookArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Build(args) => build::run(args, out),
        BookCommand::Show(args) => show::run(args, out),
    }
}

/// The `--book FILE` of the commands whose engine consults a book.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct BookFileArgs {
    /// An opening book (`ponder book build`) the engine probes before each search (games of
    /// two seats). It learns from every game the engine plays to the end and is written back
    /// to the file after each one; a missing file starts an empty book there.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Probe the book without teaching it anything (the file is never written).
    #[arg(long, requires = "book")]
    pub book_frozen: bool,
    /// Probe the game's own book, embedded in ponder (Kalah(6,4) with the classic capture:
    /// the `perfect` level's exact book, `docs/book.md`), frozen. `play --level perfect`
    /// uses it without being asked.
    #[arg(long, conflicts_with = "book")]
    pub own_book: bool,
}

impl BookFileArgs {
    /// Whether a book was asked for (`--book` or `--own-book`).
    pub fn given(&self) -> bool {
        self.book.is_some() || self.own_book
    }

    /// The book `--book` names, opened for games of `game`; else the game's own, with
    /// `--own-book` (an error where the game has none) or when `own` asks for it (where the
    /// game has one); `None` otherwise.
    pub fn open<G: Evaluators>(
        &self,
        game: &GameSpec,
        own: bool,
    ) -> Result<Option<Arc<SharedBook<G>>>, CliError> {
        let config = G::config_from_spec(game)?;
        let Some(path) = &self.book else {
            let book = if self.own_book || own {
                SharedBook::own(&config)?
            } else {
                None
            };
            if self.own_book && book.is_none() {
                return Err(CliError::Usage(format!(
                    "--own-book: ponder has no book of its own for {game}"
                )));
            }
            return Ok(book.map(Arc::new));
        };
        let book = SharedBook::open(path, &config, BookBounds::default())?;
        Ok(Some(Arc::new(book.learning(!self.book_frozen))))
    }
}

/// `ponder merge` of book parts (`ponder book build --shard i/N --out part-i`): their counts
/// summed into one book at `path`, whatever the order of the parts.
pub(super) fn merge(parts: &[PathBuf], path: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let first = parts
        .first()
        .ok_or_else(|| CliError::Usage("no part files".into()))?;
    let game = book_game(first)?;
    let Some(name) = GAME_NAMES.iter().find(|name| **name == game) else {
        return Err(CliError::Usage(format!(
            "{}: a book of {game:?}, a game this build does not know",
            first.display()
        )));
    };
    with_game!(GameSpec::named(name), G => merge_books::<G>(parts, path, out))
}

fn merge_books<G: Evaluators>(
    parts: &[PathBuf],
    path: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let mut merged: Option<Book<G>> = None;
    for part in parts {
        let book = Book::<G>::load(part, merged.as_ref().map(Book::config))?;
        match &mut merged {
            None => merged = Some(book),
            Some(merged) if merged.bounds() != book.bounds() => {
                return Err(BookError::Mismatch {
                    path: part.clone(),
                    reason: format!(
                        "bounds {:?}, the others {:?}",
                        book.bounds(),
                        merged.bounds()
                    ),
                }
                .into());
            }
            Some(merged) => merged.absorb(&book),
        }
    }
    let merged = merged.ok_or_else(|| CliError::Usage("no part files".into()))?;
    merged.save(path)?;
    writeln!(
        out,
        "merged {} parts: a {} book of {} positions in {}",
        parts.len(),
        G::NAME,
        merged.len(),
        path.display()
    )?;
    Ok(())
}
