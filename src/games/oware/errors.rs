//! The messages of Oware's input errors, in one place so that they read alike.

use crate::games::GameError;

/// A position that could not be read or is inconsistent.
pub(crate) fn position(message: impl Into<String>) -> GameError {
    GameError::Position(message.into())
}

/// A move that could not be read.
pub(crate) fn move_syntax(text: &str, reason: impl Into<String>) -> GameError {
    GameError::MoveSyntax {
        text: text.to_string(),
        reason: reason.into(),
    }
}
