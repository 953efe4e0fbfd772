//! `ponder match` for more than two seats (`--game ataxx:players=N`): the players `--a`,
//! `--b`, `--c`, `--d` (multi-player searches: `maxn`, `paranoid`, `brs`, `brsplus`,
//! `greedy`, with `depth=`, `nodes=`, `movetime=` in ms) rotate round the table over the same
//! openings.

use super::CliError;
use super::match_args::MatchArgs;
use crate::games::Game;
use crate::games::ataxx::seats::AtaxxSeats;
use crate::matches::{SeatedPlayer, run_seated_match};
use crate::players::{PlayerError, PlayerSpec};
use crate::search::Limits;
use crate::search::multi::{DEFAULT_NODES, MultiAlgorithm};
use serde_json::json;
use std::io::Write;
use std::time::Duration;

/// A player of a seated match from its spec.
fn seated_player(spec: &PlayerSpec) -> Result<SeatedPlayer, PlayerError> {
    let algorithm = MultiAlgorithm::from_name(spec.kind()).ok_or_else(|| {
        spec.error(format!(
            "not a multi-player search (expected {})",
            MultiAlgorithm::NAMES
        ))
    })?;
    spec.check_keys(&["depth", "nodes", "movetime"])?;
    Ok(SeatedPlayer {
        name: spec.to_string(),
        algorithm,
        limits: Limits {
            depth: Some(spec.get_u64("depth", 1..=100)?.map_or(64, |d| d as u32)),
            nodes: Some(
                spec.get_u64("nodes", 1..=u64::MAX)?
                    .unwrap_or(DEFAULT_NODES),
            ),
            hard_time: spec
                .get_u64("movetime", 1..=3_600_000)?
                .map(Duration::from_millis),
            ..Limits::default()
        },
    })
}

/// Runs the seated match and prints each player's games, average rank, win share and score.
pub fn run(args: &MatchArgs, specs: &[&PlayerSpec], out: &mut dyn Write) -> Result<(), CliError> {
    let record = args.position.record::<AtaxxSeats>()?;
    let start = record.current();
    let seats = start.seat_count() as u32;
    let players = specs
        .iter()
        .map(|spec| seated_player(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let openings = args.games.div_ceil(seats);
    let tallies = run_seated_match(&start, &players, openings, args.opening_plies, args.seed)?;
    let rows: Vec<_> = players
        .iter()
        .zip(&tallies)
        .map(|(player, tally)| {
            json!({
                "player": player.name,
                "games": tally.games,
                "average_rank": tally.average_rank(),
                "win_share": tally.win_share(),
                "score": tally.score(),
            })
        })
        .collect();
    if args.json {
        writeln!(
            out,
            "{}",
            json!({ "seats": seats, "openings": openings, "players": rows })
        )?;
    } else {
        writeln!(out, "{seats} seats, {openings} openings x {seats} seatings")?;
        for row in &rows {
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
    }
    Ok(())
}
