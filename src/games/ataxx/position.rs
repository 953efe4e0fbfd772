//! The Ataxx position and its rules: move generation, playing a move, the end of the game.
//!
//! The rules are those of libataxx and python-ataxx (kz04px):
//! - a single move clones a stone onto an empty square next to it (diagonals included) and
//!   resets the halfmove clock; a double move jumps a stone to an empty square two steps away,
//!   emptying its square, and increases the clock;
//! - every opponent stone next to the target changes side;
//! - a side with no move while the game goes on must pass (`0000`, its only legal move); a
//!   pass increases the halfmove clock;
//! - the fullmove number grows after `o` (the second player) moves;
//! - the game is over when a side has no stones, when no empty square is within two steps of
//!   any stone, or when the halfmove clock reaches 100. The side with more stones wins,
//!   except that the 50-move rule is a draw whatever the stones when neither of the other two
//!   endings applies.

use super::bitboard::{ALL, DOUBLES, SINGLES, grow, reach};
use super::moves::visit_stone_moves;
use super::{AtaxxMove, Bitboard, Square};
use crate::games::{GameError, Outcome, Seat, identity_by_state};
use serde::{Deserialize, Serialize};

/// The halfmove clock value at which the game is drawn (the 50-move rule).
pub const HALFMOVE_LIMIT: u16 = 100;

/// The largest halfmove clock a position can hold (it is kept in 13 bits of the key). A clock
/// at or above [`HALFMOVE_LIMIT`] already ends the game, so play never gets here.
pub const MAX_HALFMOVE_CLOCK: u16 = (1 << 13) - 1;

/// What occupies a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing: a stone may move here.
    Empty,
    /// A stone of this seat (`x` is [`Seat::FIRST`], `o` is [`Seat::SECOND`]).
    Stone(Seat),
    /// A blocker (a wall, a gap): no stone ever goes here.
    Blocker,
}

/// An Ataxx position: the stones of both sides and the blockers on 7×7 bitboards, the side to
/// move, the halfmove clock and the fullmove number. Small and `Copy`; moves are played by
/// copy-make ([`crate::Game::play`]).
///
/// The fullmove number only counts moves for the notation; it never changes what can happen,
/// so equality, hashing and the [key](crate::Game::key) ignore it.
///
/// Its `Display` is a board with file and rank labels; its serde form is its FEN, checked when
/// read back.
///
/// ```
/// use ponder::games::ataxx::Ataxx;
/// use ponder::{Game, Seat};
/// let start = Ataxx::start(&Default::default()).unwrap();
/// assert_eq!(start.position_text(), "x5o/7/7/7/7/7/o5x x 0 1");
/// let mut moves = Vec::new();
/// start.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 16);
/// let next = start.play(start.parse_move("f2").unwrap());
/// assert_eq!(next.scores(), [3, 2]);
/// assert_eq!(next.side_to_move(), Seat::SECOND);
/// ```
#[derive(Copy, Clone, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Ataxx {
    /// The stones of the side to move.
    us: u64,
    /// The stones of the other side.
    them: u64,
    /// The blocked squares.
    blockers: u64,
    /// Plies since the last single move.
    halfmove: u16,
    /// The side to move: 0 for `x`, 1 for `o`.
    turn: u8,
    /// The FEN's fullmove number: 1 at the start, one more after each move of `o`.
    fullmove: u32,
}

identity_by_state!(Ataxx);

impl Ataxx {
    /// A position from its parts; an error when two sets overlap or the halfmove clock is above
    /// [`MAX_HALFMOVE_CLOCK`].
    ///
    /// ```
    /// use ponder::games::ataxx::{Ataxx, Bitboard};
    /// use ponder::Seat;
    /// let x = Bitboard::from_bits(1 << 42).unwrap(); // a7
    /// let o = Bitboard::from_bits(1 << 6).unwrap(); // g1
    /// let position = Ataxx::new(x, o, Bitboard::EMPTY, Seat::FIRST, 0, 1).unwrap();
    /// assert_eq!(position.to_fen(), "x6/7/7/7/7/7/6o x 0 1");
    /// assert!(Ataxx::new(x, x, Bitboard::EMPTY, Seat::FIRST, 0, 1).is_err());
    /// ```
    pub fn new(
        x: Bitboard,
        o: Bitboard,
        blockers: Bitboard,
        side_to_move: Seat,
        halfmove_clock: u16,
        fullmove_number: u32,
    ) -> Result<Ataxx, GameError> {
        let (x, o, blockers) = (x.bits(), o.bits(), blockers.bits());
        let overlap = (x & o) | (x & blockers) | (o & blockers);
        if overlap != 0 {
            let square = Square::from_index(overlap.trailing_zeros() as u8);
            return Err(GameError::Position(format!(
                "{} holds two things at once",
                square.map_or_else(String::new, |s| s.to_string())
            )));
        }
        if halfmove_clock > MAX_HALFMOVE_CLOCK {
            return Err(GameError::Position(format!(
                "halfmove clock {halfmove_clock} is above {MAX_HALFMOVE_CLOCK}"
            )));
        }
        Ok(Ataxx::from_parts(
            x,
            o,
            blockers,
            side_to_move,
            halfmove_clock,
            fullmove_number,
        ))
    }

    /// A position from parts the caller has checked: disjoint sets inside the board, a clock
    /// of at most [`MAX_HALFMOVE_CLOCK`].
    pub(crate) fn from_parts(
        x: u64,
        o: u64,
        blockers: u64,
        side_to_move: Seat,
        halfmove_clock: u16,
        fullmove_number: u32,
    ) -> Ataxx {
        let turn = side_to_move.index() as u8;
        let (us, them) = if turn == 0 { (x, o) } else { (o, x) };
        Ataxx {
            us,
            them,
            blockers,
            halfmove: halfmove_clock,
            turn,
            fullmove: fullmove_number,
        }
    }

    /// The start position with these blockers: `x` on a7 and g1, `o` on g7 and a1, `x` to
    /// move. The caller keeps the corners free.
    pub(crate) fn start_with_blockers(blockers: u64) -> Ataxx {
        const A1: u64 = 1;
        const G1: u64 = 1 << 6;
        const A7: u64 = 1 << 42;
        const G7: u64 = 1 << 48;
        Ataxx {
            us: A7 | G1,
            them: G7 | A1,
            blockers: blockers & ALL & !(A1 | G1 | A7 | G7),
            halfmove: 0,
            turn: 0,
            fullmove: 1,
        }
    }

    /// What decides the future: both sides' stones, the blockers, the side and the clock.
    fn state(&self) -> (u64, u64, u64, u8, u16) {
        (self.us, self.them, self.blockers, self.turn, self.halfmove)
    }

    /// The seat to move.
    #[inline]
    pub fn turn(&self) -> Seat {
        Seat::new(self.turn as usize)
    }

    /// The stones of `seat`.
    #[inline]
    pub fn stones(&self, seat: Seat) -> Bitboard {
        Bitboard::from_bits(self.stone_bits(seat)).unwrap_or_default()
    }

    #[inline]
    pub(crate) fn stone_bits(&self, seat: Seat) -> u64 {
        if seat.index() == self.turn as usize {
            self.us
        } else {
            self.them
        }
    }

    /// The blocked squares.
    pub fn blockers(&self) -> Bitboard {
        Bitboard::from_bits(self.blockers).unwrap_or_default()
    }

    /// The empty squares.
    pub fn empty(&self) -> Bitboard {
        Bitboard::from_bits(self.empty_bits()).unwrap_or_default()
    }

    /// What is on `square`.
    pub fn cell(&self, square: Square) -> Cell {
        let bit = 1u64 << square.index();
        if self.blockers & bit != 0 {
            Cell::Blocker
        } else if self.us & bit != 0 {
            Cell::Stone(self.turn())
        } else if self.them & bit != 0 {
            Cell::Stone(self.turn().opponent())
        } else {
            Cell::Empty
        }
    }

    /// Plies since the last single move (the 50-move rule draws at 100).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The fullmove number: 1 at the start, one more after each move of `o`.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// This position with another fullmove number (it changes nothing else).
    pub fn with_fullmove_number(mut self, fullmove_number: u32) -> Ataxx {
        self.fullmove = fullmove_number;
        self
    }

    /// Whether the side to move has no move but the game goes on: its only move is the pass.
    pub fn must_pass(&self) -> bool {
        !self.finished_by_rule()
            && reach(self.us) & self.empty_bits() == 0
            && reach(self.them) & self.empty_bits() != 0
    }

    /// The empty squares' bits.
    #[inline(always)]
    pub(crate) fn empty_bits(&self) -> u64 {
        ALL & !(self.us | self.them | self.blockers)
    }

    /// The endings that need no move generation: the 50-move rule, a side without stones.
    #[inline(always)]
    fn finished_by_rule(&self) -> bool {
        self.halfmove >= HALFMOVE_LIMIT || self.us == 0 || self.them == 0
    }

    /// The stone counts of `x` and `o`.
    #[inline]
    pub(crate) fn stone_counts(&self) -> [u32; 2] {
        let (us, them) = (self.us.count_ones(), self.them.count_ones());
        if self.turn == 0 {
            [us, them]
        } else {
            [them, us]
        }
    }

    /// The stones of the side to move minus the other side's.
    #[inline]
    pub(crate) fn stone_difference(&self) -> i32 {
        self.us.count_ones() as i32 - self.them.count_ones() as i32
    }

    /// How many opponent stones `mv` turns over.
    #[inline]
    pub(crate) fn captures(&self, mv: AtaxxMove) -> u32 {
        if mv.is_pass() {
            0
        } else {
            (SINGLES[usize::from(mv.to & 63)] & self.them).count_ones()
        }
    }

    /// The result when the game is over, else `None` (see the module documentation).
    pub(crate) fn result(&self) -> Option<Outcome> {
        let locked = reach(self.us | self.them) & self.empty_bits() == 0;
        if locked || self.us == 0 || self.them == 0 {
            let [x, o] = self.stone_counts();
            Some(Outcome::new(x as i32 - o as i32))
        } else if self.halfmove >= HALFMOVE_LIMIT {
            Some(Outcome::DRAW)
        } else {
            None
        }
    }

    /// Writes the legal moves into `moves` (cleared first), in the order of
    /// [`Ataxx::for_each_move`].
    #[inline]
    pub(crate) fn generate(&self, moves: &mut Vec<AtaxxMove>) {
        moves.clear();
        self.for_each_move(|mv| moves.push(mv));
    }

    /// Calls `visit` with each legal move: single moves by target square (a1 to g7), then
    /// double moves by source and target; the pass alone when nothing else is legal but the
    /// opponent can move; nothing when the game is over.
    #[inline(always)]
    pub(crate) fn for_each_move(&self, mut visit: impl FnMut(AtaxxMove)) {
        if self.finished_by_rule() {
            return;
        }
        let empty = self.empty_bits();
        let any = visit_stone_moves(self.us, empty, &mut visit);
        if !any && reach(self.them) & empty != 0 {
            visit(AtaxxMove::PASS);
        }
    }

    /// The number of legal moves, by bit counts (libataxx's bulk count): the single-move
    /// targets, plus each stone's double-move targets, or 1 for a forced pass, or 0 when the
    /// game is over.
    ///
    /// A build for baseline x86-64 has no popcount instruction, and counting bits by
    /// arithmetic makes perft about 1.6 times slower; so on x86-64 this checks once per call
    /// (a cached flag) whether the CPU has one and then runs a copy compiled to use it.
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        {
            if std::arch::is_x86_feature_detected!("popcnt") {
                // SAFETY: the CPU has the popcnt instruction, checked just above.
                return unsafe { self.count_moves_popcnt() };
            }
        }
        self.count_moves_portable()
    }

    /// [`Ataxx::count_moves`] compiled with the popcnt instruction.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_moves_popcnt(&self) -> u64 {
        self.count_moves_portable()
    }

    /// [`Ataxx::count_moves`] with whatever popcount the build targets (a few instructions
    /// of bit arithmetic on a baseline x86-64, the popcnt instruction when enabled).
    #[inline(always)]
    pub(crate) fn count_moves_portable(&self) -> u64 {
        if self.finished_by_rule() {
            return 0;
        }
        let empty = self.empty_bits();
        let mut count = (grow(self.us) & empty).count_ones();
        let mut sources = self.us;
        while sources != 0 {
            let from = sources.trailing_zeros();
            sources &= sources - 1;
            count += (DOUBLES[(from & 63) as usize] & empty).count_ones();
        }
        if count == 0 {
            u64::from(reach(self.them) & empty != 0)
        } else {
            u64::from(count)
        }
    }

    /// The position after `mv`, which must be legal here (an illegal one gives a position
    /// that may break the rules, never a panic).
    #[inline(always)]
    pub(crate) fn apply(&self, mv: AtaxxMove) -> Ataxx {
        let fullmove = self.fullmove.wrapping_add(u32::from(self.turn));
        let clock = (self.halfmove + 1).min(MAX_HALFMOVE_CLOCK);
        if mv.is_pass() {
            return Ataxx {
                us: self.them,
                them: self.us,
                blockers: self.blockers,
                halfmove: clock,
                turn: self.turn ^ 1,
                fullmove,
            };
        }
        let to = u32::from(mv.to & 63);
        let from = u32::from(mv.from & 63);
        let captured = SINGLES[(to & 63) as usize] & self.them;
        let moved = ((1u64 << from) | (1u64 << to)) & ALL;
        Ataxx {
            us: self.them ^ captured,
            them: (self.us ^ moved) | captured,
            blockers: self.blockers,
            halfmove: if from == to { 0 } else { clock },
            turn: self.turn ^ 1,
            fullmove,
        }
    }

    /// Why `mv` is not legal here, or `None` when it is.
    pub(crate) fn illegality(&self, mv: AtaxxMove) -> Option<String> {
        let side = side_name(self.turn());
        let empty = self.empty_bits();
        let must_pass = self.must_pass();
        let Some(to) = mv.to() else {
            return (!must_pass).then(|| {
                format!(
                    "{side} has {} other legal moves; a pass is legal only without one",
                    self.count_moves()
                )
            });
        };
        if must_pass {
            return Some(format!("{side} has no move and must pass (0000)"));
        }
        let target = 1u64 << to.index();
        if empty & target == 0 {
            let what = match self.cell(to) {
                Cell::Blocker => "a blocker".to_string(),
                Cell::Stone(seat) => format!("a {} stone", side_name(seat)),
                Cell::Empty => "empty".to_string(),
            };
            return Some(format!("{to} holds {what}"));
        }
        match mv.from() {
            None if SINGLES[to.index()] & self.us == 0 => {
                Some(format!("no {side} stone is next to {to}"))
            }
            Some(from) if self.us & (1u64 << from.index()) == 0 => {
                Some(format!("{from} holds no {side} stone"))
            }
            _ => None,
        }
    }
}

/// `x` for the first seat, `o` for the second.
pub(crate) fn side_name(seat: Seat) -> &'static str {
    if seat.index() == 0 { "x" } else { "o" }
}
