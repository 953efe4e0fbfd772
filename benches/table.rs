//! Transposition-table benchmarks: the lock-free array against the DashMap table.
//!
//! - `table/<kind>/<mib>MiB/<threads>t`: probe + store-if-deeper operations with 14-byte keys,
//!   1 and 2 threads on one shared table, over a working set four times the table's capacity
//!   (as in a long search: most probes miss and stores replace); throughput in operations.
//! - Before the criterion runs, the bytes each table really uses per entry are printed: the
//!   lock-free table's fixed array, and DashMap's heap as a counting allocator sees it after
//!   filling it to its bound.
//!
//! `cargo bench --bench table`

use criterion::{Criterion, Throughput, criterion_group};
use ponder::Key;
use ponder::search::{Bound, DashMapTable, LockFreeTable, Table, TableEntry};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts the bytes the program holds, to measure DashMap's real cost per entry.
struct CountingAllocator;

static HELD: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The `n`-th key of thread `thread`'s sequence over a working set of `keys` keys: 14-byte
/// keys spread over all 112 bits.
#[inline]
fn key(thread: u64, n: u64, keys: u64) -> Key {
    let i = (n.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (thread << 61)) % keys;
    let low = i.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let high = (i ^ 0xA5A5_A5A5).wrapping_mul(0x2545_F491_4F6C_DD1D) >> 16;
    Key::from_u128(u128::from(low) | (u128::from(high) << 64)).unwrap_or_default()
}

/// One operation as a search does it: probe, and store when the slot is empty or shallower.
#[inline]
fn operate<T: Table>(table: &T, key: &Key, n: u64) {
    let depth = (n % 24) as u8;
    let deeper = match table.probe(key) {
        Some(entry) => entry.depth < depth,
        None => true,
    };
    if deeper {
        table.save(
            key,
            TableEntry {
                value: n as i32,
                depth,
                bound: Bound::Exact,
                move_index: Some((n % 7) as u16),
            },
        );
    }
}

/// Runs `ops` operations on each of `threads` threads and returns the wall time.
fn run<T: Table>(table: &T, threads: u64, ops: u64, keys: u64, round: u64) -> Duration {
    let started = Instant::now();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            scope.spawn(move || {
                let base = round * ops;
                for n in base..base + ops {
                    operate(table, &key(thread, n, keys), n);
                }
            });
        }
    });
    started.elapsed()
}

fn bench_table<T: Table>(c: &mut Criterion, name: &str, mib: usize, make: impl Fn() -> T) {
    let mut group = c.benchmark_group(format!("table/{name}/{mib}MiB"));
    group.sample_size(10);
    let ops = 1_000_000;
    for threads in [1u64, 2] {
        let table = make();
        let keys = 4 * table.capacity() as u64;
        // Fill it first, as a search would have.
        run(&table, 1, keys, keys, 0);
        group.throughput(Throughput::Elements(ops * threads));
        let mut round = 1;
        group.bench_function(format!("{threads}t"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    total += run(&table, threads, ops, keys, round);
                    round += 1;
                }
                total
            })
        });
    }
    group.finish();
}

fn tables(c: &mut Criterion) {
    for mib in [1, 16] {
        bench_table(c, "lockfree", mib, || LockFreeTable::with_mib(mib));
        bench_table(c, "dashmap", mib, || DashMapTable::with_mib(mib));
    }
}

/// Prints bytes per entry: the lock-free table's array over its slots, and DashMap's heap
/// (measured) over the entries it holds when filled to its bound.
fn bytes_per_entry() {
    let table = LockFreeTable::with_mib(16);
    println!(
        "bytes per entry: lockfree {:.1} ({} bytes, {} slots)",
        table.memory_bytes() as f64 / table.capacity() as f64,
        table.memory_bytes(),
        table.capacity()
    );
    for entries in [100_000u64, 1_000_000] {
        let before = HELD.load(Ordering::Relaxed);
        let table = DashMapTable::with_bytes(usize::MAX / 2);
        for n in 0..entries {
            operate(&table, &key(0, n, u64::MAX), n);
        }
        let held = HELD.load(Ordering::Relaxed) - before;
        println!(
            "bytes per entry: dashmap {:.1} ({held} bytes for {entries} entries)",
            held as f64 / entries as f64
        );
        drop(table);
    }
}

criterion_group!(benches, tables);

fn main() {
    bytes_per_entry();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
