//! What a front end draws: a position's board as plain data ([`BoardView`]), and the cells a
//! player clicks to make a move ([`GameView::move_cells`]). Each game fills these in its own
//! folder; the browser game's server only serialises them.

use super::{Game, Seat};
use serde::Serialize;

/// How the web page draws a game: its board and the clicks of its moves. Only the game server
/// (`ponder serve`) needs it, so it is apart from the rules ([`Game`]); a game implements it
/// in its own folder (`src/games/<game>/view.rs`), and `impl GameView for MyGame {}` shows the
/// position's text and takes a move's text as its one click.
///
/// ```
/// use ponder::games::{BoardView, GameView};
/// use ponder::{Game, Kalah};
/// let start = Kalah::start(&Default::default()).unwrap();
/// let BoardView::Pits { pits, stores, .. } = start.board_view() else { panic!("pits") };
/// assert_eq!((pits[0].len(), stores), (6, vec![0, 0]));
/// ```
pub trait GameView: Game {
    /// The board as a front end draws it. The default shows the position's text.
    fn board_view(&self) -> BoardView {
        BoardView::Text {
            kind: Self::NAME,
            text: self.position_text(),
        }
    }

    /// The cells a player clicks, in order, to make `mv` here (cell ids as in [`BoardView`]'s
    /// documentation). The default: the move's own text, one cell.
    fn move_cells(&self, mv: Self::Move) -> Vec<String> {
        vec![mv.to_string()]
    }
}

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

impl BoardView {
    /// The board of a two-seat mancala game `kind`: each seat's `row` of pits in its sowing
    /// order and its `store` (or seeds captured).
    pub fn mancala<'a>(
        kind: &'static str,
        row: impl Fn(Seat) -> &'a [u8],
        store: impl Fn(Seat) -> u32,
    ) -> BoardView {
        let seats = [Seat::FIRST, Seat::SECOND];
        BoardView::Pits {
            kind,
            pits: seats
                .map(|seat| row(seat).iter().map(|&seeds| u32::from(seeds)).collect())
                .to_vec(),
            stores: seats.map(store).to_vec(),
        }
    }
}

/// The id of a mancala pit cell: `p<seat>-<index>` (index in that seat's sowing order).
pub fn pit_cell(seat: usize, index: usize) -> String {
    format!("p{seat}-{index}")
}
