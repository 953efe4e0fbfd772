//! The classroom `Board`'s core: ponder's [`KalahBoard`] (the rules, the history, traces and
//! undo) with Python's names. `ponder.classroom.Board` wraps it with the course's exact API
//! (skipping invalid moves of a trace with the course's warning, generators, printing).

use crate::errors::{game_error, value_error};
use crate::games::{Position, wrap_record};
use ponder::games::kalah::{KalahBoard, Winner, board_array};
use ponder::{GameRecord, Kalah};
use pyo3::prelude::*;

/// A Kalah(6, 4) game as the classroom sees it, every entry point checked.
#[pyclass(module = "ponder._ponder", name = "KalahBoard")]
#[derive(Clone)]
pub struct PyKalahBoard {
    board: KalahBoard,
}

impl PyKalahBoard {
    /// The board at `position`, with no history: what a Python heuristic is shown.
    pub fn at(position: Kalah) -> PyKalahBoard {
        PyKalahBoard {
            board: KalahBoard::from_position(position),
        }
    }

    /// The pit number `pit` when it is one of the mover's pits.
    fn pit(&self, pit: i64) -> Option<usize> {
        usize::try_from(pit)
            .ok()
            .filter(|&pit| pit < self.board.position().kalah_config().pits())
    }
}

#[pymethods]
impl PyKalahBoard {
    /// The game `trace` leads to from the start; `ValueError` naming the first character that
    /// is not a legal move.
    #[new]
    #[pyo3(signature = (trace = ""))]
    fn py_new(trace: &str) -> PyResult<PyKalahBoard> {
        let board = KalahBoard::from_trace(Default::default(), trace).map_err(game_error)?;
        Ok(PyKalahBoard { board })
    }

    /// Whether the mover can sow `pit` (the game not over, the pit one of theirs and not
    /// empty).
    fn is_valid(&self, pit: i64) -> bool {
        self.pit(pit)
            .is_some_and(|pit| self.board.valid_moves(None).contains(&pit))
    }

    /// Sows the mover's pit `pit`; `ValueError` (and no change) when it cannot be sown.
    fn make_move(&mut self, pit: i64) -> PyResult<()> {
        let Some(index) = self.pit(pit) else {
            return Err(value_error(format!(
                "illegal move {pit}: a pit is a number from 0 to {}",
                self.board.position().kalah_config().pits() - 1
            )));
        };
        self.board.make_move(index).map_err(game_error)
    }

    /// Takes back the last move and returns its pit; `IndexError` at the start.
    fn undo_move(&mut self) -> PyResult<usize> {
        self.board.undo_move().map_err(game_error)
    }

    /// The pits the mover can sow, ascending.
    fn valid_moves(&self) -> Vec<usize> {
        self.board.valid_moves(None)
    }

    /// The board array: the first player's pits, their store, the second player's pits,
    /// their store, the side to move.
    #[getter]
    fn board(&self) -> Vec<u32> {
        self.board.board()
    }

    /// The board array before each move played, oldest first.
    #[getter]
    fn history(&self) -> Vec<Vec<u32>> {
        let positions = self.board.record().positions();
        positions[..positions.len() - 1]
            .iter()
            .map(board_array)
            .collect()
    }

    /// The first player's pits.
    #[getter]
    fn p1_pits(&self) -> Vec<u32> {
        self.board.p1_pits().into_iter().map(u32::from).collect()
    }

    /// The second player's pits.
    #[getter]
    fn p2_pits(&self) -> Vec<u32> {
        self.board.p2_pits().into_iter().map(u32::from).collect()
    }

    /// The first player's store.
    #[getter]
    fn p1_pot(&self) -> u8 {
        self.board.p1_store()
    }

    /// The second player's store.
    #[getter]
    fn p2_pot(&self) -> u8 {
        self.board.p2_store()
    }

    /// 0 when the first player is to move, 1 when the second is.
    #[getter]
    fn turn(&self) -> usize {
        self.board.turn().index()
    }

    /// Whether the game is over.
    #[getter]
    fn game_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The classroom's winner: `None` while the game goes on, 0 or 1 for the first or second
    /// player, -1 for a draw.
    #[getter]
    fn winner(&self) -> Option<i32> {
        self.board.winner().map(|winner| match winner {
            Winner::First => 0,
            Winner::Second => 1,
            Winner::Draw => -1,
        })
    }

    /// The moves so far, one digit each.
    #[getter]
    fn trace(&self) -> String {
        self.board.trace()
    }

    /// The position's exact key as an integer: equal exactly for equal boards.
    #[getter]
    fn state(&self) -> u128 {
        ponder::Game::key(&self.board.position()).to_u128()
    }

    /// The game as a `ponder.Position` (with its moves).
    fn position(&self) -> Position {
        Position {
            record: wrap_record::<Kalah>(GameRecord::clone(self.board.record())),
        }
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }
}
