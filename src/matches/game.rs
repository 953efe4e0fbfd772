//! One game at a table of two to four seats, from an opening to the end.

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
        /// The seat that forfeited (0 is the first).
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
    /// Each seat's place (1 is best, seats sharing a place share its rank), one per seat,
    /// index 0 the first seat.
    pub ranks: Vec<u8>,
    /// How it ended.
    pub termination: Termination,
    /// Figures per seat, one per seat (index 0 is the first seat).
    pub seats: Vec<SeatStats>,
    /// Per position of the record (index = ply), the value the player who moved from it
    /// reported for itself (`Thought::score`); `None` for the opening's plies and players
    /// without a value.
    pub values: Vec<Option<i32>>,
}

/// Plays `record` (an opening) to the end with `players[0]` in the first seat and
/// `players[1]` in the second: [`play_table`] of a two-seat game.
pub fn play_game<G: Game>(
    record: GameRecord<G>,
    players: [&mut dyn Player<G>; 2],
    stop: &StopSignal,
) -> Result<PlayedGame<G>, PlayerError> {
    let [first, second] = players;
    play_table(record, &mut [first, second], &[0, 1], stop)
}

/// Plays `record` (an opening) to the end with `players[seating[s]]` in seat `s`, for every
/// seat of the game (a player may hold several seats). A player error other than an illegal
/// move ends the run with that error. Each player is told a new game starts
/// ([`Player::new_game`]), and a game finished by the rules is shown to every player at the
/// end ([`Player::observe`]), so that an engine with a book learns from it.
pub fn play_table<G: Game>(
    mut record: GameRecord<G>,
    players: &mut [&mut dyn Player<G>],
    seating: &[usize],
    stop: &StopSignal,
) -> Result<PlayedGame<G>, PlayerError> {
    let opening_plies = record.moves().len();
    let last_seat = seating.len().saturating_sub(1);
    for player in players.iter_mut() {
        player.new_game();
    }
    let mut seats = vec![SeatStats::default(); seating.len()];
    let mut values = vec![None; opening_plies];
    let termination = loop {
        if record.outcome().is_some() {
            break Termination::Finished;
        }
        if record.moves().len() >= opening_plies + MAX_PLIES {
            break Termination::Adjudicated;
        }
        let seat = record.current().side_to_move().index().min(last_seat);
        let player = &mut players[seating[seat]];
        let started = Instant::now();
        let choice = player.choose(&record, Turn::quiet(stop))?;
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
    let (outcome, ranks) = result(&record, &termination, seating.len());
    Ok(PlayedGame {
        record,
        opening_plies,
        outcome,
        ranks,
        termination,
        seats,
        values,
    })
}

/// The result of a game of `seats` seats that ended as `termination`: the outcome from the
/// first seat's point of view and every seat's rank. By the rules when finished; by the
/// seats' scores when adjudicated; a forfeit loses alone (the smallest decisive margin against
/// the seat that forfeited, which comes last, the others sharing first place).
fn result<G: Game>(
    record: &GameRecord<G>,
    termination: &Termination,
    seats: usize,
) -> (Outcome, Vec<u8>) {
    let position = record.current();
    let standing: Vec<i64> = match termination {
        Termination::Forfeit { seat, .. } => (0..seats).map(|s| -i64::from(s == *seat)).collect(),
        _ => (0..seats)
            .map(|s| i64::from(position.seat_score(Seat::new(s))))
            .collect(),
    };
    let outcome = match termination {
        Termination::Finished => record.outcome().unwrap_or(Outcome::DRAW),
        Termination::Adjudicated => {
            let first = standing.first().copied().unwrap_or(0);
            let best_other = standing.iter().skip(1).copied().max().unwrap_or(0);
            Outcome::new((first - best_other) as i32)
        }
        Termination::Forfeit { seat, .. } => {
            // The smallest decisive margin against the seat that forfeited.
            Outcome::new(if *seat == 0 { -1 } else { 1 })
        }
    };
    let ranks = match (termination, position.ranks()) {
        (Termination::Finished, Some(ranks)) => ranks.iter().copied().take(seats).collect(),
        _ => ranks_of(&standing),
    };
    (outcome, ranks)
}

/// The ranks of seats standing as `standing` says (higher is better): 1 plus the seats
/// strictly ahead.
fn ranks_of(standing: &[i64]) -> Vec<u8> {
    standing
        .iter()
        .map(|&mine| 1 + standing.iter().filter(|&&other| other > mine).count() as u8)
        .collect()
}
