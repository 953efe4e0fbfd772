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

/// Loads the base and the parts, checks that they fit, and saves the merged database.
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let error = |path: &PathBuf, e: crate::egdb::EgdbError| {
        CliError::Usage(format!("{}: {e}", path.display()))
    };
    match part_magic(&args.parts[0]) {
        Some(magic) if magic == EGDB_PART_FILE.magic => return merge_oware(args, out),
        Some(magic) if magic == MATCH_PART_FILE.magic => return merge_match(args, out),
        Some(magic) if magic == BOOK_FILE.magic => {
            return super::book::merge(&args.parts, &args.out, out);
        }
        Some(magic) if magic == TUNE_PART_FILE.magic => {
            return super::tune::merge(&args.parts, &args.out, out);
        }
        _ => {}
    }
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        parts.push(KalahEgdbPart::load(path).map_err(|e| error(path, e))?);
    }
    let mut egdb = match &args.base {
        Some(path) => KalahEgdb::load(path).map_err(|e| error(path, e))?,
        None => {
            let first = parts
                .first()
                .ok_or_else(|| CliError::Usage("no part files".into()))?;
            KalahEgdb::empty_for(first.config()?).map_err(|e| CliError::Usage(e.to_string()))?
        }
    };
    egdb.merge(parts)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    egdb.save(&args.out).map_err(|e| error(&args.out, e))?;
    writeln!(
        out,
        "merged {} parts: {} boards up to {} seeds in {}",
        args.parts.len(),
        egdb.boards(),
        egdb.max_seeds().unwrap_or(0),
        args.out.display()
    )?;
    Ok(())
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
        tally: &merged.tally,
        concurrency: None,
        shards: merged.shards,
        seconds: merged.seconds,
        sprt: None,
    };
    super::matches::write_report(out, &report, Some(&args.out), args.json)
}

/// [`run`] for the parts of an Oware database.
fn merge_oware(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let error = |path: &PathBuf, e: crate::egdb::EgdbError| {
        CliError::Usage(format!("{}: {e}", path.display()))
    };
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        parts.push(EgdbPart::load(path).map_err(|e| error(path, e))?);
    }
    let (rules, houses) = (parts[0].rules(), parts[0].houses());
    let mut egdb = match &args.base {
        Some(path) => Egdb::load_rules(path, rules).map_err(|e| error(path, e))?,
        None => Egdb::empty_for(rules, houses).map_err(|e| CliError::Usage(e.to_string()))?,
    };
    egdb.merge(parts)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    egdb.save(&args.out).map_err(|e| error(&args.out, e))?;
    writeln!(
        out,
        "merged {} parts: {} database up to {} seeds in {}",
        args.parts.len(),
        rules,
        egdb.max_seeds(),
        args.out.display()
    )?;
    Ok(())
}
