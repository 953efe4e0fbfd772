//! FEN, as libataxx and python-ataxx read and write it: `x5o/7/7/7/7/7/o5x x 0 1`.
//!
//! Ranks 7 down to 1, files a to g; `x` and `o` are stones, `-` a blocker, a digit a run of
//! empty squares; then the side to move (`x` or `o`), the halfmove clock and the fullmove
//! number. Like both tools the reader also takes `X`/`b`/`B` for `x`, `O`/`w`/`W` for `o`,
//! adjacent digits (`34` = 7 empty squares), missing trailing fields (side `x`, clock 0,
//! move 1) and the word `startpos`. The writer is canonical: lower case, one digit per run.

use super::position::MAX_HALFMOVE_CLOCK;
use super::{Ataxx, FenError, LayoutError};
use crate::games::{Game, GameError, GameRecord, Seat};

/// The standard start position.
pub const START_FEN: &str = "x5o/7/7/7/7/7/o5x x 0 1";

/// Reads a FEN; the error says what is wrong and where.
pub fn parse_fen(text: &str) -> Result<Ataxx, FenError> {
    let text = text.trim();
    let text = if text == "startpos" { START_FEN } else { text };
    let fields = split_fields(text)?;
    let ([x, o, ..], blockers) = read_board(fields.board, fen_piece)?;
    let side = match fields.side {
        "x" | "X" | "b" | "B" => Seat::FIRST,
        "o" | "O" | "w" | "W" => Seat::SECOND,
        other => {
            return Err(FenError::BadSide {
                found: other.to_string(),
            });
        }
    };
    let halfmove = parse_number(fields.clock)
        .and_then(|n| u16::try_from(n).ok())
        .filter(|&n| n <= MAX_HALFMOVE_CLOCK)
        .ok_or_else(|| FenError::BadHalfmoveClock {
            found: fields.clock.to_string(),
            max: MAX_HALFMOVE_CLOCK,
        })?;
    Ok(Ataxx::from_parts(
        x,
        o,
        blockers,
        side,
        halfmove,
        fields.fullmove,
    ))
}

/// Reads a FEN-like position (`parse` reads it; `startpos`: the configuration's start),
/// optionally followed by `moves` and moves in UAI notation, as in the UAI `position`
/// command, as a record (both notations).
pub(super) fn read_record<G: Game>(
    config: &G::Config,
    text: &str,
    parse: impl FnOnce(&str) -> Result<G, GameError>,
) -> Result<GameRecord<G>, GameError> {
    let (position, moves) = match text.split_once(" moves") {
        Some((position, rest)) if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
            (position, rest)
        }
        _ => (text, ""),
    };
    let start = if position.trim() == "startpos" {
        G::start(config)?
    } else {
        parse(position)?
    };
    let mut record = GameRecord::new(start);
    record.play_all_text(moves)?;
    Ok(record)
}

/// The fields of a FEN-like position (the two-player FEN and the multi-seat notation): the
/// board, the side to move and the halfmove clock as written, and the fullmove number.
pub(super) struct Fields<'a> {
    /// The board, ranks 7 to 1.
    pub board: &'a str,
    /// The side (or seat) to move; `x` when left out.
    pub side: &'a str,
    /// The halfmove clock; `0` when left out.
    pub clock: &'a str,
    /// The fullmove number; 1 when left out.
    pub fullmove: u32,
}

/// Splits a FEN-like position into its fields at white space: at least the board, at most
/// four, the missing trailing ones defaulted; reads the fullmove number.
pub(super) fn split_fields(text: &str) -> Result<Fields<'_>, LayoutError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&board) = fields.first() else {
        return Err(LayoutError::Empty);
    };
    if fields.len() > 4 {
        return Err(LayoutError::TooManyFields {
            found: fields.len(),
        });
    }
    let fullmove_text = fields.get(3).copied().unwrap_or("1");
    let fullmove = parse_number(fullmove_text)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| LayoutError::BadFullmoveNumber {
            found: fullmove_text.to_string(),
        })?;
    Ok(Fields {
        board,
        side: fields.get(1).copied().unwrap_or("x"),
        clock: fields.get(2).copied().unwrap_or("0"),
        fullmove,
    })
}

/// A whole number written with ASCII digits only (no sign), as both tools require.
pub(super) fn parse_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// What a board character other than a digit stands for.
pub(super) enum Piece {
    /// A stone of the seat with this index.
    Stone(usize),
    /// A blocker.
    Blocker,
}

/// What is wrong with a board field, before a notation's error names it.
#[derive(Debug)]
pub(super) enum BoardFault {
    /// The ranks' count or width.
    Layout(LayoutError),
    /// A rank (1 to 7) holding a character that is neither a digit nor a piece.
    BadCharacter { rank: u8, found: char },
}

impl From<BoardFault> for FenError {
    fn from(fault: BoardFault) -> FenError {
        match fault {
            BoardFault::Layout(error) => FenError::Layout(error),
            BoardFault::BadCharacter { rank, found } => FenError::BadCharacter { rank, found },
        }
    }
}

/// Reads a board field (ranks 7 to 1, a digit a run of empty squares, `piece` naming the
/// other characters) into each seat's stones and the blockers.
pub(super) fn read_board(
    board: &str,
    piece: impl Fn(char) -> Option<Piece>,
) -> Result<([u64; Seat::MAX], u64), BoardFault> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 7 {
        return Err(BoardFault::Layout(LayoutError::RankCount {
            found: ranks.len(),
        }));
    }
    let mut stones = [0u64; Seat::MAX];
    let mut blockers = 0u64;
    for (row, text) in ranks.iter().enumerate() {
        let rank = 6 - row; // 0 = rank 1
        let rank_name = rank as u8 + 1;
        let mut file = 0usize;
        for ch in text.chars() {
            if let Some(run) = ch.to_digit(10).filter(|&d| d > 0) {
                file += run as usize;
                continue;
            }
            let set = match piece(ch) {
                Some(Piece::Stone(seat)) if seat < Seat::MAX => &mut stones[seat],
                Some(Piece::Blocker) => &mut blockers,
                _ => {
                    return Err(BoardFault::BadCharacter {
                        rank: rank_name,
                        found: ch,
                    });
                }
            };
            if file < 7 {
                *set |= 1 << (rank * 7 + file);
            }
            file += 1;
        }
        if file != 7 {
            return Err(BoardFault::Layout(LayoutError::RankWidth {
                rank: rank_name,
                files: file,
            }));
        }
    }
    Ok((stones, blockers))
}

/// `x` and `o` as both tools read them (`b` and `w` too, either case), `-` a blocker.
fn fen_piece(ch: char) -> Option<Piece> {
    match ch {
        'x' | 'X' | 'b' | 'B' => Some(Piece::Stone(0)),
        'o' | 'O' | 'w' | 'W' => Some(Piece::Stone(1)),
        '-' => Some(Piece::Blocker),
        _ => None,
    }
}

/// The board field, ranks 7 to 1: `piece(bit)` names what is on the square of `bit`
/// (`None`: empty, written as runs of digits).
pub(super) fn board_field(piece: impl Fn(u64) -> Option<char>) -> String {
    let mut text = String::with_capacity(64);
    for rank in (0..7).rev() {
        let mut run = 0u8;
        for file in 0..7 {
            let Some(ch) = piece(1u64 << (rank * 7 + file)) else {
                run += 1;
                continue;
            };
            if run > 0 {
                text.push((b'0' + run) as char);
                run = 0;
            }
            text.push(ch);
        }
        if run > 0 {
            text.push((b'0' + run) as char);
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

impl std::fmt::Debug for Ataxx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ataxx({})", format_fen(self))
    }
}

/// Writes the canonical FEN.
pub fn format_fen(position: &Ataxx) -> String {
    let x = position.stone_bits(Seat::FIRST);
    let o = position.stone_bits(Seat::SECOND);
    let blockers = position.blockers().bits();
    let mut fen = board_field(|bit| {
        if x & bit != 0 {
            Some('x')
        } else if o & bit != 0 {
            Some('o')
        } else if blockers & bit != 0 {
            Some('-')
        } else {
            None
        }
    });
    let side = if position.turn() == Seat::FIRST {
        'x'
    } else {
        'o'
    };
    fen.push(' ');
    fen.push(side);
    fen.push_str(&format!(
        " {} {}",
        position.halfmove_clock(),
        position.fullmove_number()
    ));
    fen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_what_is_wrong() {
        let err = |fen: &str| parse_fen(fen).unwrap_err().to_string();
        assert_eq!(
            err("x5o/7/7/7/8/7/o5x x 0 1"),
            "rank 3 has 8 files, expected 7"
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o4x x 0 1"),
            "rank 1 has 6 files, expected 7"
        );
        assert_eq!(
            err("x5o/7/7/7/7/o5x x 0 1"),
            "the board has 6 ranks, expected 7 separated by '/'"
        );
        assert!(err("x5o/7/7/z6/7/7/o5x x").contains("rank 4: unexpected character 'z'"));
        assert!(err("x5o/7/7/7/7/7/o5x q 0 1").contains("side to move \"q\""));
        assert!(err("x5o/7/7/7/7/7/o5x x -1 1").contains("halfmove clock \"-1\""));
        assert!(err("x5o/7/7/7/7/7/o5x x 0 1 1").contains("5 fields"));
        assert!(err("   ").contains("empty FEN"));
        assert_eq!(
            err("xxxxxxxx/7/7/7/7/7/7 x"),
            "rank 7 has 8 files, expected 7"
        );
        assert_eq!(
            err("x0o5/7/7/7/7/7/7 x"),
            "rank 7: unexpected character '0' (expected x, o, '-' or a digit 1 to 7)"
        );
    }
}
