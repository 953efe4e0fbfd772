//! The results of a match, as text and as the JSON summary: one report for a match played
//! whole (`ponder match`) and for one joined from its shards' parts (`ponder merge`). Two
//! seats report A against B (Elo, SPRT, each side's figures); more seats each player's ranks
//! and scores.

use super::CliError;
use crate::matches::{
    GameResult, MatchSetup, SeatStats, Sprt, SprtDecision, Termination, elo_json, standings_of,
    tally_of,
};
use serde_json::{Value, json};
use std::io::Write;

/// The SPRT's verdict, its log-likelihood ratio, and the games counted when it came.
pub(super) type Decision = (SprtDecision, f64, u32);

/// A finished match: what it was, its games and how it was played.
pub(super) struct MatchReport<'a> {
    /// The match.
    pub setup: &'a MatchSetup,
    /// Its games, in game order.
    pub games: &'a [GameResult],
    /// Games played at the same time (a match played whole), or `None` (joined from parts).
    pub concurrency: Option<usize>,
    /// How many shards played it (1: played whole).
    pub shards: u32,
    /// Wall-clock seconds (of the longest shard).
    pub seconds: f64,
    /// The SPRT and its decision, if one ran.
    pub sprt: Option<(Sprt, Option<Decision>)>,
}

impl MatchReport<'_> {
    /// Each side's figures: A's, then B's.
    fn figures(&self) -> [SideFigures; 2] {
        let mut figures = [SideFigures::default(); 2];
        for game in self.games {
            let result = game.a_result();
            let a_seat = game.a_seat();
            figures[0].add(game, a_seat, result);
            figures[1].add(game, 1 - a_seat, -result);
        }
        figures
    }

    /// Player `index`'s name.
    fn name(&self, index: usize) -> &str {
        self.setup.players.get(index).map_or("", String::as_str)
    }

    /// Whether the table has more than two seats.
    fn seated(&self) -> bool {
        self.setup.seats > 2
    }

    /// The JSON summary (`ponder match --json` / `--out`).
    pub fn json(&self) -> Value {
        if self.seated() {
            return self.standings_json();
        }
        let (setup, tally) = (self.setup, &tally_of(self.games));
        let estimate = tally.elo();
        let figures = self.figures();
        json!({
            "game": setup.game,
            "a": self.name(0),
            "b": self.name(1),
            "games": tally.games(),
            "games_requested": setup.games,
            "opening_plies": setup.opening_plies,
            "balance": setup.balance,
            "seed": setup.seed,
            "concurrency": self.concurrency,
            "shards": self.shards,
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "pairs": tally.pairs,
            "score": tally.score(),
            "points": tally.points(),
            "elo": elo_json(estimate.elo),
            "elo_low": elo_json(estimate.low),
            "elo_high": elo_json(estimate.high),
            "elo_text": estimate.to_string(),
            "interval": estimate.method,
            "sprt": self.sprt.map(|(s, decision)| {
                let (verdict, llr, at) = decision.unwrap_or((SprtDecision::Continue, 0.0, 0));
                json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                       "lower": s.lower(), "upper": s.upper(), "llr": llr, "decision": verdict,
                       "decided_after_games": at})
            }),
            "side_a": figures[0].json(self.name(0)),
            "side_b": figures[1].json(self.name(1)),
            "terminations": terminations(self.games),
            "seconds": self.seconds,
        })
    }

    /// The JSON summary of a table of more than two seats: each player's games, average
    /// rank, win share and score.
    fn standings_json(&self) -> Value {
        let setup = self.setup;
        let rows: Vec<Value> = standings_of(self.games, setup.players.len())
            .iter()
            .enumerate()
            .map(|(player, tally)| {
                json!({
                    "player": self.name(player),
                    "games": tally.games,
                    "average_rank": tally.average_rank(),
                    "win_share": tally.win_share(),
                    "score": tally.score(),
                })
            })
            .collect();
        json!({
            "game": setup.game,
            "seats": setup.seats,
            "openings": setup.games.div_ceil(setup.seats),
            "games": self.games.len(),
            "games_requested": setup.games,
            "opening_plies": setup.opening_plies,
            "seed": setup.seed,
            "shards": self.shards,
            "players": rows,
            "terminations": terminations(self.games),
            "seconds": self.seconds,
        })
    }

    /// The text summary.
    pub fn write_text(&self, out: &mut dyn Write) -> Result<(), CliError> {
        if self.seated() {
            return self.write_standings_text(out);
        }
        let (setup, tally) = (self.setup, &tally_of(self.games));
        writeln!(
            out,
            "match {}: A = {} vs B = {}",
            setup.game,
            self.name(0),
            self.name(1)
        )?;
        let how = match self.concurrency {
            Some(concurrency) => format!("{concurrency} at a time"),
            None => format!("in {} shards", self.shards),
        };
        writeln!(
            out,
            "{} games ({} requested) from {} openings of {} random plies (the most even of {}; seed {}), {how}, {:.1} s",
            tally.games(),
            setup.games,
            setup.games.div_ceil(2),
            setup.opening_plies,
            setup.balance,
            setup.seed,
            self.seconds
        )?;
        writeln!(
            out,
            "A: {} wins, {} draws, {} losses; score {:.1}% ({}/{})",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            tally.points(),
            tally.games()
        )?;
        for (label, side) in ["A", "B"].iter().zip(self.figures()) {
            side.write_line(out, label)?;
        }
        let estimate = tally.elo();
        writeln!(out, "Elo A - B: {} [{}]", estimate, estimate.method)?;
        if let Some((s, Some(decision))) = self.sprt {
            write_sprt_text(out, &s, decision)?;
        }
        Ok(())
    }
}

impl MatchReport<'_> {
    /// The text summary of a table of more than two seats: a line per player.
    fn write_standings_text(&self, out: &mut dyn Write) -> Result<(), CliError> {
        let summary = self.standings_json();
        let seats = self.setup.seats;
        writeln!(
            out,
            "{seats} seats, {} openings x {seats} seatings",
            summary["openings"]
        )?;
        for row in summary["players"].as_array().into_iter().flatten() {
            writeln!(
                out,
                "{}: games {}, average rank {:.2}, win share {:.3}, score {:.3}",
                row["player"].as_str().unwrap_or_default(),
                row["games"],
                row["average_rank"].as_f64().unwrap_or_default(),
                row["win_share"].as_f64().unwrap_or_default(),
                row["score"].as_f64().unwrap_or_default(),
            )?;
        }
        Ok(())
    }
}

/// The SPRT's line of the text summary.
fn write_sprt_text(
    out: &mut dyn Write,
    s: &Sprt,
    (verdict, llr, at): Decision,
) -> Result<(), CliError> {
    let verdict = match verdict {
        SprtDecision::H1 => "H1 accepted (A is stronger by elo1 or more)",
        SprtDecision::H0 => "H0 accepted (A is not stronger by more than elo0)",
        SprtDecision::Continue => "no decision yet",
    };
    writeln!(
        out,
        "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} after {at} games (bounds {:.2}, {:.2}): {verdict}",
        s.elo0,
        s.elo1,
        s.alpha,
        s.beta,
        s.lower(),
        s.upper()
    )?;
    Ok(())
}

/// What one side did over the match.
#[derive(Default, Clone, Copy)]
struct SideFigures {
    as_first: [u32; 3],
    as_second: [u32; 3],
    seat: SeatStats,
}

impl SideFigures {
    fn add(&mut self, game: &GameResult, side_seat: usize, result: i32) {
        let slot = match result {
            1 => 0,
            0 => 1,
            _ => 2,
        };
        if side_seat == 0 {
            self.as_first[slot] += 1;
        } else {
            self.as_second[slot] += 1;
        }
        // Saturating: the figures may come from a part file.
        let stats = game.seats.get(side_seat).copied().unwrap_or_default();
        self.seat.moves = self.seat.moves.saturating_add(stats.moves);
        self.seat.time = self.seat.time.saturating_add(stats.time);
        self.seat.depth_sum = self.seat.depth_sum.saturating_add(stats.depth_sum);
        self.seat.nodes = self.seat.nodes.saturating_add(stats.nodes);
        self.seat.max_time = self.seat.max_time.max(stats.max_time);
    }

    fn json(&self, name: &str) -> Value {
        let moves = f64::from(self.seat.moves.max(1));
        json!({
            "player": name,
            "as_first": {"wins": self.as_first[0], "draws": self.as_first[1], "losses": self.as_first[2]},
            "as_second": {"wins": self.as_second[0], "draws": self.as_second[1], "losses": self.as_second[2]},
            "moves": self.seat.moves,
            "avg_time_ms": self.seat.time.as_secs_f64() * 1000.0 / moves,
            "max_time_ms": self.seat.max_time.as_secs_f64() * 1000.0,
            "avg_depth": self.seat.depth_sum as f64 / moves,
            "nodes": self.seat.nodes,
        })
    }

    fn write_line(&self, out: &mut dyn Write, label: &str) -> Result<(), CliError> {
        let moves = f64::from(self.seat.moves.max(1));
        writeln!(
            out,
            "{label} as first: {}-{}-{}, as second: {}-{}-{} (W-D-L); {:.1} ms a move (max {:.0} ms), depth {:.1}",
            self.as_first[0],
            self.as_first[1],
            self.as_first[2],
            self.as_second[0],
            self.as_second[1],
            self.as_second[2],
            self.seat.time.as_secs_f64() * 1000.0 / moves,
            self.seat.max_time.as_secs_f64() * 1000.0,
            self.seat.depth_sum as f64 / moves,
        )?;
        Ok(())
    }
}

/// Counts of how the games ended.
fn terminations(games: &[GameResult]) -> Value {
    let count = |wanted: fn(&Termination) -> bool| {
        games
            .iter()
            .filter(|game| wanted(&game.termination))
            .count()
    };
    json!({
        "finished": count(|t| matches!(t, Termination::Finished)),
        "adjudicated": count(|t| matches!(t, Termination::Adjudicated)),
        "forfeits": count(|t| matches!(t, Termination::Forfeit { .. })),
    })
}

/// Writes a match's summary to `path` as pretty JSON (atomically: `--out`).
pub(super) fn write_summary(path: &std::path::Path, summary: &Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(summary)? + "\n";
    crate::files::write_atomic_bytes(path, text.as_bytes())?;
    Ok(())
}
