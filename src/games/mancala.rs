//! What the mancala games (Kalah, Oware) share about a board given from outside: two rows of
//! one width, one a seat.

use super::{GameError, Seat};

/// Checks that each seat's row (`rows[0]` the first seat's) has `width` holes; the error
/// names the row and calls the holes `holes` (`pits`, `houses`).
pub(crate) fn check_rows(rows: [&[u8]; 2], width: usize, holes: &str) -> Result<(), GameError> {
    for (seat, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(GameError::Position(format!(
                "the {} player's row has {} {holes}, expected {width}",
                Seat::new(seat),
                row.len()
            )));
        }
    }
    Ok(())
}
