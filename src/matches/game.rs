//! One game between two players, from an opening to the end.

use crate::games::{Game, GameRecord, Outcome, Seat};
use crate::players::{Player, PlayerError, StopSignal, Turn};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The most plies a game may last before it is adjudicated by the scores: a guard against
/// rules without an end (every game ponder ships ends far sooner).
pub const MAX_PLIES: usize = 5000;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Termination {
    /// By the rules.
    Finished,
    /// After [`MAX_PLIES`] plies, by the scores at that point.
    Adjudicated,
    /// A player answered an illegal move and lost.
    Forfeit {
        /// The seat that forfeited (0 or 1).
        seat: usize,
        /// What it played and why that was refused.
        reason: String,
    },
}

/// What each seat did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Moves chosen.
    pub moves: u32,
    /// Time spent choosing them.
    pub time: Duration,
    /// Sum of the depths completed (average = depth_sum / moves).
    pub depth_sum: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// The longest time one move took.
    pub max_time: Duration,
}

/// A finished game: its record (opening included), the result and each seat's figures.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// Every move from the start, the opening's first.
    pub record: GameRecord<G>,
    /// How many of the record's moves were the opening.
    pub opening_plies: usize,
    /// The result, from the first seat's point of view.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: Termination,
    /// Figures per seat (index 0 is the first seat).
    pub seats: [SeatStats; 2],
    /// Per position of the record (index = ply), the value the player who moved from it
    /// reported for itself (`Thought::score`); `None` for the opening's plies and players
    /// without a value.
    pub values: Vec<Option<i32>>,
}

/// Plays `record` (an opening) to the end with `players[0]` in the first seat and
/// `players[1]` in the second. A player error other than an illegal move ends the run with
/// that error. A game finished by the rules is shown to both players at the end
/// ([`Player::observe`]), so that an engine with a book learns from it.
pub fn play_game<G: Game>(
    mut record: GameRecord<G>,
    players: [&mut dyn Player<G>; 2],
    stop: &StopSignal,
) -> Result<PlayedGame<G>, PlayerError> {
    let opening_plies = record.moves().len();
    let [first, second] = players;
    let mut players: [&mut dyn Player<G>; 2] = [first, second];
    for player in players.iter_mut() {
        player.new_game();
    }
    let mut seats = [SeatStats::default(); 2];
    let mut values = vec![None; opening_plies];
    let termination = loop {
        if record.outcome().is_some() {
            break Termination::Finished;
        }
        if record.moves().len() >= opening_plies + MAX_PLIES {
            break Termination::Adjudicated;
        }
        let seat = record.current().side_to_move().index().min(1);
        let started = Instant::now();
        let choice = players[seat].choose(&record, Turn::quiet(stop))?;
        let spent = started.elapsed();
        let stats = &mut seats[seat];
        stats.moves += 1;
        stats.time += spent;
        stats.max_time = stats.max_time.max(spent);
        stats.depth_sum += u64::from(choice.thought.depth);
        stats.nodes += choice.thought.nodes;
        values.push(choice.thought.score);
        if let Err(error) = record.try_play(choice.mv) {
            break Termination::Forfeit {
                seat,
                reason: format!("{}: {error}", choice.mv),
            };
        }
    };
    if termination == Termination::Finished {
        // Players that learn from finished games (an engine's book) see the end.
        for player in players.iter_mut() {
            player.observe(&record, false);
        }
    }
    let outcome = match &termination {
        Termination::Finished => record.outcome().unwrap_or(Outcome::DRAW),
        Termination::Adjudicated => {
            let scores = record.current().scores();
            Outcome::new(scores[0] as i32 - scores[1] as i32)
        }
        Termination::Forfeit { seat, .. } => {
            let loser = Seat::new(*seat);
            // The smallest decisive margin against the seat that forfeited.
            Outcome::new(if loser == Seat::FIRST { -1 } else { 1 })
        }
    };
    Ok(PlayedGame {
        record,
        opening_plies,
        outcome,
        termination,
        seats,
        values,
    })
}
