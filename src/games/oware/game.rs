//! Oware on the shared [`Game`] trait.

use super::config::OwareConfig;
use super::moves::OwareMove;
use super::position::Oware;
use super::rules::End;
use super::{key, notation};
use crate::games::{Game, GameError, GameRecord, Key, Outcome, Perft, Seat};

impl Game for Oware {
    type Move = OwareMove;
    type Config = OwareConfig;

    const NAME: &'static str = "oware";
    /// A position repeated since the last capture ends the game (both rule sets).
    const REPETITION_ENDS_GAME: bool = true;

    fn start(config: &OwareConfig) -> Result<Oware, GameError> {
        Ok(Oware::start_of(*config))
    }

    fn config(&self) -> OwareConfig {
        self.config
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        self.to_move()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<OwareMove>) {
        self.generate(moves);
    }

    #[inline]
    fn play_unchecked(&self, mv: OwareMove) -> Oware {
        self.sown(mv.index())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end().map(|_| margin(self.banked_scores()))
    }

    /// The captured seeds while the game goes on; once it is over by the position (majority,
    /// no moves), the seeds each player ends with, banked seeds included.
    fn scores(&self) -> [u32; 2] {
        if self.end().is_some() {
            self.banked_scores()
        } else {
            [self.captured(Seat::FIRST), self.captured(Seat::SECOND)]
        }
    }

    /// [`Oware::material_evaluation`].
    #[inline]
    fn evaluate(&self) -> i32 {
        self.material_evaluation()
    }

    #[inline]
    fn key(&self) -> Key {
        key::encode(self)
    }

    fn from_key(config: &OwareConfig, key: &Key) -> Result<Oware, GameError> {
        key::decode(config, key)
    }

    fn parse_move(&self, text: &str) -> Result<OwareMove, GameError> {
        notation::read_move(self, text)
    }

    fn parse_position(config: &OwareConfig, text: &str) -> Result<GameRecord<Oware>, GameError> {
        notation::read_record(config, text)
    }

    fn position_text(&self) -> String {
        notation::write(self)
    }

    /// The seeds the move captures.
    #[inline]
    fn move_order_hint(&self, mv: OwareMove) -> i32 {
        self.captures(mv) as i32
    }

    /// Abapa: each player takes the seeds of their own row. Awari: the seeds left are split
    /// evenly, so the margin is the captured margin.
    fn repetition_outcome(&self) -> Outcome {
        margin(self.final_scores(End::Repetition))
    }

    fn repetition_scores(&self) -> [u32; 2] {
        self.final_scores(End::Repetition)
    }

    /// A capture (the scores changed): captured seeds never come back.
    #[inline]
    fn resets_repetition(&self, before: &Oware) -> bool {
        self.captured != before.captured
    }

    #[inline]
    fn is_legal(&self, mv: OwareMove) -> bool {
        mv.index() < self.houses() && self.move_set() & (1 << mv.index()) != 0
    }
}

/// OpenSpiel's convention: a finished game reached before the last ply is one leaf (the
/// default).
impl Perft for Oware {
    #[inline]
    fn move_count(&self) -> u64 {
        self.count_moves()
    }
}

/// The outcome of final scores.
fn margin(scores: [u32; 2]) -> Outcome {
    Outcome::new(scores[0] as i32 - scores[1] as i32)
}
