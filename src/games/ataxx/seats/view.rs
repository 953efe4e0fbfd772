//! Multi-seat Ataxx as a front end draws it: the two-player game's grid with up to four
//! seats' stones (`x` `o` `y` `z`) and its clicks.

use super::super::view::{grid_view, move_cells};
use super::super::{AtaxxMove, Cell, Square};
use super::AtaxxSeats;
use crate::games::{BoardView, GameView, Seat};

/// What stands on `square`.
fn cell(position: &AtaxxSeats, square: Square) -> Cell {
    let bit = 1u64 << square.index();
    if position.blockers & bit != 0 {
        return Cell::Blocker;
    }
    (0..position.players())
        .find(|&seat| position.stones[seat] & bit != 0)
        .map_or(Cell::Empty, |seat| Cell::Stone(Seat::new(seat)))
}

impl GameView for AtaxxSeats {
    /// Seven ranks, rank 7 first, with every seat's stones.
    fn board_view(&self) -> BoardView {
        grid_view(self.players(), |square| cell(self, square))
    }

    /// As in the two-player game: the target of a single, source then target of a double.
    fn move_cells(&self, mv: AtaxxMove) -> Vec<String> {
        move_cells(mv)
    }
}

#[cfg(test)]
mod tests {
    use crate::games::ataxx::seats::AtaxxSeats;
    use crate::games::{BoardView, Game, GameView};

    #[test]
    fn four_seats_start_in_their_corners() {
        let config = AtaxxSeats::config_from_spec(&"ataxx:players=4".parse().unwrap()).unwrap();
        let start = AtaxxSeats::start(&config).unwrap();
        let BoardView::Grid { rows, seats, .. } = start.board_view() else {
            panic!("a grid")
        };
        assert_eq!(seats, 4);
        assert_eq!(rows[0], "x.....o");
        assert_eq!(rows[6], "z.....y");
    }
}
