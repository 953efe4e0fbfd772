//! Value statistics of an endgame database and the `solve` command's report.

use super::{Egdb, EgdbError, LayerReport};
use crate::games::oware::config::Rules;
use std::fmt::Write;
use std::time::Instant;

/// How many boards of each seed count have each value: the table Lincke published for
/// Awari (thesis, appendix B).
///
/// ```
/// use ponder::games::oware::Egdb;
/// let stats = Egdb::build(2).unwrap().stats();
/// assert_eq!(stats.to_csv(), "stones,value_for_player_to_move,positions\n\
///     0,0,1\n1,-1,7\n1,1,5\n2,-2,40\n2,0,13\n2,2,25\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EgdbStats {
    /// `(seeds, value, positions)`, by seeds then value, only counts above zero.
    rows: Vec<(u32, i32, u64)>,
    /// `(seeds, positions)` whose value the database only bounds (Abapa), counts above zero.
    inexact: Vec<(u32, u64)>,
}

impl EgdbStats {
    /// The statistics of a database's layers.
    pub(crate) fn of_egdb(egdb: &Egdb) -> EgdbStats {
        let mut rows = Vec::new();
        let mut inexact = Vec::new();
        for seeds in 0..=egdb.max_seeds() {
            let layer = egdb.layer(seeds).unwrap_or_default();
            let mut counts = [0u64; 256];
            let mut bounded = 0u64;
            match egdb.rules() {
                Rules::Awari => {
                    for &value in layer {
                        counts[(i32::from(value) + 128) as usize] += 1;
                    }
                }
                Rules::Abapa => {
                    for pair in layer.chunks_exact(2) {
                        if pair[0] == pair[1] {
                            counts[(i32::from(pair[0]) + 128) as usize] += 1;
                        } else {
                            bounded += 1;
                        }
                    }
                }
            }
            if bounded > 0 {
                inexact.push((seeds, bounded));
            }
            for (slot, &count) in counts.iter().enumerate() {
                if count > 0 {
                    rows.push((seeds, slot as i32 - 128, count));
                }
            }
        }
        EgdbStats { rows, inexact }
    }

    /// Positions of `seeds` seeds whose value is only bounded (Abapa).
    pub fn inexact(&self, seeds: u32) -> u64 {
        self.inexact
            .iter()
            .find(|&&(s, _)| s == seeds)
            .map_or(0, |&(_, count)| count)
    }

    /// The `(seeds, value, boards)` rows with a count above zero, by seeds then value.
    pub fn rows(&self) -> &[(u32, i32, u64)] {
        &self.rows
    }

    /// Boards of `seeds` seeds worth `value` to the mover.
    pub fn count(&self, seeds: u32, value: i32) -> u64 {
        self.rows
            .iter()
            .find(|&&(s, v, _)| s == seeds && v == value)
            .map_or(0, |&(_, _, count)| count)
    }

    /// The table as CSV with the header of the published reference,
    /// `stones,value_for_player_to_move,positions`.
    pub fn to_csv(&self) -> String {
        let mut text = String::from("stones,value_for_player_to_move,positions\n");
        for (seeds, value, count) in &self.rows {
            let _ = writeln!(text, "{seeds},{value},{count}");
        }
        text
    }
}

/// Builds the standard Awari database (6 houses a side, computer-Awari rules) up to
/// `max_seeds` seeds and reports it: per seed count its boards, time and value counts
/// (`value:boards`), then the total time. The output of
/// `ponder solve --game oware:rules=awari --egdb N`. For the table in the published CSV form,
/// see [`EgdbStats::to_csv`].
pub fn solve_report(max_seeds: u32) -> Result<String, EgdbError> {
    Ok(build_report(Rules::Awari, max_seeds, super::default_threads())?.0)
}

/// Builds the database of `rules` (6 houses a side) up to `max_seeds` seeds on `threads`
/// threads, and reports it as [`solve_report`] does (Abapa: positions are boards times the
/// values of `m`, and the positions only bounded are counted as `bounded`).
pub fn build_report(
    rules: Rules,
    max_seeds: u32,
    threads: usize,
) -> Result<(String, Egdb), EgdbError> {
    let started = Instant::now();
    let mut layers: Vec<LayerReport> = Vec::new();
    let egdb = Egdb::build_for(rules, 6, max_seeds, threads, |layer| layers.push(layer))?;
    let total = started.elapsed();
    let stats = egdb.stats();
    let mut text = String::new();
    let _ = match rules {
        Rules::Awari => writeln!(
            text,
            "Awari endgame database (computer-Awari rules, 6 houses a side), 0 to {max_seeds} \
             seeds\nvalue = the mover's capture surplus among the seeds on the board under \
             perfect play"
        ),
        Rules::Abapa => writeln!(
            text,
            "Abapa endgame database (OpenSpiel oware rules, 6 houses a side), 0 to {max_seeds} \
             seeds\nvalue = the mover's share minus the opponent's of the seeds on the board \
             (captured or banked) under perfect play, with no earlier position to repeat"
        ),
    };
    let _ = writeln!(text);
    let _ = writeln!(text, "seeds  positions     time     value:positions");
    for layer in &layers {
        let _ = write!(
            text,
            "{:>5}  {:>12}  {:>8.3}s ",
            layer.seeds,
            layer.positions,
            layer.elapsed.as_secs_f64()
        );
        for &(_, value, count) in stats.rows().iter().filter(|row| row.0 == layer.seeds) {
            let _ = write!(text, " {value:+}:{count}");
        }
        let bounded = stats.inexact(layer.seeds);
        if bounded > 0 {
            let _ = write!(text, " bounded:{bounded}");
        }
        let _ = writeln!(text);
    }
    let positions: u64 = layers.iter().map(|layer| layer.positions).sum();
    let _ = writeln!(
        text,
        "\n{positions} positions in {:.3} s ({:.1} M positions/s)",
        total.as_secs_f64(),
        positions as f64 / total.as_secs_f64().max(1e-9) / 1e6
    );
    Ok((text, egdb))
}
