//! The fixed position suites of the search benchmarks: each game's start and positions reached
//! in the recorded random games of the reference data (tests/data), so the suite does not
//! depend on ponder's own play.

use ponder::games::ataxx::Ataxx;
use ponder::{Game, GameRecord, Kalah, Oware};
use serde_json::Value;

const KALAH_GAMES: &str = include_str!("../../tests/data/kalah_games.jsonl");
const ATAXX_GAMES: &str = include_str!("../../tests/data/ataxx_games.jsonl");
const OWARE_GAMES: &str = include_str!("../../tests/data/oware_games.jsonl");

/// The record of reference game `index` (0-based line) after `plies` plies.
fn replay<G: Game>(games: &str, start: G, index: usize, plies: usize) -> GameRecord<G> {
    let line = games.lines().nth(index).expect("a recorded game");
    let game: Value = serde_json::from_str(line).expect("JSON");
    let mut record = GameRecord::new(start);
    for step in game["plies"].as_array().expect("plies").iter().take(plies) {
        let text = match &step["move"] {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        record.play_text(&text).expect("a legal recorded move");
    }
    record
}

/// Kalah(6,4): the start, and OpenSpiel games 1 and 2 after 10 and 20 plies.
pub fn kalah() -> Vec<(&'static str, GameRecord<Kalah>)> {
    let start = Kalah::start(&Default::default()).expect("start");
    vec![
        ("start", GameRecord::new(start)),
        ("game1_ply10", replay(KALAH_GAMES, start, 0, 10)),
        ("game2_ply20", replay(KALAH_GAMES, start, 1, 20)),
    ]
}

/// Ataxx: the start, and python-ataxx games 1 and 2 after 10 and 20 plies.
pub fn ataxx() -> Vec<(&'static str, GameRecord<Ataxx>)> {
    let start = Ataxx::start(&Default::default()).expect("start");
    vec![
        ("start", GameRecord::new(start)),
        ("game1_ply10", replay(ATAXX_GAMES, start, 0, 10)),
        ("game2_ply20", replay(ATAXX_GAMES, start, 1, 20)),
    ]
}

/// Oware (Abapa, 6 houses, 4 seeds): the start, and OpenSpiel games 1 and 2 after 10 and 20
/// plies.
pub fn oware() -> Vec<(&'static str, GameRecord<Oware>)> {
    let start = Oware::start(&Default::default()).expect("start");
    vec![
        ("start", GameRecord::new(start)),
        ("game1_ply10", replay(OWARE_GAMES, start, 0, 10)),
        ("game2_ply20", replay(OWARE_GAMES, start, 1, 20)),
    ]
}
