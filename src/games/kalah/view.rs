//! Kalah as a front end draws it: both rows in sowing order and the stores.

use super::{Kalah, KalahMove};
use crate::games::{BoardView, Game, Seat, pit_cell};

/// The board: each seat's pits in sowing order, and the stores.
pub(super) fn board_view(position: &Kalah) -> BoardView {
    let seats = [Seat::FIRST, Seat::SECOND];
    BoardView::Pits {
        kind: Kalah::NAME,
        pits: seats
            .iter()
            .map(|&seat| position.pits(seat).iter().map(|&s| u32::from(s)).collect())
            .collect(),
        stores: seats
            .iter()
            .map(|&seat| u32::from(position.store(seat)))
            .collect(),
    }
}

/// A move is one click: the mover's pit.
pub(super) fn move_cells(position: &Kalah, mv: KalahMove) -> Vec<String> {
    vec![pit_cell(position.side().index(), mv.pit())]
}
