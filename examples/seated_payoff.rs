//! The payoff of the seated engine's pondering: four-seat Ataxx, one scripted human (seat x)
//! and three bots (o, y, z) on a [`SeatedEngine`].
//!
//! The engine under test (P) ponders while the human thinks `--think` ms a move; a second
//! engine (N, the same layout, never pondering) follows the same game and, right after P
//! answers a bot's turn, searches the same position with the same limits (its table kept
//! from move to move, as P's). So both search the same positions under the same load. With
//! `--depth D` both search to depth D: the payoff is the nodes and time to reply (nodes do
//! not depend on the machine's load); with `--movetime MS` it is the depth reached.
//!
//! `--layout shared` (the default: one engine, one table, for the three bots) or `each` (one
//! engine and table per bot; the engine of the seat after the human ponders). Also printed:
//! how long `stop_pondering` took when the human moved (the bots' thread must stop within
//! 10 ms), and the depth pondering completed on every reply.
//!
//! The scripted human plays a one-ply greedy move, or a random one a quarter of the time; its
//! own thinking runs on the caller's thread, then it waits out the rest of `--think`.
//!
//! ```text
//! cargo run --profile ci --example seated_payoff -- [--games 2] [--think 1000]
//!     [--depth 6 | --movetime 500] [--algorithm brs] [--layout shared|each] [--seed 1]
//! ```

use ponder::engine::SeatedEngine;
use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::multi::{MultiAlgorithm, MultiLimits, MultiSearch};
use ponder::{Game, GameSpec, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The example's options.
struct Options {
    games: u32,
    think: Duration,
    limits: MultiLimits,
    algorithm: MultiAlgorithm,
    each: bool,
    seed: u64,
}

fn options() -> Options {
    let mut options = Options {
        games: 2,
        think: Duration::from_millis(1000),
        limits: MultiLimits {
            depth: 6,
            nodes: u64::MAX,
            time: None,
        },
        algorithm: MultiAlgorithm::Brs,
        each: false,
        seed: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or_default();
        let number = || value.parse::<u64>().expect("a number");
        match pair[0].as_str() {
            "--games" => options.games = number() as u32,
            "--think" => options.think = Duration::from_millis(number()),
            "--depth" => options.limits.depth = number() as u32,
            "--movetime" => {
                options.limits.depth = 64;
                options.limits.time = Some(Duration::from_millis(number()));
            }
            "--algorithm" => {
                options.algorithm = MultiAlgorithm::from_name(value).expect("an algorithm")
            }
            "--layout" => options.each = value == "each",
            "--seed" => options.seed = number(),
            other => panic!("unknown option {other}"),
        }
    }
    options
}

/// The bots' engines: one for all, or one per seat.
struct Bots {
    engines: Vec<SeatedEngine<AtaxxSeats>>,
}

impl Bots {
    fn new(each: bool, pinned: bool) -> Bots {
        let spawn = |_| match pinned {
            true => SeatedEngine::spawn_pinned(1 << 20),
            false => SeatedEngine::spawn(1 << 20),
        };
        let engines = (0..if each { 3 } else { 1 }).map(spawn);
        Bots {
            engines: engines.collect::<std::io::Result<_>>().expect("threads"),
        }
    }

    /// The engine of `seat` (seats 1-3 are the bots).
    fn of(&mut self, seat: Seat) -> &mut SeatedEngine<AtaxxSeats> {
        let index = (seat.index() - 1).min(self.engines.len() - 1);
        &mut self.engines[index]
    }
}

/// Sums of one kind of reply.
#[derive(Default)]
struct Sums {
    replies: u32,
    depth: [u64; 2],
    nodes: [u64; 2],
    micros: [u128; 2],
}

impl Sums {
    fn line(&self, name: &str) -> String {
        let n = f64::from(self.replies.max(1));
        let mean = |v: u64| v as f64 / n;
        format!(
            "{name}: {} replies; depth {:.2} / {:.2}; nodes {:.0} / {:.0} ({:.2}x); time {:.1} / {:.1} ms",
            self.replies,
            mean(self.depth[0]),
            mean(self.depth[1]),
            mean(self.nodes[0]),
            mean(self.nodes[1]),
            self.nodes[1] as f64 / self.nodes[0].max(1) as f64,
            self.micros[0] as f64 / n / 1000.0,
            self.micros[1] as f64 / n / 1000.0,
        )
    }
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
    let limits = MultiLimits::default();
    let found = greedy.search(position, MultiAlgorithm::Greedy, limits);
    found.best.unwrap_or(moves[0])
}

fn main() {
    let options = options();
    let spec: GameSpec = "ataxx:players=4".parse().expect("a spec");
    let config = AtaxxSeats::config_from_spec(&spec).expect("four seats");
    let mut rng = SmallRng::seed_from_u64(options.seed);
    let mut pondering = Bots::new(options.each, true);
    let mut plain = Bots::new(options.each, false);
    let mut greedy = MultiSearch::new(1 << 10);
    let (mut next, mut others) = (Sums::default(), Sums::default());
    let (mut stops, mut pondered) = (Vec::new(), Vec::new());
    let mut moves = Vec::new();
    for _ in 0..options.games {
        let mut position = AtaxxSeats::start(&config).expect("the start");
        for _ in 0..4 {
            position.legal_moves(&mut moves);
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let mut after_human = false;
        loop {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let seat = position.side_to_move();
            if seat == Seat::FIRST {
                let followed = position.play_unchecked(moves[0]);
                let ponderer = pondering.of(followed.side_to_move());
                ponderer.ponder(&position, options.algorithm);
                let started = Instant::now();
                let mv = human_move(&position, &mut greedy, &mut rng);
                std::thread::sleep(options.think.saturating_sub(started.elapsed()));
                let stopping = Instant::now();
                let (_, depth) = ponderer.stop_pondering().unwrap_or_default();
                stops.push(stopping.elapsed());
                pondered.push(depth);
                position = position.play_unchecked(mv);
                after_human = true;
                continue;
            }
            let mut found = Vec::new();
            for bots in [&mut pondering, &mut plain] {
                let started = Instant::now();
                let answer = bots
                    .of(seat)
                    .go(&position, options.algorithm, options.limits);
                found.push((answer.expect("an answer"), started.elapsed()));
            }
            let sums = if after_human { &mut next } else { &mut others };
            sums.replies += 1;
            for (side, (answer, time)) in found.iter().enumerate() {
                sums.depth[side] += u64::from(answer.depth);
                sums.nodes[side] += answer.nodes;
                sums.micros[side] += time.as_micros();
            }
            position = position.play_unchecked(found[0].0.best.unwrap_or(moves[0]));
            after_human = false;
        }
    }
    stops.sort();
    let millis = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean_depth = pondered.iter().sum::<u32>() as f64 / pondered.len().max(1) as f64;
    println!(
        "{} games, {:?}, think {} ms, layout {}; pondering / not:",
        options.games,
        options.algorithm,
        options.think.as_millis(),
        if options.each { "each" } else { "shared" }
    );
    println!("{}", next.line("seat after the human"));
    println!("{}", others.line("other bot turns"));
    println!(
        "pondering: {} human moves, depth {mean_depth:.2} on every reply; stop p50 {:.3} ms, max {:.3} ms",
        stops.len(),
        stops.get(stops.len() / 2).map_or(0.0, |&d| millis(d)),
        stops.last().map_or(0.0, |&d| millis(d)),
    );
}
