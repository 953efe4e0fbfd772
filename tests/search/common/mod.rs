//! Small games written for the search tests: they exercise extra turns (coins) and repetition
//! (walk) with trees small enough for plain minimax.
#![allow(dead_code)]

pub mod coins;
pub mod piles;
pub mod walk;

use ponder::search::{
    Algorithm, Evaluators, Limits, SearchOptions, SearchReport, Searcher, StopSignal, TieBreak,
};
use ponder::{Game, GameRecord};

/// Plays `plies` pseudo-random legal moves (a fixed generator seeded by `seed`) from `start`,
/// stopping early at the end of the game.
pub fn random_record<G: Game>(start: G, seed: u64, plies: usize) -> GameRecord<G> {
    let mut record = GameRecord::new(start);
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut moves = Vec::new();
    for _ in 0..plies {
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        if record.try_play(mv).is_err() {
            break;
        }
    }
    record
}

/// A fixed-depth search with the given algorithm, evaluator and tie-break.
pub fn search<G: Evaluators>(
    record: &GameRecord<G>,
    algorithm: Algorithm,
    eval: &str,
    tiebreak: TieBreak,
    depth: u32,
    threads: usize,
    forward_pruning: bool,
) -> SearchReport<G> {
    let (report, _) = search_reporting(
        record,
        algorithm,
        eval,
        tiebreak,
        depth,
        threads,
        forward_pruning,
    );
    report
}

/// [`search`], with the depths of the iterations it reported, in order.
pub fn search_reporting<G: Evaluators>(
    record: &GameRecord<G>,
    algorithm: Algorithm,
    eval: &str,
    tiebreak: TieBreak,
    depth: u32,
    threads: usize,
    forward_pruning: bool,
) -> (SearchReport<G>, Vec<u32>) {
    let options = SearchOptions {
        algorithm,
        eval: eval.to_string(),
        tiebreak,
        threads,
        hash_mib: 4,
        forward_pruning,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::<G>::with_new_table(options).expect("valid options");
    let mut depths = Vec::new();
    let report = searcher.search(
        record,
        &Limits::depth(depth),
        &StopSignal::new(),
        &mut |info| depths.push(info.depth),
    );
    (report, depths)
}

/// Minimax (the oracle), alpha-beta and PVS (one and two threads), forward pruning off, agree
/// exactly on `record` at `depth` with evaluator `eval`: on the value, the equal-best moves and
/// the move under the deterministic tie-break.
pub fn check_agreement<G: Evaluators>(record: &GameRecord<G>, eval: &str, depth: u32) {
    let oracle = search(
        record,
        Algorithm::Minimax,
        eval,
        TieBreak::First,
        depth,
        1,
        false,
    );
    for (algorithm, threads) in [
        (Algorithm::AlphaBeta, 1),
        (Algorithm::Pvs, 1),
        (Algorithm::Pvs, 2),
    ] {
        let other = search(
            record,
            algorithm,
            eval,
            TieBreak::First,
            depth,
            threads,
            false,
        );
        let context = format!(
            "{algorithm} ({threads} threads), {eval}, depth {depth}, {} after {:?}",
            record.current().position_text(),
            record.moves()
        );
        assert_eq!(other.score, oracle.score, "value: {context}");
        assert_eq!(
            other.equal_best, oracle.equal_best,
            "equal-best moves: {context}"
        );
        assert_eq!(other.best_move, oracle.best_move, "move: {context}");
    }
}
