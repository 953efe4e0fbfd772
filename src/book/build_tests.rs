//! The exact book's reach (every line to its plies, then the lines of perfect play while the
//! filter holds), checked against a brute-force negamax of a small Kalah that shares nothing
//! with the solvers.

use super::*;
use crate::games::kalah::{CaptureRule, KalahConfig};
use crate::{Game, Kalah, Key};
use std::collections::HashMap;

/// Kalah with 3 pits of 2 seeds: small enough to solve by brute force.
fn small() -> Kalah {
    Kalah::new(KalahConfig::new(3, 2, CaptureRule::Classic).unwrap())
}

/// Plain negamax over the whole tree, memoised by key.
struct BruteForce(HashMap<Key, i32>);

impl BruteForce {
    /// The exact final margin for the mover of `position` (not over).
    fn value(&mut self, position: &Kalah) -> i32 {
        if let Some(&value) = self.0.get(&position.key()) {
            return value;
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let best = moves
            .iter()
            .map(|&mv| self.after(position, mv))
            .max()
            .unwrap();
        self.0.insert(position.key(), best);
        best
    }

    /// The exact final margin for `position`'s mover after `mv`.
    fn after(&mut self, position: &Kalah, mv: <Kalah as Game>::Move) -> i32 {
        let mover = position.side_to_move();
        let child = position.play(mv);
        match child.outcome() {
            Some(outcome) => outcome.margin_for(mover),
            None if child.side_to_move() == mover => self.value(&child),
            None => -self.value(&child),
        }
    }
}

/// The positions `reach` names, found depth-first (the book's build goes breadth-first).
fn reached(
    position: Kalah,
    depth: usize,
    reach: &ExactReach<'_, Kalah>,
    oracle: &mut BruteForce,
    found: &mut HashMap<Key, Kalah>,
) {
    if position.outcome().is_some() || (depth >= reach.plies && !(reach.follow)(&position)) {
        return;
    }
    found.insert(position.key(), position);
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let values: Vec<i32> = moves
        .iter()
        .map(|&mv| oracle.after(&position, mv))
        .collect();
    let best = *values.iter().max().unwrap();
    for (&mv, &value) in moves.iter().zip(&values) {
        let followed = depth + 1 < reach.plies || (depth + 1 < reach.lines && value == best);
        if followed {
            reached(position.play(mv), depth + 1, reach, oracle, found);
        }
    }
}

/// Builds the book `reach` names with the brute force as its solver and checks that it holds
/// exactly the positions `reached` finds, each with every move's exact value.
fn check(reach: &ExactReach<'_, Kalah>) -> usize {
    let start = small();
    let mut oracle = BruteForce(HashMap::new());
    // The build gets a brute force of its own, so that the check does not read its answers.
    let mut solver = BruteForce(HashMap::new());
    let mut book = Book::new(start.kalah_config(), BookBounds::default());
    let built = exact_book(
        &mut book,
        &start,
        reach,
        &mut |position| Ok(solver.value(position)),
        &mut |_, _| {},
    )
    .unwrap();
    let mut expected = HashMap::new();
    reached(start, 0, reach, &mut oracle, &mut expected);
    assert_eq!(book.len(), expected.len());
    assert_eq!(built.positions, expected.len());
    let mut moves = Vec::new();
    for (key, position) in &expected {
        let stored = book.moves(key);
        position.legal_moves(&mut moves);
        assert_eq!(stored.len(), moves.len(), "every move of {position:?}");
        for entry in stored {
            assert_eq!(entry.exact, Some(oracle.after(position, entry.mv)));
        }
    }
    expected.len()
}

#[test]
fn every_line_stores_every_position_before_its_plies() {
    let all = check(&ExactReach::every_line(3));
    let deeper = check(&ExactReach::every_line(4));
    assert!(all > 1 && deeper > all);
}

#[test]
fn the_lines_of_perfect_play_follow_every_value_preserving_move_while_the_filter_holds() {
    let whole = |_: &Kalah| true;
    let lines = check(&ExactReach {
        plies: 2,
        lines: 8,
        follow: &whole,
    });
    // Far fewer than every line to 8 plies, more than every line to 2.
    assert!(lines > check(&ExactReach::every_line(2)));
    assert!(lines < check(&ExactReach::every_line(8)));
    // To the end of the game while more than 4 seeds are in play: the filter stops the lines.
    let open = |position: &Kalah| position.seeds_in_play() > 4;
    let until = check(&ExactReach {
        plies: 2,
        lines: 200,
        follow: &open,
    });
    let unfiltered = check(&ExactReach {
        plies: 2,
        lines: 200,
        follow: &whole,
    });
    assert!(until < unfiltered);
}
