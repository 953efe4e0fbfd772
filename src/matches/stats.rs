//! Match statistics: score, Elo difference with a 95% interval, and the sequential probability
//! ratio test (SPRT), for two seats; each player's ranks and points, for any seat count.
//!
//! Games are counted from player A's point of view. When games come in pairs (the same opening
//! with colours swapped), the spread of the pair scores (the pentanomial model) is used: it
//! removes the noise that the openings add. The Elo scale is the logistic one:
//! `elo(s) = -400 log10(1/s - 1)` for a score fraction `s`.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that a score fraction `s` (0..1) stands for; ±infinity at 1 and 0.
///
/// ```
/// use ponder::matches::elo_from_score;
/// assert_eq!(elo_from_score(0.5), 0.0);
/// assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
/// assert_eq!(elo_from_score(1.0), f64::INFINITY);
/// ```
pub fn elo_from_score(s: f64) -> f64 {
    // Within rounding of 0 or 1 the logistic curve is infinite for all practical purposes.
    if s <= 1e-9 {
        f64::NEG_INFINITY
    } else if s >= 1.0 - 1e-9 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score fraction of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Wins, draws and losses of player A, and how each pair of games (same opening, colours
/// swapped) ended for A: `pairs[k]` counts the pairs where A scored `k / 2` points (0 to 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Complete pairs by A's points in the pair, in half points: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
}

impl Tally {
    /// Counts one game with A's result: 1 win, 0 draw, -1 loss.
    pub fn add_game(&mut self, result: i32) {
        match result.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Counts one complete pair where A's two results were `a` and `b` (1, 0, -1 each).
    pub fn add_pair(&mut self, a: i32, b: i32) {
        let half_points = (a.signum() + 1) + (b.signum() + 1);
        self.pairs[half_points as usize] += 1;
    }

    /// Counts the games and pairs of `other` too (the tallies of disjoint sets of pairs).
    /// Saturating, since a tally may come from a file.
    pub fn add_tally(&mut self, other: &Tally) {
        self.wins = self.wins.saturating_add(other.wins);
        self.draws = self.draws.saturating_add(other.draws);
        self.losses = self.losses.saturating_add(other.losses);
        for (mine, theirs) in self.pairs.iter_mut().zip(other.pairs) {
            *mine = mine.saturating_add(theirs);
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// A's score fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The Elo difference A − B, its 95% interval and how the interval was found.
    pub fn elo(&self) -> EloEstimate {
        let s = self.score();
        let elo = elo_from_score(s);
        let (_, variance, units) = self.spread(0.0);
        let method;
        let (low, high) = if units > 0.0 && variance > 0.0 && s > 0.0 && s < 1.0 {
            method = if self.uses_pairs() {
                "pentanomial"
            } else {
                "trinomial"
            };
            // The score of every game, the spread of the pairs (or of the games).
            let half = Z95 * (variance / units).sqrt();
            (s - half, s + half)
        } else {
            // No spread measured (every game won, or lost, or drawn): the Wilson score
            // interval, which assumes the largest spread a score fraction s can have.
            method = "wilson";
            wilson(s, f64::from(self.games()))
        };
        EloEstimate {
            elo,
            low: elo_from_score(low.clamp(0.0, 1.0)),
            high: elo_from_score(high.clamp(0.0, 1.0)),
            method,
        }
    }

    /// Whether the spread is taken from the complete pairs (as soon as there is one; a game
    /// whose partner is still being played is left out of the spread).
    fn uses_pairs(&self) -> bool {
        self.pairs.iter().sum::<u32>() > 0
    }

    /// The mean score fraction, the variance of one unit (a pair's mean score fraction, or one
    /// game's) and the number of units; `prior` is added to every outcome's count (a
    /// regularisation for the SPRT, so that a run of wins alone does not look certain).
    fn spread(&self, prior: f64) -> (f64, f64, f64) {
        let outcomes: Vec<(f64, f64)> = if self.uses_pairs() {
            (0..5)
                .map(|k| (k as f64 / 4.0, f64::from(self.pairs[k]) + prior))
                .collect()
        } else {
            vec![
                (1.0, f64::from(self.wins) + prior),
                (0.5, f64::from(self.draws) + prior),
                (0.0, f64::from(self.losses) + prior),
            ]
        };
        let units: f64 = outcomes.iter().map(|(_, n)| n).sum();
        if units <= 0.0 {
            return (0.5, 0.0, 0.0);
        }
        let mean = outcomes.iter().map(|(x, n)| x * n).sum::<f64>() / units;
        let variance = outcomes
            .iter()
            .map(|(x, n)| n * (x - mean) * (x - mean))
            .sum::<f64>()
            / units;
        (mean, variance, units)
    }

    /// The log-likelihood ratio of H1 (A is `elo1` stronger) against H0 (`elo0`), by the
    /// normal approximation of the generalised SPRT (as fishtest computes it), with the spread
    /// regularised by a small prior.
    pub fn sprt_llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (mean, variance, units) = self.spread(SPRT_PRIOR);
        if units <= 0.0 || variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
        // The counts without the prior weigh the evidence; the prior only steadies the spread.
        let observed = units - SPRT_PRIOR * if self.uses_pairs() { 5.0 } else { 3.0 };
        observed * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

/// A [`Tally`] counted as games come in, in any order: a pair counts in the pentanomial
/// figures once both its games are in.
#[derive(Clone, Debug, Default)]
pub struct PairedTally {
    tally: Tally,
    /// A's result in each pair with one game in.
    open: HashMap<u32, i32>,
}

impl PairedTally {
    /// Counts A's `result` (1 win, 0 draw, -1 loss) in a game of pair `pair`.
    pub fn add(&mut self, pair: u32, result: i32) {
        self.tally.add_game(result);
        match self.open.remove(&pair) {
            Some(other) => self.tally.add_pair(other, result),
            None => {
                self.open.insert(pair, result);
            }
        }
    }

    /// The tally so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }
}

/// One player's results over a match of any seat count, by the ranks of its games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerTally {
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

impl PlayerTally {
    /// Counts a game in which this player held seat `seat` of a table that finished with
    /// `ranks` (one per seat, 1 best).
    pub fn add(&mut self, seat: usize, ranks: &[u8]) {
        let Some(&rank) = ranks.get(seat) else { return };
        let others = ranks.len().saturating_sub(1).max(1) as f64;
        let firsts = ranks.iter().filter(|&&r| r == 1).count().max(1);
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
        self.games += 1;
        self.rank_sum += u32::from(rank);
        if rank == 1 {
            self.wins += 1.0 / firsts as f64;
        }
        self.points += beaten / others;
    }

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

/// Pseudo-count added to every outcome when the SPRT estimates the spread.
const SPRT_PRIOR: f64 = 0.5;

/// The Wilson score interval of a fraction `p` over `n` trials, at 95%.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    (center - half, center + half)
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate (±infinity when one side scored everything).
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// `pentanomial` (pairs), `trinomial` (games) or `wilson` (no spread measured).
    pub method: &'static str,
}

impl fmt::Display for EloEstimate {
    /// `+192.3 (95% CI +120.4 .. +280.1)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (95% CI {} .. {})",
            elo_text(self.elo),
            elo_text(self.low),
            elo_text(self.high)
        )
    }
}

/// An Elo value as text, `+inf`/`-inf` at the ends.
pub fn elo_text(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+inf".to_string()
    } else if elo == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// An Elo value for JSON: `null` for ±infinity.
pub fn elo_json(elo: f64) -> Option<f64> {
    elo.is_finite().then(|| (elo * 10.0).round() / 10.0)
}

/// The SPRT's configuration and bounds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// What the SPRT concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtDecision {
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
    /// H0 accepted: A is at most `elo0` stronger.
    H0,
    /// Not yet decided.
    Continue,
}

impl Sprt {
    /// A test of `elo0` against `elo1` with error rates `alpha` and `beta`; an error on bounds
    /// that make no test.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(format!("--sprt {elo0},{elo1}: elo0 must be below elo1"));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(format!("--{name} {value}: must be between 0 and 0.5"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower bound of the LLR: below it H0 is accepted.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound of the LLR: above it H1 is accepted.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision for `tally`, and its LLR. (Front ends keep the first decision reached:
    /// games already under way when it came are counted but do not undo it.)
    pub fn decide(&self, tally: &Tally) -> (SprtDecision, f64) {
        let llr = tally.sprt_llr(self.elo0, self.elo1);
        let decision = if llr >= self.upper() {
            SprtDecision::H1
        } else if llr <= self.lower() {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        };
        (decision, llr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            pairs: [0; 5],
        }
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is +190.8 Elo, 64% about +100 (the logistic scale's textbook values).
        assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
        assert!((elo_from_score(0.64) - 99.95).abs() < 0.1);
        assert!((score_from_elo(elo_from_score(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn trinomial_interval_matches_a_hand_computation() {
        // 60 wins, 20 draws, 20 losses: s = 0.7, per-game variance
        // (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, se = 0.04, interval 0.7 ± 0.0784.
        let estimate = tally(60, 20, 20).elo();
        assert_eq!(estimate.method, "trinomial");
        assert!((estimate.elo - elo_from_score(0.7)).abs() < 1e-9);
        assert!((estimate.low - elo_from_score(0.7 - Z95 * 0.04)).abs() < 1e-6);
        assert!((estimate.high - elo_from_score(0.7 + Z95 * 0.04)).abs() < 1e-6);
    }

    #[test]
    fn a_clean_sweep_has_an_infinite_estimate_and_a_finite_lower_bound() {
        let estimate = tally(100, 0, 0).elo();
        assert_eq!(estimate.elo, f64::INFINITY);
        assert_eq!(estimate.method, "wilson");
        // Wilson's lower bound for 100/100 is 0.963: about +563 Elo.
        assert!(estimate.low > 500.0 && estimate.low < 600.0, "{estimate}");
        assert_eq!(estimate.to_string().split(' ').next(), Some("+inf"));
    }

    #[test]
    fn pairs_give_the_pentanomial_spread() {
        let mut t = Tally::default();
        for _ in 0..10 {
            t.add_game(1);
            t.add_game(-1);
            t.add_pair(1, -1);
        }
        // Every pair split 1-1: no spread between pairs, so Wilson takes over.
        assert_eq!(t.elo().method, "wilson");
        // A game whose partner is not in yet counts in the score, not in the spread.
        t.add_game(1);
        assert_eq!(t.elo().method, "wilson");
        assert!(t.score() > 0.5);
        t.add_game(1);
        t.add_pair(1, 1);
        assert_eq!(t.elo().method, "pentanomial");
    }

    #[test]
    fn a_paired_tally_counts_a_pair_once_both_games_are_in() {
        let mut t = PairedTally::default();
        t.add(3, 1);
        t.add(0, -1);
        assert_eq!(t.tally().pairs, [0; 5]);
        t.add(3, 0);
        assert_eq!(
            (t.tally().wins, t.tally().draws, t.tally().losses),
            (1, 1, 1)
        );
        // A won one game of pair 3 and drew the other: 1½ points, slot 3.
        assert_eq!(t.tally().pairs, [0, 0, 0, 1, 0]);
    }

    #[test]
    fn player_tallies_count_ranks_wins_and_points() {
        // Four seats: seat 0 first alone, seats 1 and 2 share second, seat 3 last.
        let ranks = [1, 2, 2, 4];
        let mut first = PlayerTally::default();
        first.add(0, &ranks);
        assert_eq!((first.games, first.rank_sum, first.wins), (1, 1, 1.0));
        assert_eq!(first.points, 1.0);
        let mut second = PlayerTally::default();
        second.add(1, &ranks);
        // Beats seat 3, ties seat 2, loses to seat 0: 1.5 of 3.
        assert_eq!(second.points, 0.5);
        assert_eq!(second.wins, 0.0);
        // Two seats share first: each wins half a game and scores a half.
        let mut shared = PlayerTally::default();
        shared.add(1, &[1, 1, 3]);
        assert_eq!((shared.wins, shared.points), (0.5, 0.75));
        assert_eq!(shared.average_rank(), 1.0);
        assert_eq!(shared.score(), 0.75);
    }

    #[test]
    fn sprt_accepts_the_right_hypothesis() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert!((sprt.upper() - 2.944).abs() < 0.001);
        assert!((sprt.lower() + 2.944).abs() < 0.001);
        assert_eq!(sprt.decide(&tally(400, 200, 100)).0, SprtDecision::H1);
        assert_eq!(sprt.decide(&tally(100, 200, 400)).0, SprtDecision::H0);
        assert_eq!(sprt.decide(&tally(3, 0, 2)).0, SprtDecision::Continue);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
    }
}
