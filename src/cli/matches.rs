//! `ponder match`: two players against each other, with paired openings, Elo and SPRT.

pub use super::match_args::MatchArgs;
use super::match_report::{Decision, MatchReport, write_summary};
use super::{CliError, progress_bar};
use crate::egdb::Shard;
use crate::files::PendingFile;
use crate::games::GameRecord;
use crate::games::ataxx::seats::SeatsConfig;
use crate::matches::{
    Balance, GameResult, MatchConfig, MatchGame, MatchPart, MatchSetup, Sprt, SprtDecision, Tally,
    run_match_shard, shard_games,
};
use crate::players::{Player, PlayerError, PlayerSpec, build_player_with, build_player_with_book};
use crate::search::Evaluators;
use crate::with_game;
use indicatif::ProgressBar;
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::time::Instant;

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
        if let Some(option) = two_seat_option(args) {
            return Err(CliError::Usage(format!(
                "{option}: serves matches of two seats (a match of more seats reports ranks and scores)"
            )));
        }
        return super::seated_match::run(args, &specs, out);
    }
    if args.c.is_some() || args.d.is_some() {
        return Err(CliError::Usage(format!(
            "--c, --d: players C and D sit at tables of three or four seats (--game ataxx:players=N), not at {}",
            args.position.game
        )));
    }
    if args.shard.is_some() && args.book.book.is_some() && !args.book.book_frozen {
        return Err(CliError::Usage(
            "--book with --shard needs --book-frozen: shards in other processes cannot learn into one file".into(),
        ));
    }
    with_game!(args.position.game, G => run_game::<G>(args, out))
}

/// The first option given that only a match of two seats has (an opening book, the SPRT,
/// shards, per-game records).
fn two_seat_option(args: &MatchArgs) -> Option<&'static str> {
    [
        (args.book.book.is_some(), "--book"),
        (args.sprt.is_some(), "--sprt"),
        (args.shard.is_some(), "--shard"),
        (args.records.is_some(), "--records"),
    ]
    .into_iter()
    .find_map(|(given, option)| given.then_some(option))
}

fn run_game<G: Evaluators>(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start: GameRecord<G> = args.position.unfinished_record()?;
    let sprt = match args.sprt {
        Some((elo0, elo1)) => {
            Some(Sprt::new(elo0, elo1, args.alpha, args.beta).map_err(CliError::Usage)?)
        }
        None => None,
    };
    let database = args.position.database::<G>()?;
    let book = args.book.open::<G>(&args.position.game)?;
    let make_a =
        |seed: u64| build_player_with_book::<G>(&args.a, seed, database.clone(), book.clone());
    let make_b = |seed: u64| build_player_with::<G>(&args.b, seed, database.clone());
    // Build once up front: a bad spec fails before any game starts.
    let mut name_a = player_name(make_a(0)?);
    if let Some(path) = &args.book.book {
        name_a = format!("{name_a} book={}", path.display());
    }
    let setup = match_setup(args, [name_a, player_name(make_b(0)?)]);
    let config = match_config::<G>(args);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let shard_size = shard_games(config.games, shard).len() as u64;
    let mut progress = Progress::new(args, sprt, &setup, shard_size)?;
    let started = Instant::now();
    let (_, tally) = run_match_shard(
        &start,
        &make_a,
        &make_b,
        &config,
        shard,
        &mut |game, tally| progress.on_game(game, tally),
    )?;
    progress.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    let mut results = std::mem::take(&mut progress.results);
    results.sort_by_key(|game| game.index);

    if let (Some(shard), Some(path)) = (args.shard, &args.part) {
        return write_part(out, setup, shard, seconds, (results, &tally), path);
    }
    let report = MatchReport {
        setup: &setup,
        games: &results,
        tally: &tally,
        concurrency: Some(config.concurrency),
        shards: 1,
        seconds,
        sprt: sprt.map(|s| (s, progress.decision)),
    };
    write_report(out, &report, args.out.as_deref(), args.json)
}

/// Writes a finished match's summary: as JSON to `path` if given, and as JSON or text to
/// `out`.
pub(super) fn write_report(
    out: &mut dyn Write,
    report: &MatchReport<'_>,
    path: Option<&std::path::Path>,
    json: bool,
) -> Result<(), CliError> {
    let summary = report.json();
    if let Some(path) = path {
        write_summary(path, &summary)?;
    }
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
        return Ok(());
    }
    report.write_text(out)
}

/// Saves one shard's games as a part file and says so.
fn write_part(
    out: &mut dyn Write,
    setup: MatchSetup,
    shard: Shard,
    seconds: f64,
    (games, tally): (Vec<GameResult>, &Tally),
    path: &std::path::Path,
) -> Result<(), CliError> {
    let part = MatchPart {
        setup,
        index: shard.index(),
        count: shard.count(),
        seconds,
        games,
    };
    part.save(path)?;
    writeln!(
        out,
        "shard {shard}: {} games, A {}-{}-{} (W-D-L), {seconds:.1} s; part written to {} (join the parts with `ponder merge --out SUMMARY.json PARTS...`)",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        path.display()
    )?;
    Ok(())
}

/// What every shard of this match must agree on.
fn match_setup(args: &MatchArgs, names: [String; 2]) -> MatchSetup {
    let [a, b] = names;
    let position = &args.position;
    MatchSetup {
        game: position.game.to_string(),
        position: position.start_label(),
        a,
        b,
        games: args.games,
        opening_plies: args.opening_plies,
        balance: args.balance,
        balance_depth: args.balance_depth,
        seed: args.seed,
    }
}

/// The match's configuration from the arguments.
fn match_config<G: Evaluators>(args: &MatchArgs) -> MatchConfig {
    MatchConfig {
        games: args.games,
        opening_plies: args.opening_plies as usize,
        balance: Balance::of::<G>(args.balance, args.balance_depth),
        seed: args.seed,
        concurrency: args
            .concurrency
            .map_or_else(default_concurrency, |c| c as usize),
    }
}

/// What the match learns as its games finish: each game's result, the SPRT's decision, the
/// `--records` file and the progress bar.
struct Progress {
    names: [String; 2],
    sprt: Option<Sprt>,
    results: Vec<GameResult>,
    decision: Option<Decision>,
    /// The records, written beside their file and renamed into place at the end (an
    /// interrupted match leaves the old file, and the games so far in the temporary one).
    records: Option<BufWriter<PendingFile>>,
    write_error: Option<std::io::Error>,
    bar: ProgressBar,
}

impl Progress {
    fn new(
        args: &MatchArgs,
        sprt: Option<Sprt>,
        setup: &MatchSetup,
        games: u64,
    ) -> Result<Progress, CliError> {
        let records = match &args.records {
            Some(path) => Some(BufWriter::new(PendingFile::create(path)?)),
            None => None,
        };
        Ok(Progress {
            names: [setup.a.clone(), setup.b.clone()],
            sprt,
            results: Vec::new(),
            decision: None,
            records,
            write_error: None,
            bar: progress_bar(games, "games"),
        })
    }

    /// Counts a finished game; whether the match should go on.
    fn on_game<G: Evaluators>(&mut self, game: &MatchGame<G>, tally: &Tally) -> bool {
        let line = record_json(game, &self.names[0], &self.names[1]).to_string();
        if let Some(writer) = self.records.as_mut() {
            if let Err(e) = writeln!(writer, "{line}") {
                self.write_error.get_or_insert(e);
            }
        }
        self.results.push(GameResult::of(game, line));
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
