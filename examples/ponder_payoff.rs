//! The payoff of pondering and re-rooting, measured: scripted matches where the human side
//! thinks T seconds a move and the engine has a fixed budget. An engine with pondering and
//! the re-rooted tree plays; a second engine with neither (a fresh tree each move, no
//! pondering; its table is kept) follows the same game and searches the same positions right
//! after it, with the same budget. For each engine move that follows a human move it records the time from
//! the human's move to the completion of a fixed depth, the depth reached within the
//! budget, whether the move had been pondered, and the share of the new search's tree work
//! already present in the kept tree.
//!
//! ```text
//! cargo run --release --example ponder_payoff -- [--game kalah] [--think 0.5,2,5]
//!     [--moves 10] [--depth 16] [--movetime 1500] [--human search:4|random]
//!     [--ponder-mode replies:2|replies|likeliest|root] [--seed 1] [--verbose]
//! ```

use ponder::engine::{Command, Engine, EngineConfig, Event, Limits, PonderMode, TieBreak};
use ponder::search::{Evaluators, SearchOptions, Searcher, StopSignal};
use ponder::{GameError, GameRecord, GameSpec, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

#[derive(Clone)]
struct Args {
    game: String,
    think: Vec<f64>,
    moves: usize,
    depth: Option<u32>,
    movetime: u64,
    human: String,
    ponder_mode: PonderMode,
    seed: u64,
    opening: usize,
    verbose: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "kalah".to_string(),
        think: vec![0.5, 2.0, 5.0],
        moves: 10,
        depth: None,
        movetime: 1500,
        human: "search:4".to_string(),
        ponder_mode: PonderMode::default(),
        seed: 1,
        opening: 2,
        verbose: false,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        let number = |text: String| text.parse::<f64>().map_err(|_| format!("{word}: a number"));
        match word.as_str() {
            "--game" => args.game = value()?,
            "--think" => {
                args.think = value()?
                    .split(',')
                    .map(|t| {
                        t.trim()
                            .parse::<f64>()
                            .map_err(|_| "--think: numbers".to_string())
                    })
                    .collect::<Result<_, _>>()?
            }
            "--moves" => args.moves = number(value()?)? as usize,
            "--depth" => args.depth = Some(number(value()?)? as u32),
            "--movetime" => args.movetime = number(value()?)? as u64,
            "--human" => args.human = value()?,
            "--ponder-mode" => args.ponder_mode = value()?.parse()?,
            "--seed" => args.seed = number(value()?)? as u64,
            "--opening" => args.opening = number(value()?)? as usize,
            "--verbose" => args.verbose = true,
            "--auto" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// The scripted human: a shallow search with a random choice among equal-best moves, or
/// uniformly random moves.
struct Human<G: Evaluators> {
    searcher: Option<(Searcher<G>, u32)>,
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
        let depth = policy
            .strip_prefix("search:")
            .and_then(|d| d.parse().ok())
            .ok_or(format!(
                "--human {policy}: expected search:<depth> or random"
            ))?;
        let options = SearchOptions {
            hash_mib: 4,
            tiebreak: ponder::search::TieBreak::Random { seed },
            ..SearchOptions::default()
        };
        let searcher = Searcher::with_new_table(options).map_err(|e| e.to_string())?;
        Ok(Human {
            searcher: Some((searcher, depth)),
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
            Some((searcher, depth)) => {
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
                        &Limits::depth(*depth),
                        &StopSignal::new(),
                        &mut |_| {},
                    )
                    .best_move
            }
        }
    }
}

/// What one engine move after a human move showed.
#[derive(Clone, Debug, Default)]
struct MoveStats {
    /// From the human's move to the fixed depth completed (`None`: not within the budget).
    time_to_depth: Option<Duration>,
    /// The depth completed within the budget.
    depth_reached: u32,
    /// The human's move was in the tree with a subtree searched at least to the fixed depth.
    hit: bool,
    /// Depth to which the new root was already searched.
    kept_depth: u32,
    /// Share of the tree nodes the search entered up to the fixed depth that were kept.
    kept_share: f64,
    /// Nodes the search needed to complete the fixed depth.
    nodes_to_depth: u64,
    /// From the human's move to the engine's answer that it re-rooted (pondering stopped,
    /// tree re-rooted).
    play_to_reroot: Duration,
    /// The re-rooting itself.
    reroot: Duration,
}

/// Runs `go` on `engine` and collects what the payoff measures; `after_human` is when the
/// human's move was sent (`None`: not measured).
fn measured_go<G: Evaluators>(
    engine: &Engine<G>,
    budget: Duration,
    depth: u32,
    after_human: Option<Instant>,
) -> Result<(MoveStats, Option<G::Move>), String> {
    let id = engine.go(Limits::movetime(budget));
    let started = after_human.unwrap_or_else(Instant::now);
    let mut move_stats = MoveStats::default();
    let mut last_nodes = 0;
    loop {
        match engine.recv_timeout(budget + Duration::from_secs(10)) {
            Some(Event::Info(info)) if info.id == id => {
                last_nodes = info.search.nodes;
                if info.search.depth >= depth && move_stats.time_to_depth.is_none() {
                    move_stats.time_to_depth = Some(started.elapsed());
                    move_stats.nodes_to_depth = info.search.nodes;
                    move_stats.kept_share = if info.tree.visited > 0 {
                        info.tree.kept as f64 / info.tree.visited as f64
                    } else {
                        0.0
                    };
                }
            }
            Some(Event::Rerooted(reroot)) => {
                move_stats.hit = reroot.hit && reroot.kept_depth >= depth;
                move_stats.kept_depth = reroot.kept_depth;
                move_stats.reroot = reroot.time;
                move_stats.play_to_reroot = started.elapsed();
            }
            Some(Event::BestMove(best)) if best.id == id => {
                move_stats.depth_reached = best.depth;
                if move_stats.time_to_depth.is_none() {
                    // Not reached: the nodes of the whole search, a lower bound.
                    move_stats.nodes_to_depth = best.nodes.max(last_nodes);
                }
                return Ok((move_stats, best.mv));
            }
            Some(Event::Error(error)) => return Err(error.to_string()),
            Some(_) => {}
            None => return Err("the engine did not answer".to_string()),
        }
    }
}

/// Scripted matches: the engine with pondering and the re-rooted tree plays against the
/// scripted human; a second engine with neither follows the same game (every move is sent to
/// both) and searches every position the first one searches, right after it, with the same
/// budget, so that both are measured on the same positions under the same machine load.
fn run_match<G: Evaluators>(
    start: &G,
    args: &Args,
    think: f64,
    depth: u32,
) -> Result<(Vec<MoveStats>, Vec<MoveStats>), String> {
    let config = |on: bool| EngineConfig {
        ponder: on,
        reuse_tree: on,
        ponder_mode: args.ponder_mode,
        tie_break: TieBreak::Random { seed: args.seed },
        ..EngineConfig::default()
    };
    let with = Engine::new(GameRecord::new(*start), config(true));
    let without = Engine::new(GameRecord::new(*start), config(false));
    let mut human = Human::<G>::new(&args.human, args.seed)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let budget = Duration::from_millis(args.movetime);
    let mut with_stats = Vec::new();
    let mut without_stats = Vec::new();
    let mut game = 0;
    while with_stats.len() < args.moves && game < 10 * args.moves {
        // A new game from a short random opening, the engine playing the side to move.
        game += 1;
        let mut record = GameRecord::new(*start);
        let mut moves = Vec::new();
        for _ in 0..args.opening {
            record.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            record.try_play(mv).map_err(|e| e.to_string())?;
        }
        for engine in [&with, &without] {
            engine.send(Command::NewGame);
            engine.send(Command::SetPosition(record.clone()));
        }
        let engine_seat = record.current().side_to_move();
        let mut after_human: Option<(Instant, Instant)> = None;
        while record.outcome().is_none() && with_stats.len() < args.moves {
            if record.current().side_to_move() == engine_seat {
                let (stats, mv) = measured_go(&with, budget, depth, after_human.map(|t| t.0))?;
                // The engine with pondering must not think ahead while the other searches.
                with.set_ponder(false);
                let (other, _) =
                    measured_go(&without, budget, depth, after_human.map(|_| Instant::now()))?;
                with.set_ponder(true);
                if after_human.take().is_some() {
                    with_stats.push(stats);
                    without_stats.push(other);
                }
                let Some(mv) = mv else { break };
                with.send_move(mv);
                without.send_move(mv);
                record.try_play(mv).map_err(|e| e.to_string())?;
            } else {
                let started = Instant::now();
                let Some(mv) = human.choose(&record) else {
                    break;
                };
                // The human thinks T seconds; the engine ponders meanwhile.
                let think_until = started + Duration::from_secs_f64(think);
                while Instant::now() < think_until {
                    let left = think_until.saturating_duration_since(Instant::now());
                    let _ = with.recv_timeout(left.min(Duration::from_millis(50)));
                }
                // Anything left over from pondering is not the next search's.
                while with.try_recv().is_some() {}
                while without.try_recv().is_some() {}
                let now = Instant::now();
                after_human = Some((now, now));
                with.send_move(mv);
                without.send_move(mv);
                record.try_play(mv).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok((with_stats, without_stats))
}

/// Mean and median time to the fixed depth (ms), mean depth reached, depth not reached,
/// share pondered to the fixed depth, mean kept depth, mean kept share, mean nodes to depth.
#[allow(clippy::type_complexity)]
fn summarize(stats: &[MoveStats], budget_ms: u64) -> (f64, f64, f64, usize, f64, f64, f64, f64) {
    let n = stats.len().max(1) as f64;
    // A depth not completed within the budget counts as the budget (a lower bound).
    let mut times: Vec<f64> = stats
        .iter()
        .map(|s| {
            s.time_to_depth
                .map_or(budget_ms as f64, |t| t.as_secs_f64() * 1e3)
        })
        .collect();
    let mean = times.iter().sum::<f64>() / n;
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let depth = stats
        .iter()
        .map(|s| f64::from(s.depth_reached))
        .sum::<f64>()
        / n;
    let missed = stats.iter().filter(|s| s.time_to_depth.is_none()).count();
    let hits = stats.iter().filter(|s| s.hit).count() as f64 / n;
    let kept_depth = stats.iter().map(|s| f64::from(s.kept_depth)).sum::<f64>() / n;
    let kept = stats.iter().map(|s| s.kept_share).sum::<f64>() / n;
    let nodes = stats.iter().map(|s| s.nodes_to_depth as f64).sum::<f64>() / n;
    (mean, median, depth, missed, hits, kept_depth, kept, nodes)
}

fn default_depth(game: &str) -> u32 {
    match game {
        "kalah" => 20,
        "oware" => 12,
        "ataxx" => 5,
        _ => 8,
    }
}

fn run<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config = G::config_from_spec(spec)?;
    let start = G::start(&config)?;
    let depth = args.depth.unwrap_or_else(|| default_depth(spec.name()));
    println!(
        "{spec}: fixed depth {depth}, engine budget {} ms a move, human {}, {} human moves per run, ponder mode {}, seed {}",
        args.movetime, args.human, args.moves, args.ponder_mode, args.seed
    );
    println!(
        "{:>6} {:<14} {:>5} {:>12} {:>10} {:>8} {:>7} {:>10} {:>10} {:>10} {:>14} {:>10} {:>10}",
        "T (s)",
        "engine",
        "moves",
        "to depth ms",
        "median ms",
        "depth",
        "missed",
        "pondered",
        "kept depth",
        "kept tree",
        "nodes to depth",
        "max stop+reroot ms",
        "max reroot ms"
    );
    for &think in &args.think {
        let (with, without) = run_match(&start, args, think, depth).map_err(GameError::Position)?;
        let mut means = Vec::new();
        for (on, stats) in [(true, &with), (false, &without)] {
            let (mean, median, reached, missed, hits, kept_depth, kept, nodes) =
                summarize(stats, args.movetime);
            let max_ms = |f: &dyn Fn(&MoveStats) -> Duration| {
                stats
                    .iter()
                    .map(|s| f(s).as_secs_f64() * 1e3)
                    .fold(0.0, f64::max)
            };
            println!(
                "{think:>6.1} {:<14} {:>5} {mean:>12.1} {median:>10.1} {reached:>8.2} {missed:>7} {:>9.0}% {kept_depth:>10.1} {:>9.0}% {nodes:>14.0} {:>10.2} {:>10.2}",
                if on { "ponder+reroot" } else { "neither" },
                stats.len(),
                hits * 100.0,
                kept * 100.0,
                max_ms(&|s| s.play_to_reroot),
                max_ms(&|s| s.reroot),
            );
            if args.verbose {
                for s in stats.iter() {
                    println!(
                        "        to depth {:>8.1} ms  reached {:>3}  kept depth {:>3}  kept {:>4.0}%  play->reroot {:>6.2} ms  reroot {:>6.2} ms",
                        s.time_to_depth.map_or(f64::NAN, |t| t.as_secs_f64() * 1e3),
                        s.depth_reached,
                        s.kept_depth,
                        s.kept_share * 100.0,
                        s.play_to_reroot.as_secs_f64() * 1e3,
                        s.reroot.as_secs_f64() * 1e3
                    );
                }
            }
            means.push((mean, nodes));
        }
        if let [(with, with_nodes), (without, without_nodes)] = means[..] {
            println!(
                "{think:>6.1} speed-up to depth {depth}: {:.2}x in time, {:.2}x in nodes",
                without / with.max(1e-3),
                without_nodes / with_nodes.max(1.0)
            );
        }
    }
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
    let result = args
        .game
        .parse::<GameSpec>()
        .and_then(|spec| with_game!(spec, G => run::<G>(&spec, &args)));
    if let Err(error) = result {
        eprintln!("ponder_payoff: {error}");
        std::process::exit(1);
    }
}
