//! The tuner's figures and their tables: per-depth time and nodes, strength per ply, and the
//! recommended budget per level.

use super::parts::{StrengthRow, TuneSetup};
use crate::matches::elo_text;
use std::fmt::Write as _;
use std::time::Duration;

/// The figures of one depth over the position suite.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct DepthRow {
    pub(super) depth: u32,
    /// Positions where the depth completed within the search time cap.
    pub(super) reached: usize,
    /// Positions in the suite.
    pub(super) of: usize,
    /// Median time to complete the depth (positions that reached it).
    pub(super) median: Duration,
    /// 90th-percentile time (nearest rank).
    pub(super) p90: Duration,
    /// Median nodes to complete the depth.
    pub(super) median_nodes: u64,
    /// Effective branching factor: total nodes to complete this depth over the total to
    /// complete the one before, over the positions that reached both.
    pub(super) ebf: Option<f64>,
}

impl DepthRow {
    /// The rows for depths 1..=max_depth from the per-position samples.
    pub(super) fn from_samples(
        samples: &[Vec<(u32, Duration, u64)>],
        max_depth: u32,
        of: usize,
    ) -> Vec<DepthRow> {
        let at = |sample: &Vec<(u32, Duration, u64)>, depth: u32| {
            sample
                .iter()
                .find(|(d, _, _)| *d == depth)
                .map(|&(_, t, n)| (t, n))
        };
        (1..=max_depth)
            .map(|depth| {
                let mut times: Vec<Duration> = Vec::new();
                let mut nodes: Vec<u64> = Vec::new();
                let (mut this_total, mut previous_total) = (0u128, 0u128);
                for sample in samples {
                    if let Some((time, count)) = at(sample, depth) {
                        times.push(time);
                        nodes.push(count);
                        if let Some((_, before)) = at(sample, depth - 1) {
                            this_total += u128::from(count);
                            previous_total += u128::from(before);
                        }
                    }
                }
                times.sort();
                nodes.sort();
                DepthRow {
                    depth,
                    reached: times.len(),
                    of,
                    median: percentile(&times, 50).unwrap_or_default(),
                    p90: percentile(&times, 90).unwrap_or_default(),
                    median_nodes: percentile(&nodes, 50).unwrap_or_default(),
                    ebf: (depth > 1 && previous_total > 0)
                        .then(|| this_total as f64 / previous_total as f64),
                }
            })
            .collect()
    }

    /// Whether every position completed the depth.
    pub(super) fn complete(&self) -> bool {
        self.reached == self.of && self.of > 0
    }
}

/// The `p`-th percentile of sorted values by the nearest-rank method.
pub(super) fn percentile<T: Copy>(sorted: &[T], p: usize) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted.get(rank - 1).copied()
}

/// The recommended budget per level.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Recommendation {
    pub(super) target: Duration,
    /// (depth, its 90th-percentile time) per level, deepest first: hard, medium, easy.
    pub(super) hard: Option<(u32, Duration)>,
    pub(super) medium: Option<(u32, Duration)>,
    pub(super) easy: Option<(u32, Duration)>,
}

impl Recommendation {
    /// Hard: the deepest depth whose 90th-percentile time is within the target (or, at the
    /// target, a movetime of the target itself). Medium: the deepest within a tenth of it.
    /// Easy: the deepest within a hundredth, at most a third of hard's depth, at least 1.
    pub(super) fn choose(rows: &[DepthRow], target: Duration) -> Recommendation {
        let deepest_within = |limit: Duration| {
            rows.iter()
                .filter(|row| row.complete() && row.p90 <= limit)
                .map(|row| (row.depth, row.p90))
                .next_back()
        };
        let hard = deepest_within(target);
        let medium = deepest_within(target / 10).or(rows.first().map(|r| (r.depth, r.p90)));
        let easy_cap = hard.map_or(1, |(depth, _)| (depth / 3).max(1));
        let easy = deepest_within(target / 100)
            .map(|(depth, _)| depth.min(easy_cap))
            .or(Some(1))
            .and_then(|depth| rows.iter().find(|r| r.depth == depth))
            .map(|row| (row.depth, row.p90));
        Recommendation {
            target,
            hard,
            medium,
            easy,
        }
    }
}

fn ms(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{ms:.3}")
    } else if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.0}")
    }
}

/// The Markdown report.
pub(super) fn markdown(
    title: &str,
    rows: &[DepthRow],
    strength: &[StrengthRow],
    recommendation: &Recommendation,
    setup: &TuneSetup,
) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "# ponder tune: {title}\n");
    let _ = writeln!(
        text,
        "Time to complete each depth by iterative deepening from a fresh table, over {} seeded random positions (seed {}); strength from matches of depth d against depth d−1 ({} games each, paired openings).\n",
        rows.first().map_or(0, |r| r.of),
        setup.seed,
        setup.games
    );
    let _ = writeln!(
        text,
        "| depth | reached | median ms | p90 ms | median nodes | EBF | games vs d−1 (W-D-L) | score | Elo vs d−1 |"
    );
    let _ = writeln!(text, "|---:|---:|---:|---:|---:|---:|:---:|---:|---:|");
    for row in rows {
        let (games, score, elo) = match strength.iter().find(|s| s.depth == row.depth) {
            Some(s) => (
                format!("{}-{}-{}", s.tally.wins, s.tally.draws, s.tally.losses),
                format!("{:.0}%", 100.0 * s.tally.score()),
                elo_text(s.tally.elo().elo),
            ),
            None => ("".into(), "".into(), "".into()),
        };
        let _ = writeln!(
            text,
            "| {} | {}/{} | {} | {} | {} | {} | {games} | {score} | {elo} |",
            row.depth,
            row.reached,
            row.of,
            ms(row.median),
            ms(row.p90),
            row.median_nodes,
            row.ebf.map_or(String::new(), |e| format!("{e:.2}")),
        );
    }
    let _ = writeln!(
        text,
        "\n## Recommended levels for a {} ms reply (90% of positions answer within it)\n",
        recommendation.target.as_millis()
    );
    let _ = writeln!(text, "| level | budget | p90 ms at that depth |");
    let _ = writeln!(text, "|---|---|---:|");
    let line = |level: &str, choice: Option<(u32, Duration)>, extra: &str| match choice {
        Some((depth, p90)) => format!("| {level} | depth={depth}{extra} | {} |", ms(p90)),
        None => format!("| {level} | (no depth fits) | |"),
    };
    let _ = writeln!(
        text,
        "{}",
        line("easy", recommendation.easy, ",tiebreak=random")
    );
    let _ = writeln!(text, "{}", line("medium", recommendation.medium, ""));
    let _ = writeln!(text, "{}", line("hard", recommendation.hard, ""));
    let _ = writeln!(
        text,
        "| hard (timed) | movetime={} | |",
        recommendation.target.as_millis()
    );
    let deepest = rows.last().map(|r| r.depth);
    if recommendation.hard.map(|h| h.0) == deepest {
        let _ = writeln!(
            text,
            "\nThe deepest depth measured fits the target: deeper depths may too (try a larger --max-depth)."
        );
    }
    text
}

/// The CSV table: one line per depth.
pub(super) fn csv(rows: &[DepthRow], strength: &[StrengthRow]) -> String {
    let mut text = String::from(
        "depth,reached,positions,median_ms,p90_ms,median_nodes,ebf,wins,draws,losses,score,elo,match_seconds\n",
    );
    for row in rows {
        let s = strength.iter().find(|s| s.depth == row.depth);
        let _ = writeln!(
            text,
            "{},{},{},{:.3},{:.3},{},{},{},{},{},{},{},{}",
            row.depth,
            row.reached,
            row.of,
            row.median.as_secs_f64() * 1000.0,
            row.p90.as_secs_f64() * 1000.0,
            row.median_nodes,
            row.ebf.map_or(String::new(), |e| format!("{e:.3}")),
            s.map_or(String::new(), |s| s.tally.wins.to_string()),
            s.map_or(String::new(), |s| s.tally.draws.to_string()),
            s.map_or(String::new(), |s| s.tally.losses.to_string()),
            s.map_or(String::new(), |s| format!("{:.3}", s.tally.score())),
            s.map_or(String::new(), |s| {
                let elo = s.tally.elo().elo;
                if elo.is_finite() {
                    format!("{elo:.1}")
                } else {
                    elo_text(elo)
                }
            }),
            s.map_or(String::new(), |s| format!("{:.2}", s.seconds)),
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let values: Vec<u32> = (1..=10).collect();
        assert_eq!(percentile(&values, 50), Some(5));
        assert_eq!(percentile(&values, 90), Some(9));
        assert_eq!(percentile(&[7u32], 90), Some(7));
        assert_eq!(percentile::<u32>(&[], 90), None);
    }

    #[test]
    fn rows_and_levels_from_samples() {
        let ms = Duration::from_millis;
        // Two positions; the second does not reach depth 3.
        let samples = vec![
            vec![(1, ms(1), 10), (2, ms(5), 40), (3, ms(50), 400)],
            vec![(1, ms(2), 20), (2, ms(9), 60)],
        ];
        let rows = DepthRow::from_samples(&samples, 3, 2);
        assert_eq!(rows[1].ebf, Some(100.0 / 30.0));
        assert_eq!(rows[2].reached, 1);
        assert!(!rows[2].complete());
        let levels = Recommendation::choose(&rows, ms(100));
        assert_eq!(levels.hard.map(|h| h.0), Some(2));
        assert_eq!(levels.medium.map(|m| m.0), Some(2));
        assert_eq!(levels.easy.map(|e| e.0), Some(1));
    }
}
