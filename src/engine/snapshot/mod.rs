//! Engine snapshots: what an engine knows, written to a file and read back into a new engine
//! after a restart, so that its first search starts from the depth it had reached.
//!
//! A snapshot holds the game record, the top of the stored tree (at most
//! [`SnapshotBudget::tree_nodes`] nodes, breadth first from the root), the table's most
//! valuable entries (by depth and age, at most [`SnapshotBudget::table_entries`]; at three
//! and four seats the wide table's, with every seat's value), the opponent model's weights
//! and the human's time ratio, and the [`Fingerprint`] of what the values depend on (the
//! game, the evaluator, forward pruning). It is a bincode file behind [`crate::files`]
//! (magic, version, length, CRC-32, written atomically).
//!
//! Taking one goes through the engine thread ([`Engine::save_state`](super::Engine::save_state)):
//! pondering stops, the engine thread copies the record, the model and the tree's top (the
//! only pause), pondering resumes, and a thread of the snapshot's own reads the table (lock
//! free, while the search goes on) and writes the file. Reading one back
//! ([`Engine::restore`](super::Engine::restore)) checks everything against the game and the
//! configuration first: a snapshot of another game, configuration, table width or format
//! version, or a corrupt, truncated or oversized file, is refused with an error naming the
//! file.

mod table;
#[cfg(test)]
mod tests;
mod tree;

use super::config::EngineConfig;
use super::opponent::OpponentModel;
use super::tree::Tree;
use crate::eval::Evaluators;
use crate::files::{
    FileError, FileFormat, FileProblem, decode, decode_bincode, decode_bincode_prefix,
    encode_bincode,
};
use crate::games::{Game, GameRecord, Seat};
use crate::search::{TableWidth, TranspositionTable};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use table::{AgedTable, SavedTable};
use tree::SavedNode;

/// The largest snapshot read back: 1 GiB (budgets are capped below it).
const MAX_PAYLOAD: u64 = 1 << 30;

/// The snapshot file's format (version 2: the table's entries of either width; version 1
/// held narrow entries only).
pub const ENGINE_SNAPSHOT: FileFormat =
    FileFormat::new(*b"PNDengst", 2, MAX_PAYLOAD, "engine snapshot");

/// The most tree nodes, and the most table entries, a snapshot holds whatever the budget
/// (so that the largest snapshot stays within [`ENGINE_SNAPSHOT`]'s limit).
pub const MAX_SNAPSHOT_ITEMS: usize = 1 << 24;

/// How much of the engine's memory a snapshot keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnapshotBudget {
    /// Tree nodes kept at most, breadth first from the root (about 30 bytes each in the
    /// file).
    pub tree_nodes: usize,
    /// Table entries kept at most, the most valuable first (22 bytes each in the file; 30 for
    /// a wide table of three or four seats, which keeps every seat's value).
    pub table_entries: usize,
}

impl Default for SnapshotBudget {
    /// 262,144 nodes and 262,144 entries: a file of at most about 13 MB (8 MB at three and
    /// four seats, whose tree is its root), written in tens of milliseconds.
    fn default() -> SnapshotBudget {
        SnapshotBudget {
            tree_nodes: 1 << 18,
            table_entries: 1 << 18,
        }
    }
}

/// What the values a snapshot keeps depend on: a snapshot is read back only by an engine
/// with the same fingerprint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The game's name.
    pub game: String,
    /// The evaluator (its name, or that it was given as a value).
    pub eval: String,
    /// Whether the search prunes forward (its values are then not exact minimax values).
    pub forward_pruning: bool,
}

impl Fingerprint {
    /// The fingerprint of an engine of game `G` with `config` (`given_evaluator`: the engine
    /// was given an evaluator value rather than a name).
    pub fn of<G: Game>(config: &EngineConfig, given_evaluator: bool) -> Fingerprint {
        Fingerprint {
            game: G::NAME.to_string(),
            eval: match given_evaluator {
                true => "(given as a value)".to_string(),
                false => config.eval.clone(),
            },
            forward_pruning: config.forward_pruning,
        }
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} with evaluator {}, forward pruning {}",
            self.game,
            self.eval,
            if self.forward_pruning { "on" } else { "off" }
        )
    }
}

/// Why a snapshot could not be taken or read back.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The file could not be written or read, or is not a whole, valid snapshot (corrupt,
    /// truncated, oversized, another format or version): the error names it.
    #[error(transparent)]
    File(#[from] FileError),
    /// The snapshot is of another game or configuration.
    #[error("{path}: a snapshot of {found}; this engine is {expected}", path = path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The snapshot's fingerprint.
        found: Box<Fingerprint>,
        /// The engine's.
        expected: Box<Fingerprint>,
    },
    /// The snapshot's table entries are not of the width of the engine's table: a snapshot
    /// of two seats for an engine of three or four seats, or the reverse.
    #[error(
        "{path}: the snapshot's table entries are {found}; this engine's table is {expected}",
        path = path.display()
    )]
    TableMismatch {
        /// The file.
        path: PathBuf,
        /// The width of the snapshot's entries.
        found: TableWidth,
        /// The width of the engine's table.
        expected: TableWidth,
    },
    /// The snapshot's game record is not the start of the game given.
    #[error("{path}: the snapshot is of another game record ({reason})", path = path.display())]
    OtherGame {
        /// The file.
        path: PathBuf,
        /// How the records differ.
        reason: String,
    },
    /// The engine could not start, or its threads have ended.
    #[error("{0}")]
    Engine(#[from] super::EngineError),
}

/// What taking a snapshot did.
#[derive(Clone, Debug, PartialEq)]
pub struct SnapshotReport {
    /// The file written.
    pub path: PathBuf,
    /// Tree nodes kept.
    pub tree_nodes: usize,
    /// Table entries kept.
    pub table_entries: usize,
    /// The file's size in bytes.
    pub bytes: u64,
    /// How long the engine thread held the tree: from the moment pondering was asked to stop
    /// (when it pondered) to the end of the copy, after which pondering resumes.
    pub paused: Duration,
    /// From the engine thread taking the request in to the file written.
    pub took: Duration,
}

/// A request to take a snapshot ([`Command::Snapshot`](super::Command::Snapshot)).
#[derive(Clone, Debug)]
pub struct SnapshotRequest {
    /// The file to write.
    pub path: PathBuf,
    /// What to keep.
    pub budget: SnapshotBudget,
    /// Where the answer goes.
    pub reply: crossbeam_channel::Sender<Result<SnapshotReport, SnapshotError>>,
}

/// The file's payload. The fingerprint comes first: it is read alone before the rest
/// ([`Fingerprint`]'s own decoding of the payload's start), so that a snapshot of another game
/// or configuration is told apart from a corrupt one.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct SnapshotFile<G: Game> {
    fingerprint: Fingerprint,
    record: GameRecord<G>,
    tree: Vec<SavedNode<G::Move>>,
    table: SavedTable,
    opponent: Vec<f64>,
    time_ratio: f64,
    engine_seat: Option<usize>,
}

/// What the engine thread copies for a snapshot; the table is read afterwards, on the
/// snapshot's own thread.
pub(crate) struct Capture<G: Game> {
    fingerprint: Fingerprint,
    record: GameRecord<G>,
    tree: TreeCopy<G>,
    tree_nodes: usize,
    opponent: Vec<f64>,
    time_ratio: f64,
    engine_seat: Option<usize>,
    table: Arc<TranspositionTable>,
    table_width: TableWidth,
    table_entries: usize,
}

/// The tree as the engine thread copies it: whole (one copy of the arena, the fastest, while
/// it is not much larger than the budget), or its top already cut to the budget.
enum TreeCopy<G: Game> {
    Whole(Tree<G>),
    Top(Vec<SavedNode<G::Move>>),
}

/// The engine's state that the engine thread holds, lent to [`Capture::new`].
pub(crate) struct EngineState<'a, G: Game> {
    /// The fingerprint of the engine's configuration.
    pub fingerprint: Fingerprint,
    /// The game.
    pub record: &'a GameRecord<G>,
    /// The stored tree.
    pub tree: &'a Tree<G>,
    /// The opponent model.
    pub opponent: &'a OpponentModel,
    /// The human's thinking time over the engine's.
    pub time_ratio: f64,
    /// The seat the engine plays, once it has searched.
    pub engine_seat: Option<Seat>,
    /// The table.
    pub table: &'a Arc<TranspositionTable>,
    /// The width of the entries kept: the one the engine's game needs (a shared wide table
    /// of a two-seat engine is saved narrow).
    pub table_width: TableWidth,
}

impl<G: Game> Capture<G> {
    /// Copies what the engine thread holds: the tree whole when it has at most twice the
    /// budget's nodes (one copy of memory; cut on the snapshot's thread), otherwise its top.
    pub(crate) fn new(state: EngineState<'_, G>, budget: SnapshotBudget) -> Capture<G> {
        let tree_nodes = budget.tree_nodes.min(MAX_SNAPSHOT_ITEMS);
        let tree = match state.tree.len() <= tree_nodes.saturating_mul(2) {
            true => TreeCopy::Whole(state.tree.clone()),
            false => TreeCopy::Top(tree::save_tree(state.tree, tree_nodes)),
        };
        Capture {
            fingerprint: state.fingerprint,
            record: state.record.clone(),
            tree,
            tree_nodes,
            opponent: state.opponent.counts().to_vec(),
            time_ratio: state.time_ratio,
            engine_seat: state.engine_seat.map(Seat::index),
            table: state.table.clone(),
            table_width: state.table_width,
            table_entries: budget.table_entries.min(MAX_SNAPSHOT_ITEMS),
        }
    }

    /// Reads the table and writes the snapshot to `path` (atomically): what it kept.
    pub(crate) fn write(self, path: &Path) -> Result<(usize, usize, u64), SnapshotError> {
        let tree = match self.tree {
            TreeCopy::Whole(tree) => tree::save_tree(&tree, self.tree_nodes),
            TreeCopy::Top(top) => top,
        };
        let table = table::save_table(&self.table, self.table_width, self.table_entries);
        let (nodes, entries) = (tree.len(), table.len());
        let file = SnapshotFile::<G> {
            fingerprint: self.fingerprint,
            record: self.record,
            tree,
            table,
            opponent: self.opponent,
            time_ratio: self.time_ratio,
            engine_seat: self.engine_seat,
        };
        // Encoded in memory and written in one piece: the checksum is taken a block at a
        // time, not a field at a time.
        let payload = encode_bincode(&file)
            .map_err(|e| FileError::new(path, &ENGINE_SNAPSHOT, FileProblem::Payload(e)))?;
        crate::files::save_bytes(path, &ENGINE_SNAPSHOT, &payload)?;
        let bytes = (crate::files::HEADER_BYTES + payload.len()) as u64;
        Ok((nodes, entries, bytes))
    }
}

/// A snapshot read back and checked against the engine that will hold it: the tree rebuilt
/// within the engine's tree bound, the table's entries, the model.
pub struct EngineSnapshot<G: Game> {
    record: GameRecord<G>,
    tree: Tree<G>,
    table: AgedTable,
    opponent: OpponentModel,
    time_ratio: f64,
    engine_seat: Option<Seat>,
}

/// What an engine thread takes over from a snapshot.
pub(crate) struct Restored<G: Game> {
    /// The stored tree.
    pub tree: Tree<G>,
    /// The opponent model.
    pub opponent: OpponentModel,
    /// The human's thinking time over the engine's.
    pub time_ratio: f64,
    /// The seat the engine played.
    pub engine_seat: Option<Seat>,
}

impl<G: Game> fmt::Debug for EngineSnapshot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineSnapshot")
            .field("moves", &self.record.moves().len())
            .field("tree_nodes", &self.tree.len())
            .field("table_entries", &self.table.len())
            .finish()
    }
}

impl<G: Evaluators> EngineSnapshot<G> {
    /// Reads the snapshot at `path` for an engine of `config` (`given_evaluator`: given an
    /// evaluator value): refused with an error naming the file when it is not a whole,
    /// valid snapshot of this game and configuration.
    pub fn load(
        path: &Path,
        config: &EngineConfig,
        given_evaluator: bool,
    ) -> Result<EngineSnapshot<G>, SnapshotError> {
        let payload = crate::files::load_bytes(path, &ENGINE_SNAPSHOT)?;
        EngineSnapshot::from_payload(&payload, path, config, given_evaluator)
    }

    /// [`EngineSnapshot::load`] of a whole file held in memory (`path` names it in errors).
    pub fn from_bytes(
        bytes: &[u8],
        path: &Path,
        config: &EngineConfig,
        given_evaluator: bool,
    ) -> Result<EngineSnapshot<G>, SnapshotError> {
        let payload = decode(bytes, &ENGINE_SNAPSHOT)
            .map_err(|problem| FileError::new(path, &ENGINE_SNAPSHOT, problem))?;
        EngineSnapshot::from_payload(payload, path, config, given_evaluator)
    }

    fn from_payload(
        payload: &[u8],
        path: &Path,
        config: &EngineConfig,
        given_evaluator: bool,
    ) -> Result<EngineSnapshot<G>, SnapshotError> {
        let invalid =
            |problem: String| FileError::new(path, &ENGINE_SNAPSHOT, FileProblem::Payload(problem));
        let fingerprint: Fingerprint = decode_bincode_prefix(payload).map_err(invalid)?;
        let expected = Fingerprint::of::<G>(config, given_evaluator);
        if fingerprint != expected {
            return Err(SnapshotError::Foreign {
                path: path.to_path_buf(),
                found: Box::new(fingerprint),
                expected: Box::new(expected),
            });
        }
        let state: SnapshotFile<G> = decode_bincode(payload).map_err(invalid)?;
        if state.tree.len() > MAX_SNAPSHOT_ITEMS || state.table.len() > MAX_SNAPSHOT_ITEMS {
            return Err(invalid(format!(
                "{} tree nodes and {} table entries, over the limit of {MAX_SNAPSHOT_ITEMS}",
                state.tree.len(),
                state.table.len()
            ))
            .into());
        }
        let tree = tree::rebuild_tree(&state.tree, &state.record.current(), config.tree_mib << 20)
            .map_err(invalid)?;
        let table = table::read_table(&state.table).map_err(invalid)?;
        let opponent = OpponentModel::from_counts(state.opponent, G::DEPTHS.medium)
            .ok_or_else(|| invalid("the opponent model's weights are not weights".to_string()))?;
        let (low, high) = super::controller::TIME_RATIO_RANGE;
        if !(low..=high).contains(&state.time_ratio) {
            return Err(invalid(format!("time ratio {} out of range", state.time_ratio)).into());
        }
        let seats = state.record.current().seat_count();
        if state.engine_seat.is_some_and(|seat| seat >= seats) {
            return Err(invalid(format!("the engine's seat is not one of {seats}")).into());
        }
        Ok(EngineSnapshot {
            record: state.record,
            tree,
            table,
            opponent,
            time_ratio: state.time_ratio,
            engine_seat: state.engine_seat.map(Seat::new),
        })
    }

    /// The snapshot's game record.
    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    /// Nodes of the stored tree read back.
    pub fn tree_nodes(&self) -> usize {
        self.tree.len()
    }

    /// Table entries read back.
    pub fn table_entries(&self) -> usize {
        self.table.len()
    }

    /// The width of the table the entries are of: wide for an engine of three or four
    /// seats.
    pub fn table_width(&self) -> TableWidth {
        self.table.width()
    }

    /// The depth the tree's root was searched to.
    pub fn root_depth(&self) -> u32 {
        u32::from(self.tree.root().depth)
    }

    /// The whole file this snapshot would be written as, with `fingerprint` (for tests and
    /// fuzzing: read back, it is this snapshot again).
    pub fn to_bytes(&self, fingerprint: &Fingerprint) -> Result<Vec<u8>, String> {
        let file = SnapshotFile::<G> {
            fingerprint: fingerprint.clone(),
            record: self.record.clone(),
            tree: tree::save_tree(&self.tree, MAX_SNAPSHOT_ITEMS),
            table: self.table.saved(),
            opponent: self.opponent.counts().to_vec(),
            time_ratio: self.time_ratio,
            engine_seat: self.engine_seat.map(Seat::index),
        };
        Ok(crate::files::encode(
            &ENGINE_SNAPSHOT,
            &encode_bincode(&file)?,
        ))
    }

    /// What the engine thread takes over (the engine starts on [`EngineSnapshot::record`]),
    /// the table's entries stored into `table` now.
    pub(crate) fn restore_into(self, table: &TranspositionTable) -> Restored<G> {
        table::restore_table(table, &self.table);
        Restored {
            tree: self.tree,
            opponent: self.opponent,
            time_ratio: self.time_ratio,
            engine_seat: self.engine_seat,
        }
    }
}

/// Whether `later` continues `earlier`: the same start and `earlier`'s moves first; why not.
pub(crate) fn continues<G: Game>(
    earlier: &GameRecord<G>,
    later: &GameRecord<G>,
) -> Result<(), String> {
    if earlier.start() != later.start() {
        return Err(format!(
            "it starts at {}, the game at {}",
            earlier.start(),
            later.start()
        ));
    }
    let (before, after) = (earlier.moves(), later.moves());
    match before.iter().zip(after).position(|(a, b)| a != b) {
        Some(ply) => Err(format!(
            "ply {}: {} in the snapshot, {} in the game",
            ply + 1,
            before[ply],
            after[ply]
        )),
        None if before.len() > after.len() => Err(format!(
            "{} moves in the snapshot, {} in the game",
            before.len(),
            after.len()
        )),
        None => Ok(()),
    }
}
