//! What a search answers ([`BestMove`]) and reports after each depth ([`Info`]).

use crate::games::move_texts;
use ponder::Game;
use ponder::engine::{self, IterationInfo, PonderLine};
use ponder::search::{SearchInfo, SearchReport};
use pyo3::prelude::*;

/// A search's answer.
#[pyclass(module = "ponder._ponder", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct BestMove {
    /// The move to play (its notation); `None` only when the game is over.
    pub r#move: Option<String>,
    /// The reply expected (what the engine ponders first), if known.
    pub ponder: Option<String>,
    /// The move's score for the side to move.
    pub score: i32,
    /// The position's exact final margin for the side to move (seeds or pieces), when the
    /// search knows it (an endgame database covers it, or the game's end is in reach).
    pub exact: Option<i32>,
    /// The deepest completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds spent.
    pub time: f64,
    /// The moves exactly equal-best at that depth: the choice was among them.
    pub equal_best: Vec<String>,
    /// The number of the engine's `go` it answers (`None` for `ponder.search`).
    pub id: Option<u64>,
}

impl<G: Game> From<&SearchReport<G>> for BestMove {
    fn from(outcome: &SearchReport<G>) -> BestMove {
        BestMove {
            r#move: outcome.best_move.map(|mv| mv.to_string()),
            ponder: outcome.pv.get(1).map(|mv| mv.to_string()),
            score: outcome.score.value(),
            exact: outcome.exact,
            depth: outcome.depth,
            nodes: outcome.nodes,
            time: outcome.time.as_secs_f64(),
            equal_best: move_texts(&outcome.equal_best),
            id: None,
        }
    }
}

impl<G: Game> From<&engine::BestMove<G>> for BestMove {
    fn from(best: &engine::BestMove<G>) -> BestMove {
        BestMove {
            r#move: best.mv.map(|mv| mv.to_string()),
            ponder: best.ponder.map(|mv| mv.to_string()),
            score: best.score,
            exact: best.exact,
            depth: best.depth,
            nodes: best.nodes,
            time: best.time.as_secs_f64(),
            equal_best: move_texts(&best.equal_best),
            id: Some(best.id),
        }
    }
}

#[pymethods]
impl BestMove {
    fn __repr__(&self) -> String {
        let mv = match &self.r#move {
            Some(mv) => format!("'{mv}'"),
            None => "None".to_string(),
        };
        format!(
            "BestMove(move={mv}, score={}, depth={}, nodes={}, time={:.3})",
            self.score, self.depth, self.nodes, self.time
        )
    }
}

/// One completed depth of a search.
#[pyclass(module = "ponder._ponder", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to move.
    pub score: i32,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Seconds since the search started.
    pub time: f64,
    /// The number of the engine's `go` it belongs to.
    pub id: u64,
}

impl Info {
    /// An engine's report of one iteration.
    pub fn from_engine<G: Game>(info: &IterationInfo<G>) -> Info {
        Info::from_search(&info.search, info.id)
    }

    /// A depth completed by pondering, as the engine's seat sees it.
    pub fn pondering<G: Game>(line: &PonderLine<G>) -> Info {
        let seconds = line.time.as_secs_f64();
        Info {
            depth: line.depth,
            score: line.score,
            pv: move_texts(&line.line),
            nodes: line.nodes,
            nps: if seconds > 0.0 {
                (line.nodes as f64 / seconds) as u64
            } else {
                0
            },
            time: seconds,
            id: 0,
        }
    }

    fn from_search<G: Game>(search: &SearchInfo<G>, id: u64) -> Info {
        Info {
            depth: search.depth,
            score: search.score.value(),
            pv: move_texts(&search.pv),
            nodes: search.nodes,
            nps: search.nps,
            time: search.time.as_secs_f64(),
            id,
        }
    }
}

#[pymethods]
impl Info {
    fn __repr__(&self) -> String {
        format!(
            "Info(depth={}, score={}, pv={:?}, nodes={}, time={:.3})",
            self.depth, self.score, self.pv, self.nodes, self.time
        )
    }
}
