//! Oware as a front end draws it: both rows in sowing order and the seeds captured.

use super::{Oware, OwareMove};
use crate::games::{BoardView, Game, GameView, pit_cell};

impl GameView for Oware {
    /// Each seat's houses in its sowing order, and the seeds each has captured.
    fn board_view(&self) -> BoardView {
        BoardView::mancala(
            Oware::NAME,
            |seat| self.row(seat),
            |seat| self.captured(seat),
        )
    }

    /// A move is one click: the mover's house.
    fn move_cells(&self, mv: OwareMove) -> Vec<String> {
        vec![pit_cell(self.to_move().index(), mv.index())]
    }
}
