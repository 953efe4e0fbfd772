//! Proofs of exact Ataxx values (`ponder::search::Prover`, the one node loop with proven
//! bounds at its horizon) against an independent exact solver: `tests/data/ataxx_solved.tsv`,
//! late-game positions solved by `scripts/gen_ataxx_solved.py`, a negamax over python-ataxx's
//! own rules (its moves, its end of the game, the 50-move clock in the state).

use ponder::search::{Limits, Prover, StopSignal, evaluator_by_name};
use ponder::{Ataxx, AtaxxConfig, Game};

const SOLVED: &str = include_str!("../data/ataxx_solved.tsv");

/// Nodes each proof may take.
const NODES: u64 = 2_000_000;

#[test]
fn proofs_agree_with_the_independent_solver() {
    let config = AtaxxConfig::default();
    let evaluator = evaluator_by_name::<Ataxx>("default").unwrap();
    let mut prover = Prover::new(evaluator, 8);
    let (mut proven, mut rows) = (0, 0);
    for line in SOLVED.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (fen, value) = (fields[0], fields[2].parse::<i32>().unwrap());
        let record = Ataxx::parse_position(&config, fen).unwrap();
        let proof = prover.prove(&record, &Limits::nodes(NODES), &StopSignal::new());
        rows += 1;
        assert!(
            proof.lower <= value && value <= proof.upper,
            "{fen}: bounds {}..{}, the independent solver says {value}",
            proof.lower,
            proof.upper
        );
        if let Some(margin) = proof.exact() {
            assert_eq!(margin, value, "{fen}");
            proven += 1;
            // The proven move keeps the value.
            let mv = proof.best_move().unwrap();
            let child = record.current().play(mv);
            let after = Ataxx::parse_position(&config, &child.position_text()).unwrap();
            let child_proof = prover.prove(&after, &Limits::nodes(NODES), &StopSignal::new());
            if let Some(child_margin) = child_proof.exact() {
                let sign = if child.side_to_move() == record.current().side_to_move() {
                    1
                } else {
                    -1
                };
                assert_eq!(sign * child_margin, value, "{fen}: after {mv}");
            }
        }
    }
    assert!(proven >= 200, "{proven} of {rows} proven");
}

/// Near the end, a search with a node budget proves the value first and says so: its
/// answer and its report carry the exact value, and its move keeps it.
#[test]
fn searches_near_the_end_report_proven_values() {
    use ponder::search::{SearchOptions, Searcher, TableKind, TranspositionTable};
    use std::sync::Arc;
    let config = AtaxxConfig::default();
    let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 4));
    let mut searcher = Searcher::<Ataxx>::new(SearchOptions::default(), table).unwrap();
    let mut prover = Prover::new(evaluator_by_name::<Ataxx>("default").unwrap(), 4);
    for line in SOLVED.lines().skip(1).take(20) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (fen, value) = (fields[0], fields[2].parse::<i32>().unwrap());
        let record = Ataxx::parse_position(&config, fen).unwrap();
        let mut reported = None;
        let found = searcher.search(
            &record,
            &Limits::nodes(NODES),
            &StopSignal::new(),
            &mut |info| reported = info.exact,
        );
        assert_eq!(found.exact, Some(value), "{fen}");
        assert_eq!(reported, Some(value), "{fen}");
        assert_eq!(found.score.margin().unwrap_or(0), value, "{fen}");
        let child = record.current().play(found.best_move.unwrap());
        let after = Ataxx::parse_position(&config, &child.position_text()).unwrap();
        let proof = prover.prove(&after, &Limits::nodes(NODES), &StopSignal::new());
        let sign = if child.side_to_move() == record.current().side_to_move() {
            1
        } else {
            -1
        };
        if let Some(margin) = proof.exact() {
            assert_eq!(sign * margin, value, "{fen}: the move keeps the value");
        }
    }
}
