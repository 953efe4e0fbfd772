//! Ataxx as a front end draws it: seven ranks of cells, rank 7 first.

use super::{Ataxx, AtaxxMove, Cell, Square};
use crate::games::{BoardView, Game, GameView};

/// The letters of the seats' stones, seat 1 first.
const STONES: [char; 4] = ['x', 'o', 'y', 'z'];

impl GameView for Ataxx {
    /// Seven ranks, rank 7 first: `.` empty, `#` a blocker, `x`/`o` the seats' stones.
    fn board_view(&self) -> BoardView {
        grid_view(2, |square| self.cell(square))
    }

    /// The target of a single, source then target of a double, none for a pass.
    fn move_cells(&self, mv: AtaxxMove) -> Vec<String> {
        move_cells(mv)
    }
}

/// The board of `seats` seats whose squares hold `cell`: `.` empty, `#` a blocker, `x` `o`
/// `y` `z` the stones of seats 1 to 4 (also the multi-seat game's view).
pub(super) fn grid_view(seats: usize, cell: impl Fn(Square) -> Cell) -> BoardView {
    let rows = (0..7u8)
        .rev()
        .map(|rank| {
            (0..7u8)
                .map(|file| match Square::new(file, rank).map(&cell) {
                    Some(Cell::Stone(seat)) => STONES[seat.index() % STONES.len()],
                    Some(Cell::Blocker) => '#',
                    Some(Cell::Empty) | None => '.',
                })
                .collect()
        })
        .collect();
    BoardView::Grid {
        kind: Ataxx::NAME,
        rows,
        seats,
    }
}

/// The clicks of a move: the target of a single, source then target of a double, none for
/// a pass (also the multi-seat game's).
pub(super) fn move_cells(mv: AtaxxMove) -> Vec<String> {
    let to = mv.to().map(|sq| sq.to_string());
    match mv.from() {
        Some(from) => [Some(from.to_string()), to].into_iter().flatten().collect(),
        None => to.into_iter().collect(),
    }
}
