//! Saved games: files holding the game spec, the seats and the record as JSON, behind a
//! [`crate::files`] header (magic `PNDgame1`, checksum), written atomically.

use crate::cli::CliError;
use crate::files::FileFormat;
use crate::games::{Game, GameRecord, GameSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

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
