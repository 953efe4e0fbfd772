//! Exact endgame databases for Oware, one builder for both rule sets: the value of every
//! board with at most `S` seeds in play, by retrograde analysis.
//!
//! **Awari** ([`Rules::Awari`], the computer-Awari rules): the value of a board is the
//! mover's final capture surplus among the seeds still on the board under perfect play:
//! seeds the mover will capture minus seeds the opponent will capture, from `−n` to `+n` for
//! `n` seeds. Seeds captured earlier never come back, so the value does not depend on the
//! scores, and a game's final margin is the captured margin plus this value. Cycles are worth
//! 0 (a repeated position splits the seeds left evenly).
//!
//! **Abapa** ([`Rules::Abapa`], OpenSpiel's `oware`): the game stops as soon as a player has
//! captured more than half the seeds, so a position is a board plus `m`, the seeds the mover
//! may still capture without passing half (`m = half − mover's captured`, from 0 to `n`; the
//! opponent's is `n − m`). Its value is the mover's share minus the opponent's share of the
//! `n` seeds on the board when the game ends (captured after now, or banked from one's own
//! row), under perfect play, for the game that starts at this position with no earlier
//! position to repeat: directly after a capture, or at the start. A repetition ends the game
//! with the rows banked, so a position's value in general depends on the positions since the
//! last capture, which no table indexed by the position can hold; the database stores the
//! bounds `lo <= value <= hi` that retrograde analysis proves ([`super::egdb`]'s `retro`):
//! `lo` is what the mover can force by reaching a capture or the game's end along positions
//! that never repeat, `hi` the same for the opponent. Where `lo == hi` (most positions) the
//! value is exact whatever cycles exist, and only exact values are used in play, at positions
//! with no earlier position since the last capture (the search's `is_fresh`).
//!
//! Boards are seen from the mover: the mover's `H` houses, then the opponent's, each in its
//! owner's sowing order. The database is built one seed count at a time, from 0 up, since a
//! capture only lowers the count; boards of one count are indexed by their combinatorial rank
//! (`C(n + 2H − 1, 2H − 1)` boards of `n` seeds). It is stored with bincode
//! ([`Egdb::save`]) and opened memory-mapped ([`Egdb::open_rules`]: the header and the layers'
//! lengths checked, the values read in place; [`Egdb::verify`] reads the whole file). In play
//! it is a value ([`crate::search::ExactScores`]) handed to the searches that consult it.
//!
//! ```
//! use ponder::games::oware::Egdb;
//! let egdb = Egdb::build(4).unwrap();
//! // One seed, in the mover's house 0: the mover plays it along their own row, the opponent
//! // cannot move, and the mover takes it.
//! assert_eq!(egdb.value_of_board(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), Some(1));
//! // The per-value counts are Lincke's published Awari statistics.
//! assert_eq!(egdb.stats().count(1, -1), 7);
//! assert_eq!(egdb.stats().count(1, 1), 5);
//! ```

mod build;
mod parts;
mod probe;
mod report;
mod retro;

pub use parts::{EGDB_PART_FILE, EgdbPart};
pub use probe::open_database;
pub use report::{EgdbStats, build_report, solve_report};

use super::config::{MAX_HOUSES, Rules};
use super::position::Oware;
use crate::egdb::index::{Binomials, layer_size, rank};
use crate::egdb::layers::Layers;
use crate::files::{FileFormat, FileProblem, MappedFile};
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most seeds a database may cover (values are bytes, from `−n` to `+n`).
pub const MAX_EGDB_SEEDS: u32 = 48;

pub use crate::egdb::EgdbError;

/// The database file: a [`crate::files`] header (magic `PNDawari`), then the bincode
/// payload of [`Egdb::write_to`].
pub const EGDB_FILE: FileFormat =
    FileFormat::new(*b"PNDawari", 1, 1 << 36, "Awari endgame database");

/// The Abapa database file: a [`crate::files`] header (magic `PNDabapa`), then the bincode
/// payload of [`Egdb::write_to`].
pub const ABAPA_EGDB_FILE: FileFormat =
    FileFormat::new(*b"PNDabapa", 1, 1 << 36, "Abapa endgame database");

/// The file format of a database of `rules`.
pub fn file_format(rules: Rules) -> &'static FileFormat {
    match rules {
        Rules::Awari => &EGDB_FILE,
        Rules::Abapa => &ABAPA_EGDB_FILE,
    }
}

/// How one layer of the build went, for progress reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LayerReport {
    /// Seeds on the board in this layer.
    pub seeds: u32,
    /// Positions in the layer (Abapa: boards times the `n + 1` values of `m`).
    pub positions: u64,
    /// Time spent on the layer.
    pub elapsed: Duration,
}

/// An Oware endgame database: the value of every board with up to [`Egdb::max_seeds`] seeds,
/// for boards of [`Egdb::houses`] houses a side, under [`Egdb::rules`].
///
/// It serializes as a format tag (which names the rules), the houses and the layers;
/// deserializing checks them. An Awari layer holds one value a board, by rank; an Abapa layer
/// holds the bounds `(lo, hi)` of every board for `m = 0..=n`, `m` after `m`, boards by rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Egdb {
    rules: Rules,
    houses: usize,
    /// `layers[n]`: the values of the boards of `n` seeds, laid out as above.
    layers: Layers,
    binomials: Binomials,
}

impl Egdb {
    /// The database of standard Awari (6 houses a side) up to `max_seeds` seeds, built on
    /// every available core.
    pub fn build(max_seeds: u32) -> Result<Egdb, EgdbError> {
        Egdb::build_with(6, max_seeds, default_threads(), |_| {})
    }

    /// The Awari database for `houses` houses a side (1 to 10) up to `max_seeds` seeds, on
    /// `threads` threads, calling `progress` after each layer.
    pub fn build_with(
        houses: usize,
        max_seeds: u32,
        threads: usize,
        progress: impl FnMut(LayerReport),
    ) -> Result<Egdb, EgdbError> {
        Egdb::build_for(Rules::Awari, houses, max_seeds, threads, progress)
    }

    /// The database of `rules` for `houses` houses a side (1 to 10) up to `max_seeds` seeds,
    /// on `threads` threads, calling `progress` after each layer.
    pub fn build_for(
        rules: Rules,
        houses: usize,
        max_seeds: u32,
        threads: usize,
        mut progress: impl FnMut(LayerReport),
    ) -> Result<Egdb, EgdbError> {
        let mut egdb = Egdb::empty(rules, houses, max_seeds)?;
        for seeds in 0..=max_seeds {
            let started = Instant::now();
            let layer = egdb.solve_next(crate::egdb::Shard::WHOLE, threads);
            let layer = parts::assemble(&egdb, vec![layer])?;
            progress(LayerReport {
                seeds,
                positions: (layer.len() / egdb.bytes_per_position()) as u64,
                elapsed: started.elapsed(),
            });
            egdb.layers.push(layer);
        }
        Ok(egdb)
    }

    /// A database of `rules` and `houses` with no layer yet, able to grow to `max_seeds`.
    pub(crate) fn empty(rules: Rules, houses: usize, max_seeds: u32) -> Result<Egdb, EgdbError> {
        check_size(houses, max_seeds)?;
        Ok(Egdb {
            rules,
            houses,
            layers: Layers::with_capacity(max_seeds as usize + 1),
            binomials: Binomials::new(max_seeds as usize + 2 * houses),
        })
    }

    /// Bytes a position takes in a layer: 1 (Awari's value) or 2 (Abapa's bounds).
    fn bytes_per_position(&self) -> usize {
        match self.rules {
            Rules::Awari => 1,
            Rules::Abapa => 2,
        }
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Houses a side.
    pub fn houses(&self) -> usize {
        self.houses
    }

    /// The most seeds on the board the database covers (0 while it has no layer).
    pub fn max_seeds(&self) -> u32 {
        self.layers.len().saturating_sub(1) as u32
    }

    /// The layer of `seeds` seeds as stored (`None` past the database).
    pub fn layer(&self, seeds: u32) -> Option<&[i8]> {
        self.layers.get(seeds as usize)
    }

    /// The number of boards of `seeds` seeds.
    fn boards(&self, seeds: usize) -> u64 {
        layer_size(&self.binomials, 2 * self.houses, seeds)
    }

    /// The rank of a board of the right size with at most [`Egdb::max_seeds`] seeds, and
    /// its seeds.
    fn locate(&self, board: &[u8]) -> Option<(usize, u64)> {
        if board.len() != 2 * self.houses {
            return None;
        }
        let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
        if seeds >= self.layers.len() {
            return None;
        }
        Some((
            seeds,
            rank(&self.binomials, board.iter().copied(), board.len()),
        ))
    }

    /// Awari: the value of a board seen from the mover (the mover's houses, then the
    /// opponent's, each in sowing order): the mover's capture surplus among its seeds under
    /// perfect play. `None` for an Abapa database, when the board has the wrong number of
    /// houses or more seeds than the database covers.
    pub fn value_of_board(&self, board: &[u8]) -> Option<i32> {
        if self.rules != Rules::Awari {
            return None;
        }
        let (seeds, rank) = self.locate(board)?;
        self.layers[seeds].get(rank as usize).map(|&v| i32::from(v))
    }

    /// Abapa: the bounds `(lo, hi)` of a board seen from the mover whose `m` (the seeds it may
    /// still capture without passing half the total) is `m`. `None` for an Awari database,
    /// a board of the wrong size or past the database, or `m` above the board's seeds.
    pub fn bounds_of_board(&self, board: &[u8], m: u32) -> Option<(i32, i32)> {
        if self.rules != Rules::Abapa {
            return None;
        }
        let (seeds, rank) = self.locate(board)?;
        if m as usize > seeds {
            return None;
        }
        let slot = build::abapa_slot(self.boards(seeds), m as usize, rank);
        let layer = &self.layers[seeds];
        Some((i32::from(layer[slot]), i32::from(layer[slot + 1])))
    }

    /// The value of a position for its side to move: its share minus the opponent's share of
    /// the seeds in play under perfect play (Awari: the capture surplus; Abapa: seeds
    /// captured from now on or banked, exact only for a position with no earlier one since
    /// the last capture). `None` for a position of another size or rule set, with more seeds
    /// in play than the database covers, over by majority, or (Abapa) whose bounds differ.
    pub fn value(&self, position: &Oware) -> Option<i32> {
        if position.configuration().rules() != self.rules || position.houses() != self.houses {
            return None;
        }
        let view = position.mover_view();
        let board = &view[..2 * self.houses];
        match self.rules {
            Rules::Awari => self.value_of_board(board),
            Rules::Abapa => {
                let half = u32::from(position.configuration().half_seeds());
                let m = half.checked_sub(position.captured(position.to_move()))?;
                let (lo, hi) = self.bounds_of_board(board, m)?;
                (lo == hi).then_some(lo)
            }
        }
    }

    /// How many positions of each seed count have each value (Abapa: exact values only,
    /// the others counted as `None`).
    pub fn stats(&self) -> EgdbStats {
        EgdbStats::of_egdb(self)
    }

    /// Writes the database with bincode.
    pub fn write_to(&self, writer: impl Write) -> Result<(), EgdbError> {
        bincode::serialize_into(writer, self).map_err(|e| match *e {
            bincode::ErrorKind::Io(io) => EgdbError::Io(io),
            other => EgdbError::Format(other.to_string()),
        })
    }

    /// Reads a database written by [`Egdb::write_to`], checking every layer.
    pub fn read_from(reader: impl Read) -> Result<Egdb, EgdbError> {
        Egdb::read_limited(reader, EGDB_FILE.max_payload)
    }

    /// [`Egdb::read_from`], allocating at most `limit` bytes whatever the lengths inside say.
    fn read_limited(reader: impl Read, limit: u64) -> Result<Egdb, EgdbError> {
        read_bincode(reader, limit)
    }

    /// Saves the database to a file ([`EGDB_FILE`] or [`ABAPA_EGDB_FILE`]), atomically.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        crate::files::save_with(path.as_ref(), file_format(self.rules), |writer| {
            self.write_to(writer).map_err(std::io::Error::other)
        })?;
        Ok(())
    }

    /// Loads an Awari database saved by [`Egdb::save`] and verifies it whole; a damaged file
    /// is refused with an error naming it.
    pub fn load(path: impl AsRef<Path>) -> Result<Egdb, EgdbError> {
        Egdb::load_rules(path, Rules::Awari)
    }

    /// Loads a database of `rules` saved by [`Egdb::save`] and verifies it whole
    /// ([`Egdb::open_rules`], then [`Egdb::verify`]); a damaged file, or one of the other
    /// rule set, is refused with an error naming it.
    pub fn load_rules(path: impl AsRef<Path>, rules: Rules) -> Result<Egdb, EgdbError> {
        let egdb = Egdb::open_rules(path, rules)?;
        egdb.verify()?;
        Ok(egdb)
    }

    /// Opens a database of `rules` saved by [`Egdb::save`], memory-mapped: checks the header
    /// and the layers' lengths and reads no value (milliseconds, whatever the size; values
    /// are read in place as they are probed). A file that is not such a database, or is
    /// truncated, is refused with an error naming it; [`Egdb::verify`] reads the whole file.
    pub fn open_rules(path: impl AsRef<Path>, rules: Rules) -> Result<Egdb, EgdbError> {
        let file = Arc::new(MappedFile::open(path.as_ref(), file_format(rules))?);
        let invalid = |message: String| EgdbError::File(file.error(FileProblem::Payload(message)));
        let found: MappedEgdbFile =
            crate::files::decode_bincode(file.payload()).map_err(invalid)?;
        let found_rules = found.format.rules().map_err(invalid)?;
        if found_rules != rules {
            return Err(invalid(format!(
                "a database of the {found_rules} rules, expected {rules}"
            )));
        }
        let mut egdb = Egdb::shaped(rules, found.houses, found.layers.len()).map_err(invalid)?;
        for (seeds, layer) in found.layers.iter().enumerate() {
            egdb.check_layer_size(seeds, layer.len()).map_err(invalid)?;
        }
        egdb.layers = Layers::mapped(&file, &found.layers);
        Ok(egdb)
    }

    /// Reads the whole database: the checksum of the file it was opened from (if any) and
    /// every layer's values ([`Egdb::open_rules`] checks neither: it reads no value).
    pub fn verify(&self) -> Result<(), EgdbError> {
        self.layers.verify_files()?;
        for (seeds, layer) in self.layers.iter().enumerate() {
            self.check_values(seeds, layer).map_err(EgdbError::Format)?;
        }
        Ok(())
    }

    /// An empty database of `rules` and `houses` (as a file states them) for `layers` layers.
    fn shaped(rules: Rules, houses: u32, layers: usize) -> Result<Egdb, String> {
        let Some(max_seeds) = layers.checked_sub(1) else {
            return Err("no layers".into());
        };
        let max_seeds = u32::try_from(max_seeds).map_err(|e| e.to_string())?;
        Egdb::empty(rules, houses as usize, max_seeds).map_err(|e| e.to_string())
    }
}

/// Reads bincode with fixed-width integers, allocating at most `limit` bytes whatever the
/// lengths inside say (a corrupt length is an error, not an allocation).
pub(crate) fn read_bincode<T: serde::de::DeserializeOwned>(
    reader: impl Read,
    limit: u64,
) -> Result<T, EgdbError> {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
        .with_limit(limit)
        .deserialize_from(reader)
        .map_err(|e| match *e {
            bincode::ErrorKind::Io(io) => EgdbError::Io(io),
            other => EgdbError::Format(other.to_string()),
        })
}

/// Threads to build with: the available cores.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Refuses sizes the builder does not handle.
fn check_size(houses: usize, max_seeds: u32) -> Result<(), EgdbError> {
    if houses == 0 || houses > MAX_HOUSES {
        return Err(EgdbError::Size(format!(
            "houses={houses}: must be from 1 to {MAX_HOUSES}"
        )));
    }
    if max_seeds > MAX_EGDB_SEEDS {
        return Err(EgdbError::Size(format!(
            "{max_seeds} seeds: at most {MAX_EGDB_SEEDS}"
        )));
    }
    let binomials = Binomials::new(max_seeds as usize + 2 * houses);
    let largest = layer_size(&binomials, 2 * houses, max_seeds as usize);
    if largest > u64::from(u32::MAX) / 16 {
        return Err(EgdbError::Size(format!(
            "{max_seeds} seeds on {houses} houses a side make {largest} boards in one layer, \
             too many for this builder"
        )));
    }
    Ok(())
}

/// The serialized form: a format tag, the size and the layers.
#[derive(Deserialize)]
struct EgdbFile {
    format: FormatTag,
    houses: u32,
    layers: Vec<Vec<i8>>,
}

/// The serialized form, borrowed for writing (encodes exactly as [`EgdbFile`]).
#[derive(Serialize)]
struct EgdbFileRef<'a> {
    format: &'a str,
    houses: u32,
    layers: &'a Layers,
}

/// The serialized form as found in a mapped file: the layers borrowed in place.
#[derive(Deserialize)]
struct MappedEgdbFile<'a> {
    format: FormatTag,
    houses: u32,
    #[serde(borrow)]
    layers: Vec<&'a [u8]>,
}

/// The format tag of saved Awari databases.
const FORMAT: &str = "ponder-awari-egdb-1";

/// The format tag of saved Abapa databases (the same length as [`FORMAT`]).
const ABAPA_FORMAT: &str = "ponder-abapa-egdb-1";

/// The format tag as read: the bytes of a bincode string (a `u64` length, then the text) for
/// a tag of [`FORMAT`]'s length, read as fixed fields. Read as a `String`, a corrupt length
/// would make bincode allocate that many bytes before reading them (found by fuzzing).
#[derive(Deserialize)]
struct FormatTag(u64, [u8; FORMAT.len()]);

impl FormatTag {
    /// The tag as text, for messages; `None` unless it has [`FORMAT`]'s length.
    fn text(&self) -> Option<String> {
        (self.0 == FORMAT.len() as u64).then(|| String::from_utf8_lossy(&self.1).into_owned())
    }

    /// The rule set the tag names.
    fn rules(&self) -> Result<Rules, String> {
        match self.text() {
            Some(tag) if tag == FORMAT => Ok(Rules::Awari),
            Some(tag) if tag == ABAPA_FORMAT => Ok(Rules::Abapa),
            Some(tag) => Err(format!("format {tag:?}, expected {FORMAT:?}")),
            None => Err(format!("not a database: expected the tag {FORMAT:?}")),
        }
    }
}

impl Serialize for Egdb {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        EgdbFileRef {
            format: match self.rules {
                Rules::Awari => FORMAT,
                Rules::Abapa => ABAPA_FORMAT,
            },
            houses: self.houses as u32,
            layers: &self.layers,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Egdb {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Egdb, D::Error> {
        Egdb::try_from(EgdbFile::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<EgdbFile> for Egdb {
    type Error = String;

    fn try_from(file: EgdbFile) -> Result<Egdb, String> {
        let rules = file.format.rules()?;
        let mut egdb = Egdb::shaped(rules, file.houses, file.layers.len())?;
        for (seeds, layer) in file.layers.into_iter().enumerate() {
            egdb.check_layer(seeds, &layer)?;
            egdb.layers.push(layer);
        }
        Ok(egdb)
    }
}

impl Egdb {
    /// Checks that `layer` can be layer `seeds` of this database: its length, and values
    /// within `−seeds..=seeds` (Abapa: `lo <= hi` too).
    fn check_layer(&self, seeds: usize, layer: &[i8]) -> Result<(), String> {
        self.check_layer_size(seeds, layer.len())?;
        self.check_values(seeds, layer)
    }

    /// Checks that layer `seeds` of this database may hold `length` values.
    fn check_layer_size(&self, seeds: usize, length: usize) -> Result<(), String> {
        let expected = self.boards(seeds)
            * self.bytes_per_position() as u64
            * match self.rules {
                Rules::Awari => 1,
                Rules::Abapa => seeds as u64 + 1,
            };
        if length as u64 != expected {
            return Err(format!(
                "layer {seeds} has {length} values, expected {expected}"
            ));
        }
        Ok(())
    }

    /// Checks that layer `seeds`' values are within `−seeds..=seeds` (Abapa: `lo <= hi` too).
    fn check_values(&self, seeds: usize, layer: &[i8]) -> Result<(), String> {
        if let Some(bad) = layer.iter().find(|v| v.unsigned_abs() as usize > seeds) {
            return Err(format!("layer {seeds} holds the impossible value {bad}"));
        }
        if self.rules == Rules::Abapa && layer.chunks_exact(2).any(|pair| pair[0] > pair[1]) {
            return Err(format!("layer {seeds} holds bounds with lo above hi"));
        }
        Ok(())
    }
}
