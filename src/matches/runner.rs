//! Running a match: rounds of games from shared openings, the seating rotated from game to
//! game, on several threads. With two seats a round is a pair of games with swapped colours.

use super::game::{PlayedGame, play_table};
use super::openings::{Balance, derive_seed, opening};
use super::stats::{PairedTally, Tally};
use crate::egdb::Shard;
use crate::games::{Game, GameRecord};
use crate::players::{Player, PlayerError, StopSignal};
use crate::search::Evaluators;
use crossbeam_channel::unbounded;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// How a match is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Games to play: rounds of one game per seat (pairs, with two seats), the last round
    /// cut short when the seats do not divide them.
    pub games: u32,
    /// Random plies of each round's opening.
    pub opening_plies: usize,
    /// Balanced openings (the most even of several random ones), or plain random ones.
    pub balance: Option<Balance>,
    /// Seeds the openings and the players' random choices.
    pub seed: u64,
    /// Games played at the same time, one thread each (players built afresh for every game;
    /// kept players play one game at a time).
    pub concurrency: usize,
}

/// One game of a match, as the match sees it.
#[derive(Clone, Debug)]
pub struct MatchGame<G: Game> {
    /// The game's number, from 0.
    pub index: u32,
    /// Its round's number: at a table of `n` seats games `n·k` to `n·k + n - 1` share opening
    /// `k` (with two seats, a pair).
    pub pair: u32,
    /// The player (its number in the match's lineup) in each seat, the first seat first.
    pub seating: Vec<usize>,
    /// The game itself.
    pub played: PlayedGame<G>,
}

impl<G: Game> MatchGame<G> {
    /// The seat player A (the lineup's first) played: 0 (first) in even games of two seats,
    /// 1 in odd ones.
    pub fn a_seat(&self) -> usize {
        a_seat(&self.seating)
    }

    /// A's result against the best other seat: 1 win, 0 draw, -1 loss (two seats: against B).
    pub fn a_result(&self) -> i32 {
        a_result(self.played.outcome.margin(), self.a_seat())
    }
}

/// The first seat player A holds in `seating`.
pub(super) fn a_seat(seating: &[usize]) -> usize {
    seating.iter().position(|&player| player == 0).unwrap_or(0)
}

/// A's result (1 win, 0 draw, -1 loss) in a two-seat game that ended with `margin` for the
/// first seat, A sitting in `a_seat`.
pub(super) fn a_result(margin: i32, a_seat: usize) -> i32 {
    let first = margin.signum();
    if a_seat == 0 { first } else { -first }
}

/// The players of game `index` of a match of `players` players at a table of `seats` seats:
/// seat `s` is held by player `(s + r) % players` in the game's rotation `r = index % seats`
/// (with fewer players than seats they are repeated round the table).
pub fn seating(index: u32, seats: usize, players: usize) -> Vec<usize> {
    let rotation = index as usize % seats.max(1);
    (0..seats)
        .map(|seat| (seat + rotation) % players.max(1))
        .collect()
}

/// Builds a player for a game from a seed (player A or B of a match).
pub type PlayerFactory<'a, G> = &'a (dyn Fn(u64) -> Result<Box<dyn Player<G>>, PlayerError> + Sync);

/// Where a match's players come from.
pub enum Lineup<'a, G: Game> {
    /// Fresh players for every game, built by these factories from a seed drawn from the
    /// match seed and the game number: a game depends on nothing but its number, so games
    /// may run at the same time and a shard plays them as the whole match does.
    Fresh(Vec<PlayerFactory<'a, G>>),
    /// The same players for the whole match, told every game (an engine keeps its table
    /// from game to game): the games are played one at a time, in order.
    Kept(Vec<Box<dyn Player<G>>>),
}

impl<G: Game> Lineup<'_, G> {
    /// The number of players.
    pub fn len(&self) -> usize {
        match self {
            Lineup::Fresh(factories) => factories.len(),
            Lineup::Kept(players) => players.len(),
        }
    }

    /// Whether there are no players.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The players' names, in lineup order (fresh players are built once with seed 0 to
    /// ask: a bad spec fails here, before any game starts).
    pub fn names(&self) -> Result<Vec<String>, PlayerError> {
        match self {
            Lineup::Fresh(factories) => factories.iter().map(|make| Ok(make(0)?.name())).collect(),
            Lineup::Kept(players) => Ok(players.iter().map(|player| player.name()).collect()),
        }
    }
}

/// The lineup as the workers share it.
enum Shared<'a, G: Game> {
    Fresh(Vec<PlayerFactory<'a, G>>),
    Kept(Mutex<Vec<Box<dyn Player<G>>>>),
}

/// Plays a match of `config.games` games between the players `make_a` and `make_b` build,
/// from `start`: game `2k` has A in the first seat and game `2k + 1` has B there, both from
/// opening `k`. Fresh players are built for every game, seeded from the match seed and the game
/// number, so a run repeats whatever the concurrency.
///
/// `on_game` sees every game as it finishes (in finishing order) with A's tally so far, and
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

/// The games of a match of `games` games that shard `shard` plays at a table of two seats:
/// [`shard_rounds`] of pairs.
pub fn shard_games(games: u32, shard: Shard) -> Range<u32> {
    shard_rounds(games, 2, shard)
}

/// The games of a match of `games` games at a table of `seats` seats that shard `shard`
/// plays: the rounds of its share of the match's rounds, every game of each (so a round's
/// results never span two shards).
pub fn shard_rounds(games: u32, seats: usize, shard: Shard) -> Range<u32> {
    let seats = seats.max(1) as u64;
    let rounds = shard.range(u64::from(games).div_ceil(seats));
    let first = (seats * rounds.start).min(u64::from(games)) as u32;
    let end = (seats * rounds.end).min(u64::from(games)) as u32;
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
    let mut tally = PairedTally::default();
    let lineup = Lineup::Fresh(vec![make_a, make_b]);
    let games = run_table(start, lineup, config, shard, &mut |game| {
        tally.add(game.pair, game.a_result());
        on_game(game, tally.tally())
    })?;
    Ok((games, *tally.tally()))
}

/// Plays the games of shard `shard` of a match of `config.games` games at `start`'s table (2
/// to 4 seats) between the players of `lineup`: game `i` is played from opening `i / seats`
/// (drawn from the match seed and that number) with the players seated as [`seating`] says,
/// so every player holds every seat of each opening once a round is complete.
///
/// `on_game` sees every game as it finishes (in finishing order) and returns `false` to stop
/// starting new games. The games are returned in game order. Kept players play the games of
/// any shard in order from its first: only the whole match's shard plays the whole match's
/// games then.
pub fn run_table<G: Evaluators>(
    start: &GameRecord<G>,
    lineup: Lineup<'_, G>,
    config: &MatchConfig,
    shard: Shard,
    on_game: &mut dyn FnMut(&MatchGame<G>) -> bool,
) -> Result<Vec<MatchGame<G>>, PlayerError> {
    let seats = start.current().seat_count();
    let players = lineup.len();
    let (lineup, workers) = match lineup {
        Lineup::Fresh(factories) => (Shared::Fresh(factories), config.concurrency.clamp(1, 64)),
        Lineup::Kept(players) => (Shared::Kept(Mutex::new(players)), 1),
    };
    let table = Table {
        start,
        lineup: &lineup,
        config,
        seats,
        players,
    };
    let shard_games = shard_rounds(config.games, seats, shard);
    let next_game = AtomicU32::new(shard_games.start);
    let end = shard_games.end;
    let halt = AtomicBool::new(false);
    let stop = StopSignal::new();
    let (sender, receiver) = unbounded::<Result<MatchGame<G>, PlayerError>>();

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next_game, halt, stop, table) = (&next_game, &halt, &stop, &table);
            scope.spawn(move || {
                loop {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    let result = table.play(index, stop);
                    let failed = result.is_err();
                    if sender.send(result).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);

        let mut games = Vec::new();
        let mut error = None;
        for result in receiver.iter() {
            match result {
                Ok(game) => {
                    if !on_game(&game) {
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
        Ok(games)
    })
}

/// What every game of a match shares.
struct Table<'a, 'f, G: Game> {
    start: &'a GameRecord<G>,
    lineup: &'a Shared<'f, G>,
    config: &'a MatchConfig,
    seats: usize,
    players: usize,
}

impl<G: Evaluators> Table<'_, '_, G> {
    /// Plays game `index` of the match.
    fn play(&self, index: u32, stop: &StopSignal) -> Result<MatchGame<G>, PlayerError> {
        let config = self.config;
        let pair = index / self.seats.max(1) as u32;
        let seating = seating(index, self.seats, self.players);
        let opening = opening(
            self.start,
            config.opening_plies,
            config.seed,
            u64::from(pair),
            config.balance,
        );
        let played = match self.lineup {
            Shared::Fresh(factories) => {
                let game_seed = derive_seed(config.seed ^ 0x5EED, u64::from(index));
                let mut players = factories
                    .iter()
                    .enumerate()
                    .map(|(player, make)| make(derive_seed(game_seed, player as u64)))
                    .collect::<Result<Vec<_>, _>>()?;
                play_boxed(opening, &mut players, &seating, stop)?
            }
            Shared::Kept(players) => {
                // One worker plays kept players: the lock is never contended.
                let mut players = players.lock().unwrap_or_else(|e| e.into_inner());
                play_boxed(opening, &mut players, &seating, stop)?
            }
        };
        Ok(MatchGame {
            index,
            pair,
            seating,
            played,
        })
    }
}

/// [`play_table`] with boxed players.
fn play_boxed<G: Game>(
    opening: GameRecord<G>,
    players: &mut [Box<dyn Player<G>>],
    seating: &[usize],
    stop: &StopSignal,
) -> Result<PlayedGame<G>, PlayerError> {
    let mut players: Vec<&mut dyn Player<G>> = players
        .iter_mut()
        .map(|player| {
            let player: &mut dyn Player<G> = player.as_mut();
            player
        })
        .collect();
    play_table(opening, &mut players, seating, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ataxx::AtaxxConfig;
    use crate::games::ataxx::seats::{AtaxxSeats, SeatsConfig};
    use crate::players::{Choice, RandomPlayer, Thought, Turn};
    use std::sync::Arc;

    #[test]
    fn players_rotate_round_the_table() {
        assert_eq!(seating(0, 2, 2), [0, 1]);
        assert_eq!(seating(1, 2, 2), [1, 0]);
        assert_eq!(seating(2, 2, 2), [0, 1]);
        assert_eq!(seating(5, 3, 3), [2, 0, 1]);
        assert_eq!(seating(7, 4, 4), [3, 0, 1, 2]);
        // Two players at three seats: repeated round the table.
        assert_eq!(seating(1, 3, 2), [1, 0, 1]);
    }

    #[test]
    fn shards_split_a_match_into_whole_rounds() {
        // 10 games of four seats: rounds 0..4, 4..8 and 8..10 (the last cut short).
        let whole = Shard::WHOLE;
        assert_eq!(shard_rounds(10, 4, whole), 0..10);
        let halves: Vec<_> = (0..2)
            .map(|i| shard_rounds(10, 4, Shard::new(i, 2).unwrap()))
            .collect();
        assert_eq!(halves, [0..4, 4..10]);
        assert_eq!(shard_games(7, Shard::new(1, 2).unwrap()), 4..7);
    }

    fn three_seats() -> GameRecord<AtaxxSeats> {
        let config = SeatsConfig::new(3, AtaxxConfig::default()).unwrap();
        GameRecord::new(AtaxxSeats::start(&config).unwrap())
    }

    fn config(games: u32) -> MatchConfig {
        MatchConfig {
            games,
            opening_plies: 3,
            balance: None,
            seed: 11,
            concurrency: 3,
        }
    }

    #[test]
    fn a_table_of_three_seats_plays_each_opening_in_every_seating() {
        let random = |seed: u64| -> Result<Box<dyn Player<AtaxxSeats>>, PlayerError> {
            Ok(Box::new(RandomPlayer::new(seed)))
        };
        let lineup = Lineup::Fresh(vec![&random, &random, &random]);
        let games = run_table(
            &three_seats(),
            lineup,
            &config(6),
            Shard::WHOLE,
            &mut |_| true,
        )
        .unwrap();
        assert_eq!(games.len(), 6);
        for (index, game) in games.iter().enumerate() {
            assert_eq!(game.index, index as u32);
            assert_eq!(game.pair, index as u32 / 3);
            assert_eq!(game.seating, seating(index as u32, 3, 3));
            assert_eq!(game.played.ranks.len(), 3);
            assert_eq!(game.played.seats.len(), 3);
            let opening = &game.played.record.moves()[..3];
            let first = &games[3 * (index / 3)].played.record.moves()[..3];
            assert_eq!(opening, first, "a round shares its opening");
        }
        assert_ne!(
            games[0].played.record.moves()[..3],
            games[3].played.record.moves()[..3],
            "each round its own opening"
        );
    }

    /// Plays the first legal move and counts the games it is told of.
    struct Counting(Arc<AtomicU32>);

    impl Player<AtaxxSeats> for Counting {
        fn name(&self) -> String {
            "counting".into()
        }

        fn new_game(&mut self) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }

        fn choose(
            &mut self,
            record: &GameRecord<AtaxxSeats>,
            _turn: Turn<'_, AtaxxSeats>,
        ) -> Result<Choice<AtaxxSeats>, PlayerError> {
            let mut moves = Vec::new();
            record.legal_moves(&mut moves);
            let mv = *moves.first().ok_or(PlayerError::GameOver)?;
            Ok(Choice {
                mv,
                thought: Thought::empty(),
            })
        }
    }

    #[test]
    fn kept_players_play_every_game_in_order() {
        let counts: Vec<Arc<AtomicU32>> = (0..2).map(|_| Arc::default()).collect();
        let players: Vec<Box<dyn Player<AtaxxSeats>>> = counts
            .iter()
            .map(|count| Box::new(Counting(count.clone())) as Box<dyn Player<AtaxxSeats>>)
            .collect();
        let mut order = Vec::new();
        let games = run_table(
            &three_seats(),
            Lineup::Kept(players),
            &config(6),
            Shard::WHOLE,
            &mut |game| {
                order.push(game.index);
                true
            },
        )
        .unwrap();
        assert_eq!(order, [0, 1, 2, 3, 4, 5], "one game at a time, in order");
        // Both players sit at every game (two players at three seats), told of each once.
        for count in &counts {
            assert_eq!(count.load(Ordering::Relaxed), 6);
        }
        assert_eq!(games[1].seating, [1, 0, 1]);
    }
}
