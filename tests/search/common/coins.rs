//! "Coins": a small test game with extra turns. A row of coins with values 0..=9; the player to
//! move takes the coin at the left (`l`) or right (`r`) end and scores its value. Taking a
//! coin of value 0 gives another turn (the same side moves again). The game ends when the row
//! is empty; the margin is the difference of the scores.

use ponder::games::{GameConfig, KeyWriter};
use ponder::search::Evaluators;
use ponder::{Game, GameError, GameRecord, GameSpec, Key, Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const MAX_COINS: usize = 16;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoinsConfig {
    pub coins: Vec<u8>,
}

/// `coins=DIGITS`, each digit a coin (default `3102`).
impl GameConfig for CoinsConfig {
    fn from_spec(spec: &GameSpec) -> Result<CoinsConfig, GameError> {
        let text = spec.get("coins").unwrap_or("3102");
        let coins: Option<Vec<u8>> = text
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as u8))
            .collect();
        match coins {
            Some(coins) if coins.len() <= MAX_COINS => Ok(CoinsConfig { coins }),
            _ => Err(GameError::Spec(format!("coins={text}"))),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Coins {
    pub coins: [u8; MAX_COINS],
    pub len: u8,
    pub left: u8,
    pub right: u8,
    pub scores: [u8; 2],
    pub side: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    Left,
    Right,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Left => "l",
            End::Right => "r",
        })
    }
}

impl Coins {
    pub fn with_coins(coins: &[u8]) -> Coins {
        let mut array = [0u8; MAX_COINS];
        array[..coins.len()].copy_from_slice(coins);
        Coins {
            coins: array,
            len: coins.len() as u8,
            left: 0,
            right: coins.len() as u8,
            scores: [0, 0],
            side: 0,
        }
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_text())
    }
}

impl Game for Coins {
    type Move = End;
    type Config = CoinsConfig;
    const NAME: &'static str = "coins";

    fn start(config: &CoinsConfig) -> Result<Coins, GameError> {
        if config.coins.len() > MAX_COINS || config.coins.iter().any(|&c| c > 9) {
            return Err(GameError::Spec("bad coins".into()));
        }
        Ok(Coins::with_coins(&config.coins))
    }

    fn config(&self) -> CoinsConfig {
        CoinsConfig {
            coins: self.coins[..self.len as usize].to_vec(),
        }
    }

    fn side_to_move(&self) -> Seat {
        Seat::new(self.side as usize)
    }

    fn legal_moves(&self, moves: &mut Vec<End>) {
        moves.clear();
        if self.left < self.right {
            moves.push(End::Left);
            if self.right - self.left > 1 {
                moves.push(End::Right);
            }
        }
    }

    fn play_unchecked(&self, mv: End) -> Coins {
        let mut next = *self;
        let value = match mv {
            End::Left => {
                next.left += 1;
                self.coins[self.left as usize]
            }
            End::Right => {
                next.right -= 1;
                self.coins[self.right as usize - 1]
            }
        };
        next.scores[self.side as usize] += value;
        if value != 0 {
            next.side ^= 1;
        }
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.left >= self.right)
            .then(|| Outcome::new(i32::from(self.scores[0]) - i32::from(self.scores[1])))
    }

    fn scores(&self) -> [u32; 2] {
        [u32::from(self.scores[0]), u32::from(self.scores[1])]
    }

    fn evaluate(&self) -> i32 {
        // Score difference plus a guess: the mover will get the better end.
        let me = self.side as usize;
        let mut value = i32::from(self.scores[me]) - i32::from(self.scores[1 - me]);
        if self.left < self.right {
            value +=
                i32::from(self.coins[self.left as usize].max(self.coins[self.right as usize - 1]))
                    / 2;
        }
        value
    }

    fn key(&self) -> Key {
        let mut writer = KeyWriter::new();
        writer.push(u64::from(self.left), 5);
        writer.push(u64::from(self.right), 5);
        writer.push(u64::from(self.scores[0]), 8);
        writer.push(u64::from(self.scores[1]), 8);
        writer.push(u64::from(self.side), 1);
        writer.finish()
    }

    fn from_key(config: &CoinsConfig, key: &Key) -> Result<Coins, GameError> {
        let mut position = Coins::start(config)?;
        let mut reader = key.reader();
        position.left = reader.take(5) as u8;
        position.right = reader.take(5) as u8;
        position.scores = [reader.take(8) as u8, reader.take(8) as u8];
        position.side = reader.take(1) as u8;
        Ok(position)
    }

    fn parse_move(&self, text: &str) -> Result<End, GameError> {
        let mv = match text {
            "l" => End::Left,
            "r" => End::Right,
            _ => {
                return Err(GameError::MoveSyntax {
                    text: text.into(),
                    reason: "l or r".into(),
                });
            }
        };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(GameError::IllegalMove {
                mv: text.into(),
                reason: "no coin".into(),
            })
        }
    }

    fn parse_position(config: &CoinsConfig, text: &str) -> Result<GameRecord<Coins>, GameError> {
        let mut record = GameRecord::new(Coins::start(config)?);
        record.play_all_text(text)?;
        Ok(record)
    }

    fn position_text(&self) -> String {
        format!(
            "{:?}[{}..{}] {}:{} side {}",
            &self.coins[..self.len as usize],
            self.left,
            self.right,
            self.scores[0],
            self.scores[1],
            self.side
        )
    }

    fn move_order_hint(&self, mv: End) -> i32 {
        let value = match mv {
            End::Left => self.coins[self.left as usize],
            End::Right => self.coins[self.right as usize - 1],
        };
        if value == 0 { 1 } else { 0 }
    }
}

impl Evaluators for Coins {}
