//! Saved games: JSON files holding the game spec, the seats and the record.

use crate::cli::CliError;
use crate::games::{Game, GameRecord, GameSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// The format tag of a saved game.
const FORMAT: &str = "ponder-game";

/// A saved game as it lies in its file. The record is kept as JSON until the game type is
/// known; reading it replays and checks every move.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SavedGame {
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
    pub(crate) fn new<G: Game>(
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
    pub(crate) fn read(path: &Path) -> Result<SavedGame, CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", path.display())))?;
        let saved: SavedGame = serde_json::from_str(&text)
            .map_err(|e| CliError::Usage(format!("{} is not a saved game: {e}", path.display())))?;
        if saved.format != FORMAT {
            return Err(CliError::Usage(format!(
                "{}: format {:?}, expected {FORMAT:?}",
                path.display(),
                saved.format
            )));
        }
        Ok(saved)
    }

    /// The game spec it was saved with.
    pub(crate) fn spec(&self) -> Result<GameSpec, CliError> {
        Ok(self.game.parse::<GameSpec>()?)
    }

    /// The record, replayed and checked, for game `G`.
    pub(crate) fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
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

    /// Writes the file.
    pub(crate) fn write(&self, path: &Path) -> Result<(), CliError> {
        let text = serde_json::to_string_pretty(self)? + "\n";
        std::fs::write(path, text)
            .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", path.display())))
    }
}
