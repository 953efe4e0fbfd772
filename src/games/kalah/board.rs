//! The classroom Board API: a Kalah game with its history, traces and undo.

use super::config::KalahConfig;
use super::notation::{board_array, from_board_array, parse_trace, trace_string};
use super::position::{Kalah, KalahMove};
use crate::games::{Game, GameError, GameRecord, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result of a finished game, as the classroom names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    /// The first player (who moved first) has more seeds.
    First,
    /// The second player has more seeds.
    Second,
    /// Both have the same number of seeds.
    Draw,
}

/// A Kalah game as the classroom's `Board` class offers it: built from a trace, played and
/// undone move by move, with the board array of the spec.
///
/// Unlike the classroom class, every entry point checks its input: an illegal move returns an
/// error that says why, and the board stays as it was.
///
/// ```
/// use ponder::games::kalah::{KalahBoard, Winner};
/// let mut board = KalahBoard::from_trace(Default::default(), "123551234220105241").unwrap();
/// assert_eq!(board.trace(), "123551234220105241");
/// assert_eq!(board.valid_moves(None), vec![0, 2, 3]);
/// assert_eq!(board.turn(), ponder::Seat::SECOND);
/// board.make_move(0).unwrap();
/// assert!(board.make_move(9).is_err());
/// board.undo_move().unwrap();
/// assert_eq!(board.trace(), "123551234220105241");
/// assert_eq!(board.winner(), None);
///
/// let err = KalahBoard::from_trace(Default::default(), "0004").unwrap_err();
/// assert_eq!(err.to_string(), "trace character 3: illegal move 0: pit 0 is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KalahBoard {
    record: GameRecord<Kalah>,
}

impl Default for KalahBoard {
    /// Kalah(6, 4) at the start.
    fn default() -> Self {
        KalahBoard::new(KalahConfig::default())
    }
}

impl KalahBoard {
    /// A new game of `config`.
    pub fn new(config: KalahConfig) -> KalahBoard {
        KalahBoard {
            record: GameRecord::new(Kalah::new(config)),
        }
    }

    /// The game a trace leads to from the start (one digit per move, the mover's pit).
    pub fn from_trace(config: KalahConfig, trace: &str) -> Result<KalahBoard, GameError> {
        Ok(KalahBoard {
            record: parse_trace(config, trace)?,
        })
    }

    /// A game that starts at `position`, with no history (a search's leaf, seen through the
    /// classroom API).
    pub fn from_position(position: Kalah) -> KalahBoard {
        KalahBoard {
            record: GameRecord::new(position),
        }
    }

    /// A game that starts at a board array (pits, store, pits, store, turn), with no history.
    pub fn from_board_array(config: KalahConfig, array: &[u32]) -> Result<KalahBoard, GameError> {
        Ok(KalahBoard {
            record: GameRecord::new(from_board_array(config, array)?),
        })
    }

    /// The moves played so far as a trace string.
    pub fn trace(&self) -> String {
        trace_string(self.record.moves())
    }

    /// Sows the mover's pit `pit`; an error (and no change) when it cannot be sown.
    pub fn make_move(&mut self, pit: usize) -> Result<(), GameError> {
        let position = self.position();
        if let Some(reason) = position.why_not(pit) {
            return Err(GameError::IllegalMove {
                mv: pit.to_string(),
                reason,
            });
        }
        self.record.try_play(KalahMove::new(pit as u8))
    }

    /// Takes back the last move and returns its pit.
    pub fn undo_move(&mut self) -> Result<usize, GameError> {
        self.record.undo().map(KalahMove::pit)
    }

    /// The pits the mover can sow, in `preorder` when given (pits it leaves out come after,
    /// ascending; out-of-range entries are ignored), else ascending.
    pub fn valid_moves(&self, preorder: Option<&[usize]>) -> Vec<usize> {
        let position = self.position();
        let m = position.kalah_config().pits();
        let mut order: Vec<usize> = Vec::with_capacity(m);
        for &pit in preorder.unwrap_or(&[]) {
            if pit < m && !order.contains(&pit) {
                order.push(pit);
            }
        }
        order.extend((0..m).filter(|pit| !preorder.unwrap_or(&[]).contains(pit)));
        order.retain(|&pit| position.can_sow(pit));
        order
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Seat {
        self.position().side()
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.position().is_over()
    }

    /// The winner once the game is over, else `None`.
    pub fn winner(&self) -> Option<Winner> {
        self.position().outcome().map(|o| match o.winner() {
            Some(Seat::FIRST) => Winner::First,
            Some(_) => Winner::Second,
            None => Winner::Draw,
        })
    }

    /// The board array: the first player's pits, their store, the second player's pits, their
    /// store, the side to move (2m + 3 numbers).
    pub fn board(&self) -> Vec<u32> {
        board_array(&self.position())
    }

    /// The first player's pits, in sowing order.
    pub fn p1_pits(&self) -> Vec<u8> {
        self.position().pits(Seat::FIRST).to_vec()
    }

    /// The second player's pits, in sowing order.
    pub fn p2_pits(&self) -> Vec<u8> {
        self.position().pits(Seat::SECOND).to_vec()
    }

    /// The first player's store.
    pub fn p1_store(&self) -> u8 {
        self.position().store(Seat::FIRST)
    }

    /// The second player's store.
    pub fn p2_store(&self) -> u8 {
        self.position().store(Seat::SECOND)
    }

    /// The current position.
    pub fn position(&self) -> Kalah {
        self.record.current()
    }

    /// The game record underneath (start, moves, positions).
    pub fn record(&self) -> &GameRecord<Kalah> {
        &self.record
    }
}

impl fmt::Display for KalahBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position(), f)
    }
}
