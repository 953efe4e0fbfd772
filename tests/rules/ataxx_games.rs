//! Every recorded python-ataxx game replays exactly: the sorted legal moves before every ply,
//! the move count, the final FEN and the result (data: tests/data/README.md).

use ponder::games::Perft;
use ponder::games::ataxx::{Ataxx, AtaxxConfig, WallMask};
use ponder::{Game, GameRecord, Outcome};
use serde::Deserialize;

#[derive(Deserialize)]
struct Ply {
    legal: Vec<String>,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
struct Record {
    seed: u64,
    start_fen: String,
    plies: Vec<Ply>,
    result: String,
    final_fen: String,
    walls: Option<String>,
}

fn records(text: &str) -> Vec<Record> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("a game record"))
        .collect()
}

/// python-ataxx's `Board.result()` string for an outcome.
fn result_text(outcome: Outcome) -> &'static str {
    match outcome.margin() {
        m if m > 0 => "1-0",
        m if m < 0 => "0-1",
        _ => "1/2-1/2",
    }
}

fn replay(game: &Record) {
    let seed = game.seed;
    let mut record = Ataxx::parse_position(&AtaxxConfig::default(), &game.start_fen)
        .unwrap_or_else(|e| panic!("seed {seed}: start FEN: {e}"));
    assert_eq!(
        record.current().position_text(),
        game.start_fen,
        "seed {seed}"
    );
    let mut moves = Vec::new();
    for (index, ply) in game.plies.iter().enumerate() {
        let position = record.current();
        assert_eq!(
            position.outcome(),
            None,
            "seed {seed} ply {index}: over too early"
        );
        position.legal_moves(&mut moves);
        let mut legal: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        legal.sort();
        assert_eq!(
            legal,
            ply.legal,
            "seed {seed} ply {index}: {}",
            position.position_text()
        );
        assert_eq!(
            position.move_count(),
            moves.len() as u64,
            "seed {seed} ply {index}"
        );
        assert_eq!(
            position.must_pass(),
            ply.legal == ["0000"],
            "seed {seed} ply {index}"
        );
        record
            .play_text(&ply.mv)
            .unwrap_or_else(|e| panic!("seed {seed} ply {index}: {e}"));
    }
    let last = record.current();
    assert_eq!(
        last.position_text(),
        game.final_fen,
        "seed {seed}: final FEN"
    );
    let outcome = last
        .outcome()
        .unwrap_or_else(|| panic!("seed {seed}: not over"));
    assert_eq!(result_text(outcome), game.result, "seed {seed}: result");
    last.legal_moves(&mut moves);
    assert!(moves.is_empty(), "seed {seed}: moves after the end");
    assert_eq!(last.move_count(), 0, "seed {seed}");
    // A finished game's margin is the stone difference, except for the 50-move draw.
    let [x, o] = last.scores();
    if outcome != Outcome::DRAW || last.halfmove_clock() < 100 {
        assert_eq!(outcome.margin(), x as i32 - o as i32, "seed {seed}: margin");
    }
    // The record round-trips through serde (saved games are replayed and checked).
    let saved = serde_json::to_string(&record).expect("serializes");
    let loaded: GameRecord<Ataxx> = serde_json::from_str(&saved).expect("deserializes");
    assert_eq!(loaded, record, "seed {seed}: serde round trip");
}

#[test]
fn reference_games_replay_exactly() {
    let games = records(include_str!("../data/ataxx_games.jsonl"));
    assert_eq!(games.len(), 10);
    for game in &games {
        replay(game);
    }
}

#[test]
fn extra_games_replay_exactly() {
    let games = records(include_str!("../data/ataxx_extra_games.jsonl"));
    assert!(games.len() >= 30);
    for game in &games {
        replay(game);
    }
    // The data covers passes, 50-move draws and wall layouts.
    let plies = || games.iter().flat_map(|g| g.plies.iter());
    assert!(plies().filter(|p| p.mv == "0000").count() >= 5);
    assert!(
        games
            .iter()
            .any(|g| g.result == "1/2-1/2" && g.final_fen.contains(" 100 "))
    );
    assert!(games.iter().filter(|g| g.walls.is_some()).count() >= 10);
}

#[test]
fn wall_games_start_from_the_mirrored_mask() {
    let games = records(include_str!("../data/ataxx_extra_games.jsonl"));
    for game in games.iter().filter(|g| g.walls.is_some()) {
        let text = game.walls.as_deref().unwrap_or_default();
        let spec = format!("ataxx:walls={text}").parse().expect("a spec");
        let config = Ataxx::config_from_spec(&spec).expect("a playable layout");
        let start = Ataxx::start(&config).expect("a start position");
        assert_eq!(start.position_text(), game.start_fen, "walls={text}");
        let mask: WallMask = text.parse().expect("a mask");
        assert_eq!(config.walls(), Some(mask));
    }
}
