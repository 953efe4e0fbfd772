//! A readable board: what `Display` of a position prints.

use super::position::side_name;
use super::{Ataxx, Cell, Square};
use crate::games::Game;
use std::fmt;

impl fmt::Display for Ataxx {
    /// The board from rank 7 down to rank 1 with file and rank labels (`x` and `o` stones,
    /// `#` blockers, `.` empty squares), then the side to move, the clocks and the stone
    /// counts, and the result once the game is over.
    ///
    /// ```text
    ///   a b c d e f g
    /// 7 x . . . . . o 7
    /// 6 . . . . . . . 6
    /// 5 . . # . # . . 5
    /// 4 . . . . . . . 4
    /// 3 . . # . # . . 3
    /// 2 . . . . . . . 2
    /// 1 o . . . . . x 1
    ///   a b c d e f g
    /// x to move, halfmove clock 0, fullmove 1; stones x 2, o 2
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FILES: &str = "  a b c d e f g";
        writeln!(f, "{FILES}")?;
        for rank in (0..7u8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..7u8 {
                let symbol = match Square::new(file, rank).map(|sq| self.cell(sq)) {
                    Some(Cell::Stone(seat)) => side_name(seat),
                    Some(Cell::Blocker) => "#",
                    _ => ".",
                };
                write!(f, " {symbol}")?;
            }
            writeln!(f, " {}", rank + 1)?;
        }
        writeln!(f, "{FILES}")?;
        let [x, o] = self.scores();
        write!(
            f,
            "{} to move, halfmove clock {}, fullmove {}; stones x {x}, o {o}",
            side_name(self.turn()),
            self.halfmove_clock(),
            self.fullmove_number()
        )?;
        if let Some(outcome) = self.outcome() {
            match outcome.winner() {
                Some(seat) => write!(
                    f,
                    "\ngame over: {} wins by {}",
                    side_name(seat),
                    outcome.margin_for(seat)
                )?,
                None => write!(f, "\ngame over: a draw")?,
            }
        }
        Ok(())
    }
}
