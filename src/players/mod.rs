//! Players that every front end shares: something that chooses a move for a game record.
//!
//! `ponder play` seats them at the table, `ponder match` and `ponder tune` pit them against
//! each other, `ponder uai` and `ponder serve` answer with them. A player is named by a
//! [`PlayerSpec`] (`random`, `greedy`, `pvs:depth=8`, `instructor`, ...) and built for a game
//! by [`build_player`].
//!
//! ```
//! use ponder::players::{build_player, PlayerSpec, Turn};
//! use ponder::players::StopSignal;
//! use ponder::{Game, GameRecord, Kalah};
//! let spec: PlayerSpec = "random:seed=7".parse().unwrap();
//! let mut player = build_player::<Kalah>(&spec, 0).unwrap();
//! let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
//! let choice = player.choose(&record, Turn::quiet(&StopSignal::new())).unwrap();
//! assert!(record.current().is_legal(choice.mv));
//! ```

mod engine;
mod from_spec;
mod greedy;
mod levels;
mod random;
mod searching;
mod seated;
mod spec;

pub use engine::EnginePlayer;
pub use from_spec::{
    PLAYER_KINDS, build_player, build_player_with, build_player_with_book, default_limits,
    search_options_of, takes_hash,
};
pub use greedy::{EvalFn, GreedyPlayer};
pub use levels::{Level, level_params, with_level};
pub use random::RandomPlayer;
pub use searching::SearchPlayer;
pub use seated::SeatedPlayer;
pub use spec::PlayerSpec;

pub use crate::search::{Limits, StopSignal};

use crate::games::{Game, GameError, GameRecord};
use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// What a player reports while it thinks, and with the move it chose: the search's view of
/// the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<G: Game> {
    /// Depth completed (plies); 0 for players that do not search.
    pub depth: u32,
    /// The value for the side to move, on the search's scale (see
    /// [`crate::search::Score`]); `None` for players without a value.
    pub score: Option<i32>,
    /// The exact final margin for the side to move, when the player knows it (an endgame
    /// database or a proof): shown as `win by 4`, `loss by 2` or `draw`.
    pub exact: Option<i32>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation, from the position thought about.
    pub pv: Vec<G::Move>,
}

impl<G: Game> Thought<G> {
    /// A thought with nothing in it (players that do not search).
    pub fn empty() -> Thought<G> {
        Thought {
            depth: 0,
            score: None,
            exact: None,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        }
    }

    /// The value in words: the exact result when known (`win by 4`, `loss by 2`, `draw`),
    /// else [`score_text`] of the score; `None` for players without a value.
    pub fn score_text(&self) -> Option<String> {
        match self.exact {
            Some(margin) => Some(crate::search::exact_text(margin)),
            None => self.score.map(score_text),
        }
    }

    /// Nodes per second, 0 for no time.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }

    /// The principal variation as text, moves separated by spaces.
    pub fn pv_text(&self) -> String {
        self.pv
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl<G: Game> fmt::Display for Thought<G> {
    /// `depth 7 score +3 nodes 12345 time 12ms pv 2 5 1`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "depth {}", self.depth)?;
        if let Some(text) = self.score_text() {
            write!(f, " score {text}")?;
        }
        write!(f, " nodes {} time {}ms", self.nodes, self.time.as_millis())?;
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv_text())?;
        }
        Ok(())
    }
}

/// A search score as people read it: `+3`, `-12`, `win by 8 in 12 plies`, `loss by 2 in 5
/// plies`.
pub fn score_text(score: i32) -> String {
    let plies = |n: u32| {
        if n == 1 {
            "1 ply".to_string()
        } else {
            format!("{n} plies")
        }
    };
    match decisive_score(score) {
        Some((margin, n)) if margin > 0 => format!("win by {margin} in {}", plies(n)),
        Some((margin, n)) => format!("loss by {} in {}", -margin, plies(n)),
        None => format!("{score:+}"),
    }
}

/// The final margin (for the side to move) and the plies to the end of a search score that
/// is a finished game; `None` for a heuristic value.
pub fn decisive_score(score: i32) -> Option<(i32, u32)> {
    let score = crate::search::Score(score);
    Some((score.margin()?, score.plies()?))
}

/// A chosen move and what the player knew when it chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<G: Game> {
    /// The move, legal in the position the player was given.
    pub mv: G::Move,
    /// Depth, score, nodes, time and line behind the choice.
    pub thought: Thought<G>,
}

/// Where a player reports its progress.
pub type InfoSink<'a, G> = dyn FnMut(&Thought<G>) + 'a;

/// What a player is given for one move: an optional budget that overrides its own, the stop
/// signal the front end may raise, and where to report progress.
pub struct Turn<'a, G: Game> {
    /// The budget for this move; `None` means the player's own (from its spec).
    pub limits: Option<Limits>,
    /// Raised by the front end to ask for the move at once (UAI `stop`, quitting).
    pub stop: &'a StopSignal,
    /// Called after each completed iteration, if the player searches.
    pub on_info: Option<&'a mut InfoSink<'a, G>>,
}

impl<'a, G: Game> Turn<'a, G> {
    /// A turn with the player's own budget and no progress reports.
    pub fn quiet(stop: &'a StopSignal) -> Turn<'a, G> {
        Turn {
            limits: None,
            stop,
            on_info: None,
        }
    }

    /// Reports `thought` to the front end, if it listens.
    pub fn report(&mut self, thought: &Thought<G>) {
        if let Some(on_info) = self.on_info.as_mut() {
            on_info(thought);
        }
    }

    /// A turn with the given budget and no progress reports.
    pub fn with_limits(limits: Limits, stop: &'a StopSignal) -> Turn<'a, G> {
        Turn {
            limits: Some(limits),
            stop,
            on_info: None,
        }
    }
}

/// Something that chooses moves: a baseline, a search configuration or the engine thread.
///
/// A player is owned by one front end thread at a time (`Send`), and keeps whatever it learns
/// between moves (transposition table, random generator, stored tree).
pub trait Player<G: Game>: Send {
    /// A short label, as in a player spec: `random`, `pvs:depth=8`.
    fn name(&self) -> String;

    /// A new game starts: forget what belongs to the last one.
    fn new_game(&mut self) {}

    /// Chooses a move for the side to move of `record`'s current position. Fails when the
    /// game is over, or on a search error.
    fn choose(
        &mut self,
        record: &GameRecord<G>,
        turn: Turn<'_, G>,
    ) -> Result<Choice<G>, PlayerError>;

    /// The game changed (a move by anyone, an undo, a loaded game). `my_turn` says whether
    /// this player is to move next: a pondering player thinks about the position when it is
    /// not. The default does nothing.
    fn observe(&mut self, _record: &GameRecord<G>, _my_turn: bool) {}

    /// What the player thinks about while it is not its turn (pondering), if anything, with
    /// the score from the player's own point of view and the line from the position it
    /// ponders; for live display. The default: nothing.
    fn pondering(&mut self) -> Option<Thought<G>> {
        None
    }

    /// Stops any background thinking until the next [`Player::observe`].
    fn stop_pondering(&mut self) {}

    /// Writes what the player knows to `path`, to be taken back after a restart
    /// ([`Player::restore_state`]): an engine's snapshot. `Ok(false)`: nothing to keep (the
    /// default).
    fn save_state(&mut self, _path: &std::path::Path) -> Result<bool, String> {
        Ok(false)
    }

    /// Takes back what [`Player::save_state`] wrote to `path`, for the game `record` (which
    /// continues the one saved); the error names the file and says why it was refused.
    /// `Ok(false)`: nothing to take back (the default).
    fn restore_state(
        &mut self,
        _path: &std::path::Path,
        _record: &GameRecord<G>,
    ) -> Result<bool, String> {
        Ok(false)
    }
}

/// Why a player could not choose a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayerError {
    /// The game is over: there is no move to choose.
    #[error("the game is over")]
    GameOver,
    /// A spec named an unknown player or gave a bad parameter.
    #[error("player spec {spec:?}: {reason}")]
    Spec {
        /// The spec as written.
        spec: String,
        /// What is wrong.
        reason: String,
    },
    /// The search could not start (unknown evaluator, bad option).
    #[error("search: {0}")]
    Search(String),
    /// The engine could not start, refused a command, or stopped answering.
    #[error("engine: {0}")]
    Engine(#[from] crate::engine::EngineError),
    /// The game refused a position or a move.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The legal moves of the record's current position, or [`PlayerError::GameOver`].
pub(crate) fn legal_moves<G: Game>(record: &GameRecord<G>) -> Result<Vec<G::Move>, PlayerError> {
    let mut moves = Vec::new();
    record.legal_moves(&mut moves);
    if moves.is_empty() {
        Err(PlayerError::GameOver)
    } else {
        Ok(moves)
    }
}
