//! The [`Game`] trait every game implements.

use super::{GameConfig, GameError, GameRecord, GameSpec, Key, Outcome, Seat};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A two-player (room is left for more), perfect-information, turn-based game.
///
/// A value of the type is one position: small, `Copy`, and updated by copy-make
/// ([`Game::play_unchecked`] returns the next position). Everything the search needs is here; the
/// search never knows which game it plays.
///
/// Move generation writes into a caller-provided buffer, so a search that keeps one buffer
/// per ply allocates nothing per node.
///
/// # Implementing a game
///
/// Required: the [`Game::Move`] and [`Game::Config`] types (a [`GameConfig`] reads itself from
/// a game spec), [`Game::NAME`], and the rules:
/// [`Game::start`], [`Game::legal_moves`], [`Game::play_unchecked`], [`Game::side_to_move`],
/// [`Game::outcome`] and [`Game::key`]. Everything else has a default a game overrides when
/// it knows better: [`Game::scores`] (from the outcome), the seats' scores and ranks,
/// [`Game::evaluate`] (0), [`Game::config`] (the default one), [`Game::parse_move`] (the
/// `Display` of a legal move), [`Game::from_key`] and [`Game::parse_position`]
/// ([`GameError::Unsupported`]), [`Game::position_text`] (`Display`), the repetition rule and
/// the search's move-ordering hint ([`Game::move_order_hint`]).
///
/// What only some callers need is in extension traits a game implements in its own folder:
/// how the web page draws it ([`GameView`](crate::games::GameView)), perft's conventions
/// ([`Perft`](crate::games::Perft)), and what it plugs into the search: its named evaluators,
/// database files and default depths ([`Evaluators`](crate::eval::Evaluators)). A game that
/// only wants to be searched implements this trait and `Evaluators` (an empty `impl` will
/// do): `examples/custom_game.rs` is Connect Four in that shape.
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

    /// What a game spec's `key=value` parameters configure (sizes, rule variants), read from
    /// a spec by [`GameConfig::from_spec`]; `()` for a game with one configuration.
    type Config: GameConfig;

    /// The game's name in game specs (`kalah`, `oware`, `ataxx`).
    const NAME: &'static str;

    /// Whether a repeated position ends the game ([`Game::repetition_outcome`]). Searches and
    /// records keep a history of keys only for games where this is `true`.
    const REPETITION_ENDS_GAME: bool = false;

    // The required core: the rules.

    /// The start position of a configuration.
    fn start(config: &Self::Config) -> Result<Self, GameError>;

    /// The seat to move. In Kalah it can be the same seat twice in a row (an extra move).
    fn side_to_move(&self) -> Seat;

    /// Clears `moves` and writes the legal moves in the game's natural order. Empty exactly
    /// when the game is over by the position alone (repetition is judged by the caller's
    /// history). A forced pass is a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be legal here, without checking it: the search's
    /// copy-make. An illegal move gives an unspecified (but memory-safe) position. Of the
    /// three ways to play a move, [`Game::play`] checks and panics, [`Game::try_play`]
    /// checks and answers an error (for untrusted input), and this one does not check.
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// The final result when the game is over by the position alone, else `None`.
    fn outcome(&self) -> Option<Outcome>;

    /// The exact 14-byte key (see each game's documentation for its layout): two positions of
    /// one configuration have the same key exactly when they are the same position.
    fn key(&self) -> Key;

    /// The exact key the search's table files the position under, as a number: [`Game::key`]
    /// ([`Key::to_u128`], 112 bits), the default, unless the game's positions need more
    /// (four-seat Ataxx, 123 bits; the seated search's view adds the root seat and the
    /// algorithm): keys above 112 bits are kept only by the seated search's wide table.
    #[inline]
    fn table_key(&self) -> u128 {
        self.key().to_u128()
    }

    // Provided: configuration.

    /// The configuration of a spec: [`GameConfig::from_spec`] for this game's
    /// [`Game::Config`], so that generic code reads `G::config_from_spec(&spec)`.
    fn config_from_spec(spec: &GameSpec) -> Result<Self::Config, GameError> {
        Self::Config::from_spec(spec)
    }

    /// This position's configuration. The default is [`Default::default`], right for a game
    /// with one configuration.
    fn config(&self) -> Self::Config {
        Self::Config::default()
    }

    // Provided: scores and evaluation.

    /// Each seat's current score as the game counts it (seeds in store, stones on the board):
    /// the totals a finished game is judged by.
    ///
    /// The default knows only the outcome: the winner's score is the margin, every other score
    /// is 0 (so a game still in progress, or drawn, scores `[0, 0]`).
    fn scores(&self) -> [u32; 2] {
        let margin = self.outcome().map_or(0, Outcome::margin);
        [margin.max(0).unsigned_abs(), margin.min(0).unsigned_abs()]
    }

    /// The number of seats at the table. The default is 2; games for more seats (Ataxx with
    /// `players=N`) override it, with [`Game::seat_score`] and [`Game::ranks`].
    fn seat_count(&self) -> usize {
        2
    }

    /// The score of `seat` as [`Game::scores`] counts it, for any seat count. The default
    /// reads [`Game::scores`] (two seats).
    fn seat_score(&self, seat: Seat) -> u32 {
        self.scores()[seat.index() & 1]
    }

    /// Each seat's rank when the game is over by the position (1 is best, equal places share
    /// a rank), `None` while it goes on; entries beyond [`Game::seat_count`] are 0. The
    /// default reads the outcome: the winner 1 and the loser 2, both 1 in a draw.
    fn ranks(&self) -> Option<[u8; Seat::MAX]> {
        let outcome = self.outcome()?;
        Some(match outcome.winner() {
            None => [1, 1, 0, 0],
            Some(winner) if winner.index() == 0 => [1, 2, 0, 0],
            Some(_) => [2, 1, 0, 0],
        })
    }

    /// The game's own static evaluation, from the side to move's point of view (positive is
    /// good for the mover). The search's named evaluators may use other ones. The default is
    /// 0: the search then plays by exact results alone.
    fn evaluate(&self) -> i32 {
        0
    }

    // Provided: notation and keys.

    /// The position a key encodes, in this configuration; an error for a key that no position
    /// encodes to. The default fails with [`GameError::Unsupported`].
    fn from_key(_config: &Self::Config, _key: &Key) -> Result<Self, GameError> {
        Err(GameError::Unsupported {
            game: Self::NAME,
            what: "decoding keys",
        })
    }

    /// Reads a move in the game's notation and checks that it is legal here.
    ///
    /// The default compares `text` (trimmed, ignoring ASCII case) with the `Display` of each
    /// legal move.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() && self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        moves
            .iter()
            .find(|mv| mv.to_string().eq_ignore_ascii_case(text))
            .copied()
            .ok_or_else(|| GameError::MoveSyntax {
                text: text.to_string(),
                reason: format!(
                    "not a legal move here (legal: {})",
                    moves
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            })
    }

    /// Reads a position in the game's notation (FEN, board array, ...) as a record: a start
    /// position and the moves played from it (a Kalah trace is a list of moves), so that
    /// games whose rules depend on history see it. The default fails with
    /// [`GameError::Unsupported`].
    fn parse_position(_config: &Self::Config, _text: &str) -> Result<GameRecord<Self>, GameError> {
        Err(GameError::Unsupported {
            game: Self::NAME,
            what: "reading positions",
        })
    }

    /// The position in the game's notation, readable by [`Game::parse_position`]. The default
    /// is the position's `Display`.
    fn position_text(&self) -> String {
        self.to_string()
    }

    // Provided: search hints and repetition.

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

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The position after `mv`, checked.
    ///
    /// # Panics
    ///
    /// When `mv` is not legal here: a bug in the caller. Use [`Game::try_play`] for moves
    /// from outside, [`Game::play_unchecked`] where the move is known to be legal.
    fn play(&self, mv: Self::Move) -> Self {
        match self.try_play(mv) {
            Ok(next) => next,
            Err(error) => panic!("{mv} cannot be played here: {error}"),
        }
    }

    /// The position after `mv`, or an error (and nothing changed) when `mv` is not legal.
    fn try_play(&self, mv: Self::Move) -> Result<Self, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(GameError::IllegalMove {
                mv: mv.to_string(),
                reason: "not among the legal moves".to_string(),
            })
        }
    }
}
