//! `ponder replay`: replay a move list with the legal moves before each ply.

use super::{CliError, PositionArgs, with_seats_or_game};
use crate::games::{Game, GameRecord, Seat};
use serde_json::{Value, json};
use std::io::Write;

/// Arguments of `ponder replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print one JSON object: `{"plies":[{"legal":[...],"move":m},...],"result":...}`.
    #[arg(long)]
    json: bool,
}

/// Replays `--moves` from the position, one ply at a time; an illegal move is an error that
/// names its ply.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_seats_or_game!(args.position.game, G => run_game::<G>(args, out))
}

fn run_game<G: Game>(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start_args = PositionArgs {
        moves: String::new(),
        ..args.position.clone()
    };
    let mut record: GameRecord<G> = start_args.record()?;
    let mut plies = Vec::new();
    let mut legal = Vec::new();
    for (index, word) in args.position.moves.split_whitespace().enumerate() {
        record.legal_moves(&mut legal);
        let mv = record
            .play_text(word)
            .map_err(|e| CliError::Moves(e.at("ply", index + 1).to_string()))?;
        plies.push(json!({ "legal": sorted_json(&legal)?, "move": serde_json::to_value(mv)? }));
    }
    let result = record
        .outcome()
        .map(|outcome| result_json(&record, outcome));
    if args.json {
        let value = json!({ "plies": plies, "result": result });
        writeln!(out, "{}", serde_json::to_string(&value)?)?;
    } else {
        for (index, ply) in plies.iter().enumerate() {
            writeln!(
                out,
                "ply {}: {} (legal: {})",
                index + 1,
                ply["move"],
                ply["legal"]
            )?;
        }
        writeln!(out, "{}", record.current())?;
        match result {
            Some(result) => writeln!(out, "result: {result}")?,
            None => writeln!(out, "result: game not over")?,
        }
    }
    Ok(())
}

/// The result of a finished game: each seat's score (seats 1..N) and the winner's index; for
/// more than two seats also each seat's rank, the winner being the one seat ranked 1.
fn result_json<G: Game>(record: &GameRecord<G>, outcome: crate::games::Outcome) -> Value {
    let position = record.current();
    let seats = position.seat_count();
    if seats == 2 {
        return json!({
            "scores": record.scores(),
            "winner": outcome.winner().map(|seat| seat.index()),
        });
    }
    let scores: Vec<u32> = (0..seats)
        .map(|seat| position.seat_score(Seat::new(seat)))
        .collect();
    let ranks: Vec<u8> = position
        .ranks()
        .map(|ranks| ranks[..seats].to_vec())
        .unwrap_or_default();
    let winner = (ranks.iter().filter(|&&rank| rank == 1).count() == 1)
        .then(|| ranks.iter().position(|&rank| rank == 1))
        .flatten();
    json!({ "scores": scores, "ranks": ranks, "winner": winner })
}

/// The moves as JSON values, sorted: numbers ascending, strings as strings.
fn sorted_json<M: serde::Serialize>(moves: &[M]) -> Result<Vec<Value>, CliError> {
    let mut values = moves
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<Vec<_>, _>>()?;
    values.sort_by(|a, b| match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        _ => a.to_string().cmp(&b.to_string()),
    });
    Ok(values)
}
