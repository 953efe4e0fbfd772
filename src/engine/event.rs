//! What the engine tells the game loop or the front end.

use super::command::SearchId;
use super::tree::TreeStats;
use crate::games::{Game, GameError};
use crate::search::SearchInfo;
use std::time::Duration;
use thiserror::Error;

/// An event from the engine, read with [`Engine::try_recv`](super::Engine::try_recv) (never
/// blocks) or [`Engine::recv_timeout`](super::Engine::recv_timeout).
#[derive(Clone, Debug)]
pub enum Event<G: Game> {
    /// A `go` completed one more depth.
    Info(IterationInfo<G>),
    /// The answer to a `go`: exactly one per `go`.
    BestMove(BestMove<G>),
    /// What pondering is doing.
    Ponder(PonderInfo<G>),
    /// A move or a position was taken in: what the stored tree kept.
    Rerooted(RerootInfo<G>),
    /// A command could not be carried out; nothing changed.
    Error(EngineError),
    /// The answer to [`Command::Sync`](super::Command::Sync), with the engine's position.
    Synced {
        /// The number sent.
        id: u64,
        /// The engine's current position.
        position: G,
    },
}

/// One completed iteration of a `go`: what the search reports of it, with the `go` it belongs
/// to and what the search did with the stored tree.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo<G: Game> {
    /// The `go` it belongs to.
    pub id: SearchId,
    /// The iteration as the search reports it: depth, score for the side to move, principal
    /// variation, nodes so far, speed, time since the `go` started.
    pub search: SearchInfo<G>,
    /// What the search did with the stored tree so far.
    pub tree: TreeStats,
}

/// The answer to a `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct BestMove<G: Game> {
    /// The `go` it answers.
    pub id: SearchId,
    /// The position searched (the engine's position when the answer was sent).
    pub position: G,
    /// The move to play; `None` only when the game is over.
    pub mv: Option<G::Move>,
    /// The reply the engine expects (what it will ponder first).
    pub ponder: Option<G::Move>,
    /// Score of the move for the side to move.
    pub score: i32,
    /// The position's exact final margin for the side to move, when the search knows it (an
    /// endgame database covers it): `score` is then that finished game's score.
    pub exact: Option<i32>,
    /// Deepest completed depth (0 if stopped before depth 1 completed).
    pub depth: u32,
    /// The moves exactly equal-best at that depth, in the game's natural order: the choice
    /// was among them (empty if stopped before depth 1 completed).
    pub equal_best: Vec<G::Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time from the `go` to this answer.
    pub time: Duration,
    /// What the search did with the stored tree.
    pub tree: TreeStats,
}

impl<G: Game> BestMove<G> {
    /// The answer to `id` for `position` before anything was searched: no move, no score.
    pub(crate) fn unsearched(id: SearchId, position: G) -> BestMove<G> {
        BestMove {
            id,
            position,
            mv: None,
            ponder: None,
            score: 0,
            exact: None,
            depth: 0,
            equal_best: Vec::new(),
            nodes: 0,
            time: Duration::ZERO,
            tree: TreeStats::default(),
        }
    }
}

/// What pondering is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum PonderInfo<G: Game> {
    /// Pondering started on this position.
    Started {
        /// The position pondered (usually the human to move).
        position: G,
        /// Nodes of the stored tree kept from earlier searches (after freeing what the
        /// moves since made unreachable).
        kept_nodes: usize,
    },
    /// One more depth completed for one reply (or, in root mode or on the engine's own move,
    /// for the whole position: `reply` is `None`).
    Progress {
        /// The reply deepened, from the pondered position.
        reply: Option<G::Move>,
        /// Depth completed below the reply.
        depth: u32,
        /// Score after the reply, for the side to move then.
        score: i32,
        /// Principal variation after the reply.
        pv: Vec<G::Move>,
        /// Nodes searched by this pondering so far.
        nodes: u64,
        /// Time since pondering started.
        time: Duration,
    },
    /// Pondering stopped (a move came, a command, or `stop`).
    Stopped {
        /// Nodes searched while pondering.
        nodes: u64,
        /// Time spent pondering.
        time: Duration,
    },
    /// Pondering has nothing left to search (every reply at the maximum depth).
    Finished,
}

/// What the stored tree kept after a move or a new position.
#[derive(Clone, Debug, PartialEq)]
pub struct RerootInfo<G: Game> {
    /// The move played (`None` for a new position).
    pub mv: Option<G::Move>,
    /// The new position.
    pub position: G,
    /// Whether the new position was in the tree (its subtree was kept).
    pub hit: bool,
    /// Depth to which the new root was already searched (0 if not).
    pub kept_depth: u32,
    /// Time the re-rooting took (the engine thread moves the root at once; the search thread
    /// frees the rest later, off the critical path).
    pub time: Duration,
}

/// Why a command failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    /// A move or position was refused by the game; the engine's position is unchanged.
    #[error(transparent)]
    Game(#[from] GameError),
    /// An option could not be applied.
    #[error("option: {0}")]
    Option(String),
    /// Something went wrong inside the engine (a bug); it recovered with a fresh tree.
    #[error("internal error: {0}")]
    Internal(String),
}
