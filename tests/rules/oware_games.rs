//! Whole games replayed against OpenSpiel's `oware` records: every ply's mover, legal moves
//! and (for the generated records) board and scores, and each game's end kind, final scores
//! and result.
//!
//! - `tests/data/oware_games.jsonl`: the ten shared games (6 houses, 4 seeds).
//! - `tests/data/oware_openspiel_games.jsonl`: 305 more from `scripts/gen_oware_reference.py`, sizes
//!   from 1 to 10 houses a side, ending by majority, by repetition and without moves.

use ponder::games::Perft;
use ponder::games::oware::{End, OwareConfig, OwareMove, Rules};
use ponder::{Game, GameRecord, Oware, Seat};
use serde_json::Value;

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Checks the record against OpenSpiel's observation string `player | s0 s1 | seeds...`.
fn check_observation(record: &GameRecord<Oware>, observation: &str, context: &str) {
    let parts: Vec<&str> = observation.split('|').map(str::trim).collect();
    let position = record.current();
    assert_eq!(
        position.side_to_move().index().to_string(),
        parts[0],
        "{context}: side"
    );
    let scores: Vec<u32> = parts[1].split(' ').map(|s| s.parse().unwrap()).collect();
    assert_eq!(
        scores,
        [
            position.captured(Seat::FIRST),
            position.captured(Seat::SECOND)
        ],
        "{context}: scores"
    );
    let seeds: Vec<u8> = parts[2].split(' ').map(|s| s.parse().unwrap()).collect();
    assert_eq!(seeds, position.board(), "{context}: board");
}

fn replay_file(text: &str) -> usize {
    let mut games = 0;
    for (line_number, line) in text.lines().enumerate() {
        let game: Value = serde_json::from_str(line).unwrap();
        let houses = game["houses"].as_u64().unwrap() as u32;
        let seeds = game["seeds"].as_u64().unwrap() as u32;
        let config = OwareConfig::new(Rules::Abapa, houses, seeds).unwrap();
        let mut record = GameRecord::new(Oware::start(&config).unwrap());
        let context = format!("line {} (seed {})", line_number + 1, game["seed"]);
        let mut moves = Vec::new();
        for (ply, step) in game["plies"].as_array().unwrap().iter().enumerate() {
            let context = format!("{context} ply {ply}");
            assert!(record.outcome().is_none(), "{context}: ended early");
            assert_eq!(
                record.current().side_to_move().index() as u64,
                step["player"].as_u64().unwrap(),
                "{context}: mover"
            );
            if let Some(observation) = step.get("obs") {
                check_observation(&record, observation.as_str().unwrap(), &context);
            }
            record.legal_moves(&mut moves);
            let ours: Vec<u64> = moves.iter().map(|m| m.index() as u64).collect();
            assert_eq!(ours, numbers(&step["legal"]), "{context}: legal moves");
            assert_eq!(
                record.current().move_count(),
                ours.len() as u64,
                "{context}: move count"
            );
            let mv = OwareMove::new(step["move"].as_u64().unwrap() as u8);
            record.try_play(mv).unwrap();
        }
        let outcome = record
            .outcome()
            .unwrap_or_else(|| panic!("{context}: not over"));
        let end = if record.is_repetition() {
            End::Repetition
        } else {
            record.current().end().unwrap()
        };
        assert_eq!(
            end.name(),
            game["final"]["end"].as_str().unwrap(),
            "{context}"
        );
        let scores = numbers(&game["result"]["scores"]);
        assert_eq!(
            record.scores().map(u64::from).to_vec(),
            scores,
            "{context}: final scores"
        );
        let returns = game["result"]["returns"][0].as_i64().unwrap();
        assert_eq!(
            i64::from(outcome.margin().signum()),
            returns,
            "{context}: result"
        );
        assert_eq!(outcome.margin(), scores[0] as i32 - scores[1] as i32);
        // Moves are over for good.
        record.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{context}: moves after the end");
        games += 1;
    }
    games
}

#[test]
fn shared_reference_games_replay_exactly() {
    assert_eq!(replay_file(include_str!("../data/oware_games.jsonl")), 10);
}

#[test]
fn generated_openspiel_games_replay_exactly() {
    assert_eq!(
        replay_file(include_str!("../data/oware_openspiel_games.jsonl")),
        305
    );
}
