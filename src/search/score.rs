//! Search scores: heuristic values and exact scores of finished games on one integer scale.
//!
//! A finished game is worth its final margin, so that a search deep enough to see the end plays
//! for the largest margin, and among equal margins wins fast and loses slowly:
//!
//! `score = sign(margin) × (WIN_BASE + |margin| × MARGIN_UNIT + (MARGIN_UNIT − 1 − ply))`
//!
//! where `ply` counts plies from the root of the search. A draw is worth 0. Every win is above
//! every heuristic value (evaluations are clamped to `±(WIN_BASE − 1)`), and every loss below.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The smallest magnitude of a finished game's score with a non-zero margin.
pub const WIN_BASE: i32 = 1 << 24;

/// How much one point of final margin is worth in a finished game's score; also one more than
/// the largest ply the score can tell apart.
pub const MARGIN_UNIT: i32 = 1024;

/// The largest final margin the scale represents exactly; larger margins are clamped.
pub const MAX_MARGIN: i32 = 4095;

/// Above every score: the initial bound of a full-window search.
pub const INFINITY: i32 = 1 << 30;

/// The largest heuristic evaluation: evaluators' values are clamped into
/// `-MAX_HEURISTIC..=MAX_HEURISTIC`.
pub const MAX_HEURISTIC: i32 = WIN_BASE - 1;

/// A search score from the side to move's point of view: a heuristic value or the exact value
/// of a finished game (see the module documentation for the scale).
///
/// It displays as an integer for heuristic values (`-6`), and as `win:<margin>:<plies>` or
/// `loss:<margin>:<plies>` for a finished game found `plies` plies from the root.
///
/// ```
/// use ponder::search::Score;
/// let win = Score::finished(8, 12);
/// assert!(win > Score::heuristic(1_000_000));
/// assert_eq!(win.margin(), Some(8));
/// assert_eq!(win.plies(), Some(12));
/// assert_eq!(win.to_string(), "win:8:12");
/// assert_eq!(Score::heuristic(-6).to_string(), "-6");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Score(pub i32);

impl Score {
    /// The score of a finished game whose final margin, from the side to move's point of view,
    /// is `margin`, reached `ply` plies from the root.
    #[inline]
    pub fn finished(margin: i32, ply: u32) -> Score {
        Score(finished(margin, ply))
    }

    /// A heuristic value, clamped into the heuristic range.
    #[inline]
    pub fn heuristic(value: i32) -> Score {
        Score(value.clamp(-MAX_HEURISTIC, MAX_HEURISTIC))
    }

    /// The raw integer.
    #[inline]
    pub fn value(self) -> i32 {
        self.0
    }

    /// Whether the score is a finished game won or lost (a draw is not told apart from a
    /// heuristic 0).
    #[inline]
    pub fn is_decisive(self) -> bool {
        self.0.abs() >= WIN_BASE
    }

    /// The final margin of a decisive score, from the side to move's point of view.
    pub fn margin(self) -> Option<i32> {
        if !self.is_decisive() {
            return None;
        }
        let magnitude = (self.0.abs() - WIN_BASE) / MARGIN_UNIT;
        Some(if self.0 > 0 { magnitude } else { -magnitude })
    }

    /// The number of plies from the root to the end of the game, for a decisive score.
    pub fn plies(self) -> Option<u32> {
        if !self.is_decisive() {
            return None;
        }
        let rest = (self.0.abs() - WIN_BASE) % MARGIN_UNIT;
        Some((MARGIN_UNIT - 1 - rest) as u32)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.margin(), self.plies()) {
            (Some(margin), Some(plies)) if margin > 0 => write!(f, "win:{margin}:{plies}"),
            (Some(margin), Some(plies)) => write!(f, "loss:{}:{plies}", -margin),
            _ => write!(f, "{}", self.0),
        }
    }
}

/// An exact final margin for the side to move in words: `win by 4`, `loss by 2`, `draw`.
///
/// ```
/// use ponder::search::exact_text;
/// assert_eq!(exact_text(4), "win by 4");
/// assert_eq!(exact_text(-2), "loss by 2");
/// assert_eq!(exact_text(0), "draw");
/// ```
pub fn exact_text(margin: i32) -> String {
    match margin {
        0 => "draw".to_string(),
        m if m > 0 => format!("win by {m}"),
        m => format!("loss by {}", -m),
    }
}

/// The score of a finished game with final `margin` for the side to move, `ply` plies from the
/// root: see the module documentation.
#[inline]
pub fn finished(margin: i32, ply: u32) -> i32 {
    if margin == 0 {
        return 0;
    }
    let ply = ply.min(MARGIN_UNIT as u32 - 1) as i32;
    let magnitude = WIN_BASE + margin.abs().min(MAX_MARGIN) * MARGIN_UNIT + (MARGIN_UNIT - 1 - ply);
    if margin > 0 { magnitude } else { -magnitude }
}

/// A score as stored in the transposition table: a decisive score counted from the node
/// instead of from the root, so that it can be read back at another ply.
#[inline]
pub fn to_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= WIN_BASE {
        score + ply
    } else if score <= -WIN_BASE {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`] at `ply`.
#[inline]
pub fn from_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score >= WIN_BASE {
        score - ply
    } else if score <= -WIN_BASE {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_order_by_margin_then_speed() {
        assert!(finished(2, 30) > finished(1, 1));
        assert!(finished(1, 3) > finished(1, 5));
        assert!(finished(-1, 5) > finished(-1, 3));
        assert!(finished(-1, 3) > finished(-2, 60));
        assert!(finished(1, 100) > MAX_HEURISTIC);
        assert!(finished(-1, 100) < -MAX_HEURISTIC);
        assert_eq!(finished(0, 7), 0);
        assert!(finished(MAX_MARGIN + 100, 0) < INFINITY);
    }

    #[test]
    fn table_round_trip_moves_the_ply() {
        let at_root = finished(5, 9);
        let stored = to_table(at_root, 4);
        // Read back two plies closer to the root: the same finish is two plies nearer.
        assert_eq!(from_table(stored, 2), finished(5, 7));
        assert_eq!(from_table(to_table(-at_root, 4), 2), finished(-5, 7));
        assert_eq!(from_table(to_table(17, 4), 2), 17);
    }

    #[test]
    fn display_and_decoding() {
        assert_eq!(Score::finished(-3, 4).to_string(), "loss:3:4");
        assert_eq!(Score::finished(-3, 4).margin(), Some(-3));
        assert_eq!(Score(0).to_string(), "0");
        assert_eq!(Score::heuristic(i32::MAX).0, MAX_HEURISTIC);
    }
}
