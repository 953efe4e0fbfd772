//! `ponder uai`: the Universal Ataxx Interface, so that ponder plays in Ataxx GUIs and
//! tournament managers (cuteataxx, python-ataxx's engine client).
//!
//! The main thread reads commands the whole time; searches run on a thread of their own, so
//! `stop`, `isready` (answered at once, even during a search) and `quit` are handled while the
//! engine thinks. Every best move is checked against the position before it is sent, and a
//! malformed or unknown command is noted on standard error and otherwise ignored.

mod clock;
mod protocol;

pub use clock::{clock_budget, go_limits};
pub use protocol::{GoParams, UaiCommand, parse_command};

use super::CliError;
use crate::game::{GameRecord, GameSpec};
use crate::players::{Choice, Limits, Player, PlayerSpec, StopSignal, Thought, Turn, build_player};
use crate::search::Evaluators;
use crate::with_game;
use crossbeam_channel::{Receiver, Sender};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Arguments of `ponder uai`.
#[derive(Debug, Clone, clap::Args)]
pub struct UaiArgs {
    /// The game (UAI is Ataxx's protocol; other games work the same way with their own
    /// position notation).
    #[arg(long, short = 'g', default_value = "ataxx")]
    game: GameSpec,
    /// The player that searches: `pvs` (the search, with its table kept between moves) or
    /// `engine` (the engine thread); UAI options add `hash`, `threads`, `eval`, `tiebreak`,
    /// `seed` to it.
    #[arg(long, default_value = "pvs")]
    player: PlayerSpec,
}

/// Runs a session on standard input and output until `quit` or the end of the input.
pub fn run(args: &UaiArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    let output = Output::new(Box::new(std::io::stdout()));
    let input = std::io::stdin().lock();
    with_game!(args.game, G => run_session::<G>(args, input, output))
}

/// Lines to the GUI, written whole from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    /// Writes one line and flushes it. A closed output (the GUI went away) is ignored: the
    /// session ends when its input does.
    pub fn line(&self, text: &str) {
        let mut writer = match self.0.lock() {
            Ok(writer) => writer,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }
}

/// The budget of a `go` whose limits could not be read.
const MALFORMED_GO_BUDGET: Duration = Duration::from_millis(100);

/// A note for whoever watches standard error.
fn note(text: &str) {
    eprintln!("ponder uai: {text}");
}

/// The settable options and their current values.
#[derive(Clone, Debug, PartialEq)]
struct Options {
    hash: u64,
    threads: u64,
    ponder: bool,
    move_overhead: u64,
    eval: String,
    tiebreak: String,
    seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash: 16,
            threads: 1,
            ponder: false,
            move_overhead: 30,
            eval: "default".to_string(),
            tiebreak: "random".to_string(),
            seed: 1,
        }
    }
}

impl Options {
    /// The `option` lines of the `uai` answer.
    fn describe() -> Vec<String> {
        let d = Options::default();
        vec![
            format!(
                "option name Hash type spin default {} min 1 max 4096",
                d.hash
            ),
            format!(
                "option name Threads type spin default {} min 1 max 64",
                d.threads
            ),
            format!("option name Ponder type check default {}", d.ponder),
            format!(
                "option name MoveOverhead type spin default {} min 0 max 5000",
                d.move_overhead
            ),
            format!("option name Eval type string default {}", d.eval),
            format!(
                "option name TieBreak type combo default {} var random var first",
                d.tiebreak
            ),
            format!(
                "option name Seed type spin default {} min 0 max 2147483647",
                d.seed
            ),
        ]
    }

    /// Sets option `name`; `Ok(true)` when the search must be rebuilt.
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<bool, String> {
        let key: String = name
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase();
        let value = value.unwrap_or("").trim();
        let number = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    format!("option {name}: {value:?} is not a number from {min} to {max}")
                })
        };
        match key.as_str() {
            "hash" => self.hash = number(1, 4096)?,
            "threads" => self.threads = number(1, 64)?,
            "moveoverhead" => {
                self.move_overhead = number(0, 5000)?;
                return Ok(false);
            }
            "ponder" => {
                self.ponder = match value.to_ascii_lowercase().as_str() {
                    "true" | "on" | "1" => true,
                    "false" | "off" | "0" => false,
                    _ => return Err(format!("option Ponder: {value:?} is not true or false")),
                };
                return Ok(false);
            }
            "eval" if !value.is_empty() => self.eval = value.to_string(),
            "tiebreak" => match value.to_ascii_lowercase().as_str() {
                "random" | "first" => self.tiebreak = value.to_ascii_lowercase(),
                _ => return Err(format!("option TieBreak: {value:?} is not random or first")),
            },
            "seed" => self.seed = number(0, 2_147_483_647)?,
            _ => return Err(format!("unknown option {name:?}")),
        }
        Ok(true)
    }

    /// The player spec with these options.
    fn spec(&self, base: &PlayerSpec) -> PlayerSpec {
        let spec = base
            .clone()
            .with_default("hash", &self.hash.to_string())
            .with_default("eval", &self.eval)
            .with_default("tiebreak", &self.tiebreak);
        if base.kind() == "engine" {
            // The engine thread searches on one thread of its own.
            spec
        } else {
            spec.with_default("threads", &self.threads.to_string())
        }
    }
}

/// Work for the search thread.
enum Job<G: Evaluators> {
    /// Search `record` and send `bestmove`.
    Go {
        record: GameRecord<G>,
        limits: Limits,
        stop: StopSignal,
    },
    /// A new game: forget the last one.
    NewGame,
    /// Use this player from now on.
    Replace(Box<dyn Player<G>>),
}

/// The search thread: owns the player, answers every `Go` with exactly one `bestmove` line,
/// then reports on `done`.
fn search_thread<G: Evaluators>(
    mut player: Box<dyn Player<G>>,
    jobs: Receiver<Job<G>>,
    done: Sender<()>,
    output: Output,
) {
    for job in jobs.iter() {
        match job {
            Job::NewGame => player.new_game(),
            Job::Replace(new_player) => player = new_player,
            Job::Go {
                record,
                limits,
                stop,
            } => {
                let mut report = |thought: &Thought<G>| output.line(&info_line(thought));
                let turn = Turn {
                    limits: Some(limits),
                    stop: &stop,
                    on_info: Some(&mut report),
                };
                let choice = player.choose(&record, turn);
                output.line(&bestmove_line(&record, choice));
                if done.send(()).is_err() {
                    return;
                }
            }
        }
    }
}

/// `info depth d score cp N time t nodes n nps n pv ...` (a finished game: `score mate M`,
/// in moves, negative when losing).
fn info_line<G: Evaluators>(thought: &Thought<G>) -> String {
    let score = match thought.score {
        Some(score) => match crate::players::decisive_score(score) {
            Some((margin, plies)) => {
                let moves = (plies as i64 + 1) / 2;
                format!(" score mate {}", if margin > 0 { moves } else { -moves })
            }
            None => format!(" score cp {score}"),
        },
        None => String::new(),
    };
    let mut line = format!(
        "info depth {}{score} time {} nodes {} nps {}",
        thought.depth,
        thought.time.as_millis(),
        thought.nodes,
        thought.nps()
    );
    if !thought.pv.is_empty() {
        line += " pv ";
        line += &thought.pv_text();
    }
    line
}

/// The `bestmove` line, checked: the move must be legal in the position searched; anything
/// else (an error, an illegal move) falls back to the first legal move, with a note.
fn bestmove_line<G: Evaluators>(
    record: &GameRecord<G>,
    choice: Result<Choice<G>, crate::players::PlayerError>,
) -> String {
    let position = record.current();
    let mut legal = Vec::new();
    record.legal_moves(&mut legal);
    let Some(&fallback) = legal.first() else {
        note("bestmove asked in a finished game: answering 0000");
        return "bestmove 0000".to_string();
    };
    let (mv, pv) = match choice {
        Ok(choice) if legal.contains(&choice.mv) => (choice.mv, choice.thought.pv),
        Ok(choice) => {
            note(&format!(
                "the search chose {}, which is not legal here: playing {fallback}",
                choice.mv
            ));
            (fallback, Vec::new())
        }
        Err(e) => {
            note(&format!("the search failed ({e}): playing {fallback}"));
            (fallback, Vec::new())
        }
    };
    let next = position.play(mv);
    let ponder = match pv.as_slice() {
        [first, reply, ..]
            if *first == mv
                && next.side_to_move() != position.side_to_move()
                && next.outcome().is_none()
                && next.is_legal(*reply) =>
        {
            Some(*reply)
        }
        _ => None,
    };
    match ponder {
        Some(reply) => format!("bestmove {mv} ponder {reply}"),
        None => format!("bestmove {mv}"),
    }
}

/// Runs a UAI session reading `input` and writing `output`, until `quit` or the end of the
/// input. Exposed for tests and embedding.
pub fn run_session<G: Evaluators>(
    args: &UaiArgs,
    input: impl BufRead,
    output: Output,
) -> Result<(), CliError> {
    let config = G::config_from_spec(&args.game)?;
    let start = GameRecord::new(G::start(&config)?);
    let mut options = Options::default();
    let player = build_player::<G>(&options.spec(&args.player), options.seed)?;
    let (job_sender, jobs) = crossbeam_channel::unbounded::<Job<G>>();
    let (done_sender, done) = crossbeam_channel::unbounded::<()>();
    let thread_output = output.clone();
    let searcher: JoinHandle<()> = std::thread::Builder::new()
        .name("uai-search".into())
        .spawn(move || search_thread(player, jobs, done_sender, thread_output))?;

    let mut session = Session {
        args,
        config,
        record: start,
        options: &mut options,
        jobs: job_sender,
        done,
        output,
        running: None,
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        match parse_command(&line) {
            Ok(UaiCommand::Quit) => break,
            Ok(command) => session.handle(command),
            Err(message) => note(&format!("ignored {:?}: {message}", shorten(&line))),
        }
    }
    session.finish_search();
    drop(session);
    let _ = searcher.join();
    Ok(())
}

/// At most 80 characters of a line, for notes.
fn shorten(line: &str) -> String {
    line.chars().take(80).collect()
}

/// A search on the search thread.
struct Running {
    stop: StopSignal,
    /// The `go ponder` parameters, until `ponderhit`.
    ponder: Option<(GoParams, crate::game::Seat)>,
}

/// The session's state on the reading thread.
struct Session<'a, G: Evaluators> {
    args: &'a UaiArgs,
    config: G::Config,
    record: GameRecord<G>,
    options: &'a mut Options,
    jobs: Sender<Job<G>>,
    done: Receiver<()>,
    output: Output,
    running: Option<Running>,
}

impl<G: Evaluators> Session<'_, G> {
    fn handle(&mut self, command: UaiCommand) {
        self.reap();
        match command {
            UaiCommand::Uai => {
                self.output
                    .line(&format!("id name ponder {}", env!("CARGO_PKG_VERSION")));
                self.output.line("id author the ponder authors");
                for line in Options::describe() {
                    self.output.line(&line);
                }
                self.output.line("uaiok");
            }
            UaiCommand::IsReady => self.output.line("readyok"),
            UaiCommand::NewGame => {
                self.finish_search();
                if let Ok(start) = G::start(&self.config) {
                    self.record = GameRecord::new(start);
                }
                let _ = self.jobs.send(Job::NewGame);
            }
            UaiCommand::SetOption { name, value } => {
                match self.options.set(&name, value.as_deref()) {
                    Ok(true) => self.rebuild(),
                    Ok(false) => {}
                    Err(message) => note(&format!("ignored setoption: {message}")),
                }
            }
            UaiCommand::Position { fen, moves } => match self.position(fen.as_deref(), &moves) {
                Ok(record) => self.record = record,
                Err(message) => note(&format!("ignored position: {message}")),
            },
            UaiCommand::Go(params) => self.go(params),
            UaiCommand::Stop => {
                if let Some(running) = &self.running {
                    running.stop.stop();
                }
            }
            UaiCommand::PonderHit => self.ponderhit(),
            UaiCommand::Perft(depth) => {
                let started = Instant::now();
                let nodes = crate::perft(&self.record, depth);
                self.output.line(&format!(
                    "info depth {depth} nodes {nodes} time {}",
                    started.elapsed().as_millis()
                ));
            }
            UaiCommand::Ignored(_) | UaiCommand::Empty | UaiCommand::Quit => {}
        }
    }

    /// The record a `position` command describes.
    fn position(&self, fen: Option<&str>, moves: &[String]) -> Result<GameRecord<G>, String> {
        let mut record = match fen {
            None => GameRecord::new(G::start(&self.config).map_err(|e| e.to_string())?),
            Some(fen) => G::parse_position(&self.config, fen).map_err(|e| e.to_string())?,
        };
        for (index, text) in moves.iter().enumerate() {
            record
                .play_text(text)
                .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
        }
        Ok(record)
    }

    fn go(&mut self, params: GoParams) {
        self.finish_search();
        if !params.ignored.is_empty() {
            note(&format!("go: ignored {}", params.ignored.join(", ")));
        }
        let side = self.record.current().side_to_move();
        let mut limits = go_limits(&params, side, self.options.move_overhead);
        if !params.malformed.is_empty() {
            note(&format!(
                "go: ignored {} (no number)",
                params.malformed.join(", ")
            ));
            if limits.infinite && !params.infinite && !params.ponder {
                // The budget was unreadable: answer soon rather than never.
                limits = Limits::movetime(MALFORMED_GO_BUDGET);
            }
        }
        let stop = StopSignal::new();
        let ponder = params.ponder.then(|| (params.clone(), side));
        let job = Job::Go {
            record: self.record.clone(),
            limits,
            stop: stop.clone(),
        };
        if self.jobs.send(job).is_ok() {
            self.running = Some(Running { stop, ponder });
        }
    }

    /// The pondered move was played: the clock now runs, so the search gets a deadline.
    fn ponderhit(&mut self) {
        let Some(running) = self.running.as_mut() else {
            note("ponderhit while not pondering: ignored");
            return;
        };
        let Some((mut params, side)) = running.ponder.take() else {
            note("ponderhit while not pondering: ignored");
            return;
        };
        params.ponder = false;
        let limits = go_limits(&params, side, self.options.move_overhead);
        if limits.infinite {
            return;
        }
        // The deadline of the search from now: the soft target of the clock (the pondering
        // already searched deep), or the movetime.
        let deadline = [limits.soft_time, limits.movetime]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(Duration::ZERO);
        let stop = running.stop.clone();
        let _ = std::thread::Builder::new()
            .name("uai-ponderhit".into())
            .spawn(move || {
                std::thread::sleep(deadline);
                stop.stop();
            });
    }

    /// Builds the player again with the current options (between searches).
    fn rebuild(&mut self) {
        self.finish_search();
        match build_player::<G>(&self.options.spec(&self.args.player), self.options.seed) {
            Ok(player) => {
                let _ = self.jobs.send(Job::Replace(player));
            }
            Err(e) => note(&format!("the options do not make a player: {e}")),
        }
    }

    /// Notices a search that has finished on its own.
    fn reap(&mut self) {
        if self.running.is_some() && self.done.try_recv().is_ok() {
            self.running = None;
        }
    }

    /// Stops the running search, if any, and waits for its best move.
    fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.stop();
            let _ = self.done.recv();
        }
    }
}

impl<G: Evaluators> Drop for Session<'_, G> {
    fn drop(&mut self) {
        self.finish_search();
    }
}
