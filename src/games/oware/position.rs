//! The Oware position: the pits, the captured seeds and the side to move.

use super::config::{MAX_PITS, OwareConfig};
use crate::games::{BoardParts, GameError, Seat};

/// The pits of a board in absolute sowing order: the first player's houses `0..H`, then the
/// second player's houses `0..H` (index `H + i`); entries past `2H` are zero.
pub(crate) type Pits = [u8; MAX_PITS];

/// An Oware position (either rule set, any valid size): the seeds in every house, the seeds
/// each player has captured, the side to move, and the configuration.
///
/// Positions are small (26 bytes) and `Copy`; [`crate::Game::play`] returns the next one.
///
/// The first player's houses are `a..f` (relative indices `0..5`) from their left, sown
/// counter-clockwise into the second player's houses `A..F`, which continue back into `a`.
/// Each row is listed in its owner's sowing order, so house `i` of one player faces house
/// `H - 1 - i` of the other.
///
/// ```
/// use ponder::{Game, Oware, Seat};
/// let start = Oware::start(&Default::default()).unwrap();
/// assert_eq!(start.position_text(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0");
/// let next = start.play(start.parse_move("5").unwrap());
/// assert_eq!(next.row(Seat::SECOND), &[5, 5, 5, 5, 4, 4]);
/// assert_eq!(next.side_to_move(), Seat::SECOND);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Oware {
    pub(crate) pits: Pits,
    pub(crate) captured: [u8; 2],
    pub(crate) side: u8,
    pub(crate) config: OwareConfig,
}

impl Oware {
    /// The start position: every house holds the configuration's seeds, nothing captured,
    /// the first player to move.
    pub fn start_of(config: OwareConfig) -> Oware {
        let mut pits = [0u8; MAX_PITS];
        for pit in pits.iter_mut().take(config.pits()) {
            *pit = config.seeds() as u8;
        }
        Oware {
            pits,
            captured: [0, 0],
            side: 0,
            config,
        }
    }

    /// A position from its parts (the houses, the seeds each player has captured as
    /// `banked`), checked: each row has the configuration's houses, and the seeds add up to its
    /// total.
    pub fn from_parts(config: OwareConfig, parts: BoardParts<'_>) -> Result<Oware, GameError> {
        let houses = config.houses();
        parts.check(houses, config.total_seeds(), "houses", &config)?;
        let mut pits = [0u8; MAX_PITS];
        for (seat, row) in parts.rows.iter().enumerate() {
            pits[seat * houses..(seat + 1) * houses].copy_from_slice(row);
        }
        let [first, second] = parts.banked;
        Ok(Oware {
            pits,
            // Both at most the total, which fits a byte.
            captured: [first as u8, second as u8],
            side: parts.to_move.index() as u8,
            config,
        })
    }

    /// The configuration (also [`crate::Game::config`]).
    #[inline]
    pub fn configuration(&self) -> &OwareConfig {
        &self.config
    }

    /// Houses a side.
    #[inline]
    pub fn houses(&self) -> usize {
        self.config.houses()
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Seat {
        Seat::new(self.side as usize)
    }

    /// `seat`'s houses, in `seat`'s sowing order (relative index `0..H`).
    #[inline]
    pub fn row(&self, seat: Seat) -> &[u8] {
        let houses = self.houses();
        &self.pits[seat.index() * houses..(seat.index() + 1) * houses]
    }

    /// Every house in absolute sowing order: the first player's row, then the second's.
    #[inline]
    pub fn board(&self) -> &[u8] {
        &self.pits[..self.config.pits()]
    }

    /// The seeds `seat` has captured so far (not counting seeds banked at the end).
    #[inline]
    pub fn captured(&self, seat: Seat) -> u32 {
        u32::from(self.captured[seat.index()])
    }

    /// The seeds on `seat`'s row.
    #[inline]
    pub fn seeds_on_row(&self, seat: Seat) -> u32 {
        self.row(seat).iter().map(|&s| u32::from(s)).sum()
    }

    /// The seeds still on the board.
    #[inline]
    pub fn seeds_in_play(&self) -> u32 {
        self.board().iter().map(|&s| u32::from(s)).sum()
    }

    /// The board seen from the side to move: the mover's row, then the opponent's, each in
    /// its owner's sowing order (the endgame database's layout).
    pub fn mover_view(&self) -> Pits {
        let houses = self.houses();
        let mut view = [0u8; MAX_PITS];
        let me = self.to_move();
        view[..houses].copy_from_slice(self.row(me));
        view[houses..2 * houses].copy_from_slice(self.row(me.opponent()));
        view
    }
}
