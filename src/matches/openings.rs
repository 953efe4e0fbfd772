//! Randomised openings: a few random plies from the start, the same for both colours of a pair.

use crate::games::{Game, GameRecord};
use crate::search::{Evaluators, Limits, SearchOptions, Searcher, StopSignal};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A seed for item `index` of a run seeded with `seed`: runs repeat whatever the order the
/// items are played in (splitmix64 of the pair).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The opening of pair `pair`: `plies` random legal plies from `start`, drawn by a generator
/// seeded from `(seed, pair)`. A draw that would end the game is retried (up to a bound), so
/// an opening leaves a game to play whenever the start allows it.
///
/// ```
/// use ponder::matches::random_opening;
/// use ponder::{Game, GameRecord, Kalah};
/// let start = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// let a = random_opening(&start, 4, 1, 0);
/// assert_eq!(a.moves().len(), 4);
/// assert_eq!(a, random_opening(&start, 4, 1, 0)); // same seed and pair: same opening
/// ```
pub fn random_opening<G: Game>(
    start: &GameRecord<G>,
    plies: usize,
    seed: u64,
    pair: u64,
) -> GameRecord<G> {
    let mut rng = SmallRng::seed_from_u64(derive_seed(seed, pair));
    let mut moves = Vec::new();
    for _attempt in 0..64 {
        let mut record = start.clone();
        for _ in 0..plies {
            record.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            if record.try_play(mv).is_err() {
                break;
            }
        }
        if record.outcome().is_none() {
            return record;
        }
    }
    start.clone()
}

/// How openings are made balanced: among `candidates` random openings of a pair, the one a
/// quick search (to `depth`, the game's default evaluator) judges closest to even is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    /// Random openings drawn for each pair (1: the first one, no balancing).
    pub candidates: usize,
    /// The depth of the judging search.
    pub depth: u32,
}

impl Balance {
    /// The balancing of `candidates` openings judged to `depth` (`G`'s own judging depth
    /// when `None`), as the command line asks for it; `None` for fewer than two candidates
    /// (plain random openings).
    ///
    /// ```
    /// use ponder::eval::Evaluators;
    /// use ponder::games::kalah::Kalah;
    /// use ponder::matches::Balance;
    ///
    /// assert_eq!(Balance::of::<Kalah>(1, Some(4)), None);
    /// let balance = Balance::of::<Kalah>(8, None).unwrap();
    /// assert_eq!((balance.candidates, balance.depth), (8, Kalah::DEPTHS.balance));
    /// assert_eq!(Balance::of::<Kalah>(8, Some(2)).map(|b| b.depth), Some(2));
    /// ```
    pub fn of<G: Evaluators>(candidates: u32, depth: Option<u32>) -> Option<Balance> {
        (candidates > 1).then(|| Balance {
            candidates: candidates as usize,
            depth: depth.unwrap_or(G::DEPTHS.balance),
        })
    }
}

/// The opening of pair `pair`, balanced: [`random_opening`]'s draws number `k` for
/// `k = 0..candidates` (seeded from `(seed, pair, k)`), judged by a search to `depth`, the one
/// with the smallest absolute value kept (the first among equals). Like the plain openings it
/// depends only on the seed and the pair number.
pub fn balanced_opening<G: Evaluators>(
    start: &GameRecord<G>,
    plies: usize,
    seed: u64,
    pair: u64,
    balance: Balance,
) -> GameRecord<G> {
    if balance.candidates <= 1 || plies == 0 {
        return random_opening(start, plies, seed, pair);
    }
    let options = SearchOptions {
        hash_mib: 1,
        ..SearchOptions::default()
    };
    let Ok(mut searcher) = Searcher::<G>::with_new_table(options) else {
        return random_opening(start, plies, seed, pair);
    };
    let stop = StopSignal::new();
    let mut best: Option<(i64, GameRecord<G>)> = None;
    for candidate in 0..balance.candidates as u64 {
        let opening = random_opening(start, plies, derive_seed(seed, candidate), pair);
        if best.as_ref().is_some_and(|(_, b)| *b == opening) {
            continue;
        }
        let report = searcher.search(&opening, &Limits::depth(balance.depth), &stop, &mut |_| {});
        let imbalance = i64::from(report.score.value()).abs();
        if best.as_ref().is_none_or(|(value, _)| imbalance < *value) {
            best = Some((imbalance, opening));
        }
    }
    best.map_or_else(
        || random_opening(start, plies, seed, pair),
        |(_, opening)| opening,
    )
}

/// The opening of pair `pair`: [`balanced_opening`] when `balance` is given, else
/// [`random_opening`] (the one choice matches and self-play make).
pub fn opening<G: Evaluators>(
    start: &GameRecord<G>,
    plies: usize,
    seed: u64,
    pair: u64,
    balance: Option<Balance>,
) -> GameRecord<G> {
    match balance {
        Some(balance) => balanced_opening(start, plies, seed, pair, balance),
        None => random_opening(start, plies, seed, pair),
    }
}
