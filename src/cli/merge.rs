//! `ponder merge`: joins the part files of a sharded job into its result.
//!
//! - Endgame databases (`ponder solve --game kalah|oware --egdb N --shard i/K --save
//!   part-i`): the parts and the database of the layers below make the database up to layer
//!   N, byte for byte the single build's.
//! - Matches (`ponder match ... --shard i/K --part part-i`): the parts make the match's
//!   summary (`--out`, JSON, as `ponder match --out` writes it) and, with `--records`, its
//!   games' records, byte for byte the single run's.
//! - Opening books (`ponder book build ... --shard i/K --out part-i`): the parts' counts
//!   summed into the book `--out`, the single build's.
//! - Tuner sweeps (`ponder tune ... --shard i/K --part part-i`): the parts make the tuner's
//!   report, written to the directory `--out`.

use super::CliError;
use super::match_report::MatchReport;
use super::tune::TUNE_PART_FILE;
use crate::book::BOOK_FILE;
use crate::egdb::EgdbError;
use crate::games::kalah::{KalahEgdb, KalahEgdbPart};
use crate::games::oware::egdb::EGDB_PART_FILE;
use crate::games::oware::{Egdb, EgdbPart};
use crate::matches::{MATCH_PART_FILE, MatchPart, merge_match_parts};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Arguments of `ponder merge`.
#[derive(Debug, Clone, clap::Args)]
pub struct MergeArgs {
    /// The database of the layers below the parts' layer (omit for layer 0).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Where to write the merged database (a match: its JSON summary; a tuner sweep: the
    /// directory of its report).
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// Matches: also write every game's record to this file, one JSON object per line.
    #[arg(long)]
    records: Option<PathBuf>,
    /// Matches: print the summary as JSON instead of text.
    #[arg(long)]
    json: bool,
    /// The part files, every shard of one layer, in any order.
    #[arg(required = true)]
    parts: Vec<PathBuf>,
}

/// Joins the parts into what their files hold (a Kalah or Oware database, a match, a tuner
/// sweep) and saves it.
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match part_magic(&args.parts[0]) {
        Some(magic) if magic == EGDB_PART_FILE.magic => merge_oware(args, out),
        Some(magic) if magic == MATCH_PART_FILE.magic => merge_match(args, out),
        Some(magic) if magic == BOOK_FILE.magic => super::book::merge(&args.parts, &args.out, out),
        Some(magic) if magic == TUNE_PART_FILE.magic => {
            super::tune::merge(&args.parts, &args.out, out)
        }
        _ => merge_kalah(args, out),
    }
}

/// A database file's error, naming the file.
fn file_error(path: &Path, error: EgdbError) -> CliError {
    CliError::Usage(format!("{}: {error}", path.display()))
}

/// A database error that no one file is to blame for.
fn usage(error: EgdbError) -> CliError {
    CliError::Usage(error.to_string())
}

/// Loads every part file with `load`.
fn load_parts<P>(
    paths: &[PathBuf],
    load: impl Fn(&Path) -> Result<P, EgdbError>,
) -> Result<Vec<P>, CliError> {
    paths
        .iter()
        .map(|path| load(path).map_err(|e| file_error(path, e)))
        .collect()
}

/// Reports the merged database `saved` to `--out`: `merged N parts: WHAT in OUT`.
fn report_saved(
    args: &MergeArgs,
    out: &mut dyn Write,
    saved: Result<(), EgdbError>,
    what: &str,
) -> Result<(), CliError> {
    saved.map_err(|e| file_error(&args.out, e))?;
    writeln!(
        out,
        "merged {} parts: {what} in {}",
        args.parts.len(),
        args.out.display()
    )?;
    Ok(())
}

/// [`run`] for the parts of a Kalah database (also the loader of a file of unknown magic,
/// whose error names it), over `--base` or, without it, an empty database.
fn merge_kalah(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let parts = load_parts(&args.parts, |path| KalahEgdbPart::load(path))?;
    let mut egdb = match &args.base {
        Some(path) => KalahEgdb::load(path).map_err(|e| file_error(path, e))?,
        None => {
            let first = parts
                .first()
                .ok_or_else(|| CliError::Usage("no part files".into()))?;
            KalahEgdb::empty_for(first.config()?).map_err(usage)?
        }
    };
    egdb.merge(parts).map_err(usage)?;
    let what = format!(
        "{} boards up to {} seeds",
        egdb.boards(),
        egdb.max_seeds().unwrap_or(0)
    );
    report_saved(args, out, egdb.save(&args.out), &what)
}

/// The magic number `path` starts with, if it can be read (an unknown one is left to the
/// Kalah loader, whose error names the file).
fn part_magic(path: &Path) -> Option<[u8; 8]> {
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut magic))
        .ok()
        .map(|()| magic)
}

/// [`run`] for the parts of a match: its summary and, with `--records`, its records.
fn merge_match(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        parts.push(MatchPart::load(path)?);
    }
    let merged = merge_match_parts(parts).map_err(|e| CliError::Usage(e.to_string()))?;
    if let Some(path) = &args.records {
        let lines: String = merged
            .games
            .iter()
            .map(|game| format!("{}\n", game.record))
            .collect();
        crate::files::write_atomic_bytes(path, lines.as_bytes())?;
    }
    let report = MatchReport {
        setup: &merged.setup,
        games: &merged.games,
        concurrency: None,
        shards: merged.shards,
        seconds: merged.seconds,
        sprt: None,
    };
    super::matches::write_report(out, &report, Some(&args.out), args.json)
}

/// [`run`] for the parts of an Oware database, over `--base` or, without it, an empty one.
fn merge_oware(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let parts = load_parts(&args.parts, |path| EgdbPart::load(path))?;
    let (rules, houses) = (parts[0].rules(), parts[0].houses());
    let mut egdb = match &args.base {
        Some(path) => Egdb::load_rules(path, rules).map_err(|e| file_error(path, e))?,
        None => Egdb::empty_for(rules, houses).map_err(usage)?,
    };
    egdb.merge(parts).map_err(usage)?;
    let what = format!("{rules} database up to {} seeds", egdb.max_seeds());
    report_saved(args, out, egdb.save(&args.out), &what)
}
