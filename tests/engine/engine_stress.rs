//! The engine under random interleavings of commands: go (tiny budgets), stop, ponderhit,
//! moves by either side, illegal moves, pondering on and off, new games, positions and
//! options.
//!
//! Checks: no deadlock (every wait is bounded), every `go` yields exactly one best move, every
//! best move is legal in the engine's position at that moment, an illegal move yields one
//! error event and leaves the position unchanged, and the tree stays within its memory bound.
//!
//! `PONDER_STRESS_COMMANDS=N` changes the number of commands (default 100,000 for Kalah,
//! a quarter of that for Ataxx).

use ponder::engine::{
    Command, Engine, EngineConfig, EngineOption, Event, Limits, PonderMode, TieBreak,
};
use ponder::search::{Evaluators, Table, TableKind, TranspositionTable};
use ponder::{Ataxx, Game, GameRecord, Kalah};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest any single wait may take before the test calls it a deadlock.
const WAIT: Duration = Duration::from_secs(10);

/// How long `wait_until` waits before it calls a silence a deadlock: [`WAIT`], or
/// `PONDER_STRESS_WAIT_SECS` (the soak on a machine loaded by other work, where a niced
/// process may not run for seconds).
fn patience() -> Duration {
    std::env::var("PONDER_STRESS_WAIT_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(WAIT, Duration::from_secs)
}

/// The longest wait for an answer so far in this process, in milliseconds (the soak reports it).
static LONGEST_WAIT_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// What the test expects of the engine, kept in step with the commands sent.
struct Mirror<G: Game> {
    record: GameRecord<G>,
    start: G,
    /// For each `go` not answered yet: the position it must answer for.
    pending_go: HashMap<u64, G>,
    /// Errors the engine still owes (illegal moves sent).
    errors_owed: usize,
    /// `sync` ids sent and not answered, with the position expected.
    pending_sync: HashMap<u64, G>,
    best_moves: u64,
    errors: u64,
    /// The largest tree the engine reported, and its bound then.
    worst_tree: (usize, usize),
}

impl<G: Game> Mirror<G> {
    fn take(&mut self, event: Event<G>) {
        match event {
            Event::BestMove(best) => {
                let expected = self
                    .pending_go
                    .remove(&best.id)
                    .unwrap_or_else(|| panic!("best move for unknown or answered go {}", best.id));
                assert_eq!(
                    best.position, expected,
                    "go {} answered for another position",
                    best.id
                );
                match best.mv {
                    Some(mv) => assert!(
                        expected.outcome().is_none() && expected.is_legal(mv),
                        "go {}: {mv} is not legal in {expected}",
                        best.id
                    ),
                    None => assert!(
                        GameRecord::new(expected).outcome().is_some(),
                        "go {}: no move although the game goes on",
                        best.id
                    ),
                }
                self.best_moves += 1;
            }
            Event::Error(_) => {
                assert!(self.errors_owed > 0, "an error nobody caused");
                self.errors_owed -= 1;
                self.errors += 1;
            }
            Event::Synced { id, position } => {
                let expected = self.pending_sync.remove(&id).expect("unknown sync");
                assert_eq!(
                    position, expected,
                    "sync {id}: the engine's position differs"
                );
            }
            Event::Info(_) | Event::Ponder(_) | Event::Rerooted(_) => {}
        }
    }
}

fn drain<G: Game>(engine: &Engine<G>, mirror: &mut Mirror<G>) {
    while let Some(event) = engine.try_recv() {
        mirror.take(event);
    }
}

/// Waits until `done` holds, failing after [`patience`] without progress.
fn wait_until<G: Game>(
    engine: &Engine<G>,
    mirror: &mut Mirror<G>,
    what: &str,
    done: impl Fn(&Mirror<G>) -> bool,
) {
    let start = Instant::now();
    let patience = patience();
    while !done(mirror) {
        let left = patience.saturating_sub(start.elapsed());
        assert!(!left.is_zero(), "deadlock? waited {patience:?} for {what}");
        if let Some(event) = engine.recv_timeout(left) {
            mirror.take(event);
        }
    }
    let waited = start.elapsed().as_millis() as u64;
    LONGEST_WAIT_MS.fetch_max(waited, std::sync::atomic::Ordering::Relaxed);
}

fn random_limits(rng: &mut SmallRng) -> Limits {
    match rng.random_range(0..10) {
        0..=4 => Limits::depth(rng.random_range(1..=3)),
        5..=6 => Limits::nodes(rng.random_range(50..3000)),
        7..=8 => Limits::movetime(Duration::from_millis(rng.random_range(1..=4))),
        _ => Limits::infinite(),
    }
}

/// A random option; with a shared table, never its size (which would give the engine a table of
/// its own).
fn random_option(rng: &mut SmallRng, shared_table: bool) -> EngineOption {
    let kinds = if shared_table { 8 } else { 9 };
    match rng.random_range(0..kinds) {
        0 => EngineOption::TreeMib(rng.random_range(1..=2)),
        1 => EngineOption::TieBreak(if rng.random() {
            TieBreak::Random { seed: rng.random() }
        } else {
            TieBreak::First
        }),
        2 => EngineOption::ForwardPruning(rng.random()),
        3 => EngineOption::PonderMode(match rng.random_range(0..5) {
            0 => PonderMode::Root,
            1 => PonderMode::Replies { lead: 0 },
            2 => PonderMode::Replies { lead: 2 },
            3 => PonderMode::Predicted { share: 80 },
            _ => PonderMode::Modeled,
        }),
        4 => EngineOption::ReuseTree(rng.random_range(0..4) != 0),
        5 => EngineOption::TreeMinDepth(rng.random_range(1..=4)),
        6 => EngineOption::Ponder(rng.random()),
        7 => EngineOption::Threads(rng.random_range(1..=2)),
        _ => EngineOption::HashMib(rng.random_range(1..=4)),
    }
}

fn stress<G: Evaluators>(start: G, commands: usize, seed: u64) {
    stress_with_table(start, commands, seed, None);
}

/// The stress test on an engine with its own table, or searching with `table` (shared with
/// other engines at the same time).
fn stress_with_table<G: Evaluators>(
    start: G,
    commands: usize,
    seed: u64,
    table: Option<Arc<TranspositionTable>>,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let config = EngineConfig {
        tree_mib: 1,
        hash_mib: 2,
        tie_break: TieBreak::Random { seed },
        ..EngineConfig::default()
    };
    let shared_table = table.is_some();
    let engine = match table {
        Some(table) => Engine::with_shared_table(GameRecord::new(start), config, table),
        None => Engine::new(GameRecord::new(start), config),
    }
    .expect("the engine starts");
    let mut mirror = Mirror {
        record: GameRecord::new(start),
        start,
        pending_go: HashMap::new(),
        errors_owed: 0,
        pending_sync: HashMap::new(),
        best_moves: 0,
        errors: 0,
        worst_tree: (0, 0),
    };
    let mut moves = Vec::new();
    // Moves seen in other positions: candidates for illegal moves.
    let mut move_pool: Vec<G::Move> = Vec::new();
    let mut gos = 0u64;
    let mut infinite_running = false;
    let mut last_go = 0;
    let mut sync_id = 0u64;
    for step in 0..commands {
        let current = mirror.record.current();
        mirror.record.legal_moves(&mut moves);
        move_pool.extend(moves.iter().copied());
        if move_pool.len() > 512 {
            move_pool.drain(..256);
        }
        let roll = rng.random_range(0..100);
        match roll {
            0..=19 => {
                let limits = random_limits(&mut rng);
                infinite_running = limits.infinite;
                let id = engine.go(limits);
                last_go = id;
                mirror.pending_go.insert(id, current);
                gos += 1;
                // Now and then, let the search finish (or stop it) and wait for its answer.
                if rng.random_range(0..8) == 0 {
                    if infinite_running || rng.random() {
                        std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
                        engine.stop();
                        infinite_running = false;
                    }
                    wait_until(&engine, &mut mirror, "a best move", |m| {
                        !m.pending_go.contains_key(&id)
                    });
                }
            }
            20..=23 => {
                // `ponderhit` for the last `go` (ignored if it has answered): a budget with a
                // time ends an infinite search; one without leaves it running.
                let limits = random_limits(&mut rng);
                if limits.hard_deadline().is_some() {
                    infinite_running = false;
                }
                engine.ponder_hit(last_go, limits);
            }
            24..=29 => {
                engine.stop();
                infinite_running = false;
            }
            30..=54 if !moves.is_empty() => {
                let mv = moves[rng.random_range(0..moves.len())];
                engine.send_move(mv);
                mirror.record.try_play(mv).expect("legal in the mirror");
                infinite_running = false;
            }
            55..=62 => {
                // An illegal move: one from another position that is not legal here, or
                // text that is no move at all.
                let candidate = move_pool
                    .iter()
                    .copied()
                    .filter(|&mv| current.outcome().is_some() || !current.is_legal(mv))
                    .nth(rng.random_range(0..8));
                match candidate {
                    Some(mv) if rng.random() => engine.send_move(mv),
                    _ => engine.send(Command::PlayText(
                        ["", "zz", "-1", "999", "a1a1a1"][rng.random_range(0..5)].to_string(),
                    )),
                }
                mirror.errors_owed += 1;
                infinite_running = false;
            }
            63..=70 => engine.set_ponder(rng.random_range(0..4) != 0),
            71..=73 => {
                engine.send(Command::NewGame);
                mirror.record = GameRecord::new(mirror.start);
                infinite_running = false;
            }
            74..=77 => {
                // A position a few plies on (or back): the game as a front end would send it.
                let mut record = mirror.record.clone();
                if rng.random() {
                    let _ = record.undo();
                }
                for _ in 0..rng.random_range(0..3) {
                    record.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    record.try_play(mv).expect("legal");
                }
                engine.send(Command::SetPosition(record.clone()));
                mirror.record = record;
                infinite_running = false;
            }
            78..=84 => engine.set_option(random_option(&mut rng, shared_table)),
            _ => {
                sync_id += 1;
                engine.send(Command::Sync(sync_id));
                mirror.pending_sync.insert(sync_id, mirror.record.current());
                if rng.random_range(0..4) == 0 {
                    let id = sync_id;
                    wait_until(&engine, &mut mirror, "a sync", |m| {
                        !m.pending_sync.contains_key(&id)
                    });
                    let memory = engine.memory();
                    assert!(
                        memory.tree_bytes <= memory.tree_bound,
                        "step {step}: tree {} bytes over its bound {}",
                        memory.tree_bytes,
                        memory.tree_bound
                    );
                    mirror.worst_tree = mirror
                        .worst_tree
                        .max((memory.tree_bytes, memory.tree_bound));
                }
            }
        }
        // An infinite search must not outlive the test's patience.
        if infinite_running && rng.random_range(0..4) == 0 {
            engine.stop();
            infinite_running = false;
        }
        drain(&engine, &mut mirror);
    }
    engine.stop();
    sync_id += 1;
    engine.send(Command::Sync(sync_id));
    mirror.pending_sync.insert(sync_id, mirror.record.current());
    wait_until(&engine, &mut mirror, "every answer", |m| {
        m.pending_go.is_empty() && m.pending_sync.is_empty() && m.errors_owed == 0
    });
    assert_eq!(mirror.best_moves, gos, "one best move per go");
    let quit_start = Instant::now();
    assert!(engine.quit(), "the engine's threads did not end");
    assert!(quit_start.elapsed() < WAIT);
    eprintln!(
        "{commands} commands: {gos} go, {} best moves, {} errors, largest tree {} of {} bytes",
        mirror.best_moves, mirror.errors, mirror.worst_tree.0, mirror.worst_tree.1
    );
}

fn command_count() -> usize {
    std::env::var("PONDER_STRESS_COMMANDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

#[test]
fn kalah_engine_survives_random_commands() {
    let _turn = crate::my_turn();
    stress(
        Kalah::start(&Default::default()).unwrap(),
        command_count(),
        1,
    );
}

/// Ataxx: many more moves a position, passes, and a bigger move type; a quarter of the
/// commands (the test's budget is shared with Kalah's).
#[test]
fn ataxx_engine_survives_random_commands() {
    let _turn = crate::my_turn();
    stress(
        Ataxx::start(&Default::default()).unwrap(),
        command_count() / 4,
        2,
    );
}

/// Two engines at once on one shared table: both stay correct under the random commands, the
/// table fills with what they search, and a new game in one engine leaves the table to the
/// other (a shared table is never cleared by an engine).
#[test]
fn two_engines_share_one_table() {
    let _turn = crate::my_turn();
    let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 2));
    let drivers: Vec<_> = (1..=2)
        .map(|seed| {
            let table = table.clone();
            std::thread::spawn(move || {
                stress_with_table(Kalah::new(Default::default()), 3_000, seed, Some(table))
            })
        })
        .collect();
    for driver in drivers {
        driver.join().expect("an engine on the shared table failed");
    }
    // One engine searches (filling the table in the current generation), another starts a
    // new game on the same table: the entries stay.
    let config = || EngineConfig {
        ponder: false,
        ..EngineConfig::default()
    };
    let record = || GameRecord::new(Kalah::new(Default::default()));
    let searcher = Engine::with_shared_table(record(), config(), table.clone()).unwrap();
    let answer = searcher.best_move(Limits::depth(12));
    assert!(
        answer.is_ok_and(|best| best.mv.is_some()),
        "no best move from the engine on the shared table"
    );
    assert!(searcher.quit());
    let filled = table.hashfull_permille();
    assert!(filled > 0, "the search stored nothing in the shared table");
    let other = Engine::with_shared_table(record(), config(), table.clone()).unwrap();
    other.send(Command::NewGame);
    other.send(Command::Sync(1));
    let synced = std::iter::from_fn(|| other.recv_timeout(WAIT))
        .any(|event| matches!(event, Event::Synced { id: 1, .. }));
    assert!(synced, "no answer to sync after a new game");
    assert!(other.quit());
    assert_eq!(
        table.hashfull_permille(),
        filled,
        "a new game cleared the shared table"
    );
}

/// The process's resident memory in MiB (Linux), else 0.
fn resident_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kib| kib / 1024)
}

/// One batch of the soak for a game, given its seed.
type Driver = Arc<dyn Fn(u64) + Send + Sync>;

/// The soak: six engines at once, two for each game (Kalah, Ataxx, Oware), the two of a game
/// searching with one shared 4 MiB table (`Engine::with_shared_table`), each driven by the
/// random commands above in batches of 2,000 (a fresh engine a batch on the same shared table,
/// pondering switched on and off at random) for `PONDER_SOAK_SECS` seconds (default an hour),
/// with the same checks (no deadlock, every `go` answered once and legally, no lost error).
/// Resident memory is sampled every 30 s and must stay flat: after the first sample, within
/// 64 MiB of it (each engine has a 1 MiB tree; the tables are allocated once). Every sample
/// also prints the longest wait for an answer so far. Run (on a machine busy with other work,
/// give a niced run more patience than the default 10 s before a silence counts as a
/// deadlock):
/// `PONDER_SOAK_SECS=3600 PONDER_STRESS_WAIT_SECS=120 nice -n 10 cargo test --profile ci --test engine soak -- --ignored --nocapture`.
#[test]
#[ignore = "an hour by default; see the doc comment for the command"]
fn soak_several_engines_for_an_hour() {
    let seconds: u64 = std::env::var("PONDER_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3600);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let batches = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let spawn = |name: String, first_seed: u64, run: Driver| {
        let batches = batches.clone();
        std::thread::Builder::new()
            .name(name)
            .spawn(move || {
                let mut seed = first_seed;
                while Instant::now() < deadline {
                    run(seed);
                    seed += 2;
                    batches.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            })
            .unwrap()
    };
    let shared = || Arc::new(TranspositionTable::new(TableKind::LockFree, 4));
    let (kalah_table, ataxx_table, oware_table) = (shared(), shared(), shared());
    let drivers: [(&str, Driver); 3] = [
        (
            "kalah",
            Arc::new(move |seed| {
                let start = Kalah::new(Default::default());
                stress_with_table(start, 2_000, seed, Some(kalah_table.clone()))
            }),
        ),
        (
            "ataxx",
            Arc::new(move |seed| {
                let start = Ataxx::start(&Default::default()).unwrap();
                stress_with_table(start, 2_000, seed, Some(ataxx_table.clone()))
            }),
        ),
        (
            "oware",
            Arc::new(move |seed| {
                let start = ponder::Oware::start(&Default::default()).unwrap();
                stress_with_table(start, 2_000, seed, Some(oware_table.clone()))
            }),
        ),
    ];
    let mut workers = Vec::new();
    for (name, run) in &drivers {
        for n in 1..=2 {
            workers.push(spawn(format!("{name}-{n}"), n, run.clone()));
        }
    }
    let started = Instant::now();
    let mut first = None;
    while Instant::now() < deadline {
        std::thread::sleep(Duration::from_secs(30).min(deadline - Instant::now()));
        let rss = resident_mib();
        println!(
            "soak: {:>5} s  rss {rss} MiB  batches {}  longest wait {} ms",
            started.elapsed().as_secs(),
            batches.load(std::sync::atomic::Ordering::Relaxed),
            LONGEST_WAIT_MS.load(std::sync::atomic::Ordering::Relaxed)
        );
        let base = *first.get_or_insert(rss);
        assert!(
            rss <= base + 64,
            "resident memory grew from {base} to {rss} MiB"
        );
    }
    for worker in workers {
        worker.join().expect("an engine driver failed (see above)");
    }
}
