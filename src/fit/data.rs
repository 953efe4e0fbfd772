//! Self-play data: games between searching players, positions sampled from them, their
//! features and the game's result for the side to move.

use super::FitError;
use crate::eval::evaluator_by_name;
use crate::eval::{Evaluator, Evaluators, LinearFeatures, MAX_FEATURES};
use crate::files::FileFormat;
use crate::games::{GameRecord, Seat};
use crate::matches::{Balance, Termination, derive_seed, opening, play_game};
use crate::players::{PlayerSpec, StopSignal, build_player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

/// The file format of a saved data set (`ponder fit-eval --shard i/N --out FILE`).
pub const DATASET_FORMAT: FileFormat =
    FileFormat::new(*b"PNDevdat", 3, 1 << 31, "fit-eval data set");

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// The game it comes from (a number unique within the run: the split keeps a game's
    /// positions together).
    pub game: u64,
    /// The game's result for the side to move: 0 loss, 1 draw, 2 win.
    pub label: u8,
    /// The compared evaluation's value of the position.
    pub compared: i32,
    /// The self-play search's value of the position for its side to move, on the search's
    /// scale ([`crate::search::Score`]: decisive values beyond every heuristic one); `None`
    /// where no search chose the move (the random opening).
    pub value: Option<i32>,
    /// The position's features.
    pub features: Vec<i16>,
    /// The indices of the position's active patterns (empty for a game without patterns).
    pub patterns: Vec<u16>,
}

impl Sample {
    /// The label as a probability of winning: 0, ½ or 1.
    pub fn target(&self) -> f64 {
        f64::from(self.label.min(2)) / 2.0
    }
}

/// Labelled positions of one game kind, with what they were made with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dataset {
    /// The game's name.
    pub game: String,
    /// The features' names, in order.
    pub feature_names: Vec<String>,
    /// The number of pattern weights ([`LinearFeatures::PATTERN_COUNT`]; 0 without).
    pub pattern_count: usize,
    /// The evaluator whose values [`Sample::compared`] holds.
    pub compared: String,
    /// The positions.
    pub samples: Vec<Sample>,
}

impl Dataset {
    /// An empty data set for game `G` compared with evaluator `compared`.
    pub fn new<G: LinearFeatures>(compared: &str) -> Dataset {
        Dataset {
            game: G::NAME.to_string(),
            feature_names: G::FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
            pattern_count: G::PATTERN_COUNT,
            compared: compared.to_string(),
            samples: Vec::new(),
        }
    }

    /// What every sample of the set shares: the game, its features, its pattern count and the
    /// compared evaluator. Sets are merged only when these agree.
    fn header(&self) -> (&str, &[String], usize, &str) {
        (
            &self.game,
            &self.feature_names,
            self.pattern_count,
            &self.compared,
        )
    }

    /// [`Dataset::header`] in words, for errors.
    fn header_text(&self) -> String {
        format!(
            "game {}, features [{}], {} pattern weights, compared evaluator {}",
            self.game,
            self.feature_names.join(", "),
            self.pattern_count,
            self.compared
        )
    }

    /// Adds `other`'s samples, refusing a data set of another game, other features or
    /// another compared evaluator (`what` names it in the error).
    pub fn merge(&mut self, other: Dataset, what: &str) -> Result<(), FitError> {
        let mismatch = |problem: String| FitError::Mismatch {
            what: what.to_string(),
            problem,
        };
        if other.header() != self.header() {
            return Err(mismatch(format!(
                "{} (expected {})",
                other.header_text(),
                self.header_text()
            )));
        }
        if other.samples.iter().any(|s| {
            s.features.len() != self.feature_names.len()
                || s.patterns
                    .iter()
                    .any(|&p| usize::from(p) >= self.pattern_count)
        }) {
            return Err(mismatch(
                "a sample with the wrong number of features or a pattern out of range".into(),
            ));
        }
        self.samples.extend(other.samples);
        Ok(())
    }
}

/// How self-play data is made.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: u32,
    /// Both seats' player (e.g. `pvs:nodes=2000,tiebreak=random`).
    pub player: PlayerSpec,
    /// Random plies of each game's opening.
    pub opening_plies: usize,
    /// Balanced openings (the most even of several random ones, as in matches), or plain
    /// random ones: games from lopsided openings teach little about the positions real games
    /// reach.
    pub balance: Option<Balance>,
    /// The most positions sampled from one game.
    pub samples_per_game: usize,
    /// Sample every position a search moved from, not only the quiet ones
    /// ([`LinearFeatures::is_quiet`]).
    pub all_positions: bool,
    /// The evaluator the fit is compared with (its values are stored with each sample).
    pub compared: String,
    /// Seeds the openings, the players and the sampling; games are numbered from
    /// `first_game`, so that shards with the same seed and disjoint numbers never repeat a
    /// game.
    pub seed: u64,
    /// The number of the first game.
    pub first_game: u64,
    /// Games played at the same time, one thread each.
    pub concurrency: usize,
}

/// Plays `config.games` games from `start` and samples labelled positions from them;
/// `on_game` is called after each game with the number finished so far. A run repeats
/// exactly whatever the concurrency (samples are sorted by game).
pub fn self_play<G: LinearFeatures + Evaluators>(
    start: &GameRecord<G>,
    config: &SelfPlay,
    on_game: &(dyn Fn(u32) + Sync),
) -> Result<Dataset, FitError> {
    let compared =
        evaluator_by_name::<G>(&config.compared).map_err(|e| config.player.error(e.to_string()))?;
    let next = AtomicU32::new(0);
    let done = AtomicU32::new(0);
    let results = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || lock(&failure).is_some() {
                        break;
                    }
                    let game = config.first_game + u64::from(index);
                    match play_and_sample(start, config, game, compared.as_ref()) {
                        Ok(samples) => lock(&results).extend(samples),
                        Err(error) => {
                            lock(&failure).get_or_insert(error);
                        }
                    }
                    on_game(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    if let Some(error) = lock(&failure).take() {
        return Err(error);
    }
    let mut samples = std::mem::take(&mut *lock(&results));
    samples.sort_by_key(|(game, order, _)| (*game, *order));
    let mut data = Dataset::new::<G>(&config.compared);
    data.samples = samples.into_iter().map(|(_, _, s)| s).collect();
    Ok(data)
}

/// The mutex's value, whether or not another thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Plays game number `game` and samples it: `(game, ply, sample)` triples.
fn play_and_sample<G: LinearFeatures + Evaluators>(
    start: &GameRecord<G>,
    config: &SelfPlay,
    game: u64,
    compared: &dyn Evaluator<G>,
) -> Result<Vec<(u64, usize, Sample)>, FitError> {
    let opening = opening(
        start,
        config.opening_plies,
        config.seed,
        game,
        config.balance,
    );
    let game_seed = derive_seed(config.seed ^ 0x007E_4A11, game);
    let mut first = build_player::<G>(&config.player, derive_seed(game_seed, 0))?;
    let mut second = build_player::<G>(&config.player, derive_seed(game_seed, 1))?;
    let played = play_game(
        opening,
        [first.as_mut(), second.as_mut()],
        &StopSignal::new(),
    )?;
    if played.termination != Termination::Finished {
        return Ok(Vec::new());
    }
    let first_result = played.outcome.margin().signum();
    let record = &played.record;
    let positions = record.positions();
    let mut candidates: Vec<usize> = (played.opening_plies..positions.len())
        .filter(|&ply| {
            positions[ply].outcome().is_none()
                && (config.all_positions || G::is_quiet(&positions[ply]))
        })
        .collect();
    let mut rng = SmallRng::seed_from_u64(derive_seed(game_seed, 2));
    let take = config.samples_per_game.min(candidates.len());
    for i in 0..take {
        let j = rng.random_range(i..candidates.len());
        candidates.swap(i, j);
    }
    candidates.truncate(take);
    Ok(candidates
        .into_iter()
        .map(|ply| {
            let position = &positions[ply];
            let last = ply
                .checked_sub(1)
                .and_then(|p| record.moves().get(p))
                .copied();
            let result = if position.side_to_move() == Seat::FIRST {
                first_result
            } else {
                -first_result
            };
            let value = played.values.get(ply).copied().flatten();
            (
                game,
                ply,
                sample(position, last, result, value, game, compared),
            )
        })
        .collect())
}

/// The sample of `position` with the game's `result` (1, 0, −1) and the search's `value`
/// for its side to move.
fn sample<G: LinearFeatures>(
    position: &G,
    last: Option<G::Move>,
    result: i32,
    value: Option<i32>,
    game: u64,
    compared: &dyn Evaluator<G>,
) -> Sample {
    let mut features = [0; MAX_FEATURES];
    G::features(position, last, &mut features);
    let mut patterns = Vec::new();
    G::patterns(position, |i| patterns.push(i as u16));
    Sample {
        game,
        label: (result + 1).clamp(0, 2) as u8,
        compared: compared.evaluate(position, last),
        value,
        features: features[..G::FEATURE_NAMES.len()]
            .iter()
            .map(|&f| f.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16)
            .collect(),
        patterns,
    }
}
