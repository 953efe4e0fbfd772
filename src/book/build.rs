//! Growing a book from an exact solver (every move of every position within a few plies of the
//! start, with its exact value).

use super::positions::Book;
use crate::games::{Game, GameError};
use std::collections::HashSet;

/// What [`exact_book`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactBuild {
    /// Positions whose every move now has its exact value.
    pub positions: usize,
    /// Moves stored.
    pub moves: usize,
    /// Positions solved (children not already over).
    pub solves: usize,
}

/// Stores the exact value of every legal move of every position from `start` to `plies`
/// plies deep (every line, both sides'), as far as the book's bound allows: `solve` answers
/// a position's exact final margin for its mover (an exact solver), and a move's value is its
/// child's, seen from the mover (the finished game's margin where the move ends the game).
/// The book then plays only value-preserving moves in those positions
/// ([`Book::advise`](super::Book::advise)). `on_position` sees each position done, with the
/// count so far.
pub fn exact_book<G: Game>(
    book: &mut Book<G>,
    start: &G,
    plies: usize,
    solve: &mut dyn FnMut(&G) -> Result<i32, GameError>,
    on_position: &mut dyn FnMut(&G, usize),
) -> Result<ExactBuild, GameError> {
    let mut done = ExactBuild::default();
    let mut seen = HashSet::new();
    let mut frontier = vec![*start];
    let mut moves = Vec::new();
    for depth in 0..plies {
        let mut next = Vec::new();
        for position in frontier {
            if position.outcome().is_some() || !seen.insert(position.key()) {
                continue;
            }
            position.legal_moves(&mut moves);
            let mover = position.side_to_move();
            let mut stored = 0;
            for &mv in &moves {
                let child = position.play_unchecked(mv);
                let exact = match child.outcome() {
                    Some(outcome) => outcome.margin_for(mover),
                    None => {
                        done.solves += 1;
                        let margin = solve(&child)?;
                        if child.side_to_move() == mover {
                            margin
                        } else {
                            -margin
                        }
                    }
                };
                let Some(entry) = book.entry(position.key(), mv) else {
                    break;
                };
                entry.exact = Some(exact);
                stored += 1;
                if depth + 1 < plies {
                    next.push(child);
                }
            }
            if stored == 0 {
                return Ok(done);
            }
            done.positions += 1;
            done.moves += stored;
            on_position(&position, done.positions);
        }
        frontier = next;
    }
    Ok(done)
}
