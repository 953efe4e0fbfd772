//! `ponder match`: two players against each other, with paired openings, Elo and SPRT.

use super::{CliError, PositionArgs, progress_bar};
use crate::files::PendingFile;
use crate::games::ataxx::seats::SeatsConfig;
use crate::games::{Game, GameRecord};
use crate::matches::{
    Balance, MatchConfig, MatchGame, SeatStats, Sprt, SprtDecision, Tally, elo_json, elo_text,
    run_match,
};
use crate::players::{Player, PlayerError, PlayerSpec, build_player};
use crate::search::Evaluators;
use crate::with_game;
use indicatif::ProgressBar;
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `ponder match`.
#[derive(Debug, Clone, clap::Args)]
pub struct MatchArgs {
    #[command(flatten)]
    pub(super) position: PositionArgs,
    /// Player A: `pvs`, `pvs:depth=8`, `pvs:movetime=50`, `engine`, `instructor`, `awale`,
    /// `pookie`, `greedy`, `random`, ...
    #[arg(long)]
    a: PlayerSpec,
    /// Player B, as for `--a`.
    #[arg(long)]
    b: PlayerSpec,
    /// Player C, for games of three or four seats (`--game ataxx:players=N`; players rotate
    /// round the table).
    #[arg(long)]
    c: Option<PlayerSpec>,
    /// Player D, for games of four seats.
    #[arg(long)]
    d: Option<PlayerSpec>,
    /// Games to play; colours are swapped every pair.
    #[arg(long, short = 'n', default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(super) games: u32,
    /// Random plies of each pair's opening (the same opening for both colours).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=200))]
    pub(super) opening_plies: u32,
    /// Random openings drawn for each pair; the most even by a quick search is played (1:
    /// plain random openings).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    balance: u32,
    /// The depth of the search that judges openings. Default: the game's (6; Ataxx: 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    balance_depth: Option<u32>,
    /// Seeds the openings and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at the same time (one thread each). Default: the number of cores.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: Option<u32>,
    /// Stop early by a sequential probability ratio test: `ELO0,ELO1` (e.g. `0,10`).
    #[arg(long, value_parser = parse_sprt_bounds)]
    sprt: Option<(f64, f64)>,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Print the results as one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write every game's record to this file, one JSON object per line.
    #[arg(long)]
    records: Option<PathBuf>,
}

fn parse_sprt_bounds(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?}: expected ELO0,ELO1 such as 0,10"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<f64>()
            .map_err(|_| format!("{s:?} is not a number"))
    };
    Ok((parse(a)?, parse(b)?))
}

/// Plays the match and prints the summary (text or JSON).
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if SeatsConfig::wanted_by(&args.position.game) {
        let specs: Vec<&PlayerSpec> = [
            Some(&args.a),
            Some(&args.b),
            args.c.as_ref(),
            args.d.as_ref(),
        ]
        .into_iter()
        .flatten()
        .collect();
        return super::seated_match::run(args, &specs, out);
    }
    with_game!(args.position.game, G => run_game::<G>(args, out))
}

/// What one side did over the match.
#[derive(Default, Clone, Copy)]
struct SideFigures {
    as_first: [u32; 3],
    as_second: [u32; 3],
    seat: SeatStats,
}

impl SideFigures {
    fn add(&mut self, game: &MatchGame<impl Game>, side_seat: usize, result: i32) {
        let slot = match result {
            1 => 0,
            0 => 1,
            _ => 2,
        };
        if side_seat == 0 {
            self.as_first[slot] += 1;
        } else {
            self.as_second[slot] += 1;
        }
        let stats = game.played.seats[side_seat];
        self.seat.moves += stats.moves;
        self.seat.time += stats.time;
        self.seat.depth_sum += stats.depth_sum;
        self.seat.nodes += stats.nodes;
        self.seat.max_time = self.seat.max_time.max(stats.max_time);
    }

    fn json(&self, name: &str) -> Value {
        let moves = f64::from(self.seat.moves.max(1));
        json!({
            "player": name,
            "as_first": {"wins": self.as_first[0], "draws": self.as_first[1], "losses": self.as_first[2]},
            "as_second": {"wins": self.as_second[0], "draws": self.as_second[1], "losses": self.as_second[2]},
            "moves": self.seat.moves,
            "avg_time_ms": self.seat.time.as_secs_f64() * 1000.0 / moves,
            "max_time_ms": self.seat.max_time.as_secs_f64() * 1000.0,
            "avg_depth": self.seat.depth_sum as f64 / moves,
            "nodes": self.seat.nodes,
        })
    }
}

fn run_game<G: Evaluators>(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start: GameRecord<G> = args.position.record()?;
    if start.outcome().is_some() {
        return Err(CliError::Usage(
            "the start position is already finished".into(),
        ));
    }
    let sprt = match args.sprt {
        Some((elo0, elo1)) => {
            Some(Sprt::new(elo0, elo1, args.alpha, args.beta).map_err(CliError::Usage)?)
        }
        None => None,
    };
    let make_a = |seed: u64| build_player::<G>(&args.a, seed);
    let make_b = |seed: u64| build_player::<G>(&args.b, seed);
    // Build once up front: a bad spec fails before any game starts.
    let names = [player_name(make_a(0)?), player_name(make_b(0)?)];
    let config = match_config::<G>(args);
    let mut progress = Progress::new(args, sprt, names)?;
    let started = Instant::now();
    let (games, tally) = run_match(&start, &make_a, &make_b, &config, &mut |game, tally| {
        progress.on_game(game, tally)
    })?;
    progress.finish()?;
    let elapsed = started.elapsed();

    let summary = summary_json(args, &config, &progress, &tally, &games, elapsed);
    if let Some(path) = &args.out {
        let text = serde_json::to_string_pretty(&summary)? + "\n";
        crate::files::write_atomic_bytes(path, text.as_bytes())?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
        return Ok(());
    }
    write_text(out, args, &tally, &progress.figures, &summary, elapsed)?;
    if let (Some(s), Some(decision)) = (sprt, progress.decision) {
        write_sprt_text(out, &s, decision)?;
    }
    Ok(())
}

/// The match's configuration from the arguments.
fn match_config<G: Evaluators>(args: &MatchArgs) -> MatchConfig {
    MatchConfig {
        games: args.games,
        opening_plies: args.opening_plies as usize,
        balance: (args.balance > 1).then(|| Balance {
            candidates: args.balance as usize,
            depth: args.balance_depth.unwrap_or(G::DEPTHS.balance),
        }),
        seed: args.seed,
        concurrency: args
            .concurrency
            .map_or_else(default_concurrency, |c| c as usize),
    }
}

/// The SPRT's verdict, its log-likelihood ratio, and the games counted when it came.
type Decision = (SprtDecision, f64, u32);

/// What the match learns as its games finish: each side's figures, the SPRT's decision, the
/// `--records` file and the progress bar.
struct Progress {
    names: [String; 2],
    sprt: Option<Sprt>,
    figures: [SideFigures; 2],
    decision: Option<Decision>,
    /// The records, written beside their file and renamed into place at the end (an
    /// interrupted match leaves the old file, and the games so far in the temporary one).
    records: Option<BufWriter<PendingFile>>,
    write_error: Option<std::io::Error>,
    bar: ProgressBar,
}

impl Progress {
    fn new(args: &MatchArgs, sprt: Option<Sprt>, names: [String; 2]) -> Result<Progress, CliError> {
        let records = match &args.records {
            Some(path) => Some(BufWriter::new(PendingFile::create(path)?)),
            None => None,
        };
        Ok(Progress {
            names,
            sprt,
            figures: [SideFigures::default(); 2],
            decision: None,
            records,
            write_error: None,
            bar: progress_bar(u64::from(args.games), "games"),
        })
    }

    /// Counts a finished game; whether the match should go on.
    fn on_game<G: Evaluators>(&mut self, game: &MatchGame<G>, tally: &Tally) -> bool {
        let result = game.a_result();
        self.figures[0].add(game, game.a_seat, result);
        self.figures[1].add(game, 1 - game.a_seat, -result);
        if let Some(writer) = self.records.as_mut() {
            let line = record_json(game, &self.names[0], &self.names[1]);
            if let Err(e) = writeln!(writer, "{line}") {
                self.write_error.get_or_insert(e);
            }
        }
        self.bar.inc(1);
        self.bar.set_message(format!(
            "A {}-{}-{} ({:.1}%)",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        ));
        self.sprt_continues(tally)
    }

    /// Whether the SPRT (if any) lets the match go on after `tally`.
    fn sprt_continues(&mut self, tally: &Tally) -> bool {
        match &self.sprt {
            // The first decision stands: games already under way when it came are counted.
            Some(_) if matches!(self.decision, Some((verdict, _, _)) if verdict != SprtDecision::Continue) => {
                false
            }
            Some(sprt) => {
                let (verdict, llr) = sprt.decide(tally);
                self.decision = Some((verdict, llr, tally.games()));
                verdict == SprtDecision::Continue
            }
            None => true,
        }
    }

    /// Clears the bar, reports a failed write of the records and flushes them.
    fn finish(&mut self) -> Result<(), CliError> {
        self.bar.finish_and_clear();
        if let Some(e) = self.write_error.take() {
            return Err(e.into());
        }
        if let Some(writer) = self.records.take() {
            let pending = writer.into_inner().map_err(|e| e.into_error())?;
            pending.commit()?;
        }
        Ok(())
    }
}

/// The match's results as the JSON summary.
fn summary_json<G: Evaluators>(
    args: &MatchArgs,
    config: &MatchConfig,
    progress: &Progress,
    tally: &Tally,
    games: &[MatchGame<G>],
    elapsed: Duration,
) -> Value {
    let estimate = tally.elo();
    let [name_a, name_b] = &progress.names;
    json!({
        "game": args.position.game.to_string(),
        "a": name_a,
        "b": name_b,
        "games": tally.games(),
        "games_requested": args.games,
        "opening_plies": args.opening_plies,
        "balance": args.balance,
        "seed": args.seed,
        "concurrency": config.concurrency,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "pairs": tally.pairs,
        "score": tally.score(),
        "points": tally.points(),
        "elo": elo_json(estimate.elo),
        "elo_low": elo_json(estimate.low),
        "elo_high": elo_json(estimate.high),
        "elo_text": estimate.to_string(),
        "interval": estimate.method,
        "sprt": progress.sprt.map(|s| {
            let (verdict, llr, at) = progress.decision.unwrap_or((SprtDecision::Continue, 0.0, 0));
            json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                   "lower": s.lower(), "upper": s.upper(), "llr": llr, "decision": verdict,
                   "decided_after_games": at})
        }),
        "side_a": progress.figures[0].json(name_a),
        "side_b": progress.figures[1].json(name_b),
        "terminations": terminations(games),
        "seconds": elapsed.as_secs_f64(),
    })
}

/// The SPRT's line of the text summary.
fn write_sprt_text(
    out: &mut dyn Write,
    s: &Sprt,
    (verdict, llr, at): Decision,
) -> Result<(), CliError> {
    let verdict = match verdict {
        SprtDecision::H1 => "H1 accepted (A is stronger by elo1 or more)",
        SprtDecision::H0 => "H0 accepted (A is not stronger by more than elo0)",
        SprtDecision::Continue => "no decision yet",
    };
    writeln!(
        out,
        "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} after {at} games (bounds {:.2}, {:.2}): {verdict}",
        s.elo0,
        s.elo1,
        s.alpha,
        s.beta,
        s.lower(),
        s.upper()
    )?;
    Ok(())
}

fn write_text(
    out: &mut dyn Write,
    args: &MatchArgs,
    tally: &Tally,
    figures: &[SideFigures; 2],
    summary: &Value,
    elapsed: Duration,
) -> Result<(), CliError> {
    let estimate = tally.elo();
    writeln!(
        out,
        "match {}: A = {} vs B = {}",
        args.position.game,
        summary["a"].as_str().unwrap_or("?"),
        summary["b"].as_str().unwrap_or("?")
    )?;
    writeln!(
        out,
        "{} games ({} requested) from {} openings of {} random plies (the most even of {}; seed {}), {} at a time, {:.1} s",
        tally.games(),
        args.games,
        args.games.div_ceil(2),
        args.opening_plies,
        args.balance,
        args.seed,
        summary["concurrency"],
        elapsed.as_secs_f64()
    )?;
    writeln!(
        out,
        "A: {} wins, {} draws, {} losses; score {:.1}% ({}/{})",
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        tally.points(),
        tally.games()
    )?;
    for (label, side) in ["A", "B"].iter().zip(figures) {
        let moves = f64::from(side.seat.moves.max(1));
        writeln!(
            out,
            "{label} as first: {}-{}-{}, as second: {}-{}-{} (W-D-L); {:.1} ms a move (max {:.0} ms), depth {:.1}",
            side.as_first[0],
            side.as_first[1],
            side.as_first[2],
            side.as_second[0],
            side.as_second[1],
            side.as_second[2],
            side.seat.time.as_secs_f64() * 1000.0 / moves,
            side.seat.max_time.as_secs_f64() * 1000.0,
            side.seat.depth_sum as f64 / moves,
        )?;
    }
    writeln!(out, "Elo A - B: {} [{}]", estimate, estimate.method)?;
    let _ = elo_text;
    Ok(())
}

/// Counts of how the games ended.
fn terminations<G: Evaluators>(games: &[MatchGame<G>]) -> Value {
    let mut finished = 0;
    let mut adjudicated = 0;
    let mut forfeits = 0;
    for game in games {
        match game.played.termination {
            crate::matches::Termination::Finished => finished += 1,
            crate::matches::Termination::Adjudicated => adjudicated += 1,
            crate::matches::Termination::Forfeit { .. } => forfeits += 1,
        }
    }
    json!({"finished": finished, "adjudicated": adjudicated, "forfeits": forfeits})
}

/// One game as a JSON line of `--records`.
fn record_json<G: Evaluators>(game: &MatchGame<G>, name_a: &str, name_b: &str) -> Value {
    let (first, second) = if game.a_seat == 0 {
        (name_a, name_b)
    } else {
        (name_b, name_a)
    };
    let moves: Vec<String> = game
        .played
        .record
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let winner = match game.a_result() {
        1 => json!("a"),
        -1 => json!("b"),
        _ => Value::Null,
    };
    json!({
        "game": game.index,
        "pair": game.pair,
        "first": first,
        "second": second,
        "a_seat": game.a_seat,
        "opening_plies": game.played.opening_plies,
        "moves": moves,
        "record": serde_json::to_value(&game.played.record).unwrap_or(Value::Null),
        "scores": game.played.record.current().scores(),
        "margin": game.played.outcome.margin(),
        "winner": winner,
        "termination": serde_json::to_value(&game.played.termination).unwrap_or(Value::Null),
    })
}

fn player_name<G: Evaluators>(player: Box<dyn Player<G>>) -> String {
    player.name()
}

/// The number of cores (at least 1).
pub(crate) fn default_concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl From<PlayerError> for CliError {
    fn from(error: PlayerError) -> CliError {
        CliError::Player(error)
    }
}
