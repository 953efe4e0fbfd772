//! Printing and serializing positions.

use super::config::OwareConfig;
use super::notation;
use super::position::Oware;
use crate::games::{BoardParts, GameError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// `{}` writes the one-line notation; `{:#}` draws the board, the second player's row on top
/// (right to left, in sowing order) and the first player's below, with house letters.
impl fmt::Display for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return f.write_str(&notation::write(self));
        }
        let houses = self.houses();
        let marker = |seat: Seat| {
            if self.to_move() == seat {
                " (to move)"
            } else {
                ""
            }
        };
        writeln!(
            f,
            "second player: {} captured{}",
            self.captured(Seat::SECOND),
            marker(Seat::SECOND)
        )?;
        for index in (0..houses).rev() {
            write!(f, "{:>4}", char::from(b'A' + index as u8))?;
        }
        writeln!(f)?;
        for &seeds in self.row(Seat::SECOND).iter().rev() {
            write!(f, "{seeds:>4}")?;
        }
        writeln!(f)?;
        for &seeds in self.row(Seat::FIRST) {
            write!(f, "{seeds:>4}")?;
        }
        writeln!(f)?;
        for index in 0..houses {
            write!(f, "{:>4}", char::from(b'a' + index as u8))?;
        }
        writeln!(f)?;
        write!(
            f,
            "first player: {} captured{}",
            self.captured(Seat::FIRST),
            marker(Seat::FIRST)
        )
    }
}

impl fmt::Debug for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Oware({} {})", self.config, notation::write(self))
    }
}

/// The serialized form of a position: its configuration, both rows, the captured seeds and
/// the side to move (0 or 1), checked when read back.
#[derive(Serialize, Deserialize)]
struct PositionFile {
    config: OwareConfig,
    houses: [Vec<u8>; 2],
    captured: [u32; 2],
    to_move: u8,
}

impl Serialize for Oware {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionFile {
            config: self.config,
            houses: [
                self.row(Seat::FIRST).to_vec(),
                self.row(Seat::SECOND).to_vec(),
            ],
            captured: [self.captured(Seat::FIRST), self.captured(Seat::SECOND)],
            to_move: self.side,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Oware {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Oware, D::Error> {
        let file = PositionFile::deserialize(deserializer)?;
        let to_move = match file.to_move {
            0 => Seat::FIRST,
            1 => Seat::SECOND,
            other => {
                return Err(serde::de::Error::custom(GameError::Position(format!(
                    "to_move {other}: expected 0 or 1"
                ))));
            }
        };
        let parts = BoardParts {
            rows: [&file.houses[0], &file.houses[1]],
            banked: file.captured,
            to_move,
        };
        Oware::from_parts(file.config, parts).map_err(serde::de::Error::custom)
    }
}
