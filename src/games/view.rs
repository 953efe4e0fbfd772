//! What a front end draws: a position's board as plain data ([`BoardView`]), and the cells a
//! player clicks to make a move ([`crate::Game::move_cells`]). Each game fills these in its
//! own folder; the browser game's server only serialises them.

use serde::Serialize;

/// A position's board as a front end draws it, serialised as JSON with a `kind` naming the
/// game (`docs/web-api.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum BoardView {
    /// A mancala board: each seat's pits in sowing order and its store (or captured seeds).
    Pits {
        /// The game's name.
        kind: &'static str,
        /// Each seat's pits, in that seat's sowing order. Cell ids are `p<seat>-<index>`.
        pits: Vec<Vec<u32>>,
        /// Each seat's store (or seeds captured).
        stores: Vec<u32>,
    },
    /// A square grid: one string per rank, the top rank first, one character per cell.
    Grid {
        /// The game's name.
        kind: &'static str,
        /// The ranks, top first.
        rows: Vec<String>,
        /// The number of seats.
        seats: usize,
    },
    /// A game without a drawing of its own: its position text.
    Text {
        /// The game's name.
        kind: &'static str,
        /// The position in the game's notation.
        text: String,
    },
}

/// The id of a mancala pit cell: `p<seat>-<index>` (index in that seat's sowing order).
pub fn pit_cell(seat: usize, index: usize) -> String {
    format!("p{seat}-{index}")
}
