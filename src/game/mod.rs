//! The game-agnostic layer: the [`Game`] trait every game implements, and the vocabulary
//! types the search and the engine use for every game.
//!
//! Arrows point one way: front ends → engine → search → this module. A game never knows the
//! search.

mod error;
mod key;
mod outcome;
mod record;
mod seat;
mod spec;

pub use error::GameError;
pub use key::{KEY_BYTES, Key, KeyReader, KeyWriter};
pub use outcome::Outcome;
pub use record::GameRecord;
pub use seat::Seat;
pub use spec::GameSpec;

use serde::{Serialize, de::DeserializeOwned};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A two-player (room is left for more), perfect-information, turn-based game.
///
/// A value of the type is one position: small, `Copy`, and updated by copy-make
/// ([`Game::play`] returns the next position). Everything the search needs is here; the
/// search never knows which game it plays.
///
/// Move generation writes into a caller-provided buffer, so a search that keeps one buffer
/// per ply allocates nothing per node.
///
/// ```
/// use ponder::{Game, Kalah};
/// let start = Kalah::start(&Default::default()).unwrap();
/// let mut moves = Vec::new();
/// start.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 6);
/// let next = start.play(moves[2]); // the last seed of pit 2 lands in the store
/// assert_eq!(next.side_to_move(), start.side_to_move());
/// ```
pub trait Game:
    Copy + Debug + Display + PartialEq + Eq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// A move. `Display` writes the game's notation, which [`Game::parse_move`] reads back.
    type Move: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + Send
        + Sync
        + Serialize
        + DeserializeOwned
        + 'static;

    /// What a game spec's `key=value` parameters configure (sizes, rule variants). Not part
    /// of [`Game::key`]: keys are compared only between positions of one configuration.
    type Config: Clone
        + Debug
        + Default
        + PartialEq
        + Send
        + Sync
        + Serialize
        + DeserializeOwned
        + 'static;

    /// The game's name in game specs (`kalah`, `oware`, `ataxx`).
    const NAME: &'static str;

    /// Perft convention: `true` when a finished game reached before the last ply counts as
    /// one leaf (OpenSpiel, used for Kalah and Oware), `false` when it counts nothing
    /// (libataxx: a finished game has no moves).
    const PERFT_TERMINAL_IS_LEAF: bool;

    /// Whether a repeated position ends the game ([`Game::repetition_outcome`]). Searches and
    /// records keep a history of keys only for games where this is `true`.
    const REPETITION_ENDS_GAME: bool = false;

    /// Builds the configuration from a spec's parameters, refusing unknown keys, bad values
    /// and sizes whose positions do not fit the 14-byte key.
    fn config_from_spec(spec: &GameSpec) -> Result<Self::Config, GameError>;

    /// The start position of a configuration.
    fn start(config: &Self::Config) -> Result<Self, GameError>;

    /// This position's configuration.
    fn config(&self) -> Self::Config;

    /// The seat to move. In Kalah it can be the same seat twice in a row (an extra move).
    fn side_to_move(&self) -> Seat;

    /// Clears `moves` and writes the legal moves in the game's natural order. Empty exactly
    /// when the game is over by the position alone (repetition is judged by the caller's
    /// history). A forced pass is a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be legal here: an illegal move gives an
    /// unspecified (but memory-safe) position. Use [`Game::try_play`] on untrusted input.
    fn play(&self, mv: Self::Move) -> Self;

    /// The final result when the game is over by the position alone, else `None`.
    fn outcome(&self) -> Option<Outcome>;

    /// Each seat's current score as the game counts it (seeds in store, stones on the board):
    /// the totals a finished game is judged by.
    fn scores(&self) -> [u32; 2];

    /// The game's own static evaluation, from the side to move's point of view (positive is
    /// good for the mover). The search's named evaluators may use other ones.
    fn evaluate(&self) -> i32;

    /// The exact 14-byte key (see each game's documentation for its layout).
    fn key(&self) -> Key;

    /// The position a key encodes, in this configuration; an error for a key that no position
    /// encodes to.
    fn from_key(config: &Self::Config, key: &Key) -> Result<Self, GameError>;

    /// Reads a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Reads a position in the game's notation (FEN, board array, ...) as a record: a start
    /// position and the moves played from it (a Kalah trace is a list of moves), so that
    /// games whose rules depend on history see it.
    fn parse_position(config: &Self::Config, text: &str) -> Result<GameRecord<Self>, GameError>;

    /// The position in the game's notation, readable by [`Game::parse_position`].
    fn position_text(&self) -> String;

    /// A cheap guess of how promising `mv` is, for move ordering (higher first): captures,
    /// extra moves. The default knows nothing.
    #[inline]
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// For games where [`Game::REPETITION_ENDS_GAME`]: the result when this position repeats
    /// an earlier one. The default is a draw.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::DRAW
    }

    /// For games where [`Game::REPETITION_ENDS_GAME`]: each seat's final score when this
    /// position repeats an earlier one (Oware under Abapa rules banks the seeds left on each
    /// row). The default is [`Game::scores`].
    fn repetition_scores(&self) -> [u32; 2] {
        self.scores()
    }

    /// Whether reaching `self` from `before` makes every earlier position unreachable (a
    /// capture changes the scores for good), so a repetition scan may stop here. The default
    /// says yes, which is right for games without a repetition rule.
    #[inline]
    fn resets_repetition(&self, _before: &Self) -> bool {
        true
    }

    /// The number of legal moves: what perft counts at its last ply. Games with a faster way
    /// (bit counts) override it; it must equal the length of [`Game::legal_moves`].
    fn move_count(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The position after `mv`, or an error (and nothing changed) when `mv` is not legal.
    fn try_play(&self, mv: Self::Move) -> Result<Self, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        if self.is_legal(mv) {
            Ok(self.play(mv))
        } else {
            Err(GameError::IllegalMove {
                mv: mv.to_string(),
                reason: "not among the legal moves".to_string(),
            })
        }
    }
}
