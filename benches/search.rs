//! Search benchmarks (criterion):
//!
//! - `time_to_depth/<game>/<position>/d<depth>`: PVS with forward pruning (the strength
//!   setting), one thread, a cleared 16 MiB table; throughput in nodes (so criterion's
//!   elements/s is nodes/s).
//! - `kalah_vs_minimax_crate/<position>/d<depth>`: the same Kalah(6,4) positions and depth for
//!   ponder (forward pruning on, and off = exact fixed-depth), and the `minimax` crate 0.6's
//!   best iterative search (table, null-window search, countermoves, countermove history),
//!   with Kalah expressed through the crate's own traits (benches/support/minimax_kalah.rs).
//! - `threads/<game>/d<depth>/<n>`: time to depth with 1 and 2 threads (Lazy SMP); first the
//!   main thread's nodes to that depth alone and with a helper are printed (their ratio is the
//!   speed-up when each thread has a core of its own).
//!
//! `cargo bench --bench search` (all), or a filter: `cargo bench --bench search -- minimax_crate`.

#[path = "support/minimax_kalah.rs"]
mod minimax_kalah;
#[path = "support/positions.rs"]
mod positions;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use minimax::Strategy;
use minimax_kalah::{CrateKalah, CrateStoreDiff};
use ponder::search::{Evaluators, Limits, SearchOptions, Searcher, StopSignal, Table};
use ponder::{GameRecord, Kalah};
use std::time::{Duration, Instant};

/// The strength setting: PVS with forward pruning, one thread, 16 MiB.
fn options(eval: &str, forward_pruning: bool, threads: usize) -> SearchOptions {
    SearchOptions {
        eval: eval.to_string(),
        forward_pruning,
        threads,
        hash_mib: 16,
        ..SearchOptions::default()
    }
}

/// Times `iters` searches of `record` to `depth`, each from a cleared table (clearing is not
/// timed); returns the total and the nodes of the last search.
fn time_searches<G: Evaluators>(
    searcher: &mut Searcher<G>,
    record: &GameRecord<G>,
    depth: u32,
    iters: u64,
) -> (Duration, u64) {
    let mut total = Duration::ZERO;
    let mut nodes = 0;
    for _ in 0..iters {
        searcher.table().clear();
        let started = Instant::now();
        let report = searcher.search(
            record,
            &Limits::depth(depth),
            &StopSignal::new(),
            &mut |_| {},
        );
        total += started.elapsed();
        nodes = report.nodes;
    }
    (total, nodes)
}

fn bench_game<G: Evaluators>(
    c: &mut Criterion,
    game: &str,
    eval: &str,
    suite: Vec<(&'static str, GameRecord<G>)>,
    depths: &[u32],
) {
    let mut group = c.benchmark_group(format!("time_to_depth/{game}"));
    group.sample_size(10);
    for ((name, record), &depth) in suite.iter().zip(depths) {
        let mut searcher = Searcher::<G>::with_new_table(options(eval, true, 1)).expect("options");
        let (_, nodes) = time_searches(&mut searcher, record, depth, 1);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}"), |b| {
            b.iter_custom(|iters| time_searches(&mut searcher, record, depth, iters).0)
        });
    }
    group.finish();
}

fn time_to_depth(c: &mut Criterion) {
    bench_game(c, "kalah", "default", positions::kalah(), &[20, 18, 18]);
    bench_game(c, "ataxx", "default", positions::ataxx(), &[7, 6, 6]);
    bench_game(c, "oware", "default", positions::oware(), &[14, 14, 14]);
}

/// The crate's best iterative search for Kalah(6,4) on this machine: a 1 MiB two-tier table
/// (faster than 16 MiB here: it stays in cache), null-window search, countermoves and
/// countermove history. Aspiration windows and MTD(f) were slower (docs/search.md).
fn crate_options() -> minimax::IterativeOptions {
    minimax::IterativeOptions::new()
        .with_table_byte_size(1 << 20)
        .with_null_window_search(true)
        .with_countermoves()
        .with_countermove_history()
}

fn kalah_vs_minimax_crate(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah_vs_minimax_crate");
    group.sample_size(10);
    for ((name, record), depth) in positions::kalah().into_iter().zip([20u32, 18, 18]) {
        for (label, forward_pruning) in [("ponder", true), ("ponder_exact", false)] {
            let mut searcher =
                Searcher::<Kalah>::with_new_table(options("store-diff", forward_pruning, 1))
                    .expect("options");
            group.bench_function(BenchmarkId::new(label, format!("{name}/d{depth}")), |b| {
                b.iter_custom(|iters| time_searches(&mut searcher, &record, depth, iters).0)
            });
        }
        let state = CrateKalah::new(record.current());
        group.bench_function(
            BenchmarkId::new("minimax_crate", format!("{name}/d{depth}")),
            |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let mut strategy =
                            minimax::IterativeSearch::new(CrateStoreDiff, crate_options());
                        strategy.set_max_depth(depth as u8);
                        let started = Instant::now();
                        let chosen = strategy.choose_move(&state);
                        total += started.elapsed();
                        assert!(chosen.is_some());
                    }
                    total
                })
            },
        );
    }
    group.finish();
}

/// The median over 5 searches of the main thread's nodes to `depth` with `threads` threads.
fn main_thread_nodes<G: Evaluators>(record: &GameRecord<G>, depth: u32, threads: usize) -> u64 {
    let mut nodes: Vec<u64> = (0..5)
        .map(|_| {
            let mut searcher =
                Searcher::<G>::with_new_table(options("default", true, threads)).expect("options");
            searcher
                .search(
                    record,
                    &Limits::depth(depth),
                    &StopSignal::new(),
                    &mut |_| {},
                )
                .main_thread_nodes
        })
        .collect();
    nodes.sort_unstable();
    nodes[2]
}

/// Prints the main thread's nodes to depth alone and with one helper: their ratio is the
/// time-to-depth speed-up when each thread has a core (a busy machine hides it in wall time).
fn print_main_thread_nodes<G: Evaluators>(game: &str, record: &GameRecord<G>, depth: u32) {
    let one = main_thread_nodes(record, depth, 1);
    let two = main_thread_nodes(record, depth, 2);
    println!(
        "threads/{game}/d{depth}: main-thread nodes 1 thread {one}, 2 threads {two}, ratio {:.2}",
        one as f64 / two as f64
    );
}

fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    let kalah = GameRecord::new(positions::kalah()[0].1.current());
    let ataxx = GameRecord::new(positions::ataxx()[0].1.current());
    let oware = GameRecord::new(positions::oware()[0].1.current());
    print_main_thread_nodes("kalah", &kalah, 21);
    print_main_thread_nodes("ataxx", &ataxx, 8);
    print_main_thread_nodes("oware", &oware, 16);
    for threads in [1usize, 2] {
        let mut searcher =
            Searcher::<Kalah>::with_new_table(options("default", true, threads)).expect("options");
        group.bench_function(format!("kalah/d21/{threads}"), |b| {
            b.iter_custom(|iters| time_searches(&mut searcher, &kalah, 21, iters).0)
        });
        let mut searcher = Searcher::<ponder::games::ataxx::Ataxx>::with_new_table(options(
            "default", true, threads,
        ))
        .expect("options");
        group.bench_function(format!("ataxx/d8/{threads}"), |b| {
            b.iter_custom(|iters| time_searches(&mut searcher, &ataxx, 8, iters).0)
        });
        let mut searcher =
            Searcher::<ponder::Oware>::with_new_table(options("default", true, threads))
                .expect("options");
        group.bench_function(format!("oware/d16/{threads}"), |b| {
            b.iter_custom(|iters| time_searches(&mut searcher, &oware, 16, iters).0)
        });
    }
    group.finish();
}

criterion_group!(benches, time_to_depth, kalah_vs_minimax_crate, threads);
criterion_main!(benches);
