//! Kalah rules against independent implementations: OpenSpiel's perft and games, and the
//! published solved margins of both capture rules (see tests/data/README.md).

use ponder::games::BoardParts;
use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig, KalahMove};
use ponder::{Game, GameRecord, Key, Seat, perft};
use serde_json::Value;
use std::collections::HashMap;

const PERFT: &str = include_str!("../data/kalah_perft.tsv");
const GAMES: &str = include_str!("../data/kalah_games.jsonl");
const SOLVED: &str = include_str!("../data/kalah_solved.tsv");

#[test]
fn perft_from_the_start_matches_openspiel() {
    let record = GameRecord::new(Kalah::new(KalahConfig::default()));
    let mut rows = 0;
    for line in PERFT.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let depth: u32 = fields[1].parse().unwrap();
        let nodes: u64 = fields[2].parse().unwrap();
        assert_eq!(perft(&record, depth), nodes, "perft({depth})");
        rows += 1;
    }
    assert_eq!(rows, 10);
}

#[test]
fn openspiel_games_replay_exactly() {
    let mut games = 0;
    for line in GAMES.lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        let mut record = GameRecord::new(Kalah::new(KalahConfig::default()));
        let mut legal = Vec::new();
        for (ply, step) in game["plies"].as_array().unwrap().iter().enumerate() {
            let position = record.current();
            assert_eq!(
                position.side_to_move().index() as u64,
                step["player"].as_u64().unwrap(),
                "game {} ply {ply}: mover",
                game["seed"]
            );
            position.legal_moves(&mut legal);
            let ours: Vec<u64> = legal.iter().map(|m| m.pit() as u64).collect();
            let theirs: Vec<u64> = step["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            assert_eq!(ours, theirs, "game {} ply {ply}: legal moves", game["seed"]);
            let mv = KalahMove::new(step["move"].as_u64().unwrap() as u8);
            record.try_play(mv).unwrap();
        }
        let end = record.current();
        let outcome = end.outcome().expect("the game is over");
        let final_pits = &game["final"]["pits"];
        let final_stores = &game["final"]["stores"];
        for seat in [Seat::FIRST, Seat::SECOND] {
            let row: u64 = final_pits[seat.index()]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .sum();
            let store = final_stores[seat.index()].as_u64().unwrap();
            // OpenSpiel leaves the rows unswept; ponder sweeps them into the stores.
            assert_eq!(
                u64::from(end.store(seat)),
                store + row,
                "game {}",
                game["seed"]
            );
            assert_eq!(
                u64::from(end.scores()[seat.index()]),
                game["result"]["scores"][seat.index()].as_u64().unwrap()
            );
        }
        let returns = game["result"]["returns"][0].as_i64().unwrap();
        assert_eq!(outcome.margin().signum() as i64, returns.signum());
        games += 1;
    }
    assert_eq!(games, 10);
}

/// Exact first-player margin under perfect play within the window `(alpha, beta)` (fail-soft
/// minimax with alpha-beta over our rules; the first player maximises, so Kalah's extra turns
/// need no special case), each position's proven bounds memoised by its key.
fn solve(
    position: Kalah,
    mut alpha: i32,
    mut beta: i32,
    memo: &mut HashMap<Key, (i32, i32)>,
    moves: &mut Vec<Vec<KalahMove>>,
) -> i32 {
    if let Some(outcome) = position.outcome() {
        return outcome.margin();
    }
    let key = position.key();
    let (lower, upper) = memo.get(&key).copied().unwrap_or((i32::MIN, i32::MAX));
    if lower >= beta || lower == upper {
        return lower;
    }
    if upper <= alpha {
        return upper;
    }
    alpha = alpha.max(lower);
    beta = beta.min(upper);
    let (alpha_in, beta_in) = (alpha, beta);
    let mut list = moves.pop().unwrap_or_default();
    position.legal_moves(&mut list);
    let maximise = position.side_to_move() == Seat::FIRST;
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for &mv in &list {
        let value = solve(position.play_unchecked(mv), alpha, beta, memo, moves);
        if maximise {
            best = best.max(value);
            alpha = alpha.max(value);
        } else {
            best = best.min(value);
            beta = beta.min(value);
        }
        if alpha >= beta {
            break;
        }
    }
    moves.push(list);
    let proven = if best <= alpha_in {
        (lower, best.min(upper))
    } else if best >= beta_in {
        (best.max(lower), upper)
    } else {
        (best, best)
    };
    memo.insert(key, proven);
    best
}

#[test]
fn small_kalah_margins_match_the_published_solutions_for_both_capture_rules() {
    let mut checked = 0;
    for line in SOLVED.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let capture = match fields[0] {
            "classic" => CaptureRule::Classic,
            "empty-capture" => CaptureRule::Empty,
            other => panic!("unknown rule {other}"),
        };
        let pits: usize = fields[1].parse().unwrap();
        let seeds: usize = fields[2].parse().unwrap();
        let margin: i32 = fields[3].parse().unwrap();
        // Keep the suite fast: every size that solves in well under a second, and Kalah(4,3).
        if !(pits * seeds <= 9 || (pits, seeds) == (4, 3)) {
            continue;
        }
        let config = KalahConfig::new(pits, seeds, capture).unwrap();
        let value = solve(
            Kalah::new(config),
            i32::MIN,
            i32::MAX,
            &mut HashMap::new(),
            &mut Vec::new(),
        );
        assert_eq!(value, margin, "{config}");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} sizes checked");
}

/// A board with the first player to move.
fn parts<'a>(rows: [&'a [u8]; 2], stores: [u32; 2]) -> BoardParts<'a> {
    BoardParts {
        rows,
        banked: stores,
        to_move: Seat::FIRST,
    }
}

#[test]
fn the_two_capture_rules_differ_exactly_on_empty_opposite_pits() {
    let classic = KalahConfig::new(4, 3, CaptureRule::Classic).unwrap();
    let empty = KalahConfig::new(4, 3, CaptureRule::Empty).unwrap();
    // The first player's single seed in pit 0 lands in empty pit 1, which faces the second
    // player's pit 2. With 3 seeds there, both rules capture 1 + 3.
    for config in [classic, empty] {
        let before =
            Kalah::from_parts(config, parts([&[1, 0, 5, 5], &[4, 3, 3, 0]], [2, 1])).unwrap();
        let after = before.play_unchecked(KalahMove::new(0));
        assert_eq!(after.pits(Seat::FIRST), &[0, 0, 5, 5], "{config}");
        assert_eq!(after.pits(Seat::SECOND), &[4, 3, 0, 0], "{config}");
        assert_eq!(after.store(Seat::FIRST), 6, "{config}");
    }
    // The same landing facing an empty pit: only the empty-capture rule captures.
    let board =
        |config| Kalah::from_parts(config, parts([&[1, 0, 5, 5], &[4, 3, 0, 3]], [2, 1])).unwrap();
    let after_classic = board(classic).play_unchecked(KalahMove::new(0));
    let after_empty = board(empty).play_unchecked(KalahMove::new(0));
    // Pit 1 faces the second player's pit 2, which is empty.
    assert_eq!(after_classic.pits(Seat::FIRST), &[0, 1, 5, 5]);
    assert_eq!(after_classic.store(Seat::FIRST), 2);
    assert_eq!(after_empty.pits(Seat::FIRST), &[0, 0, 5, 5]);
    assert_eq!(after_empty.store(Seat::FIRST), 3);
    assert_eq!(after_classic.side_to_move(), Seat::SECOND);
    assert_eq!(after_empty.side_to_move(), Seat::SECOND);
}
