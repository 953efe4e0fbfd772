//! Sharded builds: one shard of a layer's components solved into a part file
//! ([`Egdb::build_part`]), and the parts of a layer joined into it ([`Egdb::merge`]), byte
//! for byte the layer a single build makes (the single build goes through the same path with
//! one shard).

use super::build::{self, Lower};
use super::retro::{Bounds, UNKNOWN};
use super::{Egdb, EgdbError};
use crate::egdb::Shard;
use crate::files::FileFormat;
use crate::games::oware::config::Rules;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file of one part of an Oware database (one shard of one layer).
pub const EGDB_PART_FILE: FileFormat =
    FileFormat::new(*b"PNDowprt", 1, 1 << 36, "Oware endgame database part");

/// One shard of one layer: the values of the layer's components in the shard, by `m`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EgdbPart {
    rules: Rules,
    houses: u32,
    seeds: u32,
    index: u32,
    count: u32,
    /// `(m, values)`: the layer's stretch for that `m` (Awari: the one stretch, `m = 0`).
    pieces: Vec<(u32, Vec<i8>)>,
}

impl EgdbPart {
    /// The layer this part belongs to.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Houses a side.
    pub fn houses(&self) -> usize {
        self.houses as usize
    }

    /// Saves the part ([`EGDB_PART_FILE`]), atomically.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), EgdbError> {
        crate::files::save_with(path.as_ref(), &EGDB_PART_FILE, |writer| {
            bincode::serialize_into(writer, self).map_err(std::io::Error::other)
        })?;
        Ok(())
    }

    /// Loads a part saved by [`EgdbPart::save`].
    pub fn load(path: impl AsRef<Path>) -> Result<EgdbPart, EgdbError> {
        Ok(crate::files::load_with(
            path.as_ref(),
            &EGDB_PART_FILE,
            |reader, length| super::read_bincode(reader, length).map_err(|e| e.to_string()),
        )?)
    }
}

impl Egdb {
    /// A database of `rules` and `houses` with no layer, to grow part by part from layer 0.
    pub fn empty_for(rules: Rules, houses: usize) -> Result<Egdb, EgdbError> {
        Egdb::empty(rules, houses, super::MAX_EGDB_SEEDS)
    }

    /// Solves `shard` of the next layer (the one after [`Egdb::max_seeds`]; layer 0 for an
    /// empty database) on `threads` threads.
    pub fn build_part(&self, shard: Shard, threads: usize) -> Result<EgdbPart, EgdbError> {
        if self.layers.len() > super::MAX_EGDB_SEEDS as usize {
            return Err(EgdbError::Size(format!(
                "at most {} seeds",
                super::MAX_EGDB_SEEDS
            )));
        }
        Ok(self.solve_next(shard, threads))
    }

    /// [`Egdb::build_part`] without the size check (the caller made room).
    pub(crate) fn solve_next(&self, shard: Shard, threads: usize) -> EgdbPart {
        let seeds = self.layers.len();
        let lower = Lower {
            rules: self.rules,
            layers: &self.layers,
            binomials: &self.binomials,
            pits: 2 * self.houses,
        };
        let size = self.boards(seeds) as usize;
        let components = build::components(self.rules, seeds);
        let range = shard.range(components.len() as u64);
        let mut pieces = Vec::new();
        for variants in &components[range.start as usize..range.end as usize] {
            let bounds = build::solve_component(lower, seeds, variants, threads);
            for (variant, &m) in variants.iter().enumerate() {
                let stretch = variant * size..(variant + 1) * size;
                pieces.push((m as u32, self.values(seeds, &bounds, stretch)));
            }
        }
        EgdbPart {
            rules: self.rules,
            houses: self.houses as u32,
            seeds: seeds as u32,
            index: shard.index(),
            count: shard.count(),
            pieces,
        }
    }

    /// The stored values of the positions `stretch` of a solved component of layer `seeds`:
    /// Awari's exact value (a position never reached is in a cycle, worth 0); Abapa's bounds
    /// (unreached: the widest, `−n` and `n`).
    fn values(&self, seeds: usize, bounds: &Bounds, stretch: std::ops::Range<usize>) -> Vec<i8> {
        let (lo, hi) = (&bounds.lo[stretch.clone()], &bounds.hi[stretch]);
        match self.rules {
            Rules::Awari => lo
                .iter()
                .zip(hi)
                .map(|(&lo, &hi)| match (lo, hi) {
                    (UNKNOWN, UNKNOWN) => 0,
                    (UNKNOWN, hi) => hi,
                    (lo, _) => lo,
                })
                .collect(),
            Rules::Abapa => {
                let n = seeds as i8;
                let mut values = Vec::with_capacity(2 * lo.len());
                for (&lo, &hi) in lo.iter().zip(hi) {
                    values.push(if lo == UNKNOWN { -n } else { lo });
                    values.push(if hi == UNKNOWN { n } else { hi });
                }
                values
            }
        }
    }

    /// Joins every part of the next layer into it, whatever their order; refuses parts of
    /// another database or layer, missing or repeated shards.
    pub fn merge(&mut self, parts: Vec<EgdbPart>) -> Result<(), EgdbError> {
        let layer = assemble(self, parts)?;
        let seeds = self.layers.len();
        self.check_layer(seeds, &layer).map_err(EgdbError::Merge)?;
        self.layers.push(layer);
        Ok(())
    }
}

/// The next layer of `egdb` from all its parts.
pub(crate) fn assemble(egdb: &Egdb, mut parts: Vec<EgdbPart>) -> Result<Vec<i8>, EgdbError> {
    let seeds = egdb.layers.len();
    let merge_error = |text: String| Err(EgdbError::Merge(text));
    let Some(count) = parts.first().map(|part| part.count) else {
        return merge_error("no parts".into());
    };
    parts.sort_by_key(|part| part.index);
    for (expected, part) in parts.iter().enumerate() {
        if part.rules != egdb.rules || part.houses as usize != egdb.houses {
            return merge_error(format!(
                "a part of a {} database with {} houses, expected {} with {}",
                part.rules, part.houses, egdb.rules, egdb.houses
            ));
        }
        if part.seeds as usize != seeds {
            return merge_error(format!("a part of layer {}, expected {seeds}", part.seeds));
        }
        if part.count != count || part.index as usize != expected {
            return merge_error(format!(
                "shard {}/{} where shard {expected}/{count} was expected",
                part.index, part.count
            ));
        }
    }
    if parts.len() != count as usize {
        return merge_error(format!("{} parts of {count}", parts.len()));
    }
    let mut pieces: Vec<(u32, Vec<i8>)> = parts.into_iter().flat_map(|p| p.pieces).collect();
    pieces.sort_by_key(|&(m, _)| m);
    let variants = match egdb.rules {
        Rules::Awari => 1,
        Rules::Abapa => seeds + 1,
    };
    if pieces.len() != variants || pieces.iter().enumerate().any(|(i, p)| p.0 as usize != i) {
        return merge_error(format!(
            "the parts hold {} stretches of layer {seeds}, expected {variants}",
            pieces.len()
        ));
    }
    Ok(pieces.into_iter().flat_map(|(_, values)| values).collect())
}
