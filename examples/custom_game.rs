//! A game ponder does not ship, Connect Four (7 columns × 6 rows), on the [`Game`] trait
//! and played against the pondering engine.
//!
//! `Game` is the rules: only `start`, `legal_moves`, `play_unchecked`, `side_to_move`,
//! `outcome` and `key` are required; this game adds `evaluate`, a sense of the centre. A game
//! only searched needs nothing of the front ends' traits (`GameView`, `Perft`), and its named
//! evaluators and depths are the defaults of one line, `impl Evaluators for ConnectFour {}`.
//!
//! ```text
//! cargo run --example custom_game            # you play X: type a column, 1 to 7
//! cargo run --example custom_game -- --auto  # a seeded random player plays X
//! cargo test --example custom_game           # the rules' checks
//! ```

use ponder::engine::{Engine, EngineConfig, Limits, TieBreak};
use ponder::games::KeyWriter;
use ponder::search::Evaluators;
use ponder::{Game, GameError, GameRecord, Key, Outcome, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::BufRead;
use std::time::Duration;

const COLUMNS: u32 = 7;
const ROWS: u32 = 6;
/// Bits per column: six cells and an always-empty sentinel, so shifts never wrap.
const HEIGHT: u32 = ROWS + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = 0x40810204081;

/// A position: one bitboard per seat (bit `column * 7 + row`, row 0 at the bottom).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct ConnectFour {
    stones: [u64; 2],
    plies: u8,
}

/// Dropping a stone in a column (0-based inside, written 1 to 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Drop(u8);

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Whether `bits` hold four in a row: vertically (1), horizontally (7) or diagonally (6, 8).
fn has_four(bits: u64) -> bool {
    [1, HEIGHT, HEIGHT - 1, HEIGHT + 1].iter().any(|&d| {
        let pairs = bits & (bits >> d);
        pairs & (pairs >> (2 * d)) != 0
    })
}

impl ConnectFour {
    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }
}

impl Game for ConnectFour {
    type Move = Drop;
    type Config = ();
    const NAME: &'static str = "connect4";

    fn start(_config: &()) -> Result<ConnectFour, GameError> {
        Ok(ConnectFour {
            stones: [0, 0],
            plies: 0,
        })
    }

    fn side_to_move(&self) -> Seat {
        Seat::new(usize::from(self.plies % 2))
    }

    fn legal_moves(&self, moves: &mut Vec<Drop>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        // Centre columns first: better moves first make the search faster.
        let top = BOTTOM << (ROWS - 1);
        let open = |c: u8| self.occupied() & top & (0x7f << (HEIGHT * u32::from(c))) == 0;
        moves.extend(
            [3u8, 2, 4, 1, 5, 0, 6]
                .into_iter()
                .filter(|&c| open(c))
                .map(Drop),
        );
    }

    fn play_unchecked(&self, mv: Drop) -> ConnectFour {
        let column = ((1 << ROWS) - 1) << (HEIGHT * u32::from(mv.0));
        let cell = (self.occupied() + (1 << (HEIGHT * u32::from(mv.0)))) & column;
        let mut next = *self;
        next.stones[usize::from(self.plies % 2)] |= cell;
        next.plies += 1;
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        if has_four(self.stones[0]) {
            Some(Outcome::new(1))
        } else if has_four(self.stones[1]) {
            Some(Outcome::new(-1))
        } else if u32::from(self.plies) == COLUMNS * ROWS {
            Some(Outcome::DRAW)
        } else {
            None
        }
    }

    fn key(&self) -> Key {
        let mut key = KeyWriter::new();
        key.push(self.stones[0], 49);
        key.push(self.stones[1], 49);
        key.finish()
    }

    /// Stones in the centre columns take part in more fours.
    fn evaluate(&self) -> i32 {
        let centre = |bits: u64| -> i32 {
            (0..COLUMNS)
                .map(|c| {
                    (4 - (c as i32 - 3).abs()) * ((bits >> (HEIGHT * c)) & 0x3f).count_ones() as i32
                })
                .sum()
        };
        let me = usize::from(self.plies % 2);
        centre(self.stones[me]) - centre(self.stones[1 - me])
    }
}

impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            for column in 0..COLUMNS {
                let bit = 1u64 << (HEIGHT * column + row);
                let cell = [(self.stones[0], 'X'), (self.stones[1], 'O')]
                    .iter()
                    .find(|(bits, _)| bits & bit != 0)
                    .map_or('.', |&(_, c)| c);
                write!(f, " {cell}")?;
            }
            writeln!(f)?;
        }
        write!(f, " 1 2 3 4 5 6 7")
    }
}

/// Named evaluators: `default` (the game's `evaluate`) and `score-diff`.
impl Evaluators for ConnectFour {}

/// The engine's move: a search of `limits`, waited for.
fn engine_move(engine: &Engine<ConnectFour>, limits: Limits) -> Result<(Drop, String), String> {
    let best = engine.best_move(limits).map_err(|e| e.to_string())?;
    // Nodes of the stored tree this search found already searched: the pondering done while
    // the human thought, re-rooted on the human's move.
    let note = format!(
        "   (depth {}, {} of {} tree nodes kept from pondering)",
        best.depth, best.tree.kept, best.tree.visited
    );
    let mv = best.mv.ok_or("the engine found no move")?;
    Ok((mv, note))
}

fn run(auto: bool) -> Result<(), String> {
    let mut record = GameRecord::new(ConnectFour::start(&()).map_err(|e| e.to_string())?);
    let config = EngineConfig {
        ponder: true,
        hash_mib: 16,
        tree_mib: 4,
        tie_break: TieBreak::First,
        pin_thread: false,
        ..EngineConfig::default()
    };
    let engine = Engine::new(record.clone(), config).map_err(|e| e.to_string())?;
    let mut rng = SmallRng::seed_from_u64(7);
    let mut lines = std::io::stdin().lock().lines();
    let mut moves = Vec::new();
    while record.outcome().is_none() {
        let position = record.current();
        let mut note = String::new();
        let mv = if position.side_to_move() == Seat::FIRST {
            if auto {
                // The scripted human thinks a little, as a person would: the engine ponders.
                std::thread::sleep(Duration::from_millis(150));
                record.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            } else {
                println!("{position}\nyour column (1-7)?");
                let line = lines
                    .next()
                    .ok_or("no more input")?
                    .map_err(|e| e.to_string())?;
                match position.parse_move(&line) {
                    Ok(mv) => mv,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                }
            }
        } else {
            let (mv, about) = engine_move(&engine, Limits::depth(8))?;
            note = about;
            mv
        };
        record.try_play(mv).map_err(|e| e.to_string())?;
        engine.send_move(mv); // the engine ponders the human's replies while the human thinks
        let who = if position.side_to_move() == Seat::FIRST {
            "X"
        } else {
            "O (engine)"
        };
        println!("{:>2}. {who} plays {mv}{note}", record.moves().len());
    }
    let result = match record.outcome().and_then(|o| o.winner()) {
        Some(Seat::FIRST) => "X wins",
        Some(_) => "O (engine) wins",
        None => "draw",
    };
    println!(
        "{}\n{result} after {} moves",
        record.current(),
        record.moves().len()
    );
    engine.quit();
    Ok(())
}

fn main() {
    let auto = std::env::args().skip(1).any(|a| a == "--auto");
    if let Err(e) = run(auto) {
        eprintln!("custom_game: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after `columns` (written 1 to 7) are played from the start.
    fn after(columns: &str) -> ConnectFour {
        let mut record = GameRecord::new(ConnectFour::start(&()).unwrap());
        record.play_all_text(columns).unwrap();
        record.current()
    }

    #[test]
    fn a_full_column_is_not_a_move() {
        let position = after("1 1 1 1 2 1 1"); // column 1 holds six stones, no four
        assert_eq!(position.outcome(), None);
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let columns: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(columns, ["4", "3", "5", "2", "6", "7"]);
        assert!(position.parse_move("1").is_err());
        assert_eq!(position.parse_move(" 7 ").unwrap(), Drop(6));
    }

    #[test]
    fn fours_end_the_game() {
        // Vertical: X stacks column 1 while O plays column 2.
        assert_eq!(after("1 2 1 2 1 2").outcome(), None);
        assert_eq!(after("1 2 1 2 1 2 1").outcome(), Some(Outcome::new(1)));
        // Horizontal: X fills the bottom row's columns 1 to 4.
        assert_eq!(after("1 1 2 2 3 3 4").outcome(), Some(Outcome::new(1)));
        // Diagonal: O completes a1 b2 c3 d4 (X plays the supports).
        assert_eq!(after("2 1 3 2 3 3 4 4 4 7 7").outcome(), None);
        assert_eq!(
            after("2 1 3 2 3 3 4 4 4 7 7 4").outcome(),
            Some(Outcome::new(-1))
        );
        // No wrap-around: three at the top of column 1 and one at the bottom of column 2.
        assert!(!has_four((0b111 << 3) | (1 << HEIGHT)));
        let mut moves = Vec::new();
        after("1 2 1 2 1 2 1").legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn keys_tell_positions_apart() {
        assert_ne!(after("1 2").key(), after("2 1").key());
        assert_eq!(after("1 2 3").key(), after("3 2 1").key());
    }
}
