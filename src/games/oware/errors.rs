//! The messages of Oware's input errors, in one place so that they read alike.

use super::OwareConfig;
use crate::games::GameError;

/// A position that could not be read or is inconsistent.
pub(crate) fn position(message: impl Into<String>) -> GameError {
    GameError::Position(message.into())
}

/// A position whose seeds do not add up to the configuration's total.
pub(crate) fn wrong_total(config: &OwareConfig, on_board: u32, captured: u32) -> GameError {
    position(format!(
        "the position holds {} seeds ({on_board} on the board, {captured} captured), but {} \
         houses of {} seeds make {}",
        on_board + captured,
        config.pits(),
        config.seeds(),
        config.total_seeds()
    ))
}

/// A move that could not be read.
pub(crate) fn move_syntax(text: &str, reason: impl Into<String>) -> GameError {
    GameError::MoveSyntax {
        text: text.to_string(),
        reason: reason.into(),
    }
}
