//! The payoff of the engine's pondering and resuming at a table of four seats: four-seat
//! Ataxx, one scripted human (seat x) and three bots (o, y, z) on an [`Engine`] (its
//! multi-player search, a table of 48 MiB: 2^20 slots).
//!
//! Three engines follow the same game. The engine under test (P) ponders while the human
//! thinks `--think` ms a move, and plays the bots' moves; right after P answers a bot's turn,
//! an engine that never ponders (N) and one that neither ponders nor resumes (O: every search
//! deepens from depth 1, the behaviour before resuming) search the same position with the
//! same limits (each with its table kept from move to move). So all three search the same
//! positions under the same load. With `--depth D` the payoff is the nodes and time to reply
//! (nodes do not depend on the machine's load); with `--movetime MS` it is the depth reached,
//! and the time every `go` took past `MS` is reported (p50, p99, max). `--resume off` turns
//! resuming off in P and N too (then N and O are the same engine twice).
//!
//! `--layout shared` (the default: one engine, one table, for the three bots) or `each` (one
//! engine and table per bot; the engine of the seat after the human ponders). Every engine is
//! told every move. Also printed: how long stopping the pondering took when the human moved
//! (from `Ponder(false)` to the engine's `Stopped` event; the bots' thread must stop within
//! 10 ms), and the depth pondering completed on every reply.
//!
//! The scripted human plays a one-ply greedy move, or a random one a quarter of the time; its
//! own thinking runs on the caller's thread, then it waits out the rest of `--think`.
//!
//! `--stops N` measures only the stop latency: N times, P ponders a random four-seat position
//! for a random 5 to 100 ms and is stopped; p50, p99 and max of the time to its `Stopped`.
//!
//! `--overruns N --movetime MS` measures only the multi-player search's own overrun: N
//! searches of random four-seat positions for `MS` on the caller's thread (no engine thread,
//! no channel); p50, p99 and max of the wall-clock time past `MS`, and of the thread's CPU
//! time past `MS` (Linux; what the search itself spent, without the waits for a core).
//!
//! ```text
//! cargo run --release --example seated_payoff -- [--games 2] [--think 1000]
//!     [--depth 6 | --movetime 500] [--algorithm brsplus] [--layout shared|each]
//!     [--resume on|off] [--seed 1]
//! cargo run --release --example seated_payoff -- --stops 300 [--algorithm brsplus]
//! cargo run --release --example seated_payoff -- --overruns 200 --movetime 50
//! ```

use ponder::engine::{Command, Engine, EngineConfig, Event, PonderInfo};
use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::Limits;
use ponder::search::multi::{MultiAlgorithm, MultiSearch};
use ponder::{Game, GameRecord, GameSpec, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The example's options.
struct Options {
    games: u32,
    think: Duration,
    limits: Limits,
    algorithm: MultiAlgorithm,
    each: bool,
    resume: bool,
    stops: u32,
    overruns: u32,
    seed: u64,
}

fn options() -> Options {
    let mut options = Options {
        games: 2,
        think: Duration::from_millis(1000),
        limits: Limits::depth(6),
        algorithm: MultiAlgorithm::BrsPlus,
        each: false,
        resume: true,
        stops: 0,
        overruns: 0,
        seed: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or_default();
        let number = || value.parse::<u64>().expect("a number");
        match pair[0].as_str() {
            "--games" => options.games = number() as u32,
            "--think" => options.think = Duration::from_millis(number()),
            "--depth" => options.limits.depth = Some(number() as u32),
            "--movetime" => {
                // A hard limit (the search unwinds at it): the overruns are measured past it.
                options.limits.depth = Some(64);
                options.limits.hard_time = Some(Duration::from_millis(number()));
            }
            "--algorithm" => {
                options.algorithm = MultiAlgorithm::from_name(value).expect("an algorithm")
            }
            "--layout" => options.each = value == "each",
            "--resume" => options.resume = value != "off",
            "--stops" => options.stops = number() as u32,
            "--overruns" => options.overruns = number() as u32,
            "--seed" => options.seed = number(),
            other => panic!("unknown option {other}"),
        }
    }
    options
}

/// The bots' engines: one for all, or one per seat.
/// The table of every engine here, MiB (2^20 slots of 48 bytes).
const HASH_MIB: usize = 48;

/// An engine of `algorithm` on `position`, not pondering until told, pinned or not, resuming
/// from its table or not.
fn engine(
    position: AtaxxSeats,
    algorithm: MultiAlgorithm,
    pin: bool,
    resume: bool,
) -> Engine<AtaxxSeats> {
    let config = EngineConfig {
        ponder: false,
        hash_mib: HASH_MIB,
        tree_mib: 1,
        reuse_tree: resume,
        pin_thread: pin,
        seated_algorithm: algorithm,
        ..EngineConfig::default()
    };
    Engine::new(GameRecord::new(position), config).expect("an engine")
}

/// Stops `engine`'s pondering (a `sync` numbered `sync` after it): the time until its
/// `Stopped` (or `Finished`) event and the deepest round completed over every reply.
fn stop_pondering(engine: &Engine<AtaxxSeats>, sync: u64) -> (Duration, u32) {
    let stopping = Instant::now();
    engine.set_ponder(false);
    engine.send(Command::Sync(sync));
    let (mut took, mut depth) = (Duration::ZERO, 0);
    loop {
        match engine
            .recv_timeout(Duration::from_secs(60))
            .expect("an event")
        {
            Event::Synced { id, .. } if id == sync => return (took, depth),
            Event::Ponder(PonderInfo::Started { .. }) => depth = 0,
            Event::Ponder(PonderInfo::Progress { depth: round, .. }) => depth = depth.max(round),
            Event::Ponder(PonderInfo::Stopped { .. } | PonderInfo::Finished) => {
                took = stopping.elapsed();
            }
            _ => {}
        }
    }
}

struct Bots {
    engines: Vec<Engine<AtaxxSeats>>,
}

impl Bots {
    fn new(options: &Options, pinned: bool, resume: bool) -> Bots {
        let spawn = |_| engine(start(), options.algorithm, pinned, resume);
        Bots {
            engines: (0..if options.each { 3 } else { 1 }).map(spawn).collect(),
        }
    }

    /// The engine of `seat` (seats 1-3 are the bots).
    fn of(&self, seat: Seat) -> &Engine<AtaxxSeats> {
        let index = (seat.index() - 1).min(self.engines.len() - 1);
        &self.engines[index]
    }

    /// Sets every engine's game to start at `position` (their tables are kept).
    fn set_position(&self, position: AtaxxSeats) {
        for engine in &self.engines {
            engine.send(Command::SetPosition(GameRecord::new(position)));
        }
    }

    /// Tells every engine the move played.
    fn play(&self, mv: <AtaxxSeats as Game>::Move) {
        for engine in &self.engines {
            engine.send_move(mv);
        }
    }
}

/// The three engines compared: pondering (P), not pondering (N), neither pondering nor
/// resuming (O).
const ENGINES: usize = 3;

/// Sums of one kind of reply, one column per engine.
#[derive(Default)]
struct Sums {
    replies: u32,
    depth: [u64; ENGINES],
    nodes: [u64; ENGINES],
    micros: [u128; ENGINES],
}

impl Sums {
    fn line(&self, name: &str) -> String {
        let n = f64::from(self.replies.max(1));
        let mean = |v: u64| v as f64 / n;
        let ratio = |side: usize| self.nodes[side] as f64 / self.nodes[0].max(1) as f64;
        format!(
            "{name}: {} replies; depth {:.2} / {:.2} / {:.2}; nodes {:.0} / {:.0} / {:.0} \
             (N/P {:.2}x, O/P {:.2}x); time {:.1} / {:.1} / {:.1} ms",
            self.replies,
            mean(self.depth[0]),
            mean(self.depth[1]),
            mean(self.depth[2]),
            mean(self.nodes[0]),
            mean(self.nodes[1]),
            mean(self.nodes[2]),
            ratio(1),
            ratio(2),
            self.micros[0] as f64 / n / 1000.0,
            self.micros[1] as f64 / n / 1000.0,
            self.micros[2] as f64 / n / 1000.0,
        )
    }
}

/// `p50 .. ms, p99 .. ms, max .. ms` of some durations.
fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| {
        let index = ((times.len().max(1) - 1) as f64 * q).round() as usize;
        times.get(index).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    format!(
        "p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} samples)",
        at(0.5),
        at(0.99),
        at(1.0),
        times.len()
    )
}

/// The scripted human's move: greedy, or random a quarter of the time.
fn human_move(
    position: &AtaxxSeats,
    greedy: &mut MultiSearch<AtaxxSeats>,
    rng: &mut SmallRng,
) -> <AtaxxSeats as Game>::Move {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if rng.random_range(0..4) == 0 {
        return moves[rng.random_range(0..moves.len())];
    }
    let found = greedy.search(position, MultiAlgorithm::Greedy, &Limits::default());
    found.best.unwrap_or(moves[0])
}

/// The four-seat start.
fn start() -> AtaxxSeats {
    let spec: GameSpec = "ataxx:players=4".parse().expect("a spec");
    let config = AtaxxSeats::config_from_spec(&spec).expect("four seats");
    AtaxxSeats::start(&config).expect("the start")
}

/// A position `plies` random moves from `from`, or where the game ended.
fn random_walk(from: AtaxxSeats, plies: u32, rng: &mut SmallRng) -> AtaxxSeats {
    let mut position = from;
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

/// `--stops N`: the latency of `stop_pondering` after random pondering times.
fn measure_stops(options: &Options) {
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let engine = engine(start(), options.algorithm, true, options.resume);
    let (mut stops, mut depths) = (Vec::new(), 0u64);
    while stops.len() < options.stops as usize {
        let plies = rng.random_range(4..40);
        let position = random_walk(start(), plies, &mut rng);
        if position.outcome().is_some() {
            continue;
        }
        engine.send(Command::SetPosition(GameRecord::new(position)));
        engine.set_ponder(true);
        std::thread::sleep(Duration::from_millis(rng.random_range(5..100)));
        let (took, depth) = stop_pondering(&engine, stops.len() as u64);
        stops.push(took);
        depths += u64::from(depth);
    }
    let mean_depth = depths as f64 / f64::from(options.stops.max(1));
    println!(
        "{:?}: stopping after 5-100 ms of pondering: {}; pondered depth {mean_depth:.2}",
        options.algorithm,
        percentiles(stops)
    );
}

/// The calling thread's CPU time (Linux), `None` elsewhere.
fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `now` is a valid timespec for the call to write.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
        (status == 0).then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// `--overruns N`: the search's own time past `--movetime`, on the caller's thread.
fn measure_overruns(options: &Options) {
    let time = options
        .limits
        .hard_time
        .expect("--overruns needs --movetime");
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let mut search = MultiSearch::new(1 << 20);
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    while walls.len() < options.overruns as usize {
        let position = random_walk(start(), rng.random_range(4..40), &mut rng);
        if position.outcome().is_some() {
            continue;
        }
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        search.search(&position, options.algorithm, &options.limits);
        walls.push(wall.elapsed().saturating_sub(time));
        if let (Some(before), Some(after)) = (cpu, thread_cpu_time()) {
            cpus.push((after - before).saturating_sub(time));
        }
    }
    println!(
        "{:?}, movetime {} ms: past it, wall clock {}; thread CPU time {}",
        options.algorithm,
        time.as_millis(),
        percentiles(walls),
        percentiles(cpus)
    );
}

/// What the game loop measured.
#[derive(Default)]
struct Measured {
    next: Sums,
    others: Sums,
    stops: Vec<Duration>,
    pondered: Vec<u32>,
    /// Time past `--movetime` of every `go`, one list per engine.
    overruns: [Vec<Duration>; ENGINES],
}

/// Plays the games (see the module documentation).
fn play_games(options: &Options) -> Measured {
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let mut greedy = MultiSearch::new(1 << 10);
    let mut measured = Measured::default();
    let mut moves = Vec::new();
    let mut syncs = 0;
    let engines = [
        Bots::new(options, true, options.resume),
        Bots::new(options, false, options.resume),
        Bots::new(options, false, false),
    ];
    for _ in 0..options.games {
        let mut position = random_walk(start(), 4, &mut rng);
        engines.iter().for_each(|bots| bots.set_position(position));
        let mut after_human = false;
        loop {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let seat = position.side_to_move();
            if seat == Seat::FIRST {
                let followed = position.play_unchecked(moves[0]);
                let ponderer = engines[0].of(followed.side_to_move());
                ponderer.set_ponder(true);
                let started = Instant::now();
                let mv = human_move(&position, &mut greedy, &mut rng);
                std::thread::sleep(options.think.saturating_sub(started.elapsed()));
                syncs += 1;
                let (took, depth) = stop_pondering(ponderer, syncs);
                measured.stops.push(took);
                measured.pondered.push(depth);
                engines.iter().for_each(|bots| bots.play(mv));
                position = position.play_unchecked(mv);
                after_human = true;
                continue;
            }
            let mut found = Vec::new();
            for (side, bots) in engines.iter().enumerate() {
                let started = Instant::now();
                let answer = bots.of(seat).best_move(options.limits.clone());
                let took = started.elapsed();
                if let Some(time) = options.limits.hard_time {
                    measured.overruns[side].push(took.saturating_sub(time));
                }
                found.push((answer.expect("an answer"), took));
            }
            let sums = match after_human {
                true => &mut measured.next,
                false => &mut measured.others,
            };
            sums.replies += 1;
            for (side, (answer, time)) in found.iter().enumerate() {
                sums.depth[side] += u64::from(answer.depth);
                sums.nodes[side] += answer.nodes;
                sums.micros[side] += time.as_micros();
            }
            let mv = found[0].0.mv.unwrap_or(moves[0]);
            engines.iter().for_each(|bots| bots.play(mv));
            position = position.play_unchecked(mv);
            after_human = false;
        }
    }
    measured
}

fn main() {
    let options = options();
    if options.stops > 0 {
        return measure_stops(&options);
    }
    if options.overruns > 0 {
        return measure_overruns(&options);
    }
    let measured = play_games(&options);
    let pondered = &measured.pondered;
    let mean_depth = pondered.iter().sum::<u32>() as f64 / pondered.len().max(1) as f64;
    println!(
        "{} games, {:?}, think {} ms, layout {}, resume {}; pondering (P) / not (N) / \
         neither pondering nor resuming (O):",
        options.games,
        options.algorithm,
        options.think.as_millis(),
        if options.each { "each" } else { "shared" },
        if options.resume { "on" } else { "off" },
    );
    println!("{}", measured.next.line("seat after the human"));
    println!("{}", measured.others.line("other bot turns"));
    println!(
        "pondering: {} human moves, depth {mean_depth:.2} on every reply; stop {}",
        pondered.len(),
        percentiles(measured.stops)
    );
    if options.limits.hard_time.is_some() {
        for (name, overruns) in ["P (pinned)", "N", "O"].iter().zip(measured.overruns) {
            println!("{name}: go past movetime {}", percentiles(overruns));
        }
    }
}
