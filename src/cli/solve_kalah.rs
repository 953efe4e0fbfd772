//! `ponder solve --game kalah`: the exact margin of a position, and the Kalah endgame
//! database (built, loaded, saved, or one shard of it).

use super::solve_args::{SolveArgs, egdb_error, saved_part, threads};
use super::{CliError, egdb_cache};
use crate::games::kalah::{Kalah, KalahEgdb, KalahLayerReport};
use crate::games::{Game, GameRecord};
use crate::search::solve::{KalahRules, KalahSolver, SolveProgress};
use std::io::Write;
use std::path::Path;

/// Loads `--egdb FILE`, or builds `--egdb N` (printing each layer).
pub(crate) fn load_or_build(
    config: crate::games::kalah::KalahConfig,
    spec: &str,
    threads: usize,
    out: &mut dyn Write,
) -> Result<KalahEgdb, CliError> {
    if let Ok(seeds) = spec.parse::<u32>() {
        let mut report = |layer: KalahLayerReport| {
            let _ = writeln!(out, "egdb {layer}");
        };
        return KalahEgdb::build(config, seeds, threads, &mut report).map_err(egdb_error);
    }
    KalahEgdb::open_for(Path::new(spec), &config).map_err(egdb_error)
}

/// The database the solver probes: `egdb` (a file, or a number of seeds to build), or the
/// cache's (built there on first use).
pub(crate) fn solver_egdb(
    config: crate::games::kalah::KalahConfig,
    egdb: Option<&str>,
    cache_dir: Option<&Path>,
    threads: usize,
    out: &mut dyn Write,
) -> Result<KalahEgdb, CliError> {
    match egdb {
        Some(spec) => load_or_build(config, spec, threads, out),
        None => {
            let dir = egdb_cache::cache_dir(cache_dir)?;
            let seeds = egdb_cache::default_seeds(config);
            egdb_cache::kalah_egdb(config, seeds, &dir, threads, &mut std::io::stderr())
        }
    }
}

/// Runs `solve` for Kalah.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = Kalah::config_from_spec(&args.game)?;
    if let Some(shard) = args.shard {
        return build_shard(args, config, shard, out);
    }
    if args.egdb_only {
        let (Some(spec), Some(path)) = (&args.egdb, &args.save) else {
            return Err(CliError::Usage(
                "--egdb-only needs --egdb N and --save FILE".into(),
            ));
        };
        let egdb = load_or_build(config, spec, threads(args), out)?;
        egdb.save(path).map_err(egdb_error)?;
        writeln!(out, "saved {} boards to {}", egdb.boards(), path.display())?;
        return Ok(());
    }
    let egdb = solver_egdb(
        config,
        args.egdb.as_deref(),
        args.cache_dir.as_deref(),
        threads(args),
        out,
    )?;
    if let Some(path) = &args.save {
        egdb.save(path).map_err(egdb_error)?;
    }
    // The solve probes the database tens of millions of times: from memory on huge pages.
    let reading = std::time::Instant::now();
    let egdb = egdb.in_memory().map_err(egdb_error)?;
    writeln!(
        out,
        "database of {} boards read and checked in {:.3} s",
        egdb.boards(),
        reading.elapsed().as_secs_f64()
    )?;
    let record = GameRecord::<Kalah>::of(&config, args.position.as_deref())?;
    let position = record.current();
    let threads = threads(args);
    let mut solver = KalahSolver::new(KalahRules::new(config, Some(&egdb)), args.hash << 20)?
        .with_threads(threads);
    writeln!(
        out,
        "solving {config} {} on {threads} thread{}",
        position.position_text(),
        if threads == 1 { "" } else { "s" }
    )?;
    let mut progress = |step: SolveProgress| {
        let _ = writeln!(out, "{step}");
    };
    let solution = solver.solve(&position, &mut progress)?;
    let line: Vec<String> = solution.line.iter().map(ToString::to_string).collect();
    writeln!(out, "value {:+}", solution.value)?;
    writeln!(out, "line {}", line.join(" "))?;
    let seconds = solution.elapsed.as_secs_f64();
    writeln!(
        out,
        "nodes {} time {:.3} s ({:.2} M nodes/s) memory {} MiB table + {} MiB database",
        solution.nodes,
        seconds,
        solution.nodes as f64 / seconds.max(1e-9) / 1e6,
        solver.table_bytes() >> 20,
        egdb.boards() >> 20
    )?;
    writeln!(out, "nodes ended as: {}", solver.stats())?;
    Ok(())
}

/// `--shard i/N --egdb N`: solves that shard of layer N into a part file.
fn build_shard(
    args: &SolveArgs,
    config: crate::games::kalah::KalahConfig,
    shard: crate::egdb::Shard,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (Some(Ok(seeds)), Some(path)) = (args.egdb.as_deref().map(str::parse::<u32>), &args.save)
    else {
        return Err(CliError::Usage(
            "--shard needs --egdb N (the layer) and --save FILE (the part file)".into(),
        ));
    };
    let base = match (&args.base, seeds) {
        (_, 0) => KalahEgdb::empty_for(config).map_err(egdb_error)?,
        (Some(base), _) => load_or_build(config, &base.to_string_lossy(), threads(args), out)?,
        (None, _) => load_or_build(config, &(seeds - 1).to_string(), threads(args), out)?,
    };
    // The base's values go into the part: read it whole once (checksum and values).
    base.verify().map_err(egdb_error)?;
    let part = base.build_part(shard, threads(args)).map_err(egdb_error)?;
    if part.seeds() != seeds {
        return Err(CliError::Usage(format!(
            "the base covers up to {} seeds; shard layer {seeds} needs exactly the layers below it",
            base.max_seeds().map_or(-1, |s| s as i64)
        )));
    }
    part.save(path).map_err(egdb_error)?;
    saved_part(out, shard, seeds, path)
}
