//! Is each game's `default` evaluator stronger than the seed design's (at equal depth)? Is
//! forward pruning stronger than the exact search (at equal nodes)? Each opening (a few seeded
//! random plies) is played twice with colours swapped. Slow, so ignored by default:
//!
//! `cargo test --profile ci --test library -- search::eval_strength --ignored --nocapture`

use crate::search::common::random_record;
use ponder::games::ataxx::Ataxx;
use ponder::search::{Evaluators, Limits, SearchOptions, Searcher, StopSignal};
use ponder::{Game, GameRecord, Kalah, Oware};

fn options(eval: &str, forward_pruning: bool) -> SearchOptions {
    SearchOptions {
        eval: eval.to_string(),
        forward_pruning,
        hash_mib: 8,
        ..SearchOptions::default()
    }
}

/// Plays `pairs` opening pairs between searchers configured by `a` and `b` within `limits`;
/// returns A's wins, draws and losses.
fn play_match<G: Evaluators>(
    start: G,
    a: SearchOptions,
    b: SearchOptions,
    limits: &Limits,
    pairs: u64,
    opening: usize,
) -> (u32, u32, u32) {
    let mut first = Searcher::<G>::with_new_table(a).unwrap();
    let mut second = Searcher::<G>::with_new_table(b).unwrap();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut moves = Vec::new();
    for game in 0..2 * pairs {
        let mut record: GameRecord<G> = random_record(start, 1000 + game / 2, opening);
        let a_first = game % 2 == 0;
        let mut plies = 0;
        loop {
            record.legal_moves(&mut moves);
            if moves.is_empty() || plies > 400 {
                break;
            }
            let a_moves = (record.current().side_to_move().index() == 0) == a_first;
            let engine = if a_moves { &mut first } else { &mut second };
            let found = engine.search(&record, limits, &StopSignal::new(), &mut |_| {});
            record.try_play(found.best_move.unwrap()).unwrap();
            plies += 1;
        }
        let margin = record.outcome().map_or(0, |o| o.margin());
        let for_a = if a_first { margin } else { -margin };
        match for_a.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
    }
    (wins, draws, losses)
}

fn report<G: Evaluators>(
    game: &str,
    start: G,
    depth: u32,
    pairs: u64,
    opening: usize,
    seed_name: &str,
) {
    let (w, d, l) = play_match(
        start,
        options("default", true),
        options(seed_name, true),
        &Limits::depth(depth),
        pairs,
        opening,
    );
    let score = (f64::from(w) + f64::from(d) / 2.0) / f64::from(w + d + l);
    println!(
        "{game}: default vs {seed_name} at depth {depth}: +{w} ={d} -{l} ({:.1}%)",
        100.0 * score
    );
    assert!(
        score > 0.5,
        "{game}: default is not stronger than {seed_name}"
    );
}

#[test]
#[ignore]
fn kalah_default_beats_store_diff() {
    report(
        "kalah",
        Kalah::start(&Default::default()).unwrap(),
        8,
        200,
        4,
        "store-diff",
    );
}

#[test]
#[ignore]
fn oware_default_beats_seed() {
    report(
        "oware",
        Oware::start(&Default::default()).unwrap(),
        7,
        200,
        4,
        "seed",
    );
}

#[test]
#[ignore]
fn ataxx_default_beats_seed() {
    report(
        "ataxx",
        Ataxx::start(&Default::default()).unwrap(),
        3,
        100,
        4,
        "seed",
    );
}

#[test]
#[ignore]
fn kalah_forward_pruning_beats_the_exact_search_at_equal_nodes() {
    let start = Kalah::start(&Default::default()).unwrap();
    let (w, d, l) = play_match(
        start,
        options("store-diff", true),
        options("store-diff", false),
        &Limits::nodes(50_000),
        100,
        3,
    );
    let score = (f64::from(w) + f64::from(d) / 2.0) / f64::from(w + d + l);
    println!(
        "kalah: forward pruning vs exact at 50,000 nodes a move: +{w} ={d} -{l} ({:.1}%)",
        100.0 * score
    );
    assert!(score > 0.5);
}
