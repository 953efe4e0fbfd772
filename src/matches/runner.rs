//! Running a match: pairs of games with swapped colours from shared openings, on several
//! threads.

use super::game::{PlayedGame, play_game};
use super::openings::{Balance, derive_seed, opening};
use super::stats::Tally;
use crate::egdb::Shard;
use crate::games::{Game, GameRecord};
use crate::players::{Player, PlayerError, StopSignal};
use crate::search::Evaluators;
use crossbeam_channel::unbounded;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// How a match is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Games to play (pairs of two, the last one alone when odd).
    pub games: u32,
    /// Random plies of each pair's opening.
    pub opening_plies: usize,
    /// Balanced openings (the most even of several random ones), or plain random ones.
    pub balance: Option<Balance>,
    /// Seeds the openings and the players' random choices.
    pub seed: u64,
    /// Games played at the same time, one thread each.
    pub concurrency: usize,
}

/// One game of a match, as the match sees it.
#[derive(Clone, Debug)]
pub struct MatchGame<G: Game> {
    /// The game's number, from 0.
    pub index: u32,
    /// Its pair's number: games `2k` and `2k + 1` share opening `k`.
    pub pair: u32,
    /// The seat A played: 0 (first) in even games, 1 in odd ones.
    pub a_seat: usize,
    /// The game itself.
    pub played: PlayedGame<G>,
}

impl<G: Game> MatchGame<G> {
    /// A's result: 1 win, 0 draw, -1 loss.
    pub fn a_result(&self) -> i32 {
        a_result(self.played.outcome.margin(), self.a_seat)
    }
}

/// A's result (1 win, 0 draw, -1 loss) in a game that ended with `margin` for the first
/// seat, A sitting in `a_seat`.
pub(super) fn a_result(margin: i32, a_seat: usize) -> i32 {
    let first = margin.signum();
    if a_seat == 0 { first } else { -first }
}

/// Builds a player for a game from a seed (player A or B of a match).
pub type PlayerFactory<'a, G> = &'a (dyn Fn(u64) -> Result<Box<dyn Player<G>>, PlayerError> + Sync);

/// Plays a match of `config.games` games between the players `make_a` and `make_b` build,
/// from `start`: game `2k` has A in the first seat and game `2k + 1` has B there, both from
/// opening `k`. Fresh players are built for every game, seeded from the match seed and the game
/// number, so a run repeats whatever the concurrency.
///
/// `on_game` sees every game as it finishes (in finishing order) with the tally so far, and
/// returns `false` to stop starting new games (an SPRT decision). The games are returned in
/// game order.
pub fn run_match<G: Evaluators>(
    start: &GameRecord<G>,
    make_a: PlayerFactory<'_, G>,
    make_b: PlayerFactory<'_, G>,
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&MatchGame<G>, &Tally) -> bool,
) -> Result<(Vec<MatchGame<G>>, Tally), PlayerError> {
    run_match_shard(start, make_a, make_b, config, Shard::WHOLE, on_game)
}

/// The games of a match of `games` games that shard `shard` plays: the pairs of its share of the match's
/// pairs, both games of each (so a pair's result never spans two shards).
pub fn shard_games(games: u32, shard: Shard) -> Range<u32> {
    let pairs = shard.range(u64::from(games.div_ceil(2)));
    let first = (2 * pairs.start).min(u64::from(games)) as u32;
    let end = (2 * pairs.end).min(u64::from(games)) as u32;
    first..end
}

/// [`run_match`] for one shard of the match: only the games [`shard_games`] names, each
/// exactly the game the whole match plays under its number (openings and players are seeded
/// from the match seed and the game number), so the shards of a match together play the
/// whole match's games.
pub fn run_match_shard<G: Evaluators>(
    start: &GameRecord<G>,
    make_a: PlayerFactory<'_, G>,
    make_b: PlayerFactory<'_, G>,
    config: &MatchConfig,
    shard: Shard,
    on_game: &mut dyn FnMut(&MatchGame<G>, &Tally) -> bool,
) -> Result<(Vec<MatchGame<G>>, Tally), PlayerError> {
    let shard_games = shard_games(config.games, shard);
    let next_game = AtomicU32::new(shard_games.start);
    let end = shard_games.end;
    let halt = AtomicBool::new(false);
    let stop = StopSignal::new();
    let (sender, receiver) = unbounded::<Result<MatchGame<G>, PlayerError>>();
    let workers = config.concurrency.clamp(1, 64);

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next_game, halt, stop) = (&next_game, &halt, &stop);
            scope.spawn(move || {
                loop {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    let result = play_match_game(start, make_a, make_b, config, index, stop);
                    let failed = result.is_err();
                    if sender.send(result).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);

        let mut games = Vec::new();
        let mut tally = Tally::default();
        let mut pair_results: HashMap<u32, i32> = HashMap::new();
        let mut error = None;
        for result in receiver.iter() {
            match result {
                Ok(game) => {
                    let result = game.a_result();
                    tally.add_game(result);
                    if let Some(other) = pair_results.remove(&game.pair) {
                        tally.add_pair(other, result);
                    } else {
                        pair_results.insert(game.pair, result);
                    }
                    if !on_game(&game, &tally) {
                        halt.store(true, Ordering::Relaxed);
                    }
                    games.push(game);
                }
                Err(e) => {
                    halt.store(true, Ordering::Relaxed);
                    stop.stop();
                    error.get_or_insert(e);
                }
            }
        }
        if let Some(error) = error {
            return Err(error);
        }
        games.sort_by_key(|game| game.index);
        Ok((games, tally))
    })
}

/// Plays game `index` of the match.
fn play_match_game<G: Evaluators>(
    start: &GameRecord<G>,
    make_a: PlayerFactory<'_, G>,
    make_b: PlayerFactory<'_, G>,
    config: &MatchConfig,
    index: u32,
    stop: &StopSignal,
) -> Result<MatchGame<G>, PlayerError> {
    let pair = index / 2;
    let a_seat = (index % 2) as usize;
    let opening = opening(
        start,
        config.opening_plies,
        config.seed,
        u64::from(pair),
        config.balance,
    );
    let game_seed = derive_seed(config.seed ^ 0x5EED, u64::from(index));
    let mut a = make_a(derive_seed(game_seed, 0))?;
    let mut b = make_b(derive_seed(game_seed, 1))?;
    let players: [&mut dyn Player<G>; 2] = if a_seat == 0 {
        [a.as_mut(), b.as_mut()]
    } else {
        [b.as_mut(), a.as_mut()]
    };
    let played = play_game(opening, players, stop)?;
    Ok(MatchGame {
        index,
        pair,
        a_seat,
        played,
    })
}
