//! What a game loop or a front end tells the engine.

use super::config::EngineOption;
use super::snapshot::SnapshotRequest;
use crate::games::{Game, GameRecord};
use crate::search::Limits;
use std::time::Instant;

/// Identifies one `go`: its [`BestMove`](super::BestMove) and info lines carry the same id.
pub type SearchId = u64;

/// A command to the engine. Commands are carried out in the order sent; none blocks the
/// sender.
#[derive(Clone, Debug)]
pub enum Command<G: Game> {
    /// Back to the start position of the current configuration; the tree and the table are
    /// cleared.
    NewGame,
    /// Sets the game (start position and moves). If its current position is in the stored
    /// tree (the move just played, or the engine's move and the reply), the tree is re-rooted
    /// there; otherwise it starts afresh.
    SetPosition(GameRecord<G>),
    /// A move by either side. An illegal move answers an [`Event::Error`](super::Event::Error)
    /// and changes nothing.
    Play(G::Move),
    /// A move in the game's notation, read in the engine's current position.
    PlayText(String),
    /// Search the current position within `limits` and answer exactly one
    /// [`Event::BestMove`](super::Event::BestMove) with this id. A running search is stopped
    /// first (it answers its own best move). A change of position while it runs stops it.
    Go {
        /// Identifies the answer.
        id: SearchId,
        /// The budget.
        limits: Limits,
        /// When the front end received the `go`: every deadline of `limits` counts from
        /// here, so that the time the command waits (behind a stopping search, a new game's
        /// table clearing, re-rooting) is charged to the move, not added to it.
        received: Instant,
    },
    /// The running `go` with this id goes on under new `limits`, counted from now: what a
    /// front end sends on UCI's `ponderhit`, after a `go` with [`Limits::infinite`] searched
    /// the position the opponent was expected to reach. Only the time limits change: the
    /// engine thread stops the search at the earlier of `limits`' soft and hard deadlines
    /// (the search reads its own limits once, when it starts, so a soft deadline cannot let
    /// an iteration started before it finish); depth and node limits cannot be added to a
    /// running search. Limits without a time (infinite) leave it running until `stop`.
    /// Ignored when no `go` with this id is running (it already answered).
    PonderHit {
        /// The `go` it applies to.
        id: SearchId,
        /// The budget from now.
        limits: Limits,
    },
    /// Switches pondering on or off.
    Ponder(bool),
    /// Stops the running search (it answers its best move within milliseconds) or the
    /// pondering (which then waits for the next move or position).
    Stop,
    /// Changes one setting.
    SetOption(EngineOption),
    /// Writes what the engine knows to a file ([`SnapshotRequest`]); the answer goes to the
    /// request's reply channel. Waits for a running `go` to finish; stops pondering for the
    /// copy of the tree's top only (it resumes at once, while the table is read and the file
    /// written on a thread of the snapshot's own).
    Snapshot(SnapshotRequest),
    /// Answered by [`Event::Synced`](super::Event::Synced) with the same number once every
    /// earlier command has been taken in (a running search is not waited for).
    Sync(u64),
    /// Stops everything and ends the engine's threads.
    Quit,
}

impl<G: Game> Command<G> {
    /// Whether this command, waiting in the queue, must interrupt a running `go`.
    pub(crate) fn interrupts_think(&self) -> bool {
        matches!(
            self,
            Command::NewGame
                | Command::SetPosition(_)
                | Command::Play(_)
                | Command::PlayText(_)
                | Command::Go { .. }
                | Command::Stop
                | Command::Quit
        )
    }

    /// Whether this command, waiting in the queue, must interrupt pondering.
    pub(crate) fn interrupts_ponder(&self) -> bool {
        !matches!(self, Command::Sync(_) | Command::PonderHit { .. })
    }
}
