//! The one-line position notation (described in the module documentation of
//! [`crate::games::oware`]).

use super::config::OwareConfig;
use super::errors;
use super::moves::OwareMove;
use super::position::Oware;
use crate::games::{BoardParts, Game, GameError, GameRecord, Seat};
use std::fmt::Write;

/// The position in the one-line notation.
pub(crate) fn write(position: &Oware) -> String {
    let mut text = String::with_capacity(48);
    for seat in [Seat::FIRST, Seat::SECOND] {
        if seat == Seat::SECOND {
            text.push('/');
        }
        for (index, seeds) in position.row(seat).iter().enumerate() {
            if index > 0 {
                text.push(',');
            }
            let _ = write!(text, "{seeds}");
        }
    }
    let _ = write!(
        text,
        " {},{} {}",
        position.captured(Seat::FIRST),
        position.captured(Seat::SECOND),
        position.to_move().index()
    );
    text
}

/// Reads a position (or `start`), optionally followed by `moves` and moves to play.
pub(crate) fn read_record(
    config: &OwareConfig,
    text: &str,
) -> Result<GameRecord<Oware>, GameError> {
    let mut words = text.split_whitespace().peekable();
    let start = match words.peek() {
        None => {
            return Err(errors::position(format!(
                "empty text: expected `start` or a position like {}",
                write(&Oware::start_of(*config))
            )));
        }
        Some(&"start") => {
            words.next();
            Oware::start_of(*config)
        }
        Some(_) => {
            let board = words.next().unwrap_or_default();
            let scores = words.next().ok_or_else(|| {
                errors::position("missing the scores after the board (e.g. `0,0`)")
            })?;
            let side = words.next().ok_or_else(|| {
                errors::position("missing the side to move after the scores (`0` or `1`)")
            })?;
            read_position(config, board, scores, side)?
        }
    };
    let mut record = GameRecord::new(start);
    match words.next() {
        None => {}
        Some("moves") => {
            for (index, word) in words.enumerate() {
                record.play_text(word).map_err(|e| e.at("ply", index + 1))?;
            }
        }
        Some(other) => {
            return Err(errors::position(format!(
                "unexpected {other:?} after the position: only `moves` and a move list may \
                 follow"
            )));
        }
    }
    Ok(record)
}

/// Reads the three fields of a position.
fn read_position(
    config: &OwareConfig,
    board: &str,
    scores: &str,
    side: &str,
) -> Result<Oware, GameError> {
    let houses = config.houses();
    let Some((first, second)) = board.split_once('/') else {
        return Err(errors::position(format!(
            "board {board:?}: expected the first player's {houses} houses, `/`, the second \
             player's {houses} houses, e.g. {}",
            write(&Oware::start_of(*config))
                .split(' ')
                .next()
                .unwrap_or_default()
        )));
    };
    let first = read_counts(first, houses, "the first player's row")?;
    let second = read_counts(second, houses, "the second player's row")?;
    let captured = read_counts(scores, 2, "the scores")?;
    let to_move = match side {
        "0" => Seat::FIRST,
        "1" => Seat::SECOND,
        _ => {
            return Err(errors::position(format!(
                "side to move {side:?}: expected 0 (first player) or 1 (second player)"
            )));
        }
    };
    let mut rows = [[0u8; super::config::MAX_HOUSES]; 2];
    for (row, counts) in rows.iter_mut().zip([&first, &second]) {
        for (slot, &count) in row.iter_mut().zip(counts.iter()) {
            *slot = u8::try_from(count).map_err(|_| too_many(config, count))?;
        }
    }
    let captured: [u32; 2] = [captured[0], captured[1]];
    if captured[0] > config.total_seeds() || captured[1] > config.total_seeds() {
        return Err(too_many(config, captured[0].max(captured[1])));
    }
    let rows = [&rows[0][..houses], &rows[1][..houses]];
    let parts = BoardParts {
        rows,
        banked: captured,
        to_move,
    };
    Oware::from_parts(*config, parts)
}

/// A count larger than the game's seeds.
fn too_many(config: &OwareConfig, count: u32) -> GameError {
    errors::position(format!(
        "{count} seeds: the game has only {} seeds",
        config.total_seeds()
    ))
}

/// Reads exactly `expected` comma-separated whole numbers.
fn read_counts(text: &str, expected: usize, what: &str) -> Result<Vec<u32>, GameError> {
    let counts: Vec<&str> = text.split(',').collect();
    if counts.len() != expected {
        return Err(errors::position(format!(
            "{what} {text:?}: expected {expected} comma-separated counts, found {}",
            counts.len()
        )));
    }
    counts
        .iter()
        .enumerate()
        .map(|(index, count)| {
            if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
                return Err(errors::position(format!(
                    "{what}, entry {}: {count:?} is not a whole number",
                    index + 1
                )));
            }
            count.parse::<u32>().map_err(|_| {
                errors::position(format!("{what}, entry {}: {count} is too large", index + 1))
            })
        })
        .collect()
}

/// Reads a move for the side to move of `position` and checks that it is legal.
pub(crate) fn read_move(position: &Oware, text: &str) -> Result<OwareMove, GameError> {
    let mover = position.to_move();
    let mv = OwareMove::parse(text, mover, position.houses())?;
    if let Some(end) = position.end() {
        return Err(GameError::IllegalMove {
            mv: mv.to_string(),
            reason: format!("the game is over ({end})"),
        });
    }
    if position.is_legal(mv) {
        return Ok(mv);
    }
    let seeds = position.row(mover).get(mv.index()).copied().unwrap_or(0);
    let reason = if seeds == 0 {
        format!("the {mover} player's house {} is empty", mv.index())
    } else if position.seeds_on_row(mover.opponent()) == 0 {
        "the opponent has no seeds and this move does not give them any".to_string()
    } else {
        "it would leave the opponent without seeds while another move does not".to_string()
    };
    Err(GameError::IllegalMove {
        mv: mv.to_string(),
        reason,
    })
}
