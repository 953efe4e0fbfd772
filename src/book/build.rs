//! Growing a book from an exact solver: every move of every position within a few plies of the
//! start with its exact value, and past them the lines of perfect play.

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

/// How far [`exact_book`] reaches from its start.
pub struct ExactReach<'a, G> {
    /// Every line to this many plies: every position before it (both sides' every move).
    pub plies: usize,
    /// Then, to this many plies from the start, the lines of perfect play: the positions
    /// reached by value-preserving moves of either side, so that a book player meets only
    /// positions the book holds for as long as its opponent keeps the value too.
    pub lines: usize,
    /// Past `plies`, a position is stored and followed only where this says so (Kalah: while
    /// more seeds are in play than the search proves in a move's time).
    pub follow: &'a dyn Fn(&G) -> bool,
}

impl<G> ExactReach<'_, G> {
    /// Every line to `plies` plies and nothing past them.
    pub fn every_line(plies: usize) -> ExactReach<'static, G> {
        ExactReach {
            plies,
            lines: plies,
            follow: &|_| false,
        }
    }
}

/// Stores the exact value of every legal move of the positions `reach` names, as far as the
/// book's bound allows: `solve` answers a position's exact final margin for its mover (an
/// exact solver), and a move's value is its child's, seen from the mover (the finished game's
/// margin where the move ends the game). The book then plays only value-preserving moves in
/// those positions ([`Book::advise`](super::Book::advise)). `on_position` sees each position
/// done, with the count so far.
pub fn exact_book<G: Game>(
    book: &mut Book<G>,
    start: &G,
    reach: &ExactReach<'_, G>,
    solve: &mut dyn FnMut(&G) -> Result<i32, GameError>,
    on_position: &mut dyn FnMut(&G, usize),
) -> Result<ExactBuild, GameError> {
    let mut done = ExactBuild::default();
    let mut seen = HashSet::new();
    let mut frontier = vec![*start];
    let mut values = Vec::new();
    for depth in 0..reach.plies.max(reach.lines) {
        let every_line = depth < reach.plies;
        let mut next = Vec::new();
        for position in frontier {
            if position.outcome().is_some()
                || (!every_line && !(reach.follow)(&position))
                || !seen.insert(position.key())
            {
                continue;
            }
            move_values(&position, solve, &mut values, &mut done.solves)?;
            let Some(stored) = store(book, &position, &values) else {
                return Ok(done);
            };
            done.positions += 1;
            done.moves += stored;
            on_position(&position, done.positions);
            let best = values.iter().map(|&(_, value)| value).max();
            let follows =
                |value| depth + 1 < reach.plies || (depth + 1 < reach.lines && Some(value) == best);
            next.extend(
                values
                    .iter()
                    .filter(|&&(_, value)| follows(value))
                    .map(|&(mv, _)| position.play_unchecked(mv)),
            );
        }
        frontier = next;
    }
    Ok(done)
}

/// Every legal move of `position` with its exact value for the mover, into `values`.
fn move_values<G: Game>(
    position: &G,
    solve: &mut dyn FnMut(&G) -> Result<i32, GameError>,
    values: &mut Vec<(G::Move, i32)>,
    solves: &mut usize,
) -> Result<(), GameError> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mover = position.side_to_move();
    values.clear();
    for mv in moves {
        let child = position.play_unchecked(mv);
        let exact = match child.outcome() {
            Some(outcome) => outcome.margin_for(mover),
            None => {
                *solves += 1;
                let margin = solve(&child)?;
                if child.side_to_move() == mover {
                    margin
                } else {
                    -margin
                }
            }
        };
        values.push((mv, exact));
    }
    Ok(())
}

/// Stores `values` as `position`'s moves; the number stored, or `None` when the book is full
/// and took none.
fn store<G: Game>(book: &mut Book<G>, position: &G, values: &[(G::Move, i32)]) -> Option<usize> {
    let mut stored = 0;
    for &(mv, exact) in values {
        let Some(entry) = book.entry(position.key(), mv) else {
            break;
        };
        entry.exact = Some(exact);
        stored += 1;
    }
    (stored > 0).then_some(stored)
}
