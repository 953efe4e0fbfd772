//! `ponder merge`: joins the part files of a sharded Kalah or Oware endgame database build
//! (`ponder solve --game kalah|oware --egdb N --shard i/K --save part-i`) with the database of
//! the layers below into the database up to layer N, byte for byte the single build's.

use super::CliError;
use crate::games::kalah::{KalahEgdb, KalahEgdbPart};
use crate::games::oware::egdb::EGDB_PART_FILE;
use crate::games::oware::{Egdb, EgdbPart};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Arguments of `ponder merge`.
#[derive(Debug, Clone, clap::Args)]
pub struct MergeArgs {
    /// The database of the layers below the parts' layer (omit for layer 0).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Where to write the merged database.
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// The part files, every shard of one layer, in any order.
    #[arg(required = true)]
    parts: Vec<PathBuf>,
}

/// Loads the base and the parts, checks that they fit, and saves the merged database.
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let error = |path: &PathBuf, e: crate::egdb::EgdbError| {
        CliError::Usage(format!("{}: {e}", path.display()))
    };
    if is_oware_part(&args.parts[0]) {
        return merge_oware(args, out);
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

/// Whether `path` starts with the magic of an Oware part file (anything else is left to the
/// Kalah loader, whose error names the file).
fn is_oware_part(path: &Path) -> bool {
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut magic))
        .is_ok_and(|()| magic == EGDB_PART_FILE.magic)
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
