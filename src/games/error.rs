//! Typed errors for everything a game parses or checks.

use thiserror::Error;

/// What went wrong with input given to a game: a configuration, a position, a move, a key.
///
/// Every variant says what was wrong and where, in words a user can act on; the value that
/// failed is never partly applied (positions and records are unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// A game specification (`name:key=value,...`) or configuration is invalid.
    #[error("invalid game spec: {0}")]
    Spec(String),
    /// A position (FEN, board array, notation) could not be read.
    #[error("invalid position: {0}")]
    Position(String),
    /// A move could not be read, e.g. `"z9"` in Ataxx or `"7"` in six-pit Kalah.
    #[error("invalid move {text:?}: {reason}")]
    MoveSyntax {
        /// The text that was given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A well-formed move that is not legal in the position, e.g. sowing an empty pit.
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The move, in the game's notation.
        mv: String,
        /// Why it is illegal.
        reason: String,
    },
    /// A move sequence (a trace or a `--moves` list) failed at one ply.
    #[error("{kind} {index}: {source}")]
    AtPly {
        /// What the sequence is called in messages ("ply", "trace character").
        kind: &'static str,
        /// The 1-based position of the failing element in the sequence.
        index: usize,
        /// The error at that element.
        #[source]
        source: Box<GameError>,
    },
    /// A key that no position of this configuration encodes to.
    #[error("invalid key: {0}")]
    Key(String),
    /// The game does not implement an optional part of the [`Game`](crate::Game) trait (it
    /// kept the provided default), e.g. reading positions or decoding keys.
    #[error("{game} does not support {what}")]
    Unsupported {
        /// The game's name ([`Game::NAME`](crate::Game::NAME)).
        game: &'static str,
        /// What it does not support.
        what: &'static str,
    },
    /// The game is over: no move can be played or undone past this point.
    #[error("the game is over")]
    GameOver,
    /// Nothing to undo: the record is at its start position.
    #[error("nothing to undo: the game is at its start")]
    NothingToUndo,
}

impl GameError {
    /// Wraps `self` as the error of element `index` (1-based) of a sequence.
    pub fn at(self, kind: &'static str, index: usize) -> GameError {
        GameError::AtPly {
            kind,
            index,
            source: Box::new(self),
        }
    }
}
