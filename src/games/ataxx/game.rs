//! Ataxx on the shared [`Game`] trait.

use super::{Ataxx, AtaxxConfig, AtaxxMove, MoveKind, fen, key};
use crate::games::{Game, GameError, GameRecord, Key, Outcome, Seat, serde_as_text};

impl Game for Ataxx {
    type Move = AtaxxMove;
    type Config = AtaxxConfig;

    const NAME: &'static str = "ataxx";

    /// The standard start (`x` on a7 and g1, `o` on g7 and a1, `x` to move) on the
    /// configuration's board; an error when a blocker covers a starting corner.
    fn start(config: &AtaxxConfig) -> Result<Ataxx, GameError> {
        config.check_corners(config)?;
        Ok(Ataxx::start_with_blockers(config.blockers().bits()))
    }

    /// The blockers of this position.
    fn config(&self) -> AtaxxConfig {
        AtaxxConfig::with_blockers(self.blockers())
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        self.turn()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<AtaxxMove>) {
        self.generate(moves);
    }

    #[inline]
    fn play_unchecked(&self, mv: AtaxxMove) -> Ataxx {
        self.apply(mv)
    }

    /// Over when a side has no stones or no empty square is within reach of any stone (the
    /// margin is `x`'s stones minus `o`'s), or else when the halfmove clock is 100 or more (a
    /// draw whatever the stones).
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    /// The stones of `x` and `o`.
    #[inline]
    fn scores(&self) -> [u32; 2] {
        self.stone_counts()
    }

    /// The mover's stones minus the opponent's: the margin the game is judged by, in the same
    /// units as [`Outcome`].
    #[inline]
    fn evaluate(&self) -> i32 {
        self.stone_difference()
    }

    /// The Pookie Pookie board: 2 bits a square, 14 bits a row in a 16-bit word, 7 rows, the
    /// side to move and the halfmove clock in the 14 spare bits (`src/games/ataxx/key.rs`).
    #[inline]
    fn key(&self) -> Key {
        key::encode(self)
    }

    /// The key holds the blockers, so every configuration reads every key; any 14 bytes are
    /// some position's key. The fullmove number, which keys leave out, is 1.
    fn from_key(_config: &AtaxxConfig, key: &Key) -> Result<Ataxx, GameError> {
        Ok(key::decode(key))
    }

    fn parse_move(&self, text: &str) -> Result<AtaxxMove, GameError> {
        super::moves::checked_move(text, self.outcome().is_some(), |mv| self.illegality(mv))
    }

    /// Reads a FEN (or `startpos`, the configuration's start), optionally followed by
    /// `moves` and moves in UAI notation, as in the UAI `position` command:
    /// `x5o/7/7/7/7/7/o5x x 0 1 moves g2 a7c5`. The FEN's own blockers count, whatever the
    /// configuration's.
    fn parse_position(config: &AtaxxConfig, text: &str) -> Result<GameRecord<Ataxx>, GameError> {
        fen::read_record(config, text, |fen_text| Ok(fen::parse_fen(fen_text)?))
    }

    fn position_text(&self) -> String {
        self.to_fen()
    }

    /// The change in stone difference for the mover: a single move gains its clone and each
    /// capture twice (2c + 1); a double move is scored one lower (2c - 1), as it leaves a hole
    /// (the Pookie Pookie rule of thumb).
    #[inline]
    fn move_order_hint(&self, mv: AtaxxMove) -> i32 {
        let captures = self.captures(mv) as i32;
        match mv.kind() {
            MoveKind::Single => 2 * captures + 1,
            MoveKind::Double => 2 * captures - 1,
            MoveKind::Pass => 0,
        }
    }

    fn is_legal(&self, mv: AtaxxMove) -> bool {
        self.outcome().is_none() && self.illegality(mv).is_none()
    }
}

// Serialized as its FEN.
serde_as_text!(Ataxx, |position| position.to_fen());

impl std::str::FromStr for Ataxx {
    type Err = GameError;

    /// Reads a FEN (or `startpos`).
    fn from_str(text: &str) -> Result<Ataxx, GameError> {
        Ok(fen::parse_fen(text)?)
    }
}

impl Ataxx {
    /// The FEN, as libataxx and python-ataxx write it.
    pub fn to_fen(&self) -> String {
        fen::format_fen(self)
    }
}
