//! The rules: sowing, capturing, the feeding rule and the ends of the game, for both rule
//! sets. The sowing and capture primitives work on a bare board so that the endgame database
//! shares them.

use super::config::Rules;
use super::moves::OwareMove;
use super::position::{Oware, Pits};
use crate::game::Seat;

/// Sows the seeds of `origin` counter-clockwise over a board of `pits` pits, skipping the
/// origin on laps; returns the pit the last seed fell into (`origin` itself when it was
/// empty).
#[inline]
pub(crate) fn sow(board: &mut Pits, pits: usize, origin: usize) -> usize {
    let mut hand = usize::from(board[origin]);
    board[origin] = 0;
    let lap = pits - 1;
    if hand >= lap {
        // Every other pit gets one seed a lap; what is left is sown as usual.
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
    // Fewer than `pits - 1` seeds: the origin is not reached again.
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
#[inline]
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
#[inline]
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
#[inline]
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
    if last < opponent_start || last >= opponent_start + houses {
        return 0;
    }
    let (taken, first) = capture_chain(board, opponent_start, last);
    if taken == 0 {
        return 0;
    }
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
        if self.side == 0 {
            (0, houses)
        } else {
            (houses, 0)
        }
    }

    /// The position after the mover sows house `index` (no legality check; an index past the
    /// row or an empty house leaves the board as it is and passes the turn).
    #[inline]
    pub(crate) fn sown(&self, index: usize) -> Oware {
        let mut next = *self;
        let houses = self.config.houses();
        if index < houses {
            let (mine, theirs) = self.rows_start();
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
        let half = (self.config.total_seeds() / 2) as u8;
        let [first, second] = self.captured;
        first > half || second > half || (first == half && second == half)
    }

    /// Writes the legal moves (cleared first) in house order; none when the game is over.
    pub(crate) fn generate(&self, moves: &mut Vec<OwareMove>) {
        moves.clear();
        match self.config.rules() {
            Rules::Abapa => {
                if self.majority_reached() {
                    return;
                }
                let houses = self.config.houses();
                let (mine, theirs) = self.rows_start();
                let starving = row_sum(&self.pits, theirs, houses) == 0;
                for index in 0..houses {
                    let seeds = usize::from(self.pits[mine + index]);
                    // With an empty opponent, only a move reaching their row is allowed.
                    if seeds > 0 && (!starving || seeds >= houses - index) {
                        moves.push(OwareMove::new(index as u8));
                    }
                }
            }
            Rules::Awari => self.generate_awari(moves),
        }
    }

    /// Awari: the moves that leave the opponent a seed, or all moves when none does.
    fn generate_awari(&self, moves: &mut Vec<OwareMove>) {
        let houses = self.config.houses();
        let (mine, theirs) = self.rows_start();
        let mut starving_moves = 0;
        for index in 0..houses {
            if self.pits[mine + index] == 0 {
                continue;
            }
            let mut board = self.pits;
            sow_and_capture(&mut board, houses, mine, theirs, index, Rules::Awari);
            if row_sum(&board, theirs, houses) > 0 {
                moves.push(OwareMove::new(index as u8));
            } else {
                starving_moves += 1;
            }
        }
        if moves.is_empty() && starving_moves > 0 {
            for index in 0..houses {
                if self.pits[mine + index] > 0 {
                    moves.push(OwareMove::new(index as u8));
                }
            }
        }
    }

    /// The number of legal moves, without writing them (perft's last ply).
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        match self.config.rules() {
            Rules::Abapa => {
                if self.majority_reached() {
                    return 0;
                }
                let houses = self.config.houses();
                let (mine, theirs) = self.rows_start();
                let row = &self.pits[mine..mine + houses];
                if row_sum(&self.pits, theirs, houses) != 0 {
                    row.iter().filter(|&&s| s != 0).count() as u64
                } else {
                    row.iter()
                        .enumerate()
                        .filter(|&(index, &s)| usize::from(s) >= houses - index)
                        .count() as u64
                }
            }
            Rules::Awari => {
                let mut moves = Vec::new();
                self.generate_awari(&mut moves);
                moves.len() as u64
            }
        }
    }

    /// Whether the side to move has a legal move (the game's end aside).
    fn has_move(&self) -> bool {
        let houses = self.config.houses();
        let (mine, theirs) = self.rows_start();
        let row = &self.pits[mine..mine + houses];
        match self.config.rules() {
            Rules::Abapa => {
                if row_sum(&self.pits, theirs, houses) != 0 {
                    row.iter().any(|&s| s != 0)
                } else {
                    row.iter()
                        .enumerate()
                        .any(|(index, &s)| usize::from(s) >= houses - index)
                }
            }
            // Some move is always legal when the mover has seeds.
            Rules::Awari => row.iter().any(|&s| s != 0),
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
