//! Kalah (Mancala) with m pits a side and n seeds a pit, the classic and the empty-capture
//! rules, and the classroom Board API ([`KalahBoard`]).
//!
//! ```
//! use ponder::{perft, Game, GameRecord};
//! use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig};
//! let config = KalahConfig::new(4, 3, CaptureRule::Empty).unwrap();
//! let record = GameRecord::new(Kalah::new(config));
//! assert_eq!(perft(&record, 1), 4);
//! ```

mod board;
pub mod books;
mod config;
pub mod egdb;
mod evaluators;
mod key;
mod notation;
mod position;
mod solvable;
mod view;

pub use board::{KalahBoard, Winner};
pub use config::{CaptureRule, KalahConfig, MAX_PITS};
pub use egdb::{KalahEgdb, KalahEgdbPart, KalahLayerReport};
pub use evaluators::{KalahDefault, KalahStoreDiff};
pub use notation::{board_array, board_array_text, from_board_array, parse_trace, trace_string};
pub use position::{Kalah, KalahMove};
pub use solvable::KalahRules;

use crate::games::{Game, GameError, GameRecord, Key, Outcome, Perft, Seat};

impl Game for Kalah {
    type Move = KalahMove;
    type Config = KalahConfig;

    const NAME: &'static str = "kalah";

    fn start(config: &KalahConfig) -> Result<Kalah, GameError> {
        Ok(Kalah::new(*config))
    }

    fn config(&self) -> KalahConfig {
        self.kalah_config()
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        self.side()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<KalahMove>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let own = self.pits(self.side());
        for (pit, &seeds) in own.iter().enumerate() {
            if seeds > 0 {
                moves.push(KalahMove::new(pit as u8));
            }
        }
    }

    #[inline]
    fn play_unchecked(&self, mv: KalahMove) -> Kalah {
        self.sow(mv.pit())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome::new(self.margin()))
    }

    fn scores(&self) -> [u32; 2] {
        [Seat::FIRST, Seat::SECOND].map(|seat| {
            u32::from(self.store(seat))
                + if self.is_over() {
                    self.row_seeds(seat)
                } else {
                    0
                }
        })
    }

    /// Store difference from the mover's point of view.
    fn evaluate(&self) -> i32 {
        self.store_difference()
    }

    fn key(&self) -> Key {
        key::encode(self)
    }

    fn from_key(config: &KalahConfig, key: &Key) -> Result<Kalah, GameError> {
        key::decode(*config, key)
    }

    fn parse_move(&self, text: &str) -> Result<KalahMove, GameError> {
        let text = text.trim();
        let pit: usize = text.parse().map_err(|_| GameError::MoveSyntax {
            text: text.to_string(),
            reason: format!(
                "expected a pit number from 0 to {}",
                self.kalah_config().pits() - 1
            ),
        })?;
        match self.why_not(pit) {
            None => Ok(KalahMove::new(pit as u8)),
            Some(reason) => Err(GameError::IllegalMove {
                mv: text.to_string(),
                reason,
            }),
        }
    }

    fn is_legal(&self, mv: KalahMove) -> bool {
        self.can_sow(mv.pit())
    }

    fn parse_position(config: &KalahConfig, text: &str) -> Result<GameRecord<Kalah>, GameError> {
        notation::parse_position(*config, text)
    }

    fn position_text(&self) -> String {
        board_array_text(self)
    }

    #[inline]
    fn move_order_hint(&self, mv: KalahMove) -> i32 {
        self.order_hint(mv.pit())
    }
}

/// OpenSpiel's convention: a finished game reached before the last ply is one leaf (the
/// default).
impl Perft for Kalah {
    /// The mover's non-empty pits.
    #[inline]
    fn move_count(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        self.pits(self.side()).iter().filter(|&&s| s > 0).count() as u64
    }
}
