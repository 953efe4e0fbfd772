//! Probing the book: a seeded choice among the moves whose results are within a margin of
//! the best, only value-preserving moves where the exact values are known, and the moves to
//! keep out of the search where every move known has scored badly.

use super::entry::BookMove;
use super::positions::Book;
use crate::games::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How the book chooses.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BookPolicy {
    /// Moves whose lower confidence bound is within this of the best one's are chosen from
    /// (the expected score is from 0 to 1).
    pub margin: f64,
    /// Moves played in fewer games than this are not chosen by their results (they may still
    /// be avoided).
    pub min_games: u64,
    /// A move whose expected score is below this is not played from the book; when no move
    /// reaches it, the moves whose upper confidence bound is below it too are kept out of
    /// the search.
    pub floor: f64,
}

impl Default for BookPolicy {
    /// A margin of 0.05, one game, a floor of one half.
    fn default() -> BookPolicy {
        BookPolicy {
            margin: 0.05,
            min_games: 1,
            floor: 0.5,
        }
    }
}

/// What the book says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookAdvice<M> {
    /// Nothing: search as usual.
    Search,
    /// Play this move without searching.
    Play(M),
    /// Search, but not these moves (they scored badly); never every legal move.
    Avoid(Vec<M>),
}

impl<G: Game> Book<G> {
    /// What the book says of `position`, a choice among equals drawn from `seed` (`None`:
    /// the first of them in the game's move order). Nothing for a finished game, a game of
    /// more than two seats or a position the book does not hold.
    ///
    /// - Where the exact value of every legal move is known: a move of the best exact value
    ///   (only value-preserving moves).
    /// - Else, among the moves played at least [`BookPolicy::min_games`] times (a move whose
    ///   exact value is known counts as certain) whose expected score reaches
    ///   [`BookPolicy::floor`]: those whose lower confidence bound is within
    ///   [`BookPolicy::margin`] of the best one's.
    /// - When none reaches the floor: the moves whose upper confidence bound is below it too
    ///   (two losses in a row, or a clearly losing record) are to be avoided by the search,
    ///   unless that is every legal move.
    pub fn advise(
        &self,
        position: &G,
        seed: Option<u64>,
        policy: &BookPolicy,
    ) -> BookAdvice<G::Move> {
        if position.seat_count() != 2 || position.outcome().is_some() {
            return BookAdvice::Search;
        }
        let known = self.moves(&position.key());
        if known.is_empty() {
            return BookAdvice::Search;
        }
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        // The book's moves in the game's order (the order ties are broken in).
        let moves: Vec<&BookMove<G::Move>> = legal
            .iter()
            .filter_map(|mv| known.iter().find(|m| m.mv == *mv))
            .collect();
        if moves.len() == legal.len() && moves.iter().all(|m| m.exact.is_some()) {
            let best = moves.iter().filter_map(|m| m.exact).max();
            let equal: Vec<G::Move> = moves
                .iter()
                .filter(|m| m.exact == best)
                .map(|m| m.mv)
                .collect();
            return BookAdvice::Play(pick(&equal, seed));
        }
        let judged: Vec<&BookMove<G::Move>> = moves
            .into_iter()
            .filter(|m| m.exact.is_some() || m.games() >= policy.min_games)
            .collect();
        let (eligible, bad): (Vec<_>, Vec<_>) =
            judged.into_iter().partition(|m| m.mean() >= policy.floor);
        let best = eligible
            .iter()
            .map(|m| m.lower_bound())
            .fold(f64::NEG_INFINITY, f64::max);
        let good: Vec<G::Move> = eligible
            .iter()
            .filter(|m| m.lower_bound() >= best - policy.margin)
            .map(|m| m.mv)
            .collect();
        if !good.is_empty() {
            return BookAdvice::Play(pick(&good, seed));
        }
        let bad: Vec<G::Move> = bad
            .iter()
            .filter(|m| m.upper_bound() < policy.floor)
            .map(|m| m.mv)
            .collect();
        if bad.is_empty() || bad.len() == legal.len() {
            BookAdvice::Search
        } else {
            BookAdvice::Avoid(bad)
        }
    }
}

/// One of `moves` (not empty), drawn from `seed`, or the first.
fn pick<M: Copy>(moves: &[M], seed: Option<u64>) -> M {
    match seed {
        Some(seed) if moves.len() > 1 => {
            moves[SmallRng::seed_from_u64(seed).random_range(0..moves.len())]
        }
        _ => moves[0],
    }
}
