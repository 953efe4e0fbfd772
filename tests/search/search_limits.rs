//! Budgets and stopping: node limits hold, a stop signal ends an infinite search with a legal
//! move, depth 1 completes even when stopped or late, a finished game yields no move, an unknown evaluator is refused with the known names.
//! (Timing promises are checked by `benches/search.rs` and the movetime loop, not here.)

use ponder::games::kalah::KalahConfig;
use ponder::search::{Limits, SearchOptions, Searcher, StopSignal, TieBreak};
use ponder::{Game, GameRecord, Kalah};
use std::time::Duration;

fn kalah_searcher(threads: usize) -> Searcher<Kalah> {
    Searcher::with_new_table(SearchOptions {
        threads,
        hash_mib: 4,
        forward_pruning: true,
        ..SearchOptions::default()
    })
    .unwrap()
}

#[test]
fn a_node_limit_is_kept() {
    let record = GameRecord::new(Kalah::new(KalahConfig::default()));
    for threads in [1, 2] {
        let report = kalah_searcher(threads).search(
            &record,
            &Limits::nodes(20_000),
            &StopSignal::new(),
            &mut |_| {},
        );
        // Each thread checks the shared count every 1024 nodes at most.
        assert!(
            report.nodes <= 20_000 + 1024 * threads as u64,
            "{} nodes",
            report.nodes
        );
        assert!(report.depth >= 5);
        assert!(record.current().is_legal(report.best_move.unwrap()));
    }
}

#[test]
fn a_stop_signal_ends_an_infinite_search_with_a_legal_move() {
    let record = GameRecord::new(Kalah::new(KalahConfig::default()));
    for threads in [1, 2] {
        let stop = StopSignal::new();
        let stopper = stop.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            stopper.stop();
        });
        let mut depths = Vec::new();
        let report =
            kalah_searcher(threads).search(&record, &Limits::infinite(), &stop, &mut |info| {
                depths.push(info.depth)
            });
        timer.join().unwrap();
        assert!(report.stopped);
        // One report per completed depth, deeper each time (with a helper, the main thread
        // may take a helper's deeper pass over and skip a depth), the last the answer's.
        assert!(report.depth >= 1 && depths.last() == Some(&report.depth));
        assert!(
            depths.windows(2).all(|pair| pair[0] < pair[1]),
            "{depths:?}"
        );
        if threads == 1 {
            assert_eq!(depths, (1..=report.depth).collect::<Vec<_>>());
        }
        assert!(record.current().is_legal(report.best_move.unwrap()));
        assert_eq!(report.pv.first(), report.best_move.as_ref());
    }
}

#[test]
fn a_raised_signal_before_the_search_still_answers_with_a_searched_legal_move() {
    let record = GameRecord::new(Kalah::new(KalahConfig::default()));
    for threads in [1, 2] {
        let stop = StopSignal::new();
        stop.stop();
        let limits = Limits::depth(10);
        let report = kalah_searcher(threads).search(&record, &limits, &stop, &mut |_| {});
        // Depth 1 always completes (microseconds); nothing deeper once stopped.
        assert_eq!(report.depth, 1, "{threads} threads");
        assert!(report.stopped);
        assert!(record.current().is_legal(report.best_move.unwrap()));
    }
}

#[test]
fn a_finished_game_has_no_move_and_its_final_score() {
    // The first player's last seed (pit 5) goes into their store: their row is empty, the game
    // ends, and the second player banks their six seeds: 31 to 17.
    let config = KalahConfig::default();
    let mut record = Kalah::parse_position(&config, "0,0,0,0,0,1,30,1,1,1,1,1,1,11,0").unwrap();
    let searched =
        kalah_searcher(1).search(&record, &Limits::depth(5), &StopSignal::new(), &mut |_| {});
    assert_eq!(
        searched.best_move.map(|m| m.to_string()),
        Some("5".to_string())
    );
    assert_eq!(searched.score.margin(), Some(14));
    assert_eq!(searched.score.plies(), Some(1));
    let mv = record.current().parse_move("5").unwrap();
    record.try_play(mv).unwrap();
    assert!(record.outcome().is_some());
    let report =
        kalah_searcher(1).search(&record, &Limits::depth(5), &StopSignal::new(), &mut |_| {});
    assert_eq!(report.best_move, None);
    let margin = record
        .outcome()
        .unwrap()
        .margin_for(record.current().side_to_move());
    assert_eq!(report.score.margin(), Some(margin));
}

#[test]
fn an_unknown_evaluator_is_refused_with_the_known_names() {
    let error = Searcher::<Kalah>::with_new_table(SearchOptions {
        eval: "nope".into(),
        ..SearchOptions::default()
    })
    .err()
    .unwrap();
    let text = error.to_string();
    assert!(
        text.contains("nope") && text.contains("store-diff") && text.contains("default"),
        "{text}"
    );
    let zero_threads = Searcher::<Kalah>::with_new_table(SearchOptions {
        threads: 0,
        tiebreak: TieBreak::First,
        ..SearchOptions::default()
    });
    assert!(zero_threads.is_err());
}
