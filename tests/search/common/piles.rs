//! "Piles": a test game whose equal-best moves are known by symmetry. Up to four piles of
//! stones; the player to move takes one or two stones from one pile and scores them, plus a
//! bonus point for emptying a pile. The game ends when every pile is empty; the margin is the
//! score difference. Moves on piles of the same size lead to positions that are the same up to
//! the order of the piles, so they have exactly the same value at every depth.

use ponder::games::{GameConfig, KeyWriter};
use ponder::search::Evaluators;
use ponder::{Game, GameError, GameRecord, GameSpec, Key, Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const PILES: usize = 4;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piles {
    pub piles: [u8; PILES],
    pub scores: [u8; 2],
    pub side: u8,
}

/// Take `take` (1 or 2) stones from pile `pile`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Take {
    pub pile: u8,
    pub take: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.pile, self.take)
    }
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_text())
    }
}

impl Piles {
    pub fn new(piles: [u8; PILES]) -> Piles {
        Piles {
            piles,
            scores: [0, 0],
            side: 0,
        }
    }
}

/// The piles a game starts from; every spec gives `3 3 3 0`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PilesConfig(pub [u8; PILES]);

impl GameConfig for PilesConfig {
    fn from_spec(_spec: &GameSpec) -> Result<PilesConfig, GameError> {
        Ok(PilesConfig([3, 3, 3, 0]))
    }
}

impl Game for Piles {
    type Move = Take;
    type Config = PilesConfig;
    const NAME: &'static str = "piles";

    fn start(config: &PilesConfig) -> Result<Piles, GameError> {
        Ok(Piles::new(config.0))
    }

    fn config(&self) -> PilesConfig {
        PilesConfig::default()
    }

    fn side_to_move(&self) -> Seat {
        Seat::new(self.side as usize)
    }

    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.clear();
        for take in 1..=2u8 {
            for (pile, &stones) in self.piles.iter().enumerate() {
                if stones >= take {
                    moves.push(Take {
                        pile: pile as u8,
                        take,
                    });
                }
            }
        }
    }

    fn play_unchecked(&self, mv: Take) -> Piles {
        let mut next = *self;
        next.piles[mv.pile as usize] -= mv.take;
        let bonus = u8::from(next.piles[mv.pile as usize] == 0);
        next.scores[self.side as usize] += mv.take + bonus;
        next.side ^= 1;
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        self.piles
            .iter()
            .all(|&p| p == 0)
            .then(|| Outcome::new(i32::from(self.scores[0]) - i32::from(self.scores[1])))
    }

    fn scores(&self) -> [u32; 2] {
        [u32::from(self.scores[0]), u32::from(self.scores[1])]
    }

    fn evaluate(&self) -> i32 {
        let me = self.side as usize;
        let odd_piles = self.piles.iter().filter(|&&p| p % 3 == 1).count() as i32;
        2 * (i32::from(self.scores[me]) - i32::from(self.scores[1 - me])) + odd_piles
    }

    fn key(&self) -> Key {
        let mut writer = KeyWriter::new();
        for &pile in &self.piles {
            writer.push(u64::from(pile), 4);
        }
        writer.push(u64::from(self.scores[0]), 6);
        writer.push(u64::from(self.scores[1]), 6);
        writer.push(u64::from(self.side), 1);
        writer.finish()
    }

    fn from_key(_config: &PilesConfig, key: &Key) -> Result<Piles, GameError> {
        let mut reader = key.reader();
        let mut piles = [0u8; PILES];
        for pile in &mut piles {
            *pile = reader.take(4) as u8;
        }
        Ok(Piles {
            piles,
            scores: [reader.take(6) as u8, reader.take(6) as u8],
            side: reader.take(1) as u8,
        })
    }

    fn parse_move(&self, text: &str) -> Result<Take, GameError> {
        let bad = || GameError::MoveSyntax {
            text: text.into(),
            reason: "pile x take".into(),
        };
        let (pile, take) = text.split_once('x').ok_or_else(bad)?;
        let mv = Take {
            pile: pile.parse().map_err(|_| bad())?,
            take: take.parse().map_err(|_| bad())?,
        };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(bad())
        }
    }

    fn parse_position(config: &PilesConfig, text: &str) -> Result<GameRecord<Piles>, GameError> {
        let mut record = GameRecord::new(Piles::start(config)?);
        record.play_all_text(text)?;
        Ok(record)
    }

    fn position_text(&self) -> String {
        format!(
            "{:?} {}:{} side {}",
            self.piles, self.scores[0], self.scores[1], self.side
        )
    }
}

impl Evaluators for Piles {}
