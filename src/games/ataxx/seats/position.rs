//! The multi-seat position and its rules: generation, playing a move, the end of the game.
//!
//! As the two-player game (`super::super::position`), for 2 to 4 seats moving in seat order:
//! - a single move clones a stone onto an empty square next to it and resets the halfmove
//!   clock; a double move jumps a stone two steps, emptying its square, and increases the
//!   clock; every stone of every other seat next to the target becomes the mover's;
//! - after a move the turn goes to the next seat in order that has stones (a seat without
//!   stones is out and skipped); when no other seat has stones, to the next seat, as in the
//!   two-player game (the game is then over);
//! - a seat with stones and no move must pass (`0000`, its only move), which increases the
//!   clock;
//! - the game is over when at most one seat has stones or no empty square is within two
//!   steps of any stone (ranked by stones), or else when the clock reaches 100 (the seats
//!   still holding stones share a draw).
//!
//! The fullmove number grows each time the turn wraps round to an earlier seat (with two
//! seats: after `o` moves, as in the two-player game).

use super::super::AtaxxMove;
use super::super::bitboard::{ALL, DOUBLES, SINGLES, grow, reach};
use super::super::moves::visit_stone_moves;
use super::SeatsConfig;
use crate::games::{Seat, competition_ranks, identity_by_state};

/// The seats' letters, seat 1 first.
pub const SEAT_LETTERS: [char; Seat::MAX] = ['x', 'o', 'y', 'z'];

/// The letter of `seat`.
pub fn seat_letter(seat: Seat) -> char {
    SEAT_LETTERS[seat.index() % Seat::MAX]
}

/// The halfmove clock value at which the game is drawn.
pub const SEATS_HALFMOVE_LIMIT: u8 = 100;

/// a1, g1, a7, g7 as bits.
const A1: u64 = 1;
const G1: u64 = 1 << 6;
const A7: u64 = 1 << 42;
const G7: u64 = 1 << 48;

/// An Ataxx position for 2 to 4 seats: each seat's stones and the blockers on 7×7
/// bitboards, the seat to move, the halfmove clock and the fullmove number. Small and `Copy`,
/// played by copy-make.
///
/// The fullmove number only counts moves for the notation: equality, hashing and the keys
/// ignore it. `Display` writes the notation (`super::notation`); serde uses it too.
///
/// ```
/// use ponder::games::ataxx::seats::{AtaxxSeats, SeatsConfig};
/// use ponder::{Game, GameSpec, Seat};
/// let config = AtaxxSeats::config_from_spec(&"ataxx:players=3".parse().unwrap()).unwrap();
/// let start = AtaxxSeats::start(&config).unwrap();
/// assert_eq!(start.to_string(), "x5o/7/7/7/7/7/6y x 0 1");
/// let next = start.play(start.parse_move("b6").unwrap());
/// assert_eq!(next.side_to_move(), Seat::SECOND);
/// assert_eq!(next.stone_counts(), [2, 1, 1, 0]);
/// ```
#[derive(Copy, Clone)]
pub struct AtaxxSeats {
    /// The stones of each seat (unused seats hold none).
    pub(super) stones: [u64; Seat::MAX],
    /// The blocked squares.
    pub(super) blockers: u64,
    /// Plies since the last single move, at most [`SEATS_HALFMOVE_LIMIT`].
    pub(super) halfmove: u8,
    /// The seat to move.
    pub(super) turn: u8,
    /// The number of seats.
    pub(super) players: u8,
    /// The notation's fullmove number.
    pub(super) fullmove: u32,
}

identity_by_state!(AtaxxSeats);

impl std::fmt::Debug for AtaxxSeats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AtaxxSeats({self})")
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// At most one seat has stones, or no stone can move: ranked by stones.
    Stones,
    /// The halfmove clock reached 100: the seats holding stones share a draw.
    Clock,
}

impl AtaxxSeats {
    /// The start of `config`: seat 1 on a7, seat 2 on g7, seat 3 on g1, seat 4 on a1; with
    /// two seats the usual start (seat 1 on a7 and g1, seat 2 on g7 and a1). Seat 1 moves.
    pub(super) fn start_of(config: &SeatsConfig) -> AtaxxSeats {
        let stones = match config.players() {
            2 => [A7 | G1, G7 | A1, 0, 0],
            3 => [A7, G7, G1, 0],
            _ => [A7, G7, G1, A1],
        };
        AtaxxSeats {
            stones,
            blockers: config.board().blockers().bits() & ALL & !(A1 | G1 | A7 | G7),
            halfmove: 0,
            turn: 0,
            players: config.players() as u8,
            fullmove: 1,
        }
    }

    /// What decides the future: stones, blockers, seat to move, clock, seat count.
    fn state(&self) -> ([u64; Seat::MAX], u64, u8, u8, u8) {
        (
            self.stones,
            self.blockers,
            self.turn,
            self.halfmove,
            self.players,
        )
    }

    /// The number of seats.
    #[inline]
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The seat to move.
    #[inline]
    pub fn turn(&self) -> Seat {
        Seat::new(usize::from(self.turn))
    }

    /// The stones of `seat` as bits (`a1` = bit 0 .. `g7` = bit 48).
    #[inline]
    pub fn stone_bits(&self, seat: Seat) -> u64 {
        self.stones[seat.index()]
    }

    /// The blocked squares' bits.
    #[inline]
    pub fn blocker_bits(&self) -> u64 {
        self.blockers
    }

    /// Plies since the last single move (the game is drawn at 100).
    pub fn halfmove_clock(&self) -> u8 {
        self.halfmove
    }

    /// The fullmove number: 1 at the start, one more each time the turn wraps round.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The stone count of each seat (0 for seats beyond [`AtaxxSeats::players`]).
    #[inline]
    pub fn stone_counts(&self) -> [u32; Seat::MAX] {
        self.stones.map(u64::count_ones)
    }

    /// All stones of every seat.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1] | self.stones[2] | self.stones[3]
    }

    /// The empty squares' bits.
    #[inline(always)]
    pub(crate) fn empty_bits(&self) -> u64 {
        ALL & !(self.occupied() | self.blockers)
    }

    /// How many seats still have stones.
    #[inline]
    pub fn seats_in_play(&self) -> usize {
        self.stones.iter().filter(|&&s| s != 0).count()
    }

    /// How the game ended, or `None` while it goes on.
    #[inline]
    pub fn ending(&self) -> Option<Ending> {
        if self.seats_in_play() <= 1 || reach(self.occupied()) & self.empty_bits() == 0 {
            Some(Ending::Stones)
        } else if self.halfmove >= SEATS_HALFMOVE_LIMIT {
            Some(Ending::Clock)
        } else {
            None
        }
    }

    /// Each seat's rank when the game is over (1 is best; equal stones share a rank, the next
    /// rank skips as many places as share: stones 9, 9, 4 rank 1, 1, 3). At the clock limit
    /// every seat holding stones ranks 1 and the others share the next rank. `None` while the
    /// game goes on. Only the first [`AtaxxSeats::players`] entries are meaningful (0 beyond).
    pub fn ranks(&self) -> Option<[u8; Seat::MAX]> {
        let ending = self.ending()?;
        let mut standing = self.stone_counts();
        // What the ranks are decided by: the stones, or only whether a seat holds any.
        if ending == Ending::Clock {
            standing = standing.map(|stones| u32::from(stones > 0));
        }
        Some(competition_ranks(&standing[..self.players()], |_| true))
    }

    /// The seat after `seat` in order that has stones, else the seat right after it.
    #[inline(always)]
    fn next_turn(&self, stones: &[u64; Seat::MAX], seat: usize) -> usize {
        let players = self.players();
        let mut next = seat;
        for _ in 1..players {
            next = if next + 1 == players { 0 } else { next + 1 };
            if stones[next] != 0 {
                return next;
            }
        }
        if seat + 1 == players { 0 } else { seat + 1 }
    }

    /// Calls `visit` with each legal move: single moves by target square (a1 to g7), then
    /// double moves by source and target; the pass alone when the seat to move has no move
    /// but the game goes on; nothing when the game is over. (The two-player game's order.)
    #[inline(always)]
    pub(crate) fn for_each_move(&self, mut visit: impl FnMut(AtaxxMove)) {
        if self.ending().is_some() {
            return;
        }
        let us = self.stones[usize::from(self.turn)];
        if !visit_stone_moves(us, self.empty_bits(), &mut visit) {
            visit(AtaxxMove::PASS);
        }
    }

    /// The number of legal moves by bit counts: the single-move targets plus each stone's
    /// double-move targets, or 1 for a forced pass, or 0 when the game is over.
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        if self.ending().is_some() {
            return 0;
        }
        let us = self.stones[usize::from(self.turn)];
        let empty = self.empty_bits();
        let mut count = (grow(us) & empty).count_ones();
        let mut sources = us;
        while sources != 0 {
            let from = sources.trailing_zeros();
            sources &= sources - 1;
            count += (DOUBLES[(from & 63) as usize] & empty).count_ones();
        }
        u64::from(count.max(1))
    }

    /// The position after `mv`, which must be legal here (an illegal one gives a position
    /// that may break the rules, never a panic).
    #[inline(always)]
    pub(crate) fn apply(&self, mv: AtaxxMove) -> AtaxxSeats {
        let mover = usize::from(self.turn) % Seat::MAX;
        let mut stones = self.stones;
        let mut halfmove = self.halfmove.saturating_add(1);
        if !mv.is_pass() {
            let to = u32::from(mv.to & 63);
            let from = u32::from(mv.from & 63);
            let around = SINGLES[to as usize];
            let mut captured = 0;
            for (seat, bits) in stones.iter_mut().enumerate() {
                if seat != mover {
                    captured |= *bits & around;
                    *bits &= !around;
                }
            }
            let moved = ((1u64 << from) | (1u64 << to)) & ALL;
            stones[mover] = (stones[mover] ^ moved) | captured;
            if from == to {
                halfmove = 0;
            }
        }
        let next = self.next_turn(&stones, mover);
        AtaxxSeats {
            stones,
            blockers: self.blockers,
            halfmove: halfmove.min(SEATS_HALFMOVE_LIMIT),
            turn: next as u8,
            players: self.players,
            fullmove: self
                .fullmove
                .wrapping_add(u32::from(next <= mover && self.players > 1)),
        }
    }

    /// Why `mv` is not legal here, or `None` when it is.
    pub(crate) fn illegality(&self, mv: AtaxxMove) -> Option<String> {
        if self.ending().is_some() {
            return Some("the game is over".to_string());
        }
        let side = seat_letter(self.turn());
        let moves = self.count_moves();
        let us = self.stones[usize::from(self.turn)];
        let empty = self.empty_bits();
        let must_pass = reach(us) & empty == 0;
        let Some(to) = mv.to() else {
            return (!must_pass).then(|| {
                format!("{side} has {moves} other legal moves; a pass is legal only without one")
            });
        };
        if must_pass {
            return Some(format!("{side} has no move and must pass (0000)"));
        }
        let target = 1u64 << to.index();
        if empty & target == 0 {
            return Some(format!("{to} is not empty"));
        }
        match mv.from() {
            None if SINGLES[to.index()] & us == 0 => {
                Some(format!("no {side} stone is next to {to}"))
            }
            Some(from) if us & (1u64 << from.index()) == 0 => {
                Some(format!("{from} holds no {side} stone"))
            }
            _ => None,
        }
    }
}
