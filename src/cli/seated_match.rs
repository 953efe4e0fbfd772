//! `ponder match` for more than two seats (`--game ataxx:players=N`): the players `--a`,
//! `--b`, `--c`, `--d` ([`SeatedPlayer`] specs: `engine`, `maxn`, `paranoid`, `brs`,
//! `brsplus`, `greedy`, with `depth=`, `nodes=`, `movetime=` in ms) rotate round the table
//! over the same openings.

use super::CliError;
use super::match_args::MatchArgs;
use crate::games::Game;
use crate::games::ataxx::seats::AtaxxSeats;
use crate::matches::run_seated_match;
use crate::players::{PlayerSpec, SeatedPlayer};
use crate::search::Limits;
use crate::search::multi::DEFAULT_NODES;
use serde_json::json;
use std::io::Write;

/// Runs the seated match and prints each player's games, average rank, win share and score.
pub fn run(args: &MatchArgs, specs: &[&PlayerSpec], out: &mut dyn Write) -> Result<(), CliError> {
    let record = args.position.record::<AtaxxSeats>()?;
    let start = record.current();
    let seats = start.seat_count() as u32;
    let limits = Limits {
        depth: Some(64),
        nodes: Some(DEFAULT_NODES),
        ..Limits::default()
    };
    let players = specs
        .iter()
        .map(|spec| SeatedPlayer::from_spec(spec, limits.clone()))
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
    let summary = json!({ "seats": seats, "openings": openings, "players": rows });
    if let Some(path) = &args.out {
        super::match_report::write_summary(path, &summary)?;
    }
    if args.json {
        writeln!(out, "{summary}")?;
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
