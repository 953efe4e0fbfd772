//! What the engine tells the game loop or the front end.

use super::command::SearchId;
use super::tree::TreeStats;
use crate::games::{Game, GameError, Seat};
use crate::search::SearchInfo;
use std::time::Duration;
use thiserror::Error;

/// An event from the engine, read with [`Engine::try_recv`](super::Engine::try_recv) (never
/// blocks) or [`Engine::recv_timeout`](super::Engine::recv_timeout), or handed over by
/// [`Engine::best_move_with`](super::Engine::best_move_with) while it waits.
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

/// Pondering's progress as one seat sees it ([`PonderInfo::seen_by`]): what a front end shows
/// while a bot ponders.
#[derive(Clone, Debug, PartialEq)]
pub struct PonderLine<G: Game> {
    /// Depth completed below the reply.
    pub depth: u32,
    /// The score for the seat: turned to its side in a two-seat game, as reported with more
    /// seats (no sign to turn).
    pub score: i32,
    /// The reply (when there is one), then the principal variation after it.
    pub line: Vec<G::Move>,
    /// Nodes searched by this pondering so far.
    pub nodes: u64,
    /// Time since pondering started.
    pub time: Duration,
}

impl<G: Game> PonderInfo<G> {
    /// A [`PonderInfo::Progress`] as `seat` sees it, pondering `pondered`: the reply and the
    /// principal variation as one line, the score (for the side to move after the reply, or
    /// in `pondered` when there is no reply or it is not legal there) turned to `seat`'s
    /// side. `None` for pondering's other events.
    pub fn seen_by(self, pondered: &G, seat: Seat) -> Option<PonderLine<G>> {
        let PonderInfo::Progress {
            reply,
            depth,
            score,
            pv,
            nodes,
            time,
        } = self
        else {
            return None;
        };
        let legal = reply.filter(|&mv| pondered.is_legal(mv));
        let after = legal.map_or(*pondered, |mv| pondered.play_unchecked(mv));
        let own = after.side_to_move() == seat || after.seat_count() > 2;
        Some(PonderLine {
            depth,
            score: if own { score } else { -score },
            line: reply.into_iter().chain(pv).collect(),
            nodes,
            time,
        })
    }
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
    /// The opening book could not be written back after a game (it keeps what it learned
    /// in memory).
    #[error("book: {0}")]
    Book(String),
    /// Something went wrong inside the engine (a bug); it recovered with a fresh tree.
    #[error("internal error: {0}")]
    Internal(String),
    /// The engine could not start one of its threads (the OS refused it).
    #[error("could not start the {thread} thread: {reason}")]
    Spawn {
        /// The thread's role: `engine` or `search`.
        thread: &'static str,
        /// What the OS said.
        reason: String,
    },
    /// The configuration asks for more memory than the machine has: the table and the tree
    /// together (the tree alone with a shared table).
    #[error(
        "the table and the tree need {wanted} MiB, more than this machine's memory ({available} MiB)"
    )]
    TooLarge {
        /// MiB the configuration asks for.
        wanted: u64,
        /// MiB of physical memory.
        available: u64,
    },
    /// A shared table of narrow slots was given to an engine of more than two seats, whose
    /// search keys positions by up to 128 bits and stores every seat's value: it needs a
    /// [`TranspositionTable::wide`](crate::search::TranspositionTable::wide) table.
    #[error(
        "a game of {seats} seats needs a wide table (TranspositionTable::wide); the table given is narrow"
    )]
    NarrowTable {
        /// The game's seats.
        seats: usize,
    },
    /// The engine's threads have ended (after `quit`, or a failure): nothing can answer.
    #[error("the engine's threads have ended")]
    Stopped,
    /// The engine did not answer a `go` long after its deadline or a stop (a bug: it
    /// promises one answer per `go`).
    #[error("the engine did not answer the search within {0:?} of its deadline or its stop")]
    NoAnswer(Duration),
}

#[cfg(test)]
mod tests {
    use super::PonderInfo;
    use crate::games::{Ataxx, Game, Seat};
    use std::time::Duration;

    type Move = <Ataxx as Game>::Move;

    fn progress(reply: Option<Move>, pv: Vec<Move>) -> PonderInfo<Ataxx> {
        PonderInfo::Progress {
            reply,
            depth: 3,
            score: 7,
            pv,
            nodes: 10,
            time: Duration::from_millis(1),
        }
    }

    #[test]
    fn a_progress_is_turned_to_the_seat_that_sees_it() {
        let pondered = Ataxx::start(&Default::default()).unwrap();
        assert_eq!(pondered.side_to_move(), Seat::FIRST);
        let b6 = pondered.parse_move("b6").unwrap();
        let after = pondered.play(b6);
        let f6 = after.parse_move("f6").unwrap();
        // After x's reply b6, o is to move: the score is o's; the line is b6 f6.
        let line = progress(Some(b6), vec![f6]).seen_by(&pondered, Seat::SECOND);
        let line = line.unwrap();
        assert_eq!((line.depth, line.score, line.nodes), (3, 7, 10));
        assert_eq!(line.line, vec![b6, f6]);
        let seen = |reply, seat| progress(reply, vec![f6]).seen_by(&pondered, seat);
        assert_eq!(seen(Some(b6), Seat::FIRST).unwrap().score, -7);
        // No reply, or one not legal there (o's f6): the score is x's, to move when pondered.
        assert_eq!(seen(None, Seat::FIRST).unwrap().score, 7);
        assert_eq!(seen(None, Seat::SECOND).unwrap().line, vec![f6]);
        assert_eq!(seen(Some(f6), Seat::SECOND).unwrap().score, -7);
        assert!(
            PonderInfo::<Ataxx>::Finished
                .seen_by(&pondered, Seat::FIRST)
                .is_none()
        );
    }
}
