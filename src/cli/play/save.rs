//! Saved games: files holding the game spec, the seats and the record as JSON, behind a
//! [`crate::files`] header (magic `PNDgame1`, checksum), written atomically; and beside an
//! autosave, each engine seat's snapshot (`crate::engine::ENGINE_SNAPSHOT`), taken back
//! when the game is resumed.

use super::seats::SeatPlayer;
use crate::cli::CliError;
use crate::files::FileFormat;
use crate::games::{Game, GameRecord, GameSpec};
use crate::search::Evaluators;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The format tag of a saved game.
const FORMAT: &str = "ponder-game";

/// The saved-game file: a JSON payload of at most 16 MiB.
pub const SAVED_GAME_FILE: FileFormat = FileFormat::new(*b"PNDgame1", 1, 16 << 20, "saved game");

/// A saved game as it lies in its file. The record is kept as JSON until the game type is
/// known; reading it replays and checks every move.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always `ponder-game`.
    pub(crate) format: String,
    /// The game spec (`kalah:pits=6,seeds=4,capture=classic`).
    pub(crate) game: String,
    /// The seats (`human`, `engine`, ...), first seat first.
    #[serde(default)]
    pub(crate) seats: Vec<String>,
    /// The record: `{"start": <position>, "moves": [...]}`.
    pub(crate) record: Value,
}

impl SavedGame {
    /// A saved game of `record`.
    pub fn new<G: Game>(
        spec: &GameSpec,
        seats: Vec<String>,
        record: &GameRecord<G>,
    ) -> Result<SavedGame, CliError> {
        Ok(SavedGame {
            format: FORMAT.to_string(),
            game: spec.to_string(),
            seats,
            record: serde_json::to_value(record)?,
        })
    }

    /// Reads a saved game's file (its record is checked later, by [`SavedGame::record`]).
    pub fn read(path: &Path) -> Result<SavedGame, CliError> {
        let payload = crate::files::load_bytes(path, &SAVED_GAME_FILE)?;
        SavedGame::from_json(&payload)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))
    }

    /// Reads a saved game's JSON payload.
    pub fn from_json(payload: &[u8]) -> Result<SavedGame, String> {
        let saved: SavedGame =
            serde_json::from_slice(payload).map_err(|e| format!("not a saved game: {e}"))?;
        if saved.format != FORMAT {
            return Err(format!("format {:?}, expected {FORMAT:?}", saved.format));
        }
        Ok(saved)
    }

    /// The JSON payload of the file.
    pub fn to_json(&self) -> Result<Vec<u8>, CliError> {
        let mut text = serde_json::to_vec_pretty(self)?;
        text.push(b'\n');
        Ok(text)
    }

    /// The game spec it was saved with.
    pub fn spec(&self) -> Result<GameSpec, CliError> {
        Ok(self.game.parse::<GameSpec>()?)
    }

    /// The record, replayed and checked, for game `G`.
    pub fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let spec = self.spec()?;
        if spec.name() != G::NAME {
            return Err(CliError::Usage(format!(
                "the saved game is {}, this session plays {}",
                spec.name(),
                G::NAME
            )));
        }
        serde_json::from_value::<GameRecord<G>>(self.record.clone())
            .map_err(|e| CliError::Usage(format!("the saved record is invalid: {e}")))
    }

    /// Writes the file, atomically.
    pub fn write(&self, path: &Path) -> Result<(), CliError> {
        Ok(crate::files::save_bytes(
            path,
            &SAVED_GAME_FILE,
            &self.to_json()?,
        )?)
    }
}

/// Where the engine of seat `index` keeps its snapshot beside the autosave `autosave`
/// (`autosave.game.seat2.engine`), so that a resumed game's engine knows what it knew.
pub(crate) fn engine_snapshot_path(autosave: &Path, index: usize) -> PathBuf {
    let mut name = autosave.as_os_str().to_owned();
    name.push(format!(".seat{}.engine", index + 1));
    PathBuf::from(name)
}

/// Writes each computer seat's state beside the autosave `autosave`: what failed.
pub(crate) fn save_engines<G: Evaluators>(
    autosave: &Path,
    seats: &mut [SeatPlayer<G>],
) -> Vec<String> {
    let mut failed = Vec::new();
    for (index, seat) in seats.iter_mut().enumerate() {
        if let SeatPlayer::Computer { player, .. } = seat {
            if let Err(error) = player.save_state(&engine_snapshot_path(autosave, index)) {
                failed.push(error);
            }
        }
    }
    failed
}

/// Restores each computer seat's state from beside the autosave `autosave`, for the game
/// `record`: a line for each seat restored or refused (a refused snapshot leaves that
/// engine fresh, and says why).
pub(crate) fn restore_engines<G: Evaluators>(
    autosave: &Path,
    seats: &mut [SeatPlayer<G>],
    record: &GameRecord<G>,
) -> Vec<String> {
    let mut lines = Vec::new();
    for (index, seat) in seats.iter_mut().enumerate() {
        let path = engine_snapshot_path(autosave, index);
        let SeatPlayer::Computer { player, label } = seat else {
            continue;
        };
        if !path.exists() {
            continue;
        }
        match player.restore_state(&path, record) {
            Ok(true) => lines.push(format!(
                "seat {}: the {label}'s memory restored from {}",
                index + 1,
                path.display()
            )),
            Ok(false) => {}
            Err(error) => lines.push(format!(
                "seat {}: the {label} starts afresh: {error}",
                index + 1
            )),
        }
    }
    lines
}

/// Forgets the engines' snapshots beside the autosave `autosave` (the game ended).
pub(crate) fn remove_engines(autosave: &Path, seats: usize) {
    for index in 0..seats {
        let _ = std::fs::remove_file(engine_snapshot_path(autosave, index));
    }
}
