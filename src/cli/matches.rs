//! `ponder match`: players against each other at a table of two to four seats, every opening
//! played in every seating; two seats with paired openings, Elo and SPRT, more seats with each
//! player's ranks and scores.

pub use super::match_args::MatchArgs;
use super::match_report::{Decision, MatchReport, write_summary};
use super::play::seated_engine;
use super::{CliError, progress_bar, with_seats_or_game};
use crate::egdb::Shard;
use crate::engine::{EngineConfig, TieBreak};
use crate::files::PendingFile;
use crate::games::{GameRecord, Seat};
use crate::matches::{
    Balance, GameResult, Lineup, MatchConfig, MatchGame, MatchPart, MatchSetup, PairedTally, Sprt,
    SprtDecision, Tally, run_table, shard_rounds, tally_of,
};
use crate::players::{
    Player, PlayerError, PlayerSpec, SeatedPlayer, build_player_with, build_player_with_book,
};
use crate::search::multi::DEFAULT_NODES;
use crate::search::{Evaluators, Limits};
use indicatif::ProgressBar;
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::time::Instant;

/// Plays the match and prints the summary (text or JSON).
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_seats_or_game!(args.position.game, G => run_game::<G>(args, out))
}

/// Refuses the options this table's seat count has no use for.
fn check_options(args: &MatchArgs, seats: usize) -> Result<(), CliError> {
    if seats > 2 {
        if let Some((option, why)) = two_seat_option(args) {
            return Err(CliError::Usage(format!(
                "{option}: serves matches of two seats ({why})"
            )));
        }
    } else if args.c.is_some() || args.d.is_some() {
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
    Ok(())
}

/// The first option given that only a match of two seats has (an opening book, the SPRT,
/// shards), with why.
fn two_seat_option(args: &MatchArgs) -> Option<(&'static str, &'static str)> {
    [
        (
            args.book.given(),
            "--book",
            "the book is the two-seat engine's",
        ),
        (
            args.sprt.is_some(),
            "--sprt",
            "a match of more seats reports ranks and scores",
        ),
        (
            args.shard.is_some(),
            "--shard",
            "the players of a larger table keep their engines from game to game, so a shard could not play its games as the whole match does",
        ),
    ]
    .into_iter()
    .find_map(|(given, option, why)| given.then_some((option, why)))
}

fn run_game<G: Evaluators>(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start: GameRecord<G> = args.position.unfinished_record()?;
    let seats = start.current().seat_count();
    check_options(args, seats)?;
    let sprt = match args.sprt {
        Some((elo0, elo1)) => {
            Some(Sprt::new(elo0, elo1, args.alpha, args.beta).map_err(CliError::Usage)?)
        }
        None => None,
    };
    let database = args.position.database::<G>()?;
    let book = args.book.open::<G>(&args.position.game, false)?;
    let make_a =
        |seed: u64| build_player_with_book::<G>(&args.a, seed, database.clone(), book.clone());
    let make_b = |seed: u64| build_player_with::<G>(&args.b, seed, database.clone());
    let lineup = if seats > 2 {
        Lineup::Kept(seated_players::<G>(args)?)
    } else {
        Lineup::Fresh(vec![&make_a, &make_b])
    };
    // Built once up front: a bad spec fails before any game starts.
    let mut names = lineup.names()?;
    if let (Some(path), Some(name_a)) = (&args.book.book, names.first_mut()) {
        *name_a = format!("{name_a} book={}", path.display());
    } else if let (true, Some(name_a)) = (args.book.own_book, names.first_mut()) {
        *name_a = format!("{name_a} book=own");
    }
    let config = match_config::<G>(args, seats);
    let setup = match_setup(args, names, seats, config.games);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let shard_size = shard_rounds(config.games, seats, shard).len() as u64;
    let mut progress = Progress::new(args, sprt, &setup, shard_size)?;
    let started = Instant::now();
    run_table(&start, lineup, &config, shard, &mut |game| {
        progress.on_game(game)
    })?;
    progress.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    let mut results = std::mem::take(&mut progress.results);
    results.sort_by_key(|game| game.index);

    if let (Some(shard), Some(path)) = (args.shard, &args.part) {
        return write_part(out, setup, shard, seconds, results, path);
    }
    let report = MatchReport {
        setup: &setup,
        games: &results,
        concurrency: Some(config.concurrency),
        shards: 1,
        seconds,
        sprt: sprt.map(|s| (s, progress.decision)),
    };
    write_report(out, &report, args.out.as_deref(), args.json)
}

/// The players of a table of more than two seats (`--a` to `--d`, [`SeatedPlayer`] specs):
/// each an engine of its multi-player search, kept over the whole match (its table too).
fn seated_players<G: Evaluators>(args: &MatchArgs) -> Result<Vec<Box<dyn Player<G>>>, CliError> {
    /// The table of each player's engine, MiB (the wide table of three and four seats:
    /// 196,608 buckets of 64 bytes, 393,216 entries).
    const PLAYER_HASH_MIB: usize = 12;
    let limits = Limits {
        depth: Some(64),
        nodes: Some(DEFAULT_NODES),
        ..Limits::default()
    };
    let specs = [
        Some(&args.a),
        Some(&args.b),
        args.c.as_ref(),
        args.d.as_ref(),
    ];
    // No pondering, not pinned: the players share the cores.
    let config = EngineConfig {
        hash_mib: PLAYER_HASH_MIB,
        tree_mib: 1,
        ponder: false,
        pin_thread: false,
        tie_break: TieBreak::First,
        ..EngineConfig::default()
    };
    specs
        .into_iter()
        .flatten()
        .map(|spec: &PlayerSpec| {
            let player = SeatedPlayer::from_spec(spec, limits.clone())?;
            Ok(seated_engine::<G>(player, config.clone())?)
        })
        .collect()
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
    games: Vec<GameResult>,
    path: &std::path::Path,
) -> Result<(), CliError> {
    let tally = tally_of(&games);
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
fn match_setup(args: &MatchArgs, players: Vec<String>, seats: usize, games: u32) -> MatchSetup {
    let position = &args.position;
    MatchSetup {
        game: position.game.to_string(),
        position: position.start_label(),
        players,
        seats: seats as u32,
        games,
        opening_plies: args.opening_plies,
        balance: if seats <= 2 { args.balance } else { 1 },
        balance_depth: args.balance_depth.filter(|_| seats <= 2),
        seed: args.seed,
    }
}

/// The match's configuration from the arguments, at a table of `seats` seats. A table of more
/// than two seats plays every seating of each opening (its games rounded up to a multiple of
/// the seats) from plain random openings (the balancing search judges two seats).
fn match_config<G: Evaluators>(args: &MatchArgs, seats: usize) -> MatchConfig {
    let two_seats = seats <= 2;
    let games = if two_seats {
        args.games
    } else {
        args.games.div_ceil(seats as u32) * seats as u32
    };
    MatchConfig {
        games,
        opening_plies: args.opening_plies as usize,
        balance: Balance::of::<G>(args.balance, args.balance_depth).filter(|_| two_seats),
        seed: args.seed,
        concurrency: args
            .concurrency
            .map_or_else(default_concurrency, |c| c as usize),
    }
}

/// What the match learns as its games finish: each game's result, A's tally and the SPRT's
/// decision (two seats), the `--records` file and the progress bar.
struct Progress {
    names: Vec<String>,
    sprt: Option<Sprt>,
    tally: PairedTally,
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
            names: setup.players.clone(),
            sprt,
            tally: PairedTally::default(),
            results: Vec::new(),
            decision: None,
            records,
            write_error: None,
            bar: progress_bar(games, "games"),
        })
    }

    /// Counts a finished game; whether the match should go on.
    fn on_game<G: Evaluators>(&mut self, game: &MatchGame<G>) -> bool {
        let line = record_json(game, &self.names).to_string();
        if let Some(writer) = self.records.as_mut() {
            if let Err(e) = writeln!(writer, "{line}") {
                self.write_error.get_or_insert(e);
            }
        }
        self.results.push(GameResult::of(game, line));
        self.bar.inc(1);
        if game.seating.len() > 2 {
            return true;
        }
        self.tally.add(game.pair, game.a_result());
        let tally = *self.tally.tally();
        self.bar.set_message(format!(
            "A {}-{}-{} ({:.1}%)",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        ));
        self.sprt_continues(&tally)
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

/// One game as a JSON line of `--records`: with two seats, who sat first and second and the
/// winner (`a`, `b` or null); with more, who sat in each seat and each seat's rank.
fn record_json<G: Evaluators>(game: &MatchGame<G>, names: &[String]) -> Value {
    let played = &game.played;
    let name = |player: usize| names.get(player).map_or("", String::as_str);
    let seat_name = |seat: usize| game.seating.get(seat).map_or("", |&player| name(player));
    let moves: Vec<String> = played
        .record
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let record = serde_json::to_value(&played.record).unwrap_or(Value::Null);
    let termination = serde_json::to_value(&played.termination).unwrap_or(Value::Null);
    if game.seating.len() > 2 {
        let position = played.record.current();
        let scores: Vec<u32> = (0..game.seating.len())
            .map(|seat| position.seat_score(Seat::new(seat)))
            .collect();
        let seating: Vec<&str> = (0..game.seating.len()).map(seat_name).collect();
        return json!({
            "game": game.index,
            "round": game.pair,
            "seating": seating,
            "opening_plies": played.opening_plies,
            "moves": moves,
            "record": record,
            "scores": scores,
            "ranks": played.ranks,
            "termination": termination,
        });
    }
    let winner = match game.a_result() {
        1 => json!("a"),
        -1 => json!("b"),
        _ => Value::Null,
    };
    json!({
        "game": game.index,
        "pair": game.pair,
        "first": seat_name(0),
        "second": seat_name(1),
        "a_seat": game.a_seat(),
        "opening_plies": played.opening_plies,
        "moves": moves,
        "record": record,
        "scores": played.record.current().scores(),
        "margin": played.outcome.margin(),
        "winner": winner,
        "termination": termination,
    })
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
