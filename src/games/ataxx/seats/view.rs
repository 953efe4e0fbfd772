//! Multi-seat Ataxx as a front end draws it: the two-player game's grid with up to four
//! seats' stones (`x` `o` `y` `z`) and its clicks.

use super::super::view::grid_view;
use super::super::{Cell, Square};
use super::AtaxxSeats;
use crate::games::{BoardView, Seat};

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

/// The board: seven ranks, rank 7 first; `seats` is the seat count.
pub(super) fn board_view(position: &AtaxxSeats) -> BoardView {
    grid_view(position.players(), |square| cell(position, square))
}

#[cfg(test)]
mod tests {
    use crate::games::ataxx::seats::AtaxxSeats;
    use crate::games::{BoardView, Game};

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
