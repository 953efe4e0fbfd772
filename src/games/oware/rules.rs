//! The rules: sowing, capturing, the feeding rule and the ends of the game, for both rule
//! sets. The sowing and capture primitives work on a bare board so that the endgame database
//! shares them.

use super::config::Rules;
use super::moves::OwareMove;
use super::position::{Oware, Pits};
use super::swar;
use crate::games::Seat;

/// Sows the seeds of `origin` counter-clockwise over a board of `pits` pits, skipping the
/// origin on laps; returns the pit the last seed fell into (`origin` itself when it was
/// empty).
#[inline(always)]
pub(crate) fn sow(board: &mut Pits, pits: usize, origin: usize) -> usize {
    let mut hand = usize::from(board[origin]);
    board[origin] = 0;
    let lap = pits - 1;
    if pits <= swar::LANES {
        let mut lanes = swar::to_lanes(board);
        if hand >= lap {
            // Every other pit gets one seed a lap (no byte overflows: the game has at most
            // 255 seeds).
            lanes += swar::all_but(origin, pits) * (hand / lap) as u128;
            hand %= lap;
            if hand == 0 {
                swar::write_lanes(board, lanes);
                return if origin == 0 { lap } else { origin - 1 };
            }
        }
        // Fewer than `pits - 1` seeds left: a run after the origin, which it never reaches.
        let start = if origin + 1 == pits { 0 } else { origin + 1 };
        lanes += swar::ring_ones(start, hand, pits);
        swar::write_lanes(board, lanes);
        let last = origin + hand;
        return if last >= pits { last - pits } else { last };
    }
    if hand >= lap {
        let laps = (hand / lap) as u8;
        for (index, pit) in board.iter_mut().take(pits).enumerate() {
            if index != origin {
                *pit += laps;
            }
        }
        hand %= lap;
        if hand == 0 {
            return if origin == 0 { lap } else { origin - 1 };
        }
    }
    let mut pit = origin;
    for _ in 0..hand {
        pit += 1;
        if pit == pits {
            pit = 0;
        }
        board[pit] += 1;
    }
    pit
}

/// The capture chain ending at `last` inside the row `[row_start, row_start + houses)`: the
/// seeds in the consecutive houses from `last` backwards that hold 2 or 3, and the first
/// house after the chain going backwards (the chain is `first..=last`, empty when
/// `first > last`).
#[inline(always)]
pub(crate) fn capture_chain(board: &Pits, row_start: usize, last: usize) -> (u32, usize) {
    let mut taken = 0u32;
    let mut first = last + 1;
    while first > row_start {
        let seeds = board[first - 1];
        if seeds != 2 && seeds != 3 {
            break;
        }
        taken += u32::from(seeds);
        first -= 1;
    }
    (taken, first)
}

/// Sum of a row of houses.
#[inline(always)]
pub(crate) fn row_sum(board: &Pits, start: usize, houses: usize) -> u32 {
    board[start..start + houses]
        .iter()
        .map(|&s| u32::from(s))
        .sum()
}

/// Plays the mover's house `index` on `board` (mover's row at `mover_start`, opponent's at
/// `opponent_start`), capturing as `rules` say; returns the seeds captured.
///
/// Under [`Rules::Abapa`] a capture that would take every seed of the opponent's row (a grand
/// slam) takes nothing; under [`Rules::Awari`] it counts (the feeding rule decides whether the
/// move is allowed).
#[inline(always)]
pub(crate) fn sow_and_capture(
    board: &mut Pits,
    houses: usize,
    mover_start: usize,
    opponent_start: usize,
    index: usize,
    rules: Rules,
) -> u32 {
    let pits = 2 * houses;
    let last = sow(board, pits, mover_start + index);
    // One well-predicted branch: most moves capture nothing. (`s | 1 == 3` is `s` in {2, 3}.)
    let in_opponent_row = last.wrapping_sub(opponent_start) < houses;
    if !(in_opponent_row & (board[last] | 1 == 3)) {
        return 0;
    }
    let (taken, first) = capture_chain(board, opponent_start, last);
    if rules == Rules::Abapa && taken == row_sum(board, opponent_start, houses) {
        return 0; // grand slam: legal, captures nothing
    }
    for pit in &mut board[first..=last] {
        *pit = 0;
    }
    taken
}

/// How a game ended, as far as the position alone tells (a repetition needs the history:
/// see [`crate::GameRecord::outcome`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Abapa only: a player has captured more than half the seeds, or both exactly half.
    Majority,
    /// The side to move has no legal move: no seeds, or (Abapa) an opponent without seeds and
    /// no move that reaches them.
    NoMoves,
    /// The position repeats one since the last capture.
    Repetition,
}

impl End {
    /// The name used in the reference game records: `majority`, `no_moves`, `repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            End::Majority => "majority",
            End::NoMoves => "no_moves",
            End::Repetition => "repetition",
        }
    }
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Oware {
    /// The start of the mover's row and of the opponent's in [`Oware::board`].
    #[inline]
    fn rows_start(&self) -> (usize, usize) {
        let houses = self.config.houses();
        let mine = usize::from(self.side) * houses;
        (mine, houses - mine)
    }

    /// The position after the mover sows house `index` (no legality check; an index past the
    /// row or an empty house leaves the board as it is and passes the turn).
    #[inline]
    pub(crate) fn sown(&self, index: usize) -> Oware {
        // Standard Oware gets its own copy of the code with the board size folded in.
        if self.config.houses() == 6 {
            self.sown_on(6, index)
        } else {
            self.sown_on(self.config.houses(), index)
        }
    }

    /// [`Oware::sown`] for a board of `houses` houses a side.
    #[inline(always)]
    fn sown_on(&self, houses: usize, index: usize) -> Oware {
        let mut next = *self;
        if index < houses {
            let mine = usize::from(self.side) * houses;
            let theirs = houses - mine;
            let taken = sow_and_capture(
                &mut next.pits,
                houses,
                mine,
                theirs,
                index,
                self.config.rules(),
            );
            // At most the total, which fits a byte.
            next.captured[usize::from(self.side)] += taken as u8;
        }
        next.side ^= 1;
        next
    }

    /// Whether the game is over by majority: Abapa only, a player has more than half the
    /// seeds, or both exactly half.
    #[inline]
    pub fn majority_reached(&self) -> bool {
        if self.config.rules() != Rules::Abapa {
            return false;
        }
        // Half the seeds is houses × seeds; both at half means the board is empty.
        let half = u32::from(self.config.half_seeds());
        let [first, second] = self.captured.map(u32::from);
        first.max(second) > half || first + second == 2 * half
    }

    /// Abapa's legal moves as a set of house indices (bit `i` for house `i`), the majority
    /// end aside: the non-empty houses, or, when the opponent has no seeds, those whose seeds
    /// reach the opponent's row.
    #[inline(always)]
    fn abapa_moves(&self) -> u32 {
        if self.config.houses() == 6 {
            self.abapa_moves_on(6)
        } else {
            self.abapa_moves_on(self.config.houses())
        }
    }

    /// [`Oware::abapa_moves`] for a board of `houses` houses a side.
    #[inline(always)]
    fn abapa_moves_on(&self, houses: usize) -> u32 {
        let mine = usize::from(self.side) * houses;
        let theirs = houses - mine;
        if 2 * houses <= swar::LANES && swar::row(&self.pits, theirs, houses) != 0 {
            let own = swar::nonzero_bytes(swar::row(&self.pits, mine, houses));
            return swar::byte_flags_to_bits(own);
        }
        let starving = row_sum(&self.pits, theirs, houses) == 0;
        let mut set = 0u32;
        for index in 0..houses {
            let seeds = usize::from(self.pits[mine + index]);
            // With an empty opponent, only a move reaching their row is allowed.
            if seeds > 0 && (!starving || seeds >= houses - index) {
                set |= 1 << index;
            }
        }
        set
    }

    /// Writes the legal moves (cleared first) in house order; none when the game is over.
    #[inline]
    pub(crate) fn generate(&self, moves: &mut Vec<OwareMove>) {
        moves.clear();
        let mut set = self.move_set();
        while set != 0 {
            moves.push(OwareMove::new(set.trailing_zeros() as u8));
            set &= set - 1;
        }
    }

    /// Awari's legal moves as a set of house indices: the moves that leave the opponent a
    /// seed, or every move when none does.
    fn awari_moves(&self) -> u32 {
        let houses = self.config.houses();
        let (mine, theirs) = self.rows_start();
        // An opponent's house of 3 seeds or more is never captured (sown into it holds 4 or
        // more; captured houses are all sown into), so no move can starve the opponent and
        // every non-empty house may be played.
        let opponent = &self.pits[theirs..theirs + houses];
        if opponent.iter().any(|&seeds| seeds >= 3) {
            let own = &self.pits[mine..mine + houses];
            return own
                .iter()
                .enumerate()
                .filter(|&(_, &seeds)| seeds > 0)
                .fold(0, |set, (index, _)| set | 1 << index);
        }
        let mut feeding = 0u32;
        let mut all = 0u32;
        for index in 0..houses {
            if self.pits[mine + index] == 0 {
                continue;
            }
            all |= 1 << index;
            let mut board = self.pits;
            sow_and_capture(&mut board, houses, mine, theirs, index, Rules::Awari);
            if row_sum(&board, theirs, houses) > 0 {
                feeding |= 1 << index;
            }
        }
        if feeding != 0 { feeding } else { all }
    }

    /// The legal moves as a set of house indices (bit `i` for house `i`); empty when the game
    /// is over by the position.
    #[inline]
    pub(crate) fn move_set(&self) -> u32 {
        match self.config.rules() {
            Rules::Abapa => {
                if self.majority_reached() {
                    0
                } else {
                    self.abapa_moves()
                }
            }
            Rules::Awari => self.awari_moves(),
        }
    }

    /// The number of legal moves, without writing them (perft's last ply).
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        u64::from(self.move_set().count_ones())
    }

    /// Whether the side to move has a legal move (the game's end aside).
    fn has_move(&self) -> bool {
        match self.config.rules() {
            Rules::Abapa => self.abapa_moves() != 0,
            // Some move is always legal when the mover has seeds.
            Rules::Awari => self.seeds_on_row(self.to_move()) != 0,
        }
    }

    /// Why the game is over by the position alone, or `None` while it goes on. A majority
    /// (Abapa) takes precedence over a lack of moves.
    pub fn end(&self) -> Option<End> {
        if self.majority_reached() {
            Some(End::Majority)
        } else if !self.has_move() {
            Some(End::NoMoves)
        } else {
            None
        }
    }

    /// Each player's seeds when the game ends here: the captured seeds plus the seeds left on
    /// the player's own row (under Awari, a player without a move has no seeds left, so the
    /// opponent takes all that remain, which is the same).
    #[inline]
    pub fn banked_scores(&self) -> [u32; 2] {
        [
            self.captured(Seat::FIRST) + self.seeds_on_row(Seat::FIRST),
            self.captured(Seat::SECOND) + self.seeds_on_row(Seat::SECOND),
        ]
    }

    /// Each player's seeds when the game ends here by `end`: banked as
    /// [`Oware::banked_scores`], except that a repetition under Awari splits the seeds left
    /// evenly and so counts only the captured seeds (the seeds left belong to neither).
    pub fn final_scores(&self, end: End) -> [u32; 2] {
        match (end, self.config.rules()) {
            (End::Repetition, Rules::Awari) => {
                [self.captured(Seat::FIRST), self.captured(Seat::SECOND)]
            }
            _ => self.banked_scores(),
        }
    }

    /// The seeds the mover would capture with `mv` (0 for an illegal or empty house, and 0
    /// for an Abapa grand slam).
    pub fn captures(&self, mv: OwareMove) -> u32 {
        let next = self.sown(mv.index());
        u32::from(next.captured[usize::from(self.side)] - self.captured[usize::from(self.side)])
    }
}
