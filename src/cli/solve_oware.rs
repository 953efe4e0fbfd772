//! `ponder solve --game oware[:rules=awari] --egdb N`: builds an Oware endgame database (whole,
//! or one shard of its top layer), reports or saves it.

use super::CliError;
use super::solve_args::{SolveArgs, egdb_error, saved_part, threads};
use crate::egdb::Shard;
use crate::games::GameConfig;
use crate::games::oware::egdb::build_report;
use crate::games::oware::{Egdb, OwareConfig, Rules};
use std::io::Write;

/// The most seeds `solve` builds a database for.
const MAX_SOLVE_SEEDS: u32 = 20;

/// Builds (or one shard of) the database the arguments ask for.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = OwareConfig::from_spec(&args.game)?;
    if config.houses() != 6 {
        return Err(CliError::Usage(format!(
            "solve builds Oware databases with 6 houses a side (got {})",
            args.game
        )));
    }
    let seeds = match args.egdb.as_deref().map(str::parse::<u32>) {
        Some(Ok(seeds)) if seeds <= MAX_SOLVE_SEEDS => seeds,
        _ => {
            return Err(CliError::Usage(format!(
                "oware: --egdb takes the most seeds to solve, from 0 to {MAX_SOLVE_SEEDS}"
            )));
        }
    };
    if let Some(shard) = args.shard {
        return build_shard(args, config.rules(), seeds, shard, out);
    }
    if args.csv && config.rules() != Rules::Awari {
        return Err(CliError::Usage(
            "--csv prints Lincke's Awari table: use --game oware:rules=awari".into(),
        ));
    }
    let (report, egdb) = build_report(config.rules(), seeds, threads(args)).map_err(egdb_error)?;
    if let Some(path) = &args.save {
        egdb.save(path).map_err(egdb_error)?;
    }
    if args.csv {
        write!(out, "{}", egdb.stats().to_csv())?;
    } else {
        write!(out, "{report}")?;
    }
    Ok(())
}

/// `--shard i/N --egdb N --save PART [--base FILE]`: solves that shard of layer N into a part
/// file, the layers below coming from `--base` (or built first).
fn build_shard(
    args: &SolveArgs,
    rules: Rules,
    seeds: u32,
    shard: Shard,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let Some(path) = &args.save else {
        return Err(CliError::Usage(
            "--shard needs --save FILE (the part file)".into(),
        ));
    };
    let base = match (&args.base, seeds) {
        (_, 0) => Egdb::empty_for(rules, 6).map_err(egdb_error)?,
        (Some(base), _) => Egdb::load_rules(base, rules).map_err(egdb_error)?,
        (None, _) => {
            Egdb::build_for(rules, 6, seeds - 1, threads(args), |_| {}).map_err(egdb_error)?
        }
    };
    if base.layer(0).is_some() && base.max_seeds() + 1 != seeds {
        return Err(CliError::Usage(format!(
            "the base covers up to {} seeds; shard layer {seeds} needs exactly the layers below it",
            base.max_seeds()
        )));
    }
    let part = base.build_part(shard, threads(args)).map_err(egdb_error)?;
    part.save(path).map_err(egdb_error)?;
    saved_part(out, shard, seeds, path)
}
