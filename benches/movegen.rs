//! Move-generation benchmarks: perft of each game from fixed positions.
//!
//! `cargo bench --bench movegen` (criterion reports time per iteration; divide the node
//! count in the benchmark name by it for nodes/s, or use `ponder perft`, which prints nps).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig};
use ponder::{perft, GameRecord};
use std::hint::black_box;

fn kalah(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah_perft");
    group.sample_size(10);
    for (config, depth) in [
        (KalahConfig::default(), 9),
        (KalahConfig::new(4, 3, CaptureRule::Empty).unwrap(), 9),
    ] {
        let record = GameRecord::new(Kalah::new(config));
        let nodes = perft(&record, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{config} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&record), depth))
        });
    }
    group.finish();
}

criterion_group!(movegen, kalah);
criterion_main!(movegen);
