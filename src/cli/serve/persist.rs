//! The server's games on disk: one file a game in the state directory, written atomically
//! with a header and checksum (`src/files`) after every change, read back at start, so that
//! games and their seat tokens survive a restart; and beside it the snapshot of the game's
//! engine (`<code>.engine`, [`crate::engine::ENGINE_SNAPSHOT`]), so that its bots keep what
//! their engine knew.

use super::types::{GameRecordJson, SeatKind};
use crate::files::{FileFormat, load_bytes, save_bytes};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format of a saved server game (JSON payload).
pub const SAVED_GAME: FileFormat = FileFormat::new(*b"PNDwgame", 1, 1 << 20, "server game");

/// A seat as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    /// Who sits there.
    pub kind: SeatKind,
    /// A bot's level.
    pub level: Option<String>,
    /// The seat's token, once taken.
    pub token: Option<String>,
}

/// A server game as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Its code.
    pub code: String,
    /// The record.
    pub record: GameRecordJson,
    /// The seats.
    pub seats: Vec<SavedSeat>,
    /// Whether bots ponder.
    pub ponder: bool,
    /// The seat that resigned.
    pub resigned: Option<usize>,
    /// The state's version.
    pub version: u64,
}

/// The state directory.
#[derive(Clone, Debug)]
pub struct StateDir {
    dir: PathBuf,
}

impl StateDir {
    /// The directory (created if missing).
    pub fn open(dir: &Path) -> std::io::Result<StateDir> {
        std::fs::create_dir_all(dir)?;
        Ok(StateDir {
            dir: dir.to_path_buf(),
        })
    }

    /// The default: `$XDG_STATE_HOME/ponder/server` or `~/.local/state/ponder/server`.
    pub fn default_path() -> PathBuf {
        let base = std::env::var_os("XDG_STATE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))
            .unwrap_or_else(|| PathBuf::from("."));
        base.join("ponder").join("server")
    }

    fn path(&self, code: &str) -> PathBuf {
        self.dir.join(format!("{code}.game"))
    }

    /// Where the snapshot of game `code`'s engine is kept.
    pub fn snapshot_path(&self, code: &str) -> PathBuf {
        self.dir.join(format!("{code}.engine"))
    }

    /// Writes `game` over its previous version.
    pub fn save(&self, game: &SavedGame) -> Result<(), String> {
        let json = serde_json::to_vec(game).map_err(|e| e.to_string())?;
        save_bytes(&self.path(&game.code), &SAVED_GAME, &json).map_err(|e| e.to_string())
    }

    /// Forgets the game `code` and its engine's snapshot.
    pub fn remove(&self, code: &str) {
        let _ = std::fs::remove_file(self.path(code));
        let _ = std::fs::remove_file(self.snapshot_path(code));
    }

    /// Every saved game, or why a file could not be read (naming it).
    pub fn load_all(&self) -> Vec<Result<SavedGame, String>> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "game"))
            .map(|path| {
                let bytes = load_bytes(&path, &SAVED_GAME).map_err(|e| e.to_string())?;
                serde_json::from_slice(&bytes)
                    .map_err(|e| format!("{}: not a server game: {e}", path.display()))
            })
            .collect()
    }
}
