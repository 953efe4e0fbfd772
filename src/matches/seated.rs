//! Matches of more than two seats: every player plays every seat of the same openings (the
//! seating rotated), and each player's average rank, win share and score are reported. Each
//! player is an [`Engine`] of its algorithm (its multi-player search and table kept over the
//! whole match), told every move of every game.

use super::openings::random_opening;
use crate::engine::{Command, Engine, EngineConfig, EngineError, TieBreak};
use crate::eval::Evaluators;
use crate::games::GameRecord;
use crate::players::SeatedPlayer;
use crate::search::multi::SeatedGame;

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

/// Plays `openings` random openings of `opening_plies` plies from `start` (opening `k` is
/// [`random_opening`] number `k` of the match seed), each once per rotation of the seating
/// (seat `s` played by player `(s + r) % players.len()`); returns one tally per player. With
/// fewer players than seats they are repeated round the table. An error when a player's
/// engine cannot start or answer.
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
    let mut moves = Vec::new();
    for index in 0..openings {
        let opening = random_opening(
            &GameRecord::new(*start),
            opening_plies as usize,
            seed,
            u64::from(index),
        );
        for rotation in 0..seats {
            let seating: Vec<usize> = (0..seats).map(|s| (s + rotation) % players.len()).collect();
            for engine in &engines {
                engine.send(Command::SetPosition(opening.clone()));
            }
            let mut position = opening.current();
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
