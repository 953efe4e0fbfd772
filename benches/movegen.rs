//! Move-generation benchmarks: perft of each game (filled in per game).
use criterion::{criterion_group, criterion_main, Criterion};

fn benches(_c: &mut Criterion) {}

criterion_group!(movegen, benches);
criterion_main!(movegen);
