//! An exact endgame database for Kalah: the value of every board with at most `S` seeds in
//! the pits, either side to move, built in one pass (see `build`).
//!
//! The value of a board is the mover's future gain under perfect play: the seeds the mover
//! will still bank minus those the opponent will, from `−n` to `+n` for `n` seeds in the pits.
//! Seeds in the stores never move again, so the value does not depend on the stores and a
//! game's final margin (for the mover) is the store difference plus this value. One database
//! serves every Kalah(m, ·) with its capture rule: the number of seeds a pit started with
//! does not matter.
//!
//! Boards are seen from the mover (the mover's `m` pits, then the opponent's, each in its
//! owner's sowing order) and indexed by seed count, then combinatorial rank, as in the Awari
//! database (`crate::egdb`). A build can be split over processes: [`KalahEgdb::build_part`]
//! solves one shard of the next layer, [`KalahEgdb::merge`] joins the parts, and the result is
//! byte for byte the single build.
//!
//! A saved database is opened memory-mapped ([`KalahEgdb::open`]: the header and the layers'
//! lengths checked, the values read in place); [`KalahEgdb::verify`] reads it whole (checksum
//! and values). In play it is a value ([`crate::search::ExactScores`]) handed to the searches
//! that consult it, never a process global.
//!
//! ```
//! use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig, KalahEgdb};
//! let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
//! let egdb = KalahEgdb::build(config, 3, 1, |_| {}).unwrap();
//! // One seed in the mover's pit next to the store: the mover banks it and the game ends.
//! assert_eq!(egdb.value_of_board(&[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]), Some(0));
//! assert_eq!(egdb.value_of_board(&[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0]), Some(-1));
//! ```

mod build;

pub use crate::egdb::EgdbError;

use super::{CaptureRule, Kalah, KalahConfig, MAX_PITS};
use crate::egdb::Shard;
use crate::egdb::index::{Binomials, layer_size, rank};
use crate::egdb::layers::Layers;
use crate::eval::{Database, ExactScores};
use crate::files::{self, FileFormat, FileProblem, MappedFile};
use crate::games::Seat;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicI8;
use std::time::{Duration, Instant};

/// The most seeds in the pits a database may cover.
pub const MAX_KALAH_EGDB_SEEDS: u32 = 40;

/// A value not yet known.
const UNKNOWN: i8 = i8::MIN;

/// The file of a saved database ([`crate::files`]: magic, version, length, checksum; at
/// most 64 GiB of payload).
pub const KALAH_EGDB_FILE: FileFormat =
    FileFormat::new(*b"PNDkalah", 1, 1 << 36, "Kalah endgame database");

/// The file of one part of a database (one shard of one layer).
pub const KALAH_EGDB_PART_FILE: FileFormat =
    FileFormat::new(*b"PNDkpart", 1, 1 << 36, "Kalah endgame database part");

/// How one layer of the build went, for progress reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KalahLayerReport {
    /// Seeds in the pits in this layer.
    pub seeds: u32,
    /// Boards in the layer.
    pub boards: u64,
    /// Time spent on the layer.
    pub elapsed: Duration,
}

/// `layer 12:         1234 boards in 0.005 s`, as `ponder solve` prints it.
impl std::fmt::Display for KalahLayerReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.elapsed.as_secs_f64();
        write!(
            f,
            "layer {:>2}: {:>12} boards in {seconds:.3} s",
            self.seeds, self.boards
        )
    }
}

/// A Kalah endgame database for one board width and capture rule, up to
/// [`KalahEgdb::max_seeds`] seeds in the pits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahEgdb {
    /// Pits a side and capture rule (the seeds a pit starts with are irrelevant: 1).
    config: KalahConfig,
    /// `layers[n][rank]`: the value of the board of `n` seeds with that rank.
    layers: Layers,
    binomials: Binomials,
}

/// One shard of one layer, as a part file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KalahEgdbPart {
    pits: u8,
    capture: CaptureRule,
    seeds: u32,
    index: u32,
    count: u32,
    values: Vec<i8>,
}

/// The serialized form of a database.
#[derive(Deserialize)]
struct EgdbFile {
    pits: u8,
    capture: CaptureRule,
    #[serde(deserialize_with = "crate::egdb::byte_layers::deserialize")]
    layers: Vec<Vec<i8>>,
}

/// The serialized form, borrowed for writing (encodes exactly as [`EgdbFile`]).
#[derive(Serialize)]
struct EgdbFileRef<'a> {
    pits: u8,
    capture: CaptureRule,
    layers: &'a Layers,
}

/// The serialized form as found in a mapped file: the layers borrowed in place.
#[derive(Deserialize)]
struct MappedEgdbFile<'a> {
    pits: u8,
    capture: CaptureRule,
    #[serde(borrow)]
    layers: Vec<&'a [u8]>,
}

impl TryFrom<EgdbFile> for KalahEgdb {
    type Error = EgdbError;

    fn try_from(file: EgdbFile) -> Result<KalahEgdb, EgdbError> {
        let mut egdb = KalahEgdb::empty(database_config(file.pits as usize, file.capture)?);
        for layer in file.layers {
            egdb.push_layer(layer)?;
        }
        Ok(egdb)
    }
}

/// The configuration a database of `pits` pits a side is built with.
fn database_config(pits: usize, capture: CaptureRule) -> Result<KalahConfig, EgdbError> {
    KalahConfig::new(pits, 1, capture).map_err(|e| EgdbError::Size(e.to_string()))
}

impl KalahEgdb {
    /// A database holding no layer yet, for `config`'s board width and capture rule: the
    /// base of the first layer's shards.
    pub fn empty_for(config: KalahConfig) -> Result<KalahEgdb, EgdbError> {
        Ok(KalahEgdb::empty(database_config(
            config.pits(),
            config.capture(),
        )?))
    }

    /// A database holding no layer yet, for `config`'s board width and capture rule.
    fn empty(config: KalahConfig) -> KalahEgdb {
        let binomials = Binomials::new(MAX_KALAH_EGDB_SEEDS as usize + 2 * config.pits());
        KalahEgdb {
            config,
            layers: Layers::default(),
            binomials,
        }
    }

    /// The database for `config`'s board width and capture rule up to `max_seeds` seeds in
    /// the pits, on `threads` threads, calling `progress` after each layer.
    pub fn build(
        config: KalahConfig,
        max_seeds: u32,
        threads: usize,
        progress: impl FnMut(KalahLayerReport),
    ) -> Result<KalahEgdb, EgdbError> {
        let config = database_config(config.pits(), config.capture())?;
        let mut egdb = KalahEgdb::empty(config);
        egdb.extend(max_seeds, threads, progress)?;
        Ok(egdb)
    }

    /// Adds the layers up to `max_seeds` that the database does not hold yet.
    pub fn extend(
        &mut self,
        max_seeds: u32,
        threads: usize,
        mut progress: impl FnMut(KalahLayerReport),
    ) -> Result<(), EgdbError> {
        check_size(self.config.pits(), max_seeds)?;
        while self.layers.len() <= max_seeds as usize {
            let started = Instant::now();
            let seeds = self.layers.len() as u32;
            let layer = self.solve_shard(Shard::WHOLE, threads);
            progress(KalahLayerReport {
                seeds,
                boards: layer.len() as u64,
                elapsed: started.elapsed(),
            });
            crate::memory::collapse_into_huge_pages(&layer);
            self.layers.push(layer);
        }
        Ok(())
    }

    /// Solves `shard` of the next layer (the one after [`KalahEgdb::max_seeds`]).
    pub fn build_part(&self, shard: Shard, threads: usize) -> Result<KalahEgdbPart, EgdbError> {
        let seeds = self.layers.len() as u32;
        check_size(self.config.pits(), seeds)?;
        Ok(KalahEgdbPart {
            pits: self.config.pits() as u8,
            capture: self.config.capture(),
            seeds,
            index: shard.index(),
            count: shard.count(),
            values: self.solve_shard(shard, threads),
        })
    }

    /// Solves the ranks of `shard` in the next layer and returns their values.
    fn solve_shard(&self, shard: Shard, threads: usize) -> Vec<i8> {
        let seeds = self.layers.len();
        let size = layer_size(&self.binomials, 2 * self.config.pits(), seeds);
        let layer: Vec<AtomicI8> = (0..size).map(|_| AtomicI8::new(UNKNOWN)).collect();
        let ranks = shard.range(size);
        let solver = build::LayerSolver {
            config: self.config,
            binomials: &self.binomials,
            lower: &self.layers,
            seeds,
            layer: &layer,
        };
        solver.solve_range(ranks.clone(), threads);
        layer[ranks.start as usize..ranks.end as usize]
            .iter()
            .map(|value| value.load(std::sync::atomic::Ordering::Relaxed))
            .collect()
    }

    /// Adds the next layer from the parts of every shard of it (in any order).
    pub fn merge(&mut self, mut parts: Vec<KalahEgdbPart>) -> Result<(), EgdbError> {
        let seeds = self.layers.len() as u32;
        parts.sort_by_key(|part| part.index);
        let count = parts.len() as u32;
        let mut layer = Vec::new();
        for (expected, part) in parts.iter().enumerate() {
            if part.pits as usize != self.config.pits() || part.capture != self.config.capture() {
                return Err(EgdbError::Merge(format!(
                    "shard {}/{} is for {} pits, {} capture; the base is {}",
                    part.index, part.count, part.pits, part.capture, self.config
                )));
            }
            if part.seeds != seeds || part.count != count || part.index != expected as u32 {
                return Err(EgdbError::Merge(format!(
                    "expected shards 0/{count} to {}/{count} of layer {seeds}, found shard {}/{} of layer {}",
                    count.saturating_sub(1),
                    part.index,
                    part.count,
                    part.seeds
                )));
            }
            layer.extend_from_slice(&part.values);
        }
        self.push_layer(layer)
    }

    /// Appends a layer after checking its size and values.
    fn push_layer(&mut self, layer: Vec<i8>) -> Result<(), EgdbError> {
        let seeds = self.layers.len();
        self.check_layer_size(seeds, layer.len())?;
        check_values(seeds, &layer)?;
        crate::memory::collapse_into_huge_pages(&layer);
        self.layers.push(layer);
        Ok(())
    }

    /// Checks that layer `seeds` may hold `length` values.
    fn check_layer_size(&self, seeds: usize, length: usize) -> Result<(), EgdbError> {
        check_size(self.config.pits(), seeds as u32)?;
        let expected = layer_size(&self.binomials, 2 * self.config.pits(), seeds);
        if length as u64 != expected {
            return Err(EgdbError::Format(format!(
                "layer {seeds} has {length} values, expected {expected}"
            )));
        }
        Ok(())
    }

    /// Reads the whole database: the checksum of the file it was opened from (if any) and
    /// every value against its layer's range. [`KalahEgdb::open`] checks neither (it reads no
    /// value); a database about to be copied into another file (a merge's base) is verified.
    pub fn verify(&self) -> Result<(), EgdbError> {
        self.layers.verify_files()?;
        for (seeds, layer) in self.layers.iter().enumerate() {
            check_values(seeds, layer)?;
        }
        Ok(())
    }

    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.config.pits()
    }

    /// The capture rule.
    pub fn capture(&self) -> CaptureRule {
        self.config.capture()
    }

    /// The most seeds in the pits the database covers (`None` when it holds no layer).
    pub fn max_seeds(&self) -> Option<u32> {
        self.layers.len().checked_sub(1).map(|s| s as u32)
    }

    /// Boards stored, all layers together.
    pub fn boards(&self) -> u64 {
        self.layers.iter().map(|layer| layer.len() as u64).sum()
    }

    /// The mover's future gain on `board` (the mover's pits, then the opponent's, each in
    /// sowing order) under perfect play; `None` for another width or more seeds than covered.
    #[inline]
    pub fn value_of_board(&self, board: &[u8]) -> Option<i32> {
        self.entry(board).map(|&v| i32::from(v))
    }

    /// Starts loading the entry of `board` (as [`KalahEgdb::value_of_board`] takes it) into
    /// the cache without waiting, so that the probes of several boards overlap their misses.
    #[inline]
    pub fn prefetch_board(&self, board: &[u8]) {
        if let Some(entry) = self.entry(board) {
            crate::memory::prefetch(entry);
        }
    }

    /// Where the value of `board` is stored (`None` for another width or more seeds than
    /// covered).
    #[inline]
    fn entry(&self, board: &[u8]) -> Option<&i8> {
        if board.len() != 2 * self.config.pits() {
            return None;
        }
        let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
        let layer = self.layers.get(seeds)?;
        let index = rank(&self.binomials, board.iter().copied(), board.len());
        layer.get(index as usize)
    }

    /// Whether the database answers for positions of `config` (same width and rule).
    pub fn covers(&self, config: &KalahConfig) -> bool {
        config.pits() == self.config.pits() && config.capture() == self.config.capture()
    }

    /// The future gain of `position`'s side to move under perfect play (its final margin
    /// minus the store difference); `None` when the database does not cover it.
    #[inline]
    pub fn value(&self, position: &Kalah) -> Option<i32> {
        if !self.covers(&position.kalah_config()) {
            return None;
        }
        let m = self.config.pits();
        let (view, _) = mover_view(position);
        self.value_of_board(&view[..2 * m])
    }

    /// The serialized form, borrowing the layers.
    fn file_ref(&self) -> EgdbFileRef<'_> {
        EgdbFileRef {
            pits: self.config.pits() as u8,
            capture: self.config.capture(),
            layers: &self.layers,
        }
    }

    /// Saves the database (atomically, a [`KALAH_EGDB_FILE`]).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        Ok(files::save_bincode(
            path.as_ref(),
            &KALAH_EGDB_FILE,
            &self.file_ref(),
        )?)
    }

    /// Opens a database saved by [`KalahEgdb::save`], memory-mapped: checks the header and
    /// the layers' lengths and reads no value (milliseconds, whatever the size; the values
    /// are read in place as they are probed). A file that is not a database, or is truncated,
    /// is refused with an error naming it; [`KalahEgdb::verify`] reads the whole file.
    pub fn open(path: impl AsRef<Path>) -> Result<KalahEgdb, EgdbError> {
        let file = Arc::new(MappedFile::open(path.as_ref(), &KALAH_EGDB_FILE)?);
        let invalid = |message: String| EgdbError::File(file.error(FileProblem::Payload(message)));
        let found: MappedEgdbFile = files::decode_bincode(file.payload()).map_err(invalid)?;
        let config = database_config(found.pits as usize, found.capture)
            .map_err(|e| invalid(e.to_string()))?;
        let mut egdb = KalahEgdb::empty(config);
        for (seeds, layer) in found.layers.iter().enumerate() {
            egdb.check_layer_size(seeds, layer.len())
                .map_err(|e| invalid(e.to_string()))?;
        }
        egdb.layers = Layers::mapped(&file, &found.layers);
        Ok(egdb)
    }

    /// The same database with every layer copied into memory on huge pages, for a long run
    /// of probes: a probe of a mapped file lands on a 4 KiB page of its own, a TLB miss on top
    /// of the cache miss (Kalah(6,4)'s solve: 55 M nodes, a third of them probes). The file
    /// is read once from start to end, its checksum checked on the way
    /// ([`KalahEgdb::verify`]'s file part: a fraction of a second for 226 MB from disk, less
    /// from the page cache), then copied, and the map is let go.
    pub fn in_memory(self) -> Result<KalahEgdb, EgdbError> {
        self.layers.verify_files()?;
        let mut copy = KalahEgdb::empty(self.config);
        for values in self.layers.iter() {
            // SAFETY: all-zero bytes are a valid `i8`.
            let mut owned: Box<[i8]> = unsafe { crate::memory::zeroed_slice(values.len()) };
            owned[..values.len()].copy_from_slice(values);
            let mut owned = owned.into_vec();
            owned.truncate(values.len());
            copy.layers.push(owned);
        }
        Ok(copy)
    }

    /// Opens the database file at `path` ([`KalahEgdb::open`]) for games of `config`: a
    /// database of another board width or capture rule is refused with an error naming the
    /// file.
    pub fn open_for(path: &Path, config: &KalahConfig) -> Result<KalahEgdb, EgdbError> {
        let egdb = KalahEgdb::open(path)?;
        if !egdb.covers(config) {
            return Err(EgdbError::Format(format!(
                "{}: a database for {} pits, {} capture; the game is {config}",
                path.display(),
                egdb.pits(),
                egdb.capture()
            )));
        }
        Ok(egdb)
    }

    /// Opens a database saved by [`KalahEgdb::save`] and verifies it whole
    /// ([`KalahEgdb::open`], then [`KalahEgdb::verify`]).
    pub fn load(path: impl AsRef<Path>) -> Result<KalahEgdb, EgdbError> {
        let egdb = KalahEgdb::open(path)?;
        egdb.verify()?;
        Ok(egdb)
    }

    /// The payload [`KalahEgdb::save`] writes after the file's header.
    pub fn to_payload(&self) -> Result<Vec<u8>, EgdbError> {
        files::encode_bincode(&self.file_ref()).map_err(EgdbError::Format)
    }

    /// Reads a database from a payload (as [`KalahEgdb::to_payload`] writes it), checking
    /// every layer.
    pub fn from_payload(payload: &[u8]) -> Result<KalahEgdb, EgdbError> {
        let file: EgdbFile = files::decode_bincode(payload).map_err(EgdbError::Format)?;
        KalahEgdb::try_from(file)
    }
}

impl KalahEgdbPart {
    /// Saves the part (atomically).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        Ok(files::save_bincode(
            path.as_ref(),
            &KALAH_EGDB_PART_FILE,
            self,
        )?)
    }

    /// Loads a part saved by [`KalahEgdbPart::save`].
    pub fn load(path: impl AsRef<Path>) -> Result<KalahEgdbPart, EgdbError> {
        Ok(files::load_bincode(path.as_ref(), &KALAH_EGDB_PART_FILE)?)
    }

    /// The board width and capture rule of the part's database.
    pub fn config(&self) -> Result<KalahConfig, crate::games::GameError> {
        KalahConfig::new(self.pits as usize, 1, self.capture)
    }

    /// The layer (seeds in the pits) this part belongs to.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }
}

/// The exact final margin of a position is its store difference plus the database's value;
/// the value holds whatever came before (Kalah has no repetition rule).
impl ExactScores<Kalah> for KalahEgdb {
    #[inline]
    fn exact_margin(&self, position: &Kalah, _fresh_history: bool) -> Option<i32> {
        self.value(position)
            .map(|gain| position.store_difference() + gain)
    }
}

/// Opens the database file at `path` for play in games of `config` ([`KalahEgdb::open`]); a
/// database of another board width or capture rule is refused with an error naming the file.
pub fn open_database(config: &KalahConfig, path: &Path) -> Result<Database<Kalah>, EgdbError> {
    Ok(Arc::new(KalahEgdb::open_for(path, config)?))
}

/// Checks that layer `seeds`' values are within `−seeds..=seeds`.
fn check_values(seeds: usize, layer: &[i8]) -> Result<(), EgdbError> {
    match layer.iter().find(|v| v.unsigned_abs() as usize > seeds) {
        Some(bad) => Err(EgdbError::Format(format!(
            "layer {seeds} holds the impossible value {bad}"
        ))),
        None => Ok(()),
    }
}

/// Refuses sizes the builder does not handle.
fn check_size(pits: usize, max_seeds: u32) -> Result<(), EgdbError> {
    if 2 * pits > 20 {
        return Err(EgdbError::Size(format!("{pits} pits a side: at most 10")));
    }
    if max_seeds > MAX_KALAH_EGDB_SEEDS {
        return Err(EgdbError::Size(format!(
            "{max_seeds} seeds: at most {MAX_KALAH_EGDB_SEEDS}"
        )));
    }
    Ok(())
}

/// The position of `board` (the mover's pits, then the opponent's) with empty stores and the
/// first player (the mover) to move.
pub(super) fn board_position(config: KalahConfig, board: &[u8]) -> Kalah {
    let m = config.pits();
    let mut cells = [0u8; super::position::MAX_CELLS];
    cells[..m].copy_from_slice(&board[..m]);
    cells[m + 1..2 * m + 1].copy_from_slice(&board[m..2 * m]);
    Kalah {
        cells,
        config,
        side: 0,
    }
}

/// `position`'s pits seen from its side to move (the mover's row, then the opponent's), and
/// `+1` when the first player is to move, `−1` otherwise.
#[inline]
pub(crate) fn mover_view(position: &Kalah) -> ([u8; 2 * MAX_PITS], i32) {
    let m = position.kalah_config().pits();
    let mut view = [0u8; 2 * MAX_PITS];
    let mover = position.side();
    view[..m].copy_from_slice(position.pits(mover));
    view[m..2 * m].copy_from_slice(position.pits(mover.opponent()));
    let sign = if mover == Seat::FIRST { 1 } else { -1 };
    (view, sign)
}
