//! "Walk": a small test game ended by repetition. A token stands on a ring of 8 cells, some
//! holding points. The player to move steps the token 1 or 2 cells clockwise or 1 cell back
//! (moves `a`, `b`, `c`) and collects the points of the cell it lands on (the cell empties). A
//! collected single point gives another turn. The game ends when every point is collected, or
//! when a position repeats one since the last collection; the margin is the score difference
//! either way.

use ponder::games::{GameConfig, KeyWriter};
use ponder::search::Evaluators;
use ponder::{Game, GameError, GameRecord, GameSpec, Key, Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const CELLS: usize = 8;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalkConfig {
    pub cells: [u8; CELLS],
}

/// Every spec gives the same walk.
impl GameConfig for WalkConfig {
    fn from_spec(_spec: &GameSpec) -> Result<WalkConfig, GameError> {
        Ok(WalkConfig {
            cells: [0, 2, 0, 1, 0, 0, 3, 0],
        })
    }
}

/// The game with the repetition rule.
pub type Walk = WalkOf<true>;
/// The same game without it (a repeated position is just a position): transpositions reached
/// at different plies, for the table's depth rule.
pub type FreeWalk = WalkOf<false>;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WalkOf<const REPETITION: bool> {
    pub cells: [u8; CELLS],
    pub token: u8,
    pub scores: [u8; 2],
    pub side: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step(pub u8);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", (b'a' + self.0) as char)
    }
}

impl<const R: bool> fmt::Display for WalkOf<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_text())
    }
}

impl<const R: bool> WalkOf<R> {
    fn target(&self, step: Step) -> usize {
        let delta = [1, 2, CELLS - 1][step.0 as usize % 3];
        (self.token as usize + delta) % CELLS
    }
}

impl<const R: bool> Game for WalkOf<R> {
    type Move = Step;
    type Config = WalkConfig;
    const NAME: &'static str = if R { "walk" } else { "freewalk" };
    const REPETITION_ENDS_GAME: bool = R;

    fn start(config: &WalkConfig) -> Result<Self, GameError> {
        Ok(WalkOf {
            cells: config.cells,
            token: 0,
            scores: [0, 0],
            side: 0,
        })
    }

    fn config(&self) -> WalkConfig {
        WalkConfig::default()
    }

    fn side_to_move(&self) -> Seat {
        Seat::new(self.side as usize)
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend([Step(0), Step(1), Step(2)]);
        }
    }

    fn play_unchecked(&self, mv: Step) -> Self {
        let mut next = *self;
        let target = self.target(mv);
        next.token = target as u8;
        let points = self.cells[target];
        next.cells[target] = 0;
        next.scores[self.side as usize] += points;
        if points != 1 {
            next.side ^= 1;
        }
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        self.cells
            .iter()
            .all(|&c| c == 0)
            .then(|| self.repetition_outcome())
    }

    fn repetition_outcome(&self) -> Outcome {
        Outcome::new(i32::from(self.scores[0]) - i32::from(self.scores[1]))
    }

    fn resets_repetition(&self, before: &Self) -> bool {
        self.cells != before.cells
    }

    fn scores(&self) -> [u32; 2] {
        [u32::from(self.scores[0]), u32::from(self.scores[1])]
    }

    fn evaluate(&self) -> i32 {
        let me = self.side as usize;
        // Deliberately bumpy, so that searches of different depths disagree.
        4 * (i32::from(self.scores[me]) - i32::from(self.scores[1 - me]))
            + i32::from(self.cells[(self.token as usize + 1) % CELLS])
            - i32::from(self.cells[(self.token as usize + 2) % CELLS])
            + (i32::from(self.token) * 3 + i32::from(self.side)) % 5
            - 2
    }

    fn key(&self) -> Key {
        let mut writer = KeyWriter::new();
        for &cell in &self.cells {
            writer.push(u64::from(cell), 4);
        }
        writer.push(u64::from(self.token), 3);
        writer.push(u64::from(self.scores[0]), 7);
        writer.push(u64::from(self.scores[1]), 7);
        writer.push(u64::from(self.side), 1);
        writer.finish()
    }

    fn from_key(_config: &WalkConfig, key: &Key) -> Result<Self, GameError> {
        let mut reader = key.reader();
        let mut cells = [0u8; CELLS];
        for cell in &mut cells {
            *cell = reader.take(4) as u8;
        }
        Ok(WalkOf {
            cells,
            token: reader.take(3) as u8,
            scores: [reader.take(7) as u8, reader.take(7) as u8],
            side: reader.take(1) as u8,
        })
    }

    fn parse_move(&self, text: &str) -> Result<Step, GameError> {
        match text {
            "a" => Ok(Step(0)),
            "b" => Ok(Step(1)),
            "c" => Ok(Step(2)),
            _ => Err(GameError::MoveSyntax {
                text: text.into(),
                reason: "a, b or c".into(),
            }),
        }
    }

    fn parse_position(config: &WalkConfig, text: &str) -> Result<GameRecord<Self>, GameError> {
        let mut record = GameRecord::new(Self::start(config)?);
        record.play_all_text(text)?;
        Ok(record)
    }

    fn position_text(&self) -> String {
        format!(
            "{:?} @{} {}:{} side {}",
            self.cells, self.token, self.scores[0], self.scores[1], self.side
        )
    }
}

impl<const R: bool> Evaluators for WalkOf<R> {}
