//! Kalah as a front end draws it: both rows in sowing order and the stores.

use super::{Kalah, KalahMove};
use crate::games::{BoardView, Game, GameView, pit_cell};

impl GameView for Kalah {
    /// Each seat's pits in sowing order, and the stores.
    fn board_view(&self) -> BoardView {
        BoardView::mancala(
            Kalah::NAME,
            |seat| self.pits(seat),
            |seat| u32::from(self.store(seat)),
        )
    }

    /// A move is one click: the mover's pit.
    fn move_cells(&self, mv: KalahMove) -> Vec<String> {
        vec![pit_cell(self.side().index(), mv.pit())]
    }
}
