//! Tuner sweeps on many machines: shard `i` of `N` measures its contiguous share of the
//! position suite and plays its share of each strength match's pairs, and saves them as a
//! [`TunePart`]; [`merge_parts`] joins the parts of one sweep into the figures a single run
//! gathers (the suite and the games depend only on the seed, not on the shard).

use super::Sample;
use crate::egdb::check_shards;
use crate::files::{FileError, FileFormat, load_bincode, save_bincode};
use crate::matches::Tally;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file of one shard of a tuner sweep.
pub const TUNE_PART_FILE: FileFormat =
    FileFormat::new(*b"PNDtunep", 1, 1 << 30, "tuner sweep part");

/// One strength match: depth `depth` against depth `depth − 1`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct StrengthRow {
    pub(super) depth: u32,
    /// From the deeper side's point of view.
    pub(super) tally: Tally,
    pub(super) seconds: f64,
}

impl StrengthRow {
    /// The Elo the extra ply is worth, clamped to ±800 for sums and plots (a clean sweep is
    /// infinitely many Elo by the formula).
    pub(super) fn elo_clamped(&self) -> f64 {
        self.tally.elo().elo.clamp(-800.0, 800.0)
    }
}

/// What every part of one sweep must agree on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TuneSetup {
    /// The game, as given.
    pub(crate) game: String,
    /// The start position and moves, when not the game's own.
    pub(crate) position: Option<String>,
    /// The measured player's spec.
    pub(crate) player: String,
    /// Positions in the suite.
    pub(crate) positions: u32,
    /// The deepest depth measured.
    pub(crate) max_depth: u32,
    /// Games of each strength match.
    pub(crate) games: u32,
    /// The reply time the levels are chosen for, in milliseconds.
    pub(crate) target_ms: u64,
    /// The longest one search may take, in milliseconds.
    pub(crate) max_search_ms: u64,
    /// The seed of the suite and of the matches.
    pub(crate) seed: u64,
}

/// One shard's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct TunePart {
    /// The sweep.
    pub(crate) setup: TuneSetup,
    /// This shard's number, from 0.
    pub(crate) index: u32,
    /// How many shards the sweep has.
    pub(crate) count: u32,
    /// The measurements of the shard's positions, in suite order.
    pub(crate) samples: Vec<Sample>,
    /// The strength matches' tallies over the shard's pairs, by depth.
    pub(crate) strength: Vec<StrengthRow>,
}

impl TuneSetup {
    /// Checks the sizes a part file may claim against what `ponder tune` accepts, so that a
    /// forged part cannot make the merge loop or allocate without bound.
    fn check(&self) -> Result<(), String> {
        let fits = (1..=64).contains(&self.max_depth)
            && (1..=10_000).contains(&self.positions)
            && self.games <= 10_000;
        fits.then_some(()).ok_or_else(|| {
            format!(
                "the part's sweep is outside what ponder tune runs (depth {}, {} positions, {} games)",
                self.max_depth, self.positions, self.games
            )
        })
    }
}

impl TunePart {
    /// Checks the part's figures against its setup.
    fn check(&self) -> Result<(), String> {
        self.setup.check()?;
        let depths_fit = self
            .samples
            .iter()
            .all(|sample| sample.len() <= self.setup.max_depth as usize)
            && self.strength.len() < self.setup.max_depth as usize;
        depths_fit.then_some(()).ok_or_else(|| {
            format!(
                "shard {}/{} holds more depths than its sweep measures ({})",
                self.index, self.count, self.setup.max_depth
            )
        })
    }

    /// Writes the part to `path` (atomically, behind a versioned header).
    pub(crate) fn save(&self, path: &Path) -> Result<(), FileError> {
        save_bincode(path, &TUNE_PART_FILE, self)
    }

    /// Reads a part written by [`TunePart::save`].
    pub(crate) fn load(path: &Path) -> Result<TunePart, FileError> {
        load_bincode(path, &TUNE_PART_FILE)
    }
}

/// Joins every part of one sweep (in any order) into one part holding the whole sweep's
/// figures: the samples in suite order, each depth's tallies added (the shards' pairs are
/// disjoint) and its time the longest shard's.
pub(crate) fn merge_parts(mut parts: Vec<TunePart>) -> Result<TunePart, String> {
    let shards: Vec<(u32, u32)> = parts.iter().map(|part| (part.index, part.count)).collect();
    check_shards(&shards)?;
    parts.sort_by_key(|part| part.index);
    let mut whole = TunePart {
        index: 0,
        count: 1,
        samples: Vec::new(),
        strength: Vec::new(),
        setup: parts[0].setup.clone(),
    };
    for part in parts {
        part.check()?;
        if part.setup != whole.setup {
            return Err(format!(
                "shard {}/{} is from another sweep than shard 0/{}",
                part.index, part.count, part.count
            ));
        }
        if part.strength.len() != whole.strength.len() && !whole.strength.is_empty() {
            return Err(format!(
                "shard {}/{} has {} strength matches, shard 0 has {}",
                part.index,
                part.count,
                part.strength.len(),
                whole.strength.len()
            ));
        }
        whole.samples.extend(part.samples);
        add_strength(&mut whole.strength, part.strength)?;
    }
    if whole.samples.len() != whole.setup.positions as usize {
        return Err(format!(
            "the parts hold {} positions, the sweep has {}",
            whole.samples.len(),
            whole.setup.positions
        ));
    }
    Ok(whole)
}

/// Adds a shard's strength rows to the rows so far (the first shard's become the rows).
fn add_strength(rows: &mut Vec<StrengthRow>, part: Vec<StrengthRow>) -> Result<(), String> {
    if rows.is_empty() {
        *rows = part;
        return Ok(());
    }
    for (row, shard_row) in rows.iter_mut().zip(part) {
        if row.depth != shard_row.depth {
            return Err(format!(
                "the parts' strength matches differ: depth {} and depth {}",
                row.depth, shard_row.depth
            ));
        }
        row.tally.add_tally(&shard_row.tally);
        row.seconds = row.seconds.max(shard_row.seconds);
    }
    Ok(())
}
