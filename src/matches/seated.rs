//! Matches of more than two seats: every player plays every seat of the same openings (the
//! seating rotated), and each player's average rank, win share and score are reported. Each
//! player is an [`Engine`] of its algorithm (its multi-player search and table kept over the
//! whole match), told every move of every game.

use crate::engine::{Command, Engine, EngineConfig, EngineError, TieBreak};
use crate::eval::Evaluators;
use crate::games::GameRecord;
use crate::search::Limits;
use crate::search::multi::{MultiAlgorithm, SeatedGame};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A player of a seated match: an algorithm within limits.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatedPlayer {
    /// The name reported (the spec as written).
    pub name: String,
    /// The algorithm.
    pub algorithm: MultiAlgorithm,
    /// The limits of each move's search.
    pub limits: Limits,
}

/// One player's results over a seated match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatedTally {
    /// Games played.
    pub games: u32,
    /// The sum of the ranks (1 is best).
    pub rank_sum: u32,
    /// Games won, a shared first place split among the seats sharing it.
    pub wins: f64,
    /// Points: for each game, the share of the other seats beaten (a tie with one counts
    /// half), from 0 to 1; the average over all seats is 0.5.
    pub points: f64,
}

impl SeatedTally {
    /// The average rank.
    pub fn average_rank(&self) -> f64 {
        f64::from(self.rank_sum) / f64::from(self.games.max(1))
    }

    /// The share of games won.
    pub fn win_share(&self) -> f64 {
        self.wins / f64::from(self.games.max(1))
    }

    /// The average points (0.5 is even).
    pub fn score(&self) -> f64 {
        self.points / f64::from(self.games.max(1))
    }
}

/// The table of each player's engine, MiB (2^18 slots of 48 bytes).
const PLAYER_HASH_MIB: usize = 12;

/// The engine of `player`, at `start`: its algorithm, no pondering, not pinned (the players
/// share the cores).
fn player_engine<G: SeatedGame + Evaluators>(
    start: &G,
    player: &SeatedPlayer,
) -> Result<Engine<G>, EngineError> {
    let config = EngineConfig {
        hash_mib: PLAYER_HASH_MIB,
        tree_mib: 1,
        ponder: false,
        pin_thread: false,
        tie_break: TieBreak::First,
        seated_algorithm: player.algorithm,
        ..EngineConfig::default()
    };
    Engine::new(GameRecord::new(*start), config)
}

/// Plays `openings` random openings of `opening_plies` plies from `start`, each once per
/// rotation of the seating (seat `s` played by player `(s + r) % players.len()`); returns
/// one tally per player. With fewer players than seats they are repeated round the table.
/// An error when a player's engine cannot start or answer.
pub fn run_seated_match<G: SeatedGame + Evaluators>(
    start: &G,
    players: &[SeatedPlayer],
    openings: u32,
    opening_plies: u32,
    seed: u64,
) -> Result<Vec<SeatedTally>, EngineError> {
    let seats = start.seat_count();
    let engines = players
        .iter()
        .map(|player| player_engine(start, player))
        .collect::<Result<Vec<_>, _>>()?;
    let mut tallies = vec![SeatedTally::default(); players.len()];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..openings {
        let opening = random_opening(start, opening_plies, &mut rng, &mut moves);
        for rotation in 0..seats {
            let seating: Vec<usize> = (0..seats).map(|s| (s + rotation) % players.len()).collect();
            for engine in &engines {
                engine.send(Command::SetPosition(GameRecord::new(opening)));
            }
            let mut position = opening;
            loop {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let who = seating[position.side_to_move().index()];
                let found = engines[who].best_move(players[who].limits.clone())?;
                let mv = found.mv.unwrap_or(moves[0]);
                for engine in &engines {
                    engine.send_move(mv);
                }
                position = position.play_unchecked(mv);
            }
            record(&position, &seating, &mut tallies);
        }
    }
    Ok(tallies)
}

/// A position `plies` random moves from `start` with the game still going on.
fn random_opening<G: SeatedGame>(
    start: &G,
    plies: u32,
    rng: &mut SmallRng,
    moves: &mut Vec<G::Move>,
) -> G {
    loop {
        let mut position = *start;
        for _ in 0..plies {
            position.legal_moves(moves);
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        position.legal_moves(moves);
        if !moves.is_empty() {
            return position;
        }
    }
}

/// Adds a finished game's ranks to the players' tallies.
fn record<G: SeatedGame>(end: &G, seating: &[usize], tallies: &mut [SeatedTally]) {
    let seats = seating.len();
    let Some(ranks) = end.ranks() else { return };
    let ranks = &ranks[..seats];
    let firsts = ranks.iter().filter(|&&rank| rank == 1).count().max(1);
    for (seat, &who) in seating.iter().enumerate() {
        let rank = ranks[seat];
        let beaten: f64 = ranks
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != seat)
            .map(|(_, &other)| match other.cmp(&rank) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        let tally = &mut tallies[who];
        tally.games += 1;
        tally.rank_sum += u32::from(rank);
        if rank == 1 {
            tally.wins += 1.0 / firsts as f64;
        }
        tally.points += beaten / (seats - 1) as f64;
    }
}
