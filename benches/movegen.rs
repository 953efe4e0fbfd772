//! Move-generation benchmarks: perft of each game (filled in per game).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ponder::{perft, Game, GameRecord, Oware};
use std::hint::black_box;

/// perft(oware, 9) from the start: 3,592,872 leaves (OpenSpiel's count). Goal: 100 M/s.
fn oware(c: &mut Criterion) {
    let record = GameRecord::new(Oware::start(&Default::default()).unwrap());
    let mut group = c.benchmark_group("oware");
    group.sample_size(20);
    group.throughput(Throughput::Elements(3_592_872));
    group.bench_function("perft_9", |b| {
        b.iter(|| assert_eq!(perft(black_box(&record), 9), 3_592_872))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    oware(c);
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
