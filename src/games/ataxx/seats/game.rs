//! Multi-seat Ataxx on the shared [`Game`] trait.

use super::super::fen::read_record;
use super::super::moves::checked_move;
use super::super::{AtaxxConfig, AtaxxMove, MoveKind};
use super::position::Ending;
use super::{AtaxxSeats, SeatsConfig, key, notation};
use crate::games::{Game, GameError, GameRecord, Key, Outcome, Perft, Seat};

impl Game for AtaxxSeats {
    type Move = AtaxxMove;
    type Config = SeatsConfig;

    const NAME: &'static str = "ataxx";

    /// Seat 1 on a7, seat 2 on g7, seat 3 on g1, seat 4 on a1 (two seats: the usual start),
    /// on the configuration's board; an error when a blocker covers a starting corner.
    fn start(config: &SeatsConfig) -> Result<AtaxxSeats, GameError> {
        config.board().check_corners(config)?;
        Ok(AtaxxSeats::start_of(config))
    }

    /// The seat count and this position's blockers.
    fn config(&self) -> SeatsConfig {
        let board = AtaxxConfig::with_blockers(
            super::super::Bitboard::from_bits(self.blockers).unwrap_or_default(),
        );
        SeatsConfig::new(self.players(), board).unwrap_or_default()
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        self.turn()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<AtaxxMove>) {
        moves.clear();
        self.for_each_move(|mv| moves.push(mv));
    }

    #[inline]
    fn play_unchecked(&self, mv: AtaxxMove) -> AtaxxSeats {
        self.apply(mv)
    }

    /// Seat 1's view: its stones minus the best other seat's, or, at the clock limit, 0
    /// while seat 1 holds stones (it shares the draw). With two seats, the two-player game's
    /// outcome; with more, [`AtaxxSeats::ranks`] tells the whole result.
    fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending()?;
        let counts = self.stone_counts();
        let best_other = counts[1..self.players()].iter().copied().max().unwrap_or(0);
        let margin = counts[0] as i32 - best_other as i32;
        Some(match ending {
            Ending::Clock if counts[0] > 0 => Outcome::DRAW,
            _ => Outcome::new(margin),
        })
    }

    /// The stones of seats 1 and 2 ([`Game::seat_score`] has every seat's).
    fn scores(&self) -> [u32; 2] {
        let counts = self.stone_counts();
        [counts[0], counts[1]]
    }

    fn seat_count(&self) -> usize {
        self.players()
    }

    /// The seat's stones.
    fn seat_score(&self, seat: Seat) -> u32 {
        self.stone_counts()[seat.index() % Seat::MAX]
    }

    fn ranks(&self) -> Option<[u8; Seat::MAX]> {
        AtaxxSeats::ranks(self)
    }

    /// The mover's stones minus the best other seat's.
    fn evaluate(&self) -> i32 {
        let counts = self.stone_counts();
        let mover = self.turn().index();
        let best_other = (0..self.players())
            .filter(|&seat| seat != mover)
            .map(|seat| counts[seat])
            .max()
            .unwrap_or(0);
        counts[mover] as i32 - best_other as i32
    }

    /// Two and three seats: the exact 14-byte key (`key` module). Four seats need 16 bytes
    /// ([`AtaxxSeats::wide_key`], what the multi-player search keys its table by); this
    /// returns it folded to 14 bytes, which is **not** exact for four seats.
    #[inline]
    fn key(&self) -> Key {
        if self.players < 4 {
            key::encode(self)
        } else {
            let wide = key::wide(self);
            Key::from_u128((wide & ((1u128 << 112) - 1)) ^ (wide >> 112)).unwrap_or_default()
        }
    }

    /// [`AtaxxSeats::wide_key`]: exact for every seat count.
    #[inline]
    fn table_key(&self) -> u128 {
        key::wide(self)
    }

    /// Two and three seats: the position the key encodes with the configuration's blockers.
    /// Four seats: an error (their exact key is 16 bytes: [`AtaxxSeats::from_wide_key`]).
    fn from_key(config: &SeatsConfig, key: &Key) -> Result<AtaxxSeats, GameError> {
        if config.players() == 4 {
            return Err(GameError::Key(
                "four-seat keys are 16 bytes: use AtaxxSeats::from_wide_key".to_string(),
            ));
        }
        AtaxxSeats::from_wide_key(config, key.to_u128())
    }

    fn parse_move(&self, text: &str) -> Result<AtaxxMove, GameError> {
        checked_move(text.trim(), self.ending().is_some(), |mv| {
            self.illegality(mv)
        })
    }

    /// Reads the notation (or `startpos`), optionally followed by `moves` and moves:
    /// `x5o/7/7/7/7/7/z5y x 0 1 moves b6 g7e5`. Its own blockers count.
    fn parse_position(
        config: &SeatsConfig,
        text: &str,
    ) -> Result<GameRecord<AtaxxSeats>, GameError> {
        read_record(config, text, |board| Ok(notation::parse(config, board)?))
    }

    /// Captures first: a single move `2c + 1`, a double move `2c - 1` for `c` stones taken.
    #[inline]
    fn move_order_hint(&self, mv: AtaxxMove) -> i32 {
        let Some(to) = mv.to() else { return 0 };
        let mover = self.stones[usize::from(self.turn) % Seat::MAX];
        let taken = (super::super::bitboard::SINGLES[to.index()] & self.occupied() & !mover)
            .count_ones() as i32;
        match mv.kind() {
            MoveKind::Single => 2 * taken + 1,
            _ => 2 * taken - 1,
        }
    }

    fn is_legal(&self, mv: AtaxxMove) -> bool {
        self.illegality(mv).is_none()
    }
}

/// The words: a finished position counts as one leaf (the default), a forced pass as
/// one move. (The two-player game follows libataxx, where a game finished before the last ply
/// counts nothing; from the start the two agree for two seats up to depth 6 at least, and
/// differ only below a position that ends the game early.)
impl Perft for AtaxxSeats {
    #[inline]
    fn move_count(&self) -> u64 {
        self.count_moves()
    }
}

impl AtaxxSeats {
    /// The exact key of any seat count as a number: the 14-byte key for 2 and 3 seats, a
    /// 123-bit (16-byte) one for 4 (layouts in the `key` module).
    #[inline]
    pub fn wide_key(&self) -> u128 {
        key::wide(self)
    }

    /// The position of `config` that `key` ([`AtaxxSeats::wide_key`]) encodes; an error for
    /// a number no position encodes to. The fullmove number is 1.
    pub fn from_wide_key(config: &SeatsConfig, key: u128) -> Result<AtaxxSeats, GameError> {
        key::decode(config.players(), config.board().blockers().bits(), key)
    }
}

impl std::fmt::Display for AtaxxSeats {
    /// The notation (`x5o/7/7/7/7/7/z5y x 0 1`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&notation::format(self))
    }
}

impl serde::Serialize for AtaxxSeats {
    /// `{"players": n, "position": "<notation>"}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SerdeForm {
            players: self.players,
            position: self.to_string(),
        }
        .serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for AtaxxSeats {
    /// Reads the serialized form back through the notation's checks.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = SerdeForm::deserialize(deserializer)?;
        let config = SeatsConfig::new(usize::from(form.players), AtaxxConfig::default())
            .map_err(serde::de::Error::custom)?;
        notation::parse(&config, &form.position).map_err(serde::de::Error::custom)
    }
}

/// The serialized form: the seat count and the notation.
#[derive(serde::Serialize, serde::Deserialize)]
struct SerdeForm {
    players: u8,
    position: String,
}
