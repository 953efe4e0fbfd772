//! The user's cache of Kalah endgame databases: where a command that needs a database it was
//! not given (`ponder solve --game kalah`, the `perfect` level of `ponder play`) finds one.
//! The first use builds it there, with a progress bar, and saves it atomically; later uses
//! load it. A cached file that is damaged, of an older format or of another size is reported
//! and rebuilt.
//!
//! The directory is `--cache-dir`, else `$PONDER_CACHE_DIR`, else `$XDG_CACHE_HOME/ponder`,
//! else `$HOME/.cache/ponder`. A file's name says what it holds:
//! `kalah-6pits-classic-20seeds.egdb` is the database of every Kalah board of 6 pits a side
//! with at most 20 seeds in the pits, under the classic capture rule.

use super::CliError;
use crate::egdb::index::{Binomials, layer_size};
use crate::games::kalah::{KalahConfig, KalahEgdb, KalahLayerReport};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that chooses the cache directory.
pub(crate) const CACHE_DIR_ENV: &str = "PONDER_CACHE_DIR";

/// The most boards a database built by default holds: Kalah(6,·) up to 20 seeds, 226 M
/// boards, a 226 MB file that builds in about a minute of CPU and takes the Kalah(6,4)
/// proofs from minutes to seconds (docs/BENCHMARKS.md).
const DEFAULT_BOARDS: u64 = 230_000_000;

/// The cache directory: `flag`, else `$PONDER_CACHE_DIR`, else `$XDG_CACHE_HOME/ponder`, else
/// `$HOME/.cache/ponder`.
pub(crate) fn cache_dir(flag: Option<&Path>) -> Result<PathBuf, CliError> {
    if let Some(dir) = flag {
        return Ok(dir.to_path_buf());
    }
    let from_env = |name: &str| {
        std::env::var_os(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = from_env(CACHE_DIR_ENV) {
        return Ok(dir);
    }
    // The XDG base directory specification: only an absolute path counts.
    if let Some(dir) = from_env("XDG_CACHE_HOME").filter(|dir| dir.is_absolute()) {
        return Ok(dir.join("ponder"));
    }
    from_env("HOME")
        .map(|home| home.join(".cache").join("ponder"))
        .ok_or_else(|| {
            CliError::Usage(format!(
                "no cache directory: set {CACHE_DIR_ENV}, XDG_CACHE_HOME or HOME, or give --cache-dir"
            ))
        })
}

/// Boards in a database of `pits` pits a side up to `seeds` seeds in the pits.
fn boards_up_to(pits: usize, seeds: u32) -> u64 {
    let binomials = Binomials::new(seeds as usize + 2 * pits);
    (0..=seeds as usize)
        .map(|layer| layer_size(&binomials, 2 * pits, layer))
        .sum()
}

/// The seed count of the database built for `config` by default: the most that keeps it
/// within [`DEFAULT_BOARDS`] boards, and no more than the game holds below its start (a
/// database of every seed would be the whole game).
pub(crate) fn default_seeds(config: KalahConfig) -> u32 {
    let most = (config.total_seeds() as u32).saturating_sub(1);
    let within = |seeds: u32| boards_up_to(config.pits(), seeds) <= DEFAULT_BOARDS;
    (0..=most)
        .take_while(|&seeds| within(seeds))
        .last()
        .unwrap_or(0)
}

/// The file of the database of `config`'s width and rule up to `seeds` seeds.
pub(crate) fn file_name(config: KalahConfig, seeds: u32) -> String {
    format!(
        "kalah-{}pits-{}-{seeds}seeds.egdb",
        config.pits(),
        config.capture()
    )
}

/// The database of `config`'s width and rule up to `seeds` seeds from the cache in `dir`,
/// built there first when missing or unusable ([`cached_kalah_file`]), opened in place.
pub(crate) fn kalah_egdb(
    config: KalahConfig,
    seeds: u32,
    dir: &Path,
    threads: usize,
    log: &mut dyn Write,
) -> Result<KalahEgdb, CliError> {
    let path = cached_kalah_file(config, seeds, dir, threads, log)?;
    KalahEgdb::open(&path).map_err(super::solve_args::egdb_error)
}

/// The cache file of `config`'s width and rule up to `seeds` seeds in `dir`, checked (its
/// header, its configuration and seed count) or, when missing or unusable, built there first
/// (saying so on `log`, a progress bar on standard error while building).
pub(crate) fn cached_kalah_file(
    config: KalahConfig,
    seeds: u32,
    dir: &Path,
    threads: usize,
    log: &mut dyn Write,
) -> Result<PathBuf, CliError> {
    let path = dir.join(file_name(config, seeds));
    if path.exists() {
        // The header and the layers' lengths are checked; the values were checked when the
        // file was built here (`KalahEgdb::verify` reads the whole file: not on every open).
        match KalahEgdb::open(&path) {
            Ok(egdb) if egdb.covers(&config) && egdb.max_seeds() == Some(seeds) => {
                writeln!(log, "endgame database {}", path.display())?;
                return Ok(path);
            }
            Ok(_) => writeln!(
                log,
                "{} holds another database than its name says; rebuilding it",
                path.display()
            )?,
            Err(error) => writeln!(log, "{error}; rebuilding {}", path.display())?,
        }
    }
    let boards = boards_up_to(config.pits(), seeds);
    writeln!(
        log,
        "building the endgame database ({boards} boards, {seeds} seeds) into {} (once)",
        path.display()
    )?;
    let bar = super::progress_bar(boards, "boards");
    let report = |layer: KalahLayerReport| {
        bar.inc(layer.boards);
        bar.set_message(format!("layer {}", layer.seeds));
    };
    let egdb =
        KalahEgdb::build(config, seeds, threads, report).map_err(super::solve_args::egdb_error)?;
    bar.finish_and_clear();
    std::fs::create_dir_all(dir)
        .map_err(|error| CliError::Usage(format!("cache directory {}: {error}", dir.display())))?;
    egdb.save(&path).map_err(super::solve_args::egdb_error)?;
    writeln!(log, "saved {}", path.display())?;
    Ok(path)
}
