//! `ponder book show`: what a book knows of a position.

use super::super::{CliError, PositionArgs};
use crate::book::{Book, BookAdvice, BookPolicy};
use crate::search::Evaluators;
use crate::with_game;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ponder book show`.
#[derive(Debug, clap::Args)]
pub(super) struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The book file.
    #[arg(long)]
    book: PathBuf,
    /// Seeds the choice among the moves within the margin of the best.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub(super) fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_game!(args.position.game, G => show::<G>(args, out))
}

fn show<G: Evaluators>(args: &ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = G::config_from_spec(&args.position.game)?;
    let book = Book::<G>::load(&args.book, Some(&config))?;
    let position = args.position.record::<G>()?.current();
    let bounds = book.bounds();
    writeln!(
        out,
        "{}: {} positions (at most {}, {} plies deep)",
        args.book.display(),
        book.len(),
        bounds.max_positions,
        bounds.max_plies
    )?;
    let moves = book.moves(&position.key());
    if moves.is_empty() {
        writeln!(out, "the book does not hold this position")?;
        return Ok(());
    }
    writeln!(
        out,
        "{:>6} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>8} {:>6}",
        "move", "games", "wins", "draws", "losses", "mean", "bound", "value", "exact"
    )?;
    let text = |value: Option<i32>| value.map_or("-".to_string(), |v| format!("{v:+}"));
    for entry in moves {
        writeln!(
            out,
            "{:>6} {:>7} {:>6} {:>6} {:>6} {:>6.3} {:>6.3} {:>8} {:>6}",
            entry.mv.to_string(),
            entry.games(),
            entry.wins,
            entry.draws,
            entry.losses,
            entry.mean(),
            entry.lower_bound(),
            text(entry.value()),
            text(entry.exact)
        )?;
    }
    match book.advise(&position, Some(args.seed), &BookPolicy::default()) {
        BookAdvice::Play(mv) => writeln!(out, "plays {mv}")?,
        BookAdvice::Avoid(moves) => {
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            writeln!(out, "searches, leaving out {}", moves.join(" "))?;
        }
        BookAdvice::Search => writeln!(out, "searches")?,
    }
    Ok(())
}
