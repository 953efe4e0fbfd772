//! An exact endgame database for Oware under the computer-Awari rules ([`Rules::Awari`]):
//! the value of every board with at most `S` seeds in play, by retrograde analysis.
//!
//! The value of a board is the mover's final capture surplus among the seeds still on the
//! board under perfect play: seeds the mover will capture minus seeds the opponent will
//! capture, from `−n` to `+n` for `n` seeds. Seeds captured earlier never come back, so the
//! value does not depend on the scores, and a game's final margin is the captured margin plus
//! this value. Cycles are worth 0 (a repeated position splits the seeds left evenly).
//!
//! Boards are seen from the mover: the mover's `H` houses, then the opponent's, each in its
//! owner's sowing order. The database is built one seed count at a time, from 0 up, since a
//! capture only lowers the count; boards of one count are indexed by their combinatorial rank
//! (`C(n + 2H − 1, 2H − 1)` boards of `n` seeds). It is stored with bincode
//! ([`Egdb::save`], [`Egdb::load`]).
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
mod report;

pub use report::{EgdbStats, solve_report};

use super::config::{MAX_HOUSES, Rules};
use super::position::Oware;
use crate::egdb::index::{Binomials, layer_size, rank};
use crate::files::FileFormat;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// The most seeds a database may cover (values are bytes, from `−n` to `+n`).
pub const MAX_EGDB_SEEDS: u32 = 48;

pub use crate::egdb::EgdbError;

/// The database file: a [`crate::files`] header (magic `PNDawari`), then the bincode
/// payload of [`Egdb::write_to`].
pub const EGDB_FILE: FileFormat =
    FileFormat::new(*b"PNDawari", 1, 1 << 36, "Awari endgame database");

/// How one layer of the build went, for progress reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LayerReport {
    /// Seeds on the board in this layer.
    pub seeds: u32,
    /// Boards in the layer.
    pub positions: u64,
    /// Time spent on the layer.
    pub elapsed: Duration,
}

/// An Awari endgame database: the value of every board with up to
/// [`Egdb::max_seeds`] seeds, for boards of [`Egdb::houses`] houses a side.
///
/// It serializes as a format tag, the houses and the layers; deserializing checks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Egdb {
    houses: usize,
    /// `layers[n][rank]`: the value of the board of `n` seeds with that rank.
    layers: Vec<Vec<i8>>,
    binomials: Binomials,
}

impl Egdb {
    /// The database of standard Awari (6 houses a side) up to `max_seeds` seeds, built on
    /// every available core.
    pub fn build(max_seeds: u32) -> Result<Egdb, EgdbError> {
        Egdb::build_with(6, max_seeds, default_threads(), |_| {})
    }

    /// The database for `houses` houses a side (1 to 10) up to `max_seeds` seeds, on
    /// `threads` threads, calling `progress` after each layer.
    pub fn build_with(
        houses: usize,
        max_seeds: u32,
        threads: usize,
        mut progress: impl FnMut(LayerReport),
    ) -> Result<Egdb, EgdbError> {
        check_size(houses, max_seeds)?;
        let pits = 2 * houses;
        let binomials = Binomials::new(max_seeds as usize + pits);
        let mut layers: Vec<Vec<i8>> = Vec::with_capacity(max_seeds as usize + 1);
        for seeds in 0..=max_seeds as usize {
            let started = Instant::now();
            let layer = build::solve_layer(houses, seeds, &binomials, &layers, threads);
            progress(LayerReport {
                seeds: seeds as u32,
                positions: layer.len() as u64,
                elapsed: started.elapsed(),
            });
            layers.push(layer);
        }
        Ok(Egdb {
            houses,
            layers,
            binomials,
        })
    }

    /// Houses a side.
    pub fn houses(&self) -> usize {
        self.houses
    }

    /// The most seeds on the board the database covers.
    pub fn max_seeds(&self) -> u32 {
        (self.layers.len() - 1) as u32
    }

    /// The values of the boards of `seeds` seeds, by rank (`None` past the database).
    pub fn layer(&self, seeds: u32) -> Option<&[i8]> {
        self.layers.get(seeds as usize).map(Vec::as_slice)
    }

    /// The value of a board seen from the mover (the mover's houses, then the opponent's,
    /// each in sowing order): the mover's capture surplus among its seeds under perfect
    /// play. `None` when the board has the wrong number of houses or more seeds than the
    /// database covers.
    pub fn value_of_board(&self, board: &[u8]) -> Option<i32> {
        if board.len() != 2 * self.houses {
            return None;
        }
        let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
        let layer = self.layers.get(seeds)?;
        let rank = rank(&self.binomials, board.iter().copied(), board.len());
        layer.get(rank as usize).map(|&v| i32::from(v))
    }

    /// The value of an Awari position for its side to move: its capture surplus among the
    /// seeds in play under perfect play. `None` for a position of another size or rule set,
    /// or with more seeds in play than the database covers.
    pub fn value(&self, position: &Oware) -> Option<i32> {
        if position.configuration().rules() != Rules::Awari || position.houses() != self.houses {
            return None;
        }
        let view = position.mover_view();
        self.value_of_board(&view[..2 * self.houses])
    }

    /// How many boards of each seed count have each value.
    pub fn stats(&self) -> EgdbStats {
        EgdbStats::of_layers(&self.layers)
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
        use bincode::Options;
        // Same encoding as `bincode::serialize_into`, with a bound on what a corrupt length
        // may make us allocate.
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

    /// Saves the database to a file ([`EGDB_FILE`]), atomically.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        crate::files::save_with(path.as_ref(), &EGDB_FILE, |writer| {
            self.write_to(writer).map_err(std::io::Error::other)
        })?;
        Ok(())
    }

    /// Loads a database saved by [`Egdb::save`]; a damaged file is refused with an error
    /// naming it.
    pub fn load(path: impl AsRef<Path>) -> Result<Egdb, EgdbError> {
        Ok(crate::files::load_with(
            path.as_ref(),
            &EGDB_FILE,
            |reader, length| Egdb::read_limited(reader, length).map_err(|e| e.to_string()),
        )?)
    }
}

/// Threads to build with: the available cores.
fn default_threads() -> usize {
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
    layers: &'a [Vec<i8>],
}

/// The format tag of saved databases.
const FORMAT: &str = "ponder-awari-egdb-1";

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
}

impl Serialize for Egdb {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        EgdbFileRef {
            format: FORMAT,
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
        match file.format.text() {
            Some(tag) if tag == FORMAT => {}
            Some(tag) => return Err(format!("format {tag:?}, expected {FORMAT:?}")),
            None => return Err(format!("not a database: expected the tag {FORMAT:?}")),
        }
        let houses = file.houses as usize;
        if file.layers.is_empty() {
            return Err("no layers".into());
        }
        let max_seeds = (file.layers.len() - 1) as u32;
        check_size(houses, max_seeds).map_err(|e| e.to_string())?;
        let binomials = Binomials::new(max_seeds as usize + 2 * houses);
        for (seeds, layer) in file.layers.iter().enumerate() {
            let expected = layer_size(&binomials, 2 * houses, seeds);
            if layer.len() as u64 != expected {
                return Err(format!(
                    "layer {seeds} has {} values, expected {expected}",
                    layer.len()
                ));
            }
            if let Some(bad) = layer.iter().find(|v| v.unsigned_abs() as usize > seeds) {
                return Err(format!("layer {seeds} holds the impossible value {bad}"));
            }
        }
        Ok(Egdb {
            houses,
            layers: file.layers,
            binomials,
        })
    }
}
