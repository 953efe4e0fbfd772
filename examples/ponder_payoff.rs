//! The payoff of pondering, measured as the **ponder efficiency**: the share of the human's
//! thinking time that pondering (with the re-rooted tree) turns into the engine's own.
//!
//! A scripted human thinks T seconds a move (really: the engine ponders meanwhile); the
//! engine with pondering and re-rooting answers each human move with `go movetime B`. Two
//! engines without pondering and without tree reuse (a fresh tree every move; each keeps its
//! own transposition table from move to move, as any engine keeps it; same table size) follow
//! the same game and search every position the first one searched, right after it, while the
//! first engine is kept idle: one with `go movetime B`, the other with `go movetime B+T`
//! (separate tables, so that the B engine's table holds only what B-searches found). So all
//! budgets are measured on the same positions and under the same machine load.
//!
//! B′, the budget with which the engine without pondering reaches the pondering engine's mean
//! completed depth, is interpolated in log time between (B, its mean depth at B) and (B+T,
//! its mean depth at B+T): depth grows about linearly in the logarithm of the time (the tree
//! grows geometrically with depth); beyond B+T the line is extended. The efficiency is
//! (B′ − B) / T: 0 means pondering gained nothing, 1 that every second of the human's time
//! counted as a second of the engine's. B′ is also read directly from the B+T engine's
//! measured curve (the mean over the positions of the depth each of its searches completed by
//! time b, b from B to B+T; a `movetime b` search is the same search stopped at b's hard
//! deadline) when it lies within B+T: no model, but that engine's table is warmer.
//!
//! Where the efficiency goes: the moves are split by whether the human played the reply
//! pondered deepest, and each part prints the share of T pondering spent on the reply played
//! (the time up to each of its completed depths; time in an unfinished iteration counts for
//! no reply), the depth that reply had been pondered to, how many replies were deepened, and
//! the mean depth over B that the pondering engine and the B+T engine reached.
//!
//! The scripted human plays like a person, not like the engine: each move it searches to a
//! depth drawn uniformly from a range (`mix:2-5` by default: sometimes it sees deep, often
//! not), with a random choice among its equal-best moves; `search:<d>` fixes the depth,
//! `random` plays uniformly random moves. Games start from short random openings; the engine
//! plays the side to move after them, at most `--game-moves` moves a game (so that the
//! positions are middle games, not endgames that both engines search to the end).
//!
//! `--elo N` plays instead N pairs of games (paired random openings, colours swapped) between
//! the engine with pondering (A, search thread pinned to the last core) and the same engine
//! without pondering (B, tree reuse kept; not pinned, so that the two search threads do not
//! share a core), each with `go movetime B`: A ponders while B thinks. It prints the score
//! with an Elo interval (pentanomial, from the pairs).
//!
//! ```text
//! cargo run --release --example ponder_payoff -- [--game kalah,oware,ataxx] [--think 2]
//!     [--movetime 2000] [--moves 16] [--game-moves 8] [--human mix:2-5|search:4|random]
//!     [--ponder-mode predicted:80|predicted|replies:2|root] [--seed 1] [--verbose]
//!     [--elo 10] [--ceiling 100] [--auto]
//! ```
//!
//! `--ceiling N` estimates, on N positions, the best efficiency any pondering policy can reach
//! against the scripted human (see [`ceiling`]).
//!
//! `--auto`: a short run (Kalah, T = B = 0.3 s, 4 moves).

use ponder::engine::{
    Command, Engine, EngineConfig, Event, Limits, PonderInfo, PonderMode, TieBreak,
};
use ponder::matches::{play_pairs, random_opening};
use ponder::search::{Evaluators, SearchOptions, Searcher, StopSignal};
use ponder::{GameError, GameRecord, GameSpec, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The deepest iteration: a position searched this deep by the engine without pondering
/// within B is decided, and left out (nothing to gain there).
const MAX_DEPTH: u32 = 128;

#[derive(Clone)]
struct Args {
    games: Vec<String>,
    think: f64,
    moves: usize,
    game_moves: usize,
    movetime: u64,
    human: String,
    ponder_mode: Option<PonderMode>,
    seed: u64,
    opening: usize,
    elo_pairs: usize,
    ceiling: usize,
    verbose: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: vec!["kalah".to_string()],
        think: 2.0,
        moves: 16,
        game_moves: 8,
        movetime: 2000,
        human: "mix:2-5".to_string(),
        ponder_mode: None,
        seed: 1,
        opening: 2,
        elo_pairs: 0,
        ceiling: 0,
        verbose: false,
    };
    let words: Vec<String> = std::env::args().skip(1).collect();
    if words.iter().any(|w| w == "--auto") {
        args.think = 0.3;
        args.movetime = 300;
        args.moves = 4;
    }
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        let number = |text: String| text.parse::<f64>().map_err(|_| format!("{word}: a number"));
        match word.as_str() {
            "--game" => args.games = value()?.split(',').map(str::to_string).collect(),
            "--think" => args.think = number(value()?)?,
            "--moves" => args.moves = number(value()?)? as usize,
            "--game-moves" => args.game_moves = (number(value()?)? as usize).max(1),
            "--movetime" => args.movetime = number(value()?)? as u64,
            "--human" => args.human = value()?,
            "--ponder-mode" => args.ponder_mode = Some(value()?.parse()?),
            "--seed" => args.seed = number(value()?)? as u64,
            "--opening" => args.opening = number(value()?)? as usize,
            "--elo" => args.elo_pairs = number(value()?)? as usize,
            "--ceiling" => args.ceiling = number(value()?)? as usize,
            "--verbose" => args.verbose = true,
            "--auto" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// The scripted human: a search to a depth drawn from a range with a random choice among
/// equal-best moves, or uniformly random moves.
struct Human<G: Evaluators> {
    /// The searcher and the depth range (`None`: random moves).
    searcher: Option<(Searcher<G>, u32, u32)>,
    rng: SmallRng,
}

impl<G: Evaluators> Human<G> {
    fn new(policy: &str, seed: u64) -> Result<Human<G>, String> {
        let rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        if policy == "random" {
            return Ok(Human {
                searcher: None,
                rng,
            });
        }
        let bad =
            || format!("--human {policy}: expected mix:<from>-<to>, search:<depth> or random");
        let (low, high) = if let Some(depth) = policy.strip_prefix("search:") {
            let depth: u32 = depth.parse().map_err(|_| bad())?;
            (depth, depth)
        } else if let Some(range) = policy.strip_prefix("mix:") {
            let (low, high) = range.split_once('-').ok_or_else(bad)?;
            (
                low.parse().map_err(|_| bad())?,
                high.parse().map_err(|_| bad())?,
            )
        } else {
            return Err(bad());
        };
        if low == 0 || high < low {
            return Err(bad());
        }
        let options = SearchOptions {
            hash_mib: 4,
            tiebreak: ponder::search::TieBreak::Random { seed },
            ..SearchOptions::default()
        };
        let searcher = Searcher::with_new_table(options).map_err(|e| e.to_string())?;
        Ok(Human {
            searcher: Some((searcher, low, high)),
            rng,
        })
    }

    fn choose(&mut self, record: &GameRecord<G>) -> Option<G::Move> {
        let mut moves = Vec::new();
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        match &mut self.searcher {
            None => Some(moves[self.rng.random_range(0..moves.len())]),
            Some((searcher, low, high)) => {
                let depth = self.rng.random_range(*low..=*high);
                // A fresh seed each move, so that the human varies among equal moves.
                let options = SearchOptions {
                    tiebreak: ponder::search::TieBreak::Random {
                        seed: self.rng.random(),
                    },
                    ..searcher.options().clone()
                };
                if let Ok(fresh) = Searcher::new(options, searcher.table().clone()) {
                    *searcher = fresh;
                }
                searcher
                    .search(
                        record,
                        &Limits::depth(depth),
                        &StopSignal::new(),
                        &mut |_| {},
                    )
                    .best_move
                    .or(moves.first().copied())
            }
        }
    }
}

/// What one `go` showed.
#[derive(Clone, Debug, Default)]
struct GoStats {
    /// The depth completed.
    depth: u32,
    /// Each completed iteration: (time from the `go`, depth).
    iterations: Vec<(Duration, u32)>,
    /// Depth to which the new root had been searched (pondered) before the `go`.
    kept_depth: u32,
}

impl GoStats {
    /// The depth completed by `time` after the `go`.
    fn depth_by(&self, time: Duration) -> u32 {
        self.iterations
            .iter()
            .filter(|(t, _)| *t <= time)
            .map(|&(_, d)| d)
            .max()
            .unwrap_or(0)
    }

    /// Time to complete the kept depth again (the `go` catching up with pondering).
    fn catch_up(&self) -> Option<Duration> {
        if self.kept_depth == 0 {
            return None;
        }
        self.iterations
            .iter()
            .find(|&&(_, d)| d >= self.kept_depth)
            .map(|&(t, _)| t)
    }
}

/// What a `go` showed, the move and the expected reply.
type Answer<M> = (GoStats, Option<M>, Option<M>);

/// Runs `go movetime budget` on `engine` and waits for its answer.
fn timed_go<G: Evaluators>(
    engine: &Engine<G>,
    budget: Duration,
) -> Result<Answer<G::Move>, String> {
    let mut stats = GoStats::default();
    let best = engine
        .best_move_with(
            Limits::movetime(budget),
            &StopSignal::new(),
            |event| match event {
                Event::Info(info) => stats.iterations.push((info.search.time, info.search.depth)),
                Event::Rerooted(reroot) => stats.kept_depth = reroot.kept_depth,
                _ => {}
            },
        )
        .map_err(|error| error.to_string())?;
    stats.depth = best.depth;
    Ok((stats, best.mv, best.ponder))
}

/// One engine move after a human move, measured.
#[derive(Clone, Debug)]
struct Sample {
    /// The pondering engine's `go`.
    with: GoStats,
    /// The engine without pondering: its `go` with budget B.
    without: GoStats,
    /// Another engine without pondering (its own table): its `go` with budget B+T.
    longer: GoStats,
    /// The human played the engine's predicted reply (second in its principal variation).
    hit: bool,
    /// The human played the reply pondered deepest.
    pondered: bool,
    /// What pondering did for the reply the human played.
    played: PonderedReply,
}

/// What pondering did for the reply the human played, from its `Progress` events.
#[derive(Clone, Copy, Debug, Default)]
struct PonderedReply {
    /// The depth completed below it before the human moved (0: not pondered).
    depth: u32,
    /// The share of the human's thinking time spent on it: the time between each `Progress`
    /// event and the one before, counted for the event's reply.
    share: f64,
    /// How many replies were deepened.
    replies: usize,
}

/// The engine configuration: `ponder` on or off (tree reuse with it).
fn config(ponder: bool, mode: Option<PonderMode>, seed: u64) -> EngineConfig {
    let base = EngineConfig::default();
    EngineConfig {
        ponder,
        reuse_tree: ponder,
        ponder_mode: mode.unwrap_or(base.ponder_mode),
        tie_break: TieBreak::Random { seed },
        ..base
    }
}

/// Plays the scripted games and measures every engine move that follows a human move.
fn measure<G: Evaluators>(start: &G, args: &Args) -> Result<Vec<Sample>, String> {
    let with = Engine::new(
        GameRecord::new(*start),
        config(true, args.ponder_mode, args.seed),
    )
    .map_err(|e| e.to_string())?;
    let without = Engine::new(
        GameRecord::new(*start),
        config(false, args.ponder_mode, args.seed),
    )
    .map_err(|e| e.to_string())?;
    let longer = Engine::new(
        GameRecord::new(*start),
        config(false, args.ponder_mode, args.seed),
    )
    .map_err(|e| e.to_string())?;
    let mut human = Human::<G>::new(&args.human, args.seed)?;
    let budget = Duration::from_millis(args.movetime);
    let think = Duration::from_secs_f64(args.think);
    let mut samples = Vec::new();
    let mut game = 0u64;
    while samples.len() < args.moves && game < 10 * args.moves as u64 + 10 {
        game += 1;
        let mut record = random_opening(&GameRecord::new(*start), args.opening, args.seed, game);
        for engine in [&with, &without, &longer] {
            engine.send(Command::NewGame);
            engine.send(Command::SetPosition(record.clone()));
        }
        let engine_seat = record.current().side_to_move();
        let mut predicted: Option<G::Move> = None;
        let mut human_moved: Option<bool> = None;
        let mut pondered_moved: Option<bool> = None;
        let mut played: Option<PonderedReply> = None;
        let mut engine_moves = 0;
        while record.outcome().is_none()
            && samples.len() < args.moves
            && engine_moves < args.game_moves
        {
            if record.current().side_to_move() == engine_seat {
                let (stats, mv, ponder) = timed_go(&with, budget)?;
                // The pondering engine is kept idle while the other one searches.
                with.set_ponder(false);
                let (other, _, _) = timed_go(&without, budget)?;
                let (long, _, _) = timed_go(&longer, budget + think)?;
                if let Some(hit) = human_moved.take() {
                    samples.push(Sample {
                        with: stats,
                        without: other,
                        longer: long,
                        hit,
                        pondered: pondered_moved.take().unwrap_or(false),
                        played: played.take().unwrap_or_default(),
                    });
                }
                pondered_moved = None;
                played = None;
                engine_moves += 1;
                let Some(mv) = mv else { break };
                with.send_move(mv);
                without.send_move(mv);
                longer.send_move(mv);
                record.try_play(mv).map_err(|e| e.to_string())?;
                predicted = ponder;
                with.set_ponder(true);
            } else {
                let started = Instant::now();
                let Some(mv) = human.choose(&record) else {
                    break;
                };
                // The human thinks T seconds; the engine ponders meanwhile.
                let until = started + think;
                let mut deepest: Option<(u32, G::Move)> = None;
                // Per reply deepened: its deepest depth and the time spent on it.
                let mut replies: Vec<(G::Move, u32, Duration)> = Vec::new();
                let mut last_time = Duration::ZERO;
                while Instant::now() < until {
                    let left = until.saturating_duration_since(Instant::now());
                    if let Some(Event::Ponder(PonderInfo::Progress {
                        reply: Some(reply),
                        depth,
                        time,
                        ..
                    })) = with.recv_timeout(left.min(Duration::from_millis(50)))
                    {
                        if deepest.is_none_or(|(d, _)| depth > d) {
                            deepest = Some((depth, reply));
                        }
                        let spent = time.saturating_sub(last_time);
                        last_time = time;
                        match replies.iter_mut().find(|(r, _, _)| *r == reply) {
                            Some(entry) => {
                                entry.1 = entry.1.max(depth);
                                entry.2 += spent;
                            }
                            None => replies.push((reply, depth, spent)),
                        }
                    }
                }
                if played.is_none() {
                    let own = replies.iter().find(|(r, _, _)| *r == mv);
                    played = Some(PonderedReply {
                        depth: own.map_or(0, |&(_, d, _)| d),
                        share: own.map_or(0.0, |&(_, _, t)| t.as_secs_f64() / think.as_secs_f64()),
                        replies: replies.len(),
                    });
                }
                while with.try_recv().is_some() {}
                while without.try_recv().is_some() {}
                while longer.try_recv().is_some() {}
                // The prediction is for the first of the human's moves (an extra turn may
                // follow it).
                human_moved = Some(human_moved.unwrap_or(predicted == Some(mv)));
                pondered_moved =
                    Some(pondered_moved.unwrap_or(deepest.map(|(_, r)| r) == Some(mv)));
                predicted = None;
                with.send_move(mv);
                without.send_move(mv);
                longer.send_move(mv);
                record.try_play(mv).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(samples)
}

/// The load average, for the record.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if count == 0 {
        f64::NAN
    } else {
        sum / count as f64
    }
}

fn efficiency<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config_ = G::config_from_spec(spec)?;
    let start = G::start(&config_)?;
    let mode = args.ponder_mode.unwrap_or_default();
    let load_before = load();
    let all = measure(&start, args).map_err(GameError::Position)?;
    let b = args.movetime as f64 / 1e3;
    let t = args.think;
    let budget = Duration::from_millis(args.movetime);
    let hard = Limits::movetime(budget).hard_deadline().unwrap_or(budget);
    // Positions the engine without pondering decides within B are left out.
    let samples: Vec<&Sample> = all.iter().filter(|s| s.without.depth < MAX_DEPTH).collect();
    let d_with = mean(samples.iter().map(|s| f64::from(s.with.depth)));
    let d_b = mean(samples.iter().map(|s| f64::from(s.without.depth)));
    let d_bt = mean(samples.iter().map(|s| f64::from(s.longer.depth)));
    let hits = mean(samples.iter().map(|s| if s.hit { 1.0 } else { 0.0 }));
    let pondered_hits = mean(samples.iter().map(|s| if s.pondered { 1.0 } else { 0.0 }));
    // Log-time interpolation (extrapolation beyond B+T).
    let b_log = if d_bt > d_b {
        b * ((b + t) / b).powf((d_with - d_b) / (d_bt - d_b))
    } else {
        f64::NAN
    };
    // The measured curve: the smallest b whose mean depth reaches the pondering engine's.
    let curve_at = |time: Duration| {
        mean(samples.iter().map(|s| {
            let total = hard + time;
            let depth = if total >= budget + Duration::from_secs_f64(t) {
                s.longer.depth
            } else {
                s.longer.depth_by(total)
            };
            f64::from(depth)
        }))
    };
    let steps = 200;
    let b_curve = (0..=steps)
        .map(|k| Duration::from_secs_f64(t * k as f64 / steps as f64))
        .find(|&extra| curve_at(extra) >= d_with)
        .map(|extra| b + extra.as_secs_f64());
    let catch_up = mean(
        samples
            .iter()
            .filter_map(|s| s.with.catch_up())
            .map(|d| d.as_secs_f64() * 1e3),
    );
    let kept = mean(samples.iter().map(|s| f64::from(s.with.kept_depth)));
    println!(
        "{spec}: T {t:.1} s, B {b:.1} s, mode {mode}, human {}, seed {}, moves {} (of {}; decided within B left out), load {} -> {}",
        args.human,
        args.seed,
        samples.len(),
        all.len(),
        load_before,
        load()
    );
    println!(
        "  mean depth: ponder {d_with:.2} | no ponder B {d_b:.2}, B+T {d_bt:.2}; hit rate {:.0}% (predicted), {:.0}% (pondered deepest); kept depth {kept:.1}, catch-up {catch_up:.1} ms",
        hits * 100.0,
        pondered_hits * 100.0
    );
    println!(
        "  B' {b_log:.2} s (log time), {} (curve); efficiency {:.2} (log time), {} (curve)",
        b_curve.map_or("> B+T".to_string(), |v| format!("{v:.2} s")),
        (b_log - b) / t,
        b_curve.map_or("> 1".to_string(), |v| format!("{:.2}", (v - b) / t)),
    );
    for (label, group) in [("pondered deepest", true), ("other replies", false)] {
        let part: Vec<&&Sample> = samples.iter().filter(|s| s.pondered == group).collect();
        let gain = mean(
            part.iter()
                .map(|s| f64::from(s.with.depth) - f64::from(s.without.depth)),
        );
        let longer_gain = mean(
            part.iter()
                .map(|s| f64::from(s.longer.depth) - f64::from(s.without.depth)),
        );
        println!(
            "  human played the {label}: {} moves; share of T on it {:.2}, its pondered depth {:.1}, replies deepened {:.1}; depth over B: ponder {gain:+.2}, B+T {longer_gain:+.2}",
            part.len(),
            mean(part.iter().map(|s| s.played.share)),
            mean(part.iter().map(|s| f64::from(s.played.depth))),
            mean(part.iter().map(|s| s.played.replies as f64)),
        );
    }
    if args.verbose {
        for s in &samples {
            println!(
                "    ponder depth {:>3} (kept {:>3}, pondered {:>3} with {:.2} of T, catch-up {:>7.1} ms, hit {} / {})  no ponder B {:>3}  B+T {:>3} (at B {:>3})",
                s.with.depth,
                s.with.kept_depth,
                s.played.depth,
                s.played.share,
                s.with
                    .catch_up()
                    .map_or(f64::NAN, |d| d.as_secs_f64() * 1e3),
                s.hit,
                s.pondered,
                s.without.depth,
                s.longer.depth,
                s.longer.depth_by(hard)
            );
        }
    }
    Ok(())
}

/// How many times the human is asked for its move in each position of `--ceiling`.
const CEILING_SAMPLES: usize = 32;

/// The ponder time shares that get the most depth out of the human's time T against a reply
/// distribution `p` (sorted, likeliest first), and what they gain: the expected gain in
/// doublings of the reply's search time, `sum p_i log2(1 + s_i T / B)` with `sum s_i = 1`.
/// Maximised by water-filling: `s_i = p_i / lambda - B / T` on the likeliest replies.
fn best_shares(p: &[f64], t_over_b: f64) -> f64 {
    let c = 1.0 / t_over_b;
    let mut active = 1;
    let mut mass = p[0];
    while active < p.len() {
        let candidate = p[active];
        let mass_with = mass + candidate;
        // The reply joins when its share would be positive with it in the active set.
        if candidate * (1.0 + (active as f64 + 1.0) * c) / mass_with <= c {
            break;
        }
        mass = mass_with;
        active += 1;
    }
    let scale = (1.0 + active as f64 * c) / mass;
    p[..active]
        .iter()
        .map(|&pi| {
            let share = pi * scale - c;
            pi * (1.0 + share * t_over_b).log2()
        })
        .sum()
}

/// `--ceiling N`: the best ponder efficiency any pondering policy can reach against the
/// scripted human, in the log-time model with perfect reuse of pondered work (a reply given
/// time s·T is searched as if with budget B + s·T; the others gain nothing). In N positions
/// of the kind the human faces (random openings, then up to `--game-moves` moves a side by
/// a stronger searcher, the medium level), the human is asked for its move
/// `CEILING_SAMPLES` times; the frequencies estimate its reply distribution, the best shares
/// and their expected gain G follow ([`best_shares`]), and the ceiling is
/// (B·2^mean(G) − B) / T. Also printed: the best single-reply hit rate, mean max p.
fn ceiling<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config_ = G::config_from_spec(spec)?;
    let start = GameRecord::new(G::start(&config_)?);
    let mut human = Human::<G>::new(&args.human, args.seed).map_err(GameError::Position)?;
    let mut stronger = Human::<G>::new(&format!("search:{}", G::DEPTHS.medium), args.seed)
        .map_err(GameError::Position)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let t_over_b = args.think * 1e3 / args.movetime as f64;
    let (mut gain, mut hit, mut positions) = (0.0, 0.0, 0usize);
    let mut game = 0;
    while positions < args.ceiling && game < 10 * args.ceiling as u64 + 10 {
        game += 1;
        let mut record = random_opening(&start, args.opening, args.seed, game);
        for _ in 0..2 * rng.random_range(0..args.game_moves) {
            let Some(mv) = stronger.choose(&record) else {
                break;
            };
            record
                .try_play(mv)
                .map_err(|e| GameError::Position(e.to_string()))?;
        }
        if record.outcome().is_some() {
            continue;
        }
        let mut counts: Vec<(G::Move, usize)> = Vec::new();
        for _ in 0..CEILING_SAMPLES {
            let Some(mv) = human.choose(&record) else {
                break;
            };
            match counts.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, n)) => *n += 1,
                None => counts.push((mv, 1)),
            }
        }
        let mut p: Vec<f64> = counts
            .iter()
            .map(|&(_, n)| n as f64 / CEILING_SAMPLES as f64)
            .collect();
        p.sort_by(|a, b| b.total_cmp(a));
        gain += best_shares(&p, t_over_b);
        hit += p[0];
        positions += 1;
    }
    let n = positions.max(1) as f64;
    let ceiling = (2f64.powf(gain / n) - 1.0) / t_over_b;
    println!(
        "{spec}: human {}, T {:.1} s, B {:.1} s, {positions} positions, {CEILING_SAMPLES} samples each: best single-reply hit rate {:.0}%, best expected gain {:.3} doublings, efficiency ceiling {ceiling:.2}",
        args.human,
        args.think,
        args.movetime as f64 / 1e3,
        hit / n * 100.0,
        gain / n,
    );
    Ok(())
}

/// Pairs of games between the engine with pondering (A) and without (B) at equal movetime.
fn elo_match<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config_ = G::config_from_spec(spec)?;
    let start = GameRecord::new(G::start(&config_)?);
    let load_before = load();
    let budget = Duration::from_millis(args.movetime);
    let a = Engine::new(start.clone(), config(true, args.ponder_mode, args.seed))
        .map_err(|e| GameError::Position(e.to_string()))?;
    // Only pondering differs (B keeps its tree too). Not pinned: the two search threads
    // must not share the last core.
    let b = Engine::new(
        start.clone(),
        EngineConfig {
            pin_thread: false,
            reuse_tree: true,
            ..config(false, args.ponder_mode, args.seed ^ 1)
        },
    )
    .map_err(|e| GameError::Position(e.to_string()))?;
    let run_game = |opening: &GameRecord<G>, a_first: bool, _pair: u64| -> Result<i32, String> {
        let mut record = opening.clone();
        for engine in [&a, &b] {
            engine.send(Command::NewGame);
            engine.send(Command::SetPosition(record.clone()));
        }
        let a_seat = if a_first {
            record.current().side_to_move()
        } else {
            record.current().side_to_move().opponent()
        };
        let mut plies = 0;
        while record.outcome().is_none() && plies < 1000 {
            let engine = if record.current().side_to_move() == a_seat {
                &a
            } else {
                &b
            };
            let (_, mv, _) = timed_go(engine, budget)?;
            let Some(mv) = mv else { break };
            while a.try_recv().is_some() {}
            while b.try_recv().is_some() {}
            a.send_move(mv);
            b.send_move(mv);
            record.try_play(mv).map_err(|e| e.to_string())?;
            plies += 1;
        }
        Ok(record
            .outcome()
            .map_or(0, |o| o.margin_for(a_seat).signum()))
    };
    let tally = play_pairs(
        &start,
        args.elo_pairs as u64,
        args.opening,
        args.seed,
        run_game,
    )
    .map_err(GameError::Position)?;
    println!(
        "{spec}: ponder on (A) against off (B), go movetime {} ms each, {} pairs of random {}-ply openings: +{} ={} -{}, score {:.3}, Elo A-B {}; load {} -> {}",
        args.movetime,
        args.elo_pairs,
        args.opening,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score(),
        tally.elo(),
        load_before,
        load()
    );
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("ponder_payoff: {message}");
            std::process::exit(2);
        }
    };
    for game in &args.games {
        let result = game.parse::<GameSpec>().and_then(|spec| {
            if args.elo_pairs > 0 {
                with_game!(spec, G => elo_match::<G>(&spec, &args))
            } else if args.ceiling > 0 {
                with_game!(spec, G => ceiling::<G>(&spec, &args))
            } else {
                with_game!(spec, G => efficiency::<G>(&spec, &args))
            }
        });
        if let Err(error) = result {
            eprintln!("ponder_payoff: {error}");
            std::process::exit(1);
        }
    }
}
