//! Oware as a front end draws it: both rows in sowing order and the seeds captured.

use super::{Oware, OwareMove};
use crate::games::{BoardView, Game, Seat, pit_cell};

/// The board: each seat's houses in its sowing order, and the seeds each has captured.
pub(super) fn board_view(position: &Oware) -> BoardView {
    let seats = [Seat::FIRST, Seat::SECOND];
    BoardView::Pits {
        kind: Oware::NAME,
        pits: seats
            .iter()
            .map(|&seat| position.row(seat).iter().map(|&s| u32::from(s)).collect())
            .collect(),
        stores: seats.iter().map(|&seat| position.captured(seat)).collect(),
    }
}

/// A move is one click: the mover's house.
pub(super) fn move_cells(position: &Oware, mv: OwareMove) -> Vec<String> {
    vec![pit_cell(position.to_move().index(), mv.index())]
}
