//! Kalah positions and rules: sowing, captures, extra moves, the end of the game.

use super::config::{CaptureRule, KalahConfig, MAX_PITS};
use crate::games::{BoardParts, GameError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Cells of the board array: both rows and both stores.
pub(crate) const MAX_CELLS: usize = 2 * MAX_PITS + 2;

/// A Kalah move: the mover's relative pit index 0..m-1 in sowing order (pit m-1 is next to the
/// mover's store). Serialized as the bare integer, displayed as its decimal digits.
///
/// ```
/// use ponder::games::kalah::KalahMove;
/// assert_eq!(KalahMove::new(3).to_string(), "3");
/// assert_eq!(serde_json::to_string(&KalahMove::new(3)).unwrap(), "3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KalahMove(u8);

impl KalahMove {
    /// The move that sows the mover's pit `pit`.
    pub const fn new(pit: u8) -> KalahMove {
        KalahMove(pit)
    }

    /// The mover's relative pit index.
    pub const fn pit(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A Kalah(m, n) position.
///
/// The board is the classroom spec's array: the first player's pits 0..m-1 (cells 0..m-1),
/// the first player's store (cell m), the second player's pits 0..m-1 (cells m+1..2m), the
/// second player's store (cell 2m+1). Each row runs in its owner's sowing order
/// (counter-clockwise), so pit i of one player faces pit m-1-i of the other.
///
/// Rules: the mover empties one of their non-empty pits and sows one seed a cell
/// counter-clockwise through their own store, skipping the opponent's store; the origin pit
/// is not skipped on laps. A last seed in the mover's store gives another move. A last seed
/// that lands in an empty pit of the mover's row captures (with the opposite pit's seeds)
/// under the [`CaptureRule`]. The game ends as soon as either row is empty after a move, and
/// each player adds the seeds left in their own row to their store.
///
/// # Key layout
///
/// [`Game::key`](crate::Game::key) packs, least significant bit first, with
/// w = ⌈log2(2mn + 1)⌉ bits a field (7 for Kalah(6,4) and Kalah(6,6)): the first player's
/// pits 0..m-1, the second player's pits 0..m-1, the first player's store, then one bit for
/// the side to move (0 first, 1 second); the remaining bits are zero. The second store is the
/// seeds not elsewhere, so it is implied. The configuration is not part of the key.
///
/// Serialized as its configuration and board array, checked when read; its `Debug` shows the
/// board array (both in `notation.rs`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Kalah {
    pub(crate) cells: [u8; MAX_CELLS],
    pub(crate) config: KalahConfig,
    pub(crate) side: u8,
}

impl Kalah {
    /// The start position of `config`: n seeds in every pit, the first player to move.
    pub fn new(config: KalahConfig) -> Kalah {
        let mut cells = [0u8; MAX_CELLS];
        let m = config.pits();
        for pit in 0..m {
            cells[pit] = config.seeds() as u8;
            cells[m + 1 + pit] = config.seeds() as u8;
        }
        Kalah {
            cells,
            config,
            side: 0,
        }
    }

    /// A position from its parts (the pits, the stores as `banked`), checked: each row has
    /// the configuration's pits, and the seeds add up to its total.
    pub fn from_parts(config: KalahConfig, parts: BoardParts<'_>) -> Result<Kalah, GameError> {
        let m = config.pits();
        // The total is at most a byte (`MAX_SEEDS`): once the parts add up, each store fits one.
        parts.check(m, config.total_seeds() as u32, "pits", &config)?;
        let mut cells = [0u8; MAX_CELLS];
        cells[..m].copy_from_slice(parts.rows[0]);
        cells[m] = parts.banked[0] as u8;
        cells[m + 1..2 * m + 1].copy_from_slice(parts.rows[1]);
        cells[2 * m + 1] = parts.banked[1] as u8;
        Ok(Kalah {
            cells,
            config,
            side: parts.to_move.index() as u8,
        })
    }

    /// The configuration.
    pub fn kalah_config(&self) -> KalahConfig {
        self.config
    }

    /// `seat`'s pits in their sowing order.
    pub fn pits(&self, seat: Seat) -> &[u8] {
        let m = self.config.pits();
        let start = seat.index() * (m + 1);
        &self.cells[start..start + m]
    }

    /// `seat`'s store.
    pub fn store(&self, seat: Seat) -> u8 {
        let m = self.config.pits();
        self.cells[seat.index() * (m + 1) + m]
    }

    /// The side to move's store minus the opponent's.
    pub fn store_difference(&self) -> i32 {
        let me = self.side();
        i32::from(self.store(me)) - i32::from(self.store(me.opponent()))
    }

    /// Seeds left in `seat`'s row.
    pub fn row_seeds(&self, seat: Seat) -> u32 {
        self.pits(seat).iter().map(|&s| u32::from(s)).sum()
    }

    /// Seeds in play: in either row, not yet in a store.
    pub fn seeds_in_play(&self) -> u32 {
        self.row_seeds(Seat::new(0)) + self.row_seeds(Seat::new(1))
    }

    /// The side to move.
    pub fn side(&self) -> Seat {
        Seat::new(self.side as usize)
    }

    /// Whether a row is empty: the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        let m = self.config.pits();
        if 2 * m < 16 {
            // Both rows lie in the first 16 cells: test them as one 128-bit word.
            let mut word = [0u8; 16];
            word.copy_from_slice(&self.cells[..16]);
            let cells = u128::from_le_bytes(word);
            let row = (1u128 << (8 * m)) - 1;
            return cells & row == 0 || cells & (row << (8 * (m + 1))) == 0;
        }
        self.cells[..m].iter().all(|&s| s == 0)
            || self.cells[m + 1..2 * m + 1].iter().all(|&s| s == 0)
    }

    /// Whether the mover's pit `pit` can be sown: in range, non-empty, game not over.
    pub fn can_sow(&self, pit: usize) -> bool {
        let m = self.config.pits();
        pit < m && !self.is_over() && self.cells[self.side as usize * (m + 1) + pit] > 0
    }

    /// Explains why the mover cannot sow `pit`, or `None` when they can.
    pub fn why_not(&self, pit: usize) -> Option<String> {
        let m = self.config.pits();
        if self.is_over() {
            Some("the game is over".into())
        } else if pit >= m {
            Some(format!("pit {pit} is out of range 0..{}", m - 1))
        } else if self.cells[self.side as usize * (m + 1) + pit] == 0 {
            Some(format!("pit {pit} is empty"))
        } else {
            None
        }
    }

    /// Where the last seed of `pit` lands, as a ring index from the mover's pit 0 (0..m-1 own
    /// pits, m own store, m+1..2m the opponent's pits), and the seeds sown.
    #[inline]
    fn last_ring_index(&self, pit: usize) -> (usize, usize) {
        let m = self.config.pits();
        let seeds = self.cells[self.side as usize * (m + 1) + pit] as usize;
        ((pit + seeds) % (2 * m + 1), seeds)
    }

    /// A move-ordering guess: extra moves first, then captures by size.
    pub(crate) fn order_hint(&self, pit: usize) -> i32 {
        let m = self.config.pits();
        let (last, seeds) = self.last_ring_index(pit);
        if last == m {
            return 1000;
        }
        let base = self.side as usize * (m + 1);
        // Without a lap, the last seed lands in a pit it alone fills when that pit is empty.
        if last < m && seeds < 2 * m + 1 && self.cells[base + last] == 0 {
            let opposite = (1 - self.side as usize) * (m + 1) + (m - 1 - last);
            return 10 + self.cells[opposite] as i32;
        }
        0
    }

    /// Sows `pit` (which must be legal) and returns the next position.
    #[inline]
    pub(crate) fn sow(&self, pit: usize) -> Kalah {
        let mut next = *self;
        let m = self.config.pits();
        let ring = 2 * m + 1;
        let cells_len = 2 * m + 2;
        let base = self.side as usize * (m + 1);
        let origin = base + pit;
        let seeds = next.cells[origin] as usize;
        next.cells[origin] = 0;
        let laps = seeds / ring;
        let rest = seeds % ring;
        if laps > 0 {
            for r in 0..ring {
                next.cells[ring_cell(base, r, cells_len)] += laps as u8;
            }
        }
        let mut r = pit;
        for _ in 0..rest {
            r += 1;
            if r == ring {
                r = 0;
            }
            next.cells[ring_cell(base, r, cells_len)] += 1;
        }
        let last = (pit + seeds) % ring;
        if last < m {
            let landing = base + last;
            if next.cells[landing] == 1 {
                let opposite = (1 - self.side as usize) * (m + 1) + (m - 1 - last);
                let captured = next.cells[opposite];
                if captured > 0 || self.config.capture() == CaptureRule::Empty {
                    next.cells[base + m] += 1 + captured;
                    next.cells[landing] = 0;
                    next.cells[opposite] = 0;
                }
            }
        }
        if last != m {
            next.side ^= 1;
        }
        if next.is_over() {
            next.sweep();
        }
        next
    }

    /// Moves the seeds left in each row into its owner's store.
    fn sweep(&mut self) {
        let m = self.config.pits();
        for seat in 0..2 {
            let base = seat * (m + 1);
            let mut sum = 0u8;
            for cell in &mut self.cells[base..base + m] {
                sum += *cell;
                *cell = 0;
            }
            self.cells[base + m] += sum;
        }
    }

    /// Final margin (first player's total minus the second's), counting the seeds left in
    /// each row for its owner.
    pub(crate) fn margin(&self) -> i32 {
        (self.store(Seat::FIRST) as i32 + self.row_seeds(Seat::FIRST) as i32)
            - (self.store(Seat::SECOND) as i32 + self.row_seeds(Seat::SECOND) as i32)
    }
}

/// The cell of ring index `r` (0..2m) for the mover whose pit 0 is cell `base`: the ring
/// runs through the mover's pits and store and the opponent's pits, never the opponent's store.
#[inline(always)]
fn ring_cell(base: usize, r: usize, cells_len: usize) -> usize {
    let cell = base + r;
    if cell >= cells_len {
        cell - cells_len
    } else {
        cell
    }
}

impl fmt::Display for Kalah {
    /// The board as the classroom prints it: the second player's row on top, right to left,
    /// the stores at the ends, pit indices in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.config.pits();
        let north = self.pits(Seat::SECOND);
        let south = self.pits(Seat::FIRST);
        write!(f, "      ")?;
        for pit in (0..m).rev() {
            write!(f, " [{pit}]")?;
        }
        writeln!(f, "   second player (north)")?;
        write!(f, "      ")?;
        for pit in (0..m).rev() {
            write!(f, "{:>4}", north[pit])?;
        }
        writeln!(f)?;
        write!(f, " {:>3}  ", self.store(Seat::SECOND))?;
        write!(f, "{}", " ".repeat(4 * m))?;
        writeln!(f, "  {:<3}", self.store(Seat::FIRST))?;
        write!(f, "      ")?;
        for seeds in south.iter().take(m) {
            write!(f, "{seeds:>4}")?;
        }
        writeln!(f)?;
        write!(f, "      ")?;
        for pit in 0..m {
            write!(f, " [{pit}]")?;
        }
        writeln!(f, "   first player (south)")?;
        if self.is_over() {
            let margin = self.margin();
            let result = match margin.signum() {
                1 => "first player wins".to_string(),
                -1 => "second player wins".to_string(),
                _ => "draw".to_string(),
            };
            write!(f, "game over: {result}")
        } else {
            write!(f, "{} player to move", self.side())
        }
    }
}
