//! Kalah as the solver sees it: the material in play is the seeds in the pits, the banked
//! part the store difference, the key the pits seen from the mover, and an optional endgame
//! database ([`KalahEgdb`]) knows every board up to its seed count exactly. Moves are ordered
//! extra moves first, then by the seeds they bank (captures), pits nearest the store first
//! among equals.
//!
//! ```
//! use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig};
//! use ponder::search::solve::{KalahRules, KalahSolver};
//! // Irving, Donkers and Uiterwijk (2000): Kalah(4,3), empty capture, is +8.
//! let config = KalahConfig::new(4, 3, CaptureRule::Empty).unwrap();
//! let mut solver = KalahSolver::new(KalahRules::new(config, None), 1 << 20).unwrap();
//! assert_eq!(solver.solve(&Kalah::new(config), |_| {}).unwrap().value, 8);
//! ```

use super::egdb::mover_view;
use super::{Kalah, KalahConfig, KalahEgdb, KalahMove, MAX_PITS};
use crate::eval::{Child, Inspected, Known, MAX_CHILDREN, Solvable};
use crate::games::GameError;

/// One Kalah configuration and the endgame database the solver probes, if any.
#[derive(Copy, Clone, Debug)]
pub struct KalahRules<'a> {
    config: KalahConfig,
    egdb: Option<&'a KalahEgdb>,
    /// Boards with fewer seeds than this are in the database.
    egdb_seeds: i32,
    /// Bits of a pit in the key.
    width: u32,
}

impl<'a> KalahRules<'a> {
    /// The rules of `config`, probing `egdb` when it is given and covers `config` (same
    /// width and capture rule).
    pub fn new(config: KalahConfig, egdb: Option<&'a KalahEgdb>) -> KalahRules<'a> {
        let egdb = egdb.filter(|db| db.covers(&config));
        KalahRules {
            config,
            egdb,
            egdb_seeds: egdb
                .and_then(KalahEgdb::max_seeds)
                .map_or(0, |s| s as i32 + 1),
            width: config.key_field_width(),
        }
    }
}

impl Solvable for KalahRules<'_> {
    type Position = Kalah;
    type Move = KalahMove;
    const PARITY: bool = true;

    fn key_bits(&self) -> u32 {
        2 * self.config.pits() as u32 * self.width
    }

    fn check(&self, position: &Kalah) -> Result<(), GameError> {
        if position.kalah_config() == self.config {
            Ok(())
        } else {
            Err(GameError::Position(format!(
                "the position is {}, the solver {}",
                position.kalah_config(),
                self.config
            )))
        }
    }

    #[inline]
    fn banked(&self, position: &Kalah) -> i32 {
        position.store_difference()
    }

    #[inline]
    fn is_over(&self, position: &Kalah) -> bool {
        position.is_over()
    }

    #[inline]
    fn inspect(&self, position: &Kalah) -> Inspected {
        let m = self.config.pits();
        let (view, _) = mover_view(position);
        let board = &view[..2 * m];
        let material: i32 = board.iter().map(|&s| i32::from(s)).sum();
        let known = if position.is_over() {
            let own: i32 = board[..m].iter().map(|&s| i32::from(s)).sum();
            Some(Known::Over(2 * own - material))
        } else if material < self.egdb_seeds {
            self.egdb
                .and_then(|db| db.value_of_board(board))
                .map(Known::Exact)
        } else {
            None
        };
        let key = board
            .iter()
            .fold(0u128, |key, &seeds| (key << self.width) | u128::from(seeds));
        Inspected {
            material,
            known,
            key,
        }
    }

    #[inline]
    fn prefetch(&self, position: &Kalah) -> bool {
        let Some(egdb) = self.egdb else {
            return false;
        };
        let m = self.config.pits();
        let (view, _) = mover_view(position);
        let board = &view[..2 * m];
        let material: i32 = board.iter().map(|&s| i32::from(s)).sum();
        if material >= self.egdb_seeds || position.is_over() {
            return false;
        }
        egdb.prefetch_board(board);
        true
    }

    fn exact_below(&self) -> i32 {
        self.egdb_seeds
    }

    #[inline]
    fn children(
        &self,
        position: &Kalah,
        children: &mut [Option<Child<Kalah, KalahMove>>; MAX_CHILDREN],
    ) -> usize {
        const _: () = assert!(MAX_PITS <= MAX_CHILDREN);
        let m = self.config.pits();
        let mover = position.side();
        let before = position.store_difference();
        let mut count = 0;
        for pit in (0..m).rev() {
            if position.pits(mover)[pit] == 0 {
                continue;
            }
            let next = position.sow(pit);
            let same_side = next.side() == mover;
            let after = if same_side {
                next.store_difference()
            } else {
                -next.store_difference()
            };
            let gained = after - before;
            children[count] = Some(Child {
                mv: KalahMove::new(pit as u8),
                index: pit,
                position: next,
                gained,
                same_side,
                // What the move banks, extra moves first (nearest the store first among
                // equals: the pits come in that order and the sort is stable).
                order: gained * 16 + if same_side { 1000 } else { 0 },
            });
            count += 1;
        }
        count
    }
}
