//! What a search reports while it runs and when it ends.

use super::score::{Score, exact_text};
use crate::games::Game;
use std::fmt;
use std::time::Duration;

/// Progress after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<G: Game> {
    /// The depth just completed.
    pub depth: u32,
    /// The best value at that depth, from the side to move's point of view.
    pub score: Score,
    /// Nodes visited so far, every thread included.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation of the move the tie-break chooses at that depth.
    pub pv: Vec<G::Move>,
    /// The exact final margin of the position for the side to move under perfect play, when
    /// the search knows it (an endgame database covers the position, or a proof finished):
    /// then `score` is that finished game's score (0 for a draw). `None` for a heuristic or
    /// merely bounded value.
    pub exact: Option<i32>,
}

impl<G: Game> fmt::Display for SearchInfo<G> {
    /// `info depth <d> score <s> [exact <win by 4|loss by 2|draw>] nodes <n> nps <r>
    /// time <ms> pv <moves>`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {} score {}", self.depth, self.score)?;
        if let Some(margin) = self.exact {
            write!(f, " exact {}", exact_text(margin))?;
        }
        write!(
            f,
            " nodes {} nps {} time {} pv",
            self.nodes,
            self.nps,
            self.time.as_millis()
        )?;
        for mv in &self.pv {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// The result of a search: the last completed iteration's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<G: Game> {
    /// The chosen move; `None` only when the game is already over.
    pub best_move: Option<G::Move>,
    /// Its value, from the side to move's point of view.
    pub score: Score,
    /// The depth of the last completed iteration (0 if none completed: then `best_move` is the
    /// first legal move and `score` the static evaluation).
    pub depth: u32,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<G::Move>,
    /// Every root move whose exact value equals the best, in natural legal-move order.
    pub equal_best: Vec<G::Move>,
    /// Nodes visited, every thread included.
    pub nodes: u64,
    /// Nodes visited by the main thread alone. With Lazy SMP helpers, the main thread reaches
    /// a depth with fewer nodes than a lone thread (the shared table holds the helpers' work):
    /// the ratio is the time-to-depth speed-up when every thread has a core of its own.
    pub main_thread_nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Whether a stop signal or a hard limit cut the search short.
    pub stopped: bool,
    /// The exact final margin for the side to move, when the search knows it (as
    /// [`SearchInfo::exact`]).
    pub exact: Option<i32>,
}

impl<G: Game> SearchReport<G> {
    /// No move, no value, nothing searched: what a search fills in.
    pub(crate) fn empty() -> SearchReport<G> {
        SearchReport {
            best_move: None,
            score: Score(0),
            depth: 0,
            pv: Vec::new(),
            equal_best: Vec::new(),
            nodes: 0,
            main_thread_nodes: 0,
            time: Duration::ZERO,
            stopped: false,
            exact: None,
        }
    }
}

/// Nodes per second, 0 for no time.
pub(crate) fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
