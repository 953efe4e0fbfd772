//! Drawing the table: the board with its indices, the scores, whose turn, the last move; and
//! the one live line that shows what the engine is thinking without disturbing what the human
//! types.

use super::seats::SeatPlayer;
use crate::games::{GameRecord, Seat};
use crate::players::Thought;
use crate::search::Evaluators;
use std::io::Write;

/// The seat's name with who sits there: `first player (human)`; at a table of more seats
/// `seat o (engine)`.
pub(super) fn seat_name<G: Evaluators>(seat: Seat, seats: &[SeatPlayer<G>]) -> String {
    let label = seats
        .get(seat.index())
        .or(seats.last())
        .map_or("", SeatPlayer::label);
    if seats.len() > 2 {
        return super::seated::seat_name(seat, label);
    }
    format!("{seat} player ({label})")
}

/// Draws the position: a header (move number, last move), the game's own board drawing (pits
/// or cells with their indices), the scores and whose turn it is; at a table of more than two
/// seats the board of its notation and every seat's stones.
pub(super) fn draw_board<G: Evaluators>(
    out: &mut dyn Write,
    spec: &str,
    record: &GameRecord<G>,
    seats: &[SeatPlayer<G>],
) -> std::io::Result<()> {
    let plies = record.moves().len();
    writeln!(out)?;
    writeln!(out, "=== {spec} · ply {plies} ===")?;
    if let (Some(mv), Some(before)) = (
        record.moves().last(),
        record.positions().iter().rev().nth(1),
    ) {
        writeln!(
            out,
            "last move: {mv} by {}",
            seat_name(before.side_to_move(), seats)
        )?;
    }
    if seats.len() > 2 {
        return super::seated::draw(out, &record.current(), seats);
    }
    // The alternate form draws the board where a game has two forms (Oware).
    writeln!(out, "{:#}", record.current())?;
    let scores = record.current().scores();
    writeln!(
        out,
        "scores: {} {}, {} {}",
        seat_name(Seat::FIRST, seats),
        scores[0],
        seat_name(Seat::SECOND, seats),
        scores[1]
    )?;
    Ok(())
}

/// The legal moves as text.
pub(super) fn legal_text<G: Evaluators>(record: &GameRecord<G>) -> String {
    let mut moves = Vec::new();
    record.legal_moves(&mut moves);
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line about a search: `depth 9 · score +3 · 12.3k nodes · 45 ms · line 2 5 1`.
pub(super) fn thought_line<G: Evaluators>(thought: &Thought<G>) -> String {
    let mut line = format!("depth {}", thought.depth);
    if let Some(text) = thought.score_text() {
        line += &format!(" · score {text}");
    }
    line += &format!(
        " · {} nodes · {} ms",
        thought.nodes,
        thought.time.as_millis()
    );
    if !thought.pv.is_empty() {
        line += &format!(" · line {}", thought.pv_text());
    }
    line
}

/// A status line in a terminal, rewritten in place.
///
/// While the human types on the prompt line, the status line is the line above it: it is
/// rewritten with the cursor saved and restored (`ESC 7` / `ESC 8`), so what the human has
/// typed so far stays where it is. While the engine thinks on its own turn, the status line
/// is the current line, rewritten with a carriage return.
pub(super) struct LiveLine {
    enabled: bool,
    last: String,
}

impl LiveLine {
    /// A live line; `enabled` only when both standard input and output are terminals.
    pub(super) fn new(enabled: bool) -> LiveLine {
        LiveLine {
            enabled,
            last: String::new(),
        }
    }

    /// Whether live updates are drawn.
    pub(super) fn enabled(&self) -> bool {
        self.enabled
    }

    /// Rewrites the line above the cursor's line with `text` (the prompt line stays as typed).
    pub(super) fn above(&mut self, out: &mut dyn Write, text: &str) -> std::io::Result<()> {
        if !self.enabled || text == self.last {
            return Ok(());
        }
        self.last = text.to_string();
        write!(out, "\x1b7\x1b[1A\r\x1b[2K{}\x1b8", fit(text))?;
        out.flush()
    }

    /// Rewrites the current line with `text`.
    pub(super) fn here(&mut self, out: &mut dyn Write, text: &str) -> std::io::Result<()> {
        if !self.enabled {
            return Ok(());
        }
        self.last = text.to_string();
        write!(out, "\r\x1b[2K{}", fit(text))?;
        out.flush()
    }

    /// Clears the current line (after [`LiveLine::here`]).
    pub(super) fn clear_here(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if !self.enabled {
            return Ok(());
        }
        self.last.clear();
        write!(out, "\r\x1b[2K")?;
        out.flush()
    }

    /// Forgets what was shown (a new prompt gets a new status line).
    pub(super) fn reset(&mut self) {
        self.last.clear();
    }
}

/// Cuts `text` to fit an 80-column line, so that it never wraps (a wrapped line would break
/// the cursor arithmetic).
fn fit(text: &str) -> String {
    const WIDTH: usize = 79;
    if text.chars().count() <= WIDTH {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(WIDTH - 1).collect();
        cut.push('…');
        cut
    }
}
