//! Move-generation benchmarks: perft of each game from fixed positions.
//!
//! `cargo bench --bench movegen` (criterion reports time per iteration and throughput in
//! leaves/s; `ponder perft` prints nps too).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ponder::games::Perft;
use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig};
use ponder::{GameRecord, perft};
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

/// Ataxx perft (libataxx's bulk counting) from the start and from a blocker layout, through
/// the generic `ponder::perft` and the specialised `ataxx::perft`; throughput is in leaves.
fn ataxx(c: &mut Criterion) {
    use ponder::games::ataxx::{self, Ataxx};
    use ponder::{Game, GameRecord};

    let mut group = c.benchmark_group("ataxx");
    let positions = [
        ("start", ataxx::START_FEN, 5, 4_752_668u64),
        ("4corners", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 5, 2_266_352),
        ("midgame", "xoxoxox/oxoxoxo/7/7/7/7/3x3 x 0 1", 3, 104_864),
    ];
    for (name, fen, depth, nodes) in positions {
        let position: Ataxx = fen.parse().expect("a FEN");
        let record = GameRecord::new(position);
        assert_eq!(ponder::perft(&record, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_generic/{name}/d{depth}"), |b| {
            b.iter(|| ponder::perft(black_box(&record), depth))
        });
        group.bench_function(format!("perft_ataxx/{name}/d{depth}"), |b| {
            b.iter(|| ataxx::perft(black_box(&position), depth))
        });
    }
    let midgame: Ataxx = "xoxoxox/oxoxoxo/7/7/7/7/3x3 x 0 1".parse().expect("a FEN");
    let mut moves = Vec::with_capacity(256);
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_moves/midgame", |b| {
        b.iter(|| {
            black_box(&midgame).legal_moves(&mut moves);
            moves.len()
        })
    });
    group.bench_function("move_count/midgame", |b| {
        b.iter(|| black_box(&midgame).move_count())
    });
    group.bench_function("key/midgame", |b| b.iter(|| black_box(&midgame).key()));
    group.finish();
}

/// perft(oware, 9) from the start: 3,592,872 leaves (OpenSpiel's count). Goal: 100 M/s.
fn oware(c: &mut Criterion) {
    use ponder::{Game, Oware};
    let record = GameRecord::new(Oware::start(&Default::default()).expect("the start"));
    let mut group = c.benchmark_group("oware");
    group.sample_size(20);
    group.throughput(Throughput::Elements(3_592_872));
    group.bench_function("perft/start/d9", |b| {
        b.iter(|| perft(black_box(&record), 9))
    });
    group.finish();
}

criterion_group!(movegen, kalah, ataxx, oware);
criterion_main!(movegen);
