//! `ponder uai`: the Universal Ataxx Interface, so that ponder plays in Ataxx GUIs and
//! tournament managers (cuteataxx, python-ataxx's engine client).
//!
//! The session drives the engine handle [`Engine`]: it owns no search thread. One thread
//! reads standard input into a channel; the session's loop waits on that channel and on the
//! engine's events at once, so `stop`, `isready` (answered at once, even during a search),
//! `ponderhit` and `quit` are handled while the engine thinks. The mover's clock becomes the
//! engine's [`Clock`](crate::engine::Clock), whose budget goes to the engine as [`Limits`]
//! (the engine enforces it); `go ponder` is an infinite `go`
//! that `ponderhit` puts under the clock ([`Command::PonderHit`]). With the `Ponder` option
//! on, the engine is told its own best move and ponders the opponent's replies; the next
//! `position` (a move list or a bare FEN) re-roots its tree on the position reached. Every
//! best move is checked against the position before it is sent, and a malformed or unknown
//! command is noted on standard error and otherwise ignored.

mod protocol;

pub use protocol::{GoParams, SideClock, UaiCommand, parse_command};

use super::CliError;
use crate::engine::{
    Command, DEFAULT_MOVE_OVERHEAD, Engine, EngineConfig, EngineOption, Event, Knowledge, Limits,
    SearchId, TieBreak,
};
use crate::games::{Game, GameRecord, GameSpec, Perft, Seat};
use crate::search::{Evaluators, SearchInfo};
use crate::with_game;
use crossbeam_channel::{Receiver, select};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Arguments of `ponder uai`.
#[derive(Debug, Clone, clap::Args)]
pub struct UaiArgs {
    /// The game (UAI is Ataxx's protocol; other games work the same way with their own
    /// position notation).
    #[arg(long, short = 'g', default_value = "ataxx")]
    game: GameSpec,
    /// An endgame database file the search consults (Kalah or Oware, as for `bestmove`).
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
    /// The opening book the engine probes (and teaches, with every game it sees finished).
    #[command(flatten)]
    book: super::book::BookFileArgs,
}

impl UaiArgs {
    /// The arguments of a session of `game` (for embedding and tests; the command line
    /// builds them with clap).
    pub fn new(game: GameSpec) -> UaiArgs {
        UaiArgs {
            game,
            egdb: None,
            book: Default::default(),
        }
    }
}

/// Runs a session on standard input and output until `quit` or the end of the input.
pub fn run(args: &UaiArgs, _out: &mut dyn Write) -> Result<(), CliError> {
    let output = Output::new(Box::new(std::io::stdout()));
    let input = std::io::BufReader::new(std::io::stdin());
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

/// How long after a `stop` the session waits for the engine's answer before it answers a
/// legal move itself (the engine answers within milliseconds; this only guards against a
/// bug).
const ANSWER_GRACE: Duration = Duration::from_secs(2);

/// The size of the engine's stored tree, MiB (`Hash` sizes the transposition table).
const TREE_MIB: usize = 8;

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
    /// Late-move reductions and the other forward pruning; off, every value the search
    /// reports is exact where it reaches an endgame database (the `perfect` level).
    forward_pruning: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash: 16,
            threads: 1,
            ponder: false,
            move_overhead: DEFAULT_MOVE_OVERHEAD.as_millis() as u64,
            eval: "default".to_string(),
            tiebreak: "random".to_string(),
            seed: 1,
            forward_pruning: true,
        }
    }
}

impl Options {
    /// The time kept back for latency at every move (`MoveOverhead`).
    fn move_overhead(&self) -> Duration {
        Duration::from_millis(self.move_overhead)
    }

    /// The most `Threads`: the machine's cores, at least 2, at most the engine's limit.
    fn max_threads() -> u64 {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        cores.clamp(2, crate::engine::MAX_THREADS) as u64
    }

    /// The `option` lines of the `uai` answer.
    fn describe() -> Vec<String> {
        let d = Options::default();
        vec![
            format!(
                "option name Hash type spin default {} min 1 max 4096",
                d.hash
            ),
            format!(
                "option name Threads type spin default {} min 1 max {}",
                d.threads,
                Options::max_threads()
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
            format!(
                "option name ForwardPruning type check default {}",
                d.forward_pruning
            ),
        ]
    }

    /// Sets option `name` (case, spaces and underscores do not matter); `evaluators` are the
    /// names `Eval` accepts.
    fn set(&mut self, name: &str, value: Option<&str>, evaluators: &[&str]) -> Result<(), String> {
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
            "threads" => self.threads = number(1, Options::max_threads())?,
            "moveoverhead" => self.move_overhead = number(0, 5000)?,
            "ponder" => self.ponder = check(name, value)?,
            "forwardpruning" => self.forward_pruning = check(name, value)?,
            "eval" if evaluators.contains(&value) => self.eval = value.to_string(),
            "eval" => {
                return Err(format!(
                    "option Eval: {value:?} is not an evaluator (known: {})",
                    evaluators.join(", ")
                ));
            }
            "tiebreak" => match value.to_ascii_lowercase().as_str() {
                "random" | "first" => self.tiebreak = value.to_ascii_lowercase(),
                _ => return Err(format!("option TieBreak: {value:?} is not random or first")),
            },
            "seed" => self.seed = number(0, 2_147_483_647)?,
            _ => return Err(format!("unknown option {name:?}")),
        }
        Ok(())
    }

    /// The choice among equal-best moves.
    fn tie_break(&self) -> TieBreak {
        if self.tiebreak == "first" {
            TieBreak::First
        } else {
            TieBreak::Random { seed: self.seed }
        }
    }

    /// The engine's configuration with these options.
    fn engine_config(&self) -> EngineConfig {
        EngineConfig {
            hash_mib: self.hash as usize,
            threads: self.threads as usize,
            tree_mib: TREE_MIB,
            ponder: self.ponder,
            tie_break: self.tie_break(),
            eval: self.eval.clone(),
            forward_pruning: self.forward_pruning,
            // Two engines of a tournament may share the machine: no pinning to one core.
            pin_thread: false,
            ..EngineConfig::default()
        }
    }

    /// The engine commands that take the engine from `before` to these options.
    fn changes_from<G: Game>(&self, before: &Options) -> Vec<Command<G>> {
        let mut commands = Vec::new();
        if self.hash != before.hash {
            commands.push(Command::SetOption(EngineOption::HashMib(
                self.hash as usize,
            )));
        }
        if self.threads != before.threads {
            commands.push(Command::SetOption(EngineOption::Threads(
                self.threads as usize,
            )));
        }
        if self.eval != before.eval {
            commands.push(Command::SetOption(EngineOption::Eval(self.eval.clone())));
        }
        if self.tie_break() != before.tie_break() {
            commands.push(Command::SetOption(EngineOption::TieBreak(self.tie_break())));
        }
        if self.forward_pruning != before.forward_pruning {
            commands.push(Command::SetOption(EngineOption::ForwardPruning(
                self.forward_pruning,
            )));
        }
        if self.ponder != before.ponder {
            commands.push(Command::Ponder(self.ponder));
        }
        commands
    }
}

/// A check option's value (`true`/`on`/`1` or `false`/`off`/`0`, any case).
fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!("option {name}: {value:?} is not true or false")),
    }
}

/// `info depth d score cp N time t nodes n nps n pv ... [string exact win by 4]` (a decided
/// game: `score mate M`, in moves, negative when losing; `string exact ..` when the value is
/// known exactly, from an endgame database or a proof).
fn info_line<G: Game>(info: &SearchInfo<G>) -> String {
    let score = match crate::players::decisive_score(info.score.0) {
        Some((margin, plies)) => {
            let moves = (i64::from(plies) + 1) / 2;
            format!("mate {}", if margin > 0 { moves } else { -moves })
        }
        None => format!("cp {}", info.score.0),
    };
    let mut line = format!(
        "info depth {} score {score} time {} nodes {} nps {}",
        info.depth,
        info.time.as_millis(),
        info.nodes,
        info.nps
    );
    if !info.pv.is_empty() {
        line += " pv";
        for mv in &info.pv {
            line += &format!(" {mv}");
        }
    }
    // `string` takes the rest of the line, so it comes last.
    if let Some(margin) = info.exact {
        line += &format!(" string exact {}", crate::search::exact_text(margin));
    }
    line
}

/// The `bestmove` line for the engine's answer in `record`'s position, checked: the move
/// must be legal there, or the first legal move is played instead (with a note); a finished
/// game answers `0000`. Also returns the move sent.
fn bestmove_line<G: Game>(
    record: &GameRecord<G>,
    mv: Option<G::Move>,
    ponder: Option<G::Move>,
) -> (String, Option<G::Move>) {
    let position = record.current();
    let mut legal = Vec::new();
    record.legal_moves(&mut legal);
    let Some(&fallback) = legal.first() else {
        note("bestmove asked in a finished game: answering 0000");
        return ("bestmove 0000".to_string(), None);
    };
    let (mv, ponder) = match mv {
        Some(mv) if legal.contains(&mv) => (mv, ponder),
        Some(mv) => {
            note(&format!(
                "the engine chose {mv}, which is not legal here: playing {fallback}"
            ));
            (fallback, None)
        }
        None => {
            note(&format!("the engine gave no move: playing {fallback}"));
            (fallback, None)
        }
    };
    let next = position.play_unchecked(mv);
    let ponder = ponder.filter(|&reply| {
        next.side_to_move() != position.side_to_move()
            && next.outcome().is_none()
            && next.is_legal(reply)
    });
    let line = match ponder {
        Some(reply) => format!("bestmove {mv} ponder {reply}"),
        None => format!("bestmove {mv}"),
    };
    (line, Some(mv))
}

/// Runs a UAI session reading `input` and writing `output`, until `quit` or the end of the
/// input. Exposed for tests and embedding. `input` is read on a thread of its own (which
/// ends with the input); the searches run on the engine's threads.
pub fn run_session<G: Evaluators + Perft>(
    args: &UaiArgs,
    input: impl BufRead + Send + 'static,
    output: Output,
) -> Result<(), CliError> {
    let config = G::config_from_spec(&args.game)?;
    let start = GameRecord::new(G::start(&config)?);
    // Opened before the session starts: no `go` waits for it.
    let mut knowledge = Knowledge::new();
    if let Some(path) = &args.egdb {
        knowledge = knowledge.with_database(super::open_database::<G>(&args.game, path)?);
    }
    if let Some(book) = args.book.open::<G>(&args.game, false)? {
        knowledge = knowledge.with_book(book);
    }
    let lines = read_lines(input)?;
    let options = Options::default();
    let engine = Engine::with_knowledge(start.clone(), options.engine_config(), knowledge)?;
    let events = engine.events().clone();
    let mut session = Session {
        config,
        record: start,
        engine_synced: true,
        ready_waiting: Vec::new(),
        next_sync: 0,
        options,
        engine,
        output,
        search: None,
    };
    loop {
        let timeout = session.timer().map_or(Duration::from_secs(3600), |at| {
            at.saturating_duration_since(Instant::now())
        });
        select! {
            recv(lines) -> line => {
                let Ok(line) = line else { break };
                match parse_command(&line) {
                    Ok(UaiCommand::Quit) => break,
                    Ok(command) => session.handle(command),
                    Err(message) => note(&format!("ignored {:?}: {message}", shorten(&line))),
                }
            }
            recv(events) -> event => match event {
                Ok(event) => session.event(event),
                Err(_) => {
                    note("the engine stopped");
                    break;
                }
            },
            default(timeout) => session.timer_expired(),
        }
    }
    session.finish_search();
    let Session { engine, .. } = session;
    if !engine.quit() {
        note("the engine's threads did not end in time");
    }
    Ok(())
}

/// Reads `input` line by line on a thread of its own; the channel closes at the end of the
/// input. Bytes that are not UTF-8 are replaced (the line is then an unknown command).
fn read_lines(mut input: impl BufRead + Send + 'static) -> std::io::Result<Receiver<String>> {
    let (sender, lines) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("uai-input".into())
        .spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match input.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        })?;
    Ok(lines)
}

/// At most 80 characters of a line, for notes.
fn shorten(line: &str) -> String {
    line.chars().take(80).collect()
}

/// A `go` the engine is answering.
struct Search<G: Game> {
    id: SearchId,
    /// The game as it stood at the `go`: the best move is checked against it.
    record: GameRecord<G>,
    /// The `go ponder` parameters and the mover, until `ponderhit`.
    ponder: Option<(GoParams, Seat)>,
    /// No time limit (`go infinite`, or pondering): the answer waits for `stop` (or
    /// `ponderhit` when pondering with a clock).
    infinite: bool,
    /// `stop` was sent to the engine.
    stopped: bool,
    /// The engine's answer, held until `stop` or `ponderhit` (UCI: an infinite or pondering
    /// search answers only then).
    held: Option<(String, Option<G::Move>)>,
    /// When the session stops the search itself: the budget counted from the `go` (or the
    /// `ponderhit`) as the session received it, should the engine have started it late.
    stop_at: Option<Instant>,
    /// After a stop, when the session gives up waiting and answers itself.
    answer_by: Option<Instant>,
}

/// The session's state.
struct Session<G: Evaluators> {
    config: G::Config,
    /// The game as the GUI last set it.
    record: GameRecord<G>,
    /// Whether the engine's position is `record` (not after a best move it was told of).
    engine_synced: bool,
    /// The `isready`s not yet answered, by the number of the engine sync each one waits for:
    /// `readyok` goes out once the engine has taken in every command before it.
    ready_waiting: Vec<u64>,
    /// The number of the next engine sync.
    next_sync: u64,
    options: Options,
    engine: Engine<G>,
    output: Output,
    search: Option<Search<G>>,
}

impl<G: Evaluators + Perft> Session<G> {
    fn handle(&mut self, command: UaiCommand) {
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
            UaiCommand::IsReady => self.is_ready(),
            UaiCommand::NewGame => {
                self.finish_search();
                match G::start(&self.config) {
                    Ok(start) => self.record = GameRecord::new(start),
                    Err(e) => note(&format!("uainewgame: {e}")),
                }
                self.engine.send(Command::NewGame);
                self.engine_synced = false;
            }
            UaiCommand::SetOption { name, value } => {
                let before = self.options.clone();
                match self
                    .options
                    .set(&name, value.as_deref(), G::evaluator_names())
                {
                    Ok(()) => {
                        for command in self.options.changes_from::<G>(&before) {
                            self.engine.send(command);
                        }
                    }
                    Err(message) => note(&format!("ignored setoption: {message}")),
                }
            }
            UaiCommand::Position { fen, moves } => match self.position(fen.as_deref(), &moves) {
                Ok(record) => {
                    self.finish_search();
                    self.record = record;
                    // The engine compares positions: a descendant of its tree's root (its
                    // own move and the reply, or the reply it pondered) keeps the tree.
                    self.engine.send(Command::SetPosition(self.record.clone()));
                    self.engine_synced = true;
                }
                Err(message) => note(&format!("ignored position: {message}")),
            },
            UaiCommand::Go(params) => self.go(params),
            UaiCommand::Stop => self.stop(),
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

    /// `isready`: answered once the engine has taken in every earlier command (a new table's
    /// pages mapped after `setoption name Hash`, a cleared one after `uainewgame`), so that
    /// the `go` that follows does not wait behind them on its clock. A running search is not
    /// waited for.
    fn is_ready(&mut self) {
        let id = self.next_sync;
        self.next_sync += 1;
        self.ready_waiting.push(id);
        self.engine.send(Command::Sync(id));
    }

    /// The engine took in every command before sync `id`: the `isready` that sent it is
    /// answered.
    fn synced(&mut self, id: u64) {
        if let Some(index) = self.ready_waiting.iter().position(|&waiting| waiting == id) {
            self.ready_waiting.remove(index);
            self.output.line("readyok");
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
        let received = Instant::now();
        self.finish_search();
        if !params.ignored.is_empty() {
            note(&format!("go: ignored {}", params.ignored.join(", ")));
        }
        let side = self.record.current().side_to_move();
        let mut limits = params.limits(side, self.options.move_overhead());
        if !params.malformed.is_empty() {
            note(&format!(
                "go: ignored {} (no number)",
                params.malformed.join(", ")
            ));
            if limits.infinite && !params.fixed.infinite && !params.ponder {
                // The budget was unreadable: answer soon rather than never.
                limits = Limits::movetime(MALFORMED_GO_BUDGET);
            }
        }
        if !self.engine_synced {
            self.engine.send(Command::SetPosition(self.record.clone()));
            self.engine_synced = true;
        }
        let stop_at = limits.hard_deadline().map(|budget| received + budget);
        let infinite = limits.infinite;
        // The engine's deadlines count from when the `go` was read, as `stop_at` does.
        let id = self.engine.go_from(limits, received);
        self.search = Some(Search {
            id,
            record: self.record.clone(),
            ponder: params.ponder.then(|| (params.clone(), side)),
            infinite,
            stopped: false,
            held: None,
            stop_at,
            answer_by: None,
        });
    }

    /// The pondered move was played: the clock of the `go ponder` now runs, from now.
    fn ponderhit(&mut self) {
        let overhead = self.options.move_overhead();
        let Some(search) = self.search.as_mut() else {
            note("ponderhit while not pondering: ignored");
            return;
        };
        let Some((mut params, side)) = search.ponder.take() else {
            note("ponderhit while not pondering: ignored");
            return;
        };
        let received = Instant::now();
        params.ponder = false;
        let limits = params.limits(side, overhead);
        search.infinite = limits.infinite;
        if !limits.infinite {
            // What the engine does too: stop at the earlier of the soft and hard deadlines.
            search.stop_at = [limits.soft_deadline(), limits.hard_deadline()]
                .into_iter()
                .flatten()
                .min()
                .map(|budget| received + budget);
        }
        self.engine.ponder_hit(search.id, limits);
        if !search.infinite {
            if let Some((line, mv)) = search.held.take() {
                self.answer(line, mv);
            }
        }
    }

    /// `stop`: the running search answers now.
    fn stop(&mut self) {
        let Some(search) = self.search.as_mut() else {
            // Nothing to stop (the answer is out already); the engine's own pondering, if
            // on, goes on.
            return;
        };
        search.ponder = None;
        if let Some((line, mv)) = search.held.take() {
            self.answer(line, mv);
            return;
        }
        if !search.stopped {
            search.stopped = true;
            search.answer_by = Some(Instant::now() + ANSWER_GRACE);
            self.engine.stop();
        }
    }

    /// When the session must act on the running search (stop it, or stop waiting for it).
    fn timer(&self) -> Option<Instant> {
        let search = self.search.as_ref()?;
        [search.stop_at, search.answer_by]
            .into_iter()
            .flatten()
            .min()
    }

    fn timer_expired(&mut self) {
        let now = Instant::now();
        let Some(search) = self.search.as_mut() else {
            return;
        };
        if search.stop_at.is_some_and(|at| at <= now) {
            search.stop_at = None;
            if !search.stopped {
                search.stopped = true;
                search.answer_by = Some(now + ANSWER_GRACE);
                self.engine.stop();
            }
        }
        if search.answer_by.is_some_and(|at| at <= now) {
            note("the engine did not answer: answering a legal move");
            let record = search.record.clone();
            let (line, mv) = bestmove_line(&record, None, None);
            self.answer(line, mv);
        }
    }

    /// Takes in one event from the engine.
    fn event(&mut self, event: Event<G>) {
        match event {
            Event::Info(info) => {
                if self.search.as_ref().is_some_and(|s| s.id == info.id) {
                    self.output.line(&info_line(&info.search));
                }
            }
            Event::BestMove(best) => {
                let Some(search) = self.search.as_mut().filter(|s| s.id == best.id) else {
                    return;
                };
                let answer = bestmove_line(&search.record, best.mv, best.ponder);
                let waits = (search.infinite || search.ponder.is_some()) && !search.stopped;
                if waits {
                    // It ended on its own (nothing left to search): UCI answers at `stop`
                    // or `ponderhit`.
                    search.held = Some(answer);
                    search.stop_at = None;
                } else {
                    self.answer(answer.0, answer.1);
                }
            }
            Event::Error(error) => note(&format!("engine: {error}")),
            Event::Rerooted(info) if self.options.ponder && info.mv.is_none() => {
                if info.hit {
                    note(&format!(
                        "position: the stored tree was kept (searched to depth {})",
                        info.kept_depth
                    ));
                } else {
                    note("position: not in the stored tree, searching afresh");
                }
            }
            Event::Synced { id, .. } => self.synced(id),
            Event::Ponder(_) | Event::Rerooted(_) => {}
        }
    }

    /// Sends the best move and ends the search; with `Ponder` on, the engine is told its move
    /// and ponders the opponent's replies.
    fn answer(&mut self, line: String, mv: Option<G::Move>) {
        self.output.line(&line);
        self.search = None;
        if let Some(mv) = mv.filter(|_| self.options.ponder) {
            self.engine.send_move(mv);
            self.engine_synced = false;
        }
    }

    /// Stops the running search, if any, and waits (briefly) for its best move.
    fn finish_search(&mut self) {
        self.stop();
        while let Some(search) = &self.search {
            let wait = search.answer_by.map_or(ANSWER_GRACE, |at| {
                at.saturating_duration_since(Instant::now())
            });
            match self.engine.recv_timeout(wait) {
                Some(event) => self.event(event),
                None => self.timer_expired(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Ataxx;

    #[test]
    fn options_map_to_engine_commands() {
        let names = Ataxx::evaluator_names();
        let mut options = Options::default();
        let before = options.clone();
        options.set("Hash", Some("32"), names).unwrap();
        options.set("Ponder", Some("true"), names).unwrap();
        options.set("Tie Break", Some("first"), names).unwrap();
        options.set("move_overhead", Some("50"), names).unwrap();
        options.set("Forward Pruning", Some("off"), names).unwrap();
        let commands = options.changes_from::<Ataxx>(&before);
        assert!(matches!(
            commands.as_slice(),
            [
                Command::SetOption(EngineOption::HashMib(32)),
                Command::SetOption(EngineOption::TieBreak(TieBreak::First)),
                Command::SetOption(EngineOption::ForwardPruning(false)),
                Command::Ponder(true),
            ]
        ));
        assert_eq!(options.move_overhead, 50);
        assert!(options.changes_from::<Ataxx>(&options).is_empty());
        let config = options.engine_config();
        assert_eq!(config.hash_mib, 32);
        assert!(config.ponder && !config.pin_thread && !config.forward_pruning);
        assert!(Options::default().engine_config().forward_pruning);
    }

    #[test]
    fn bad_options_are_refused_and_change_nothing() {
        let names = Ataxx::evaluator_names();
        let mut options = Options::default();
        options.set("Threads", Some("1"), names).unwrap();
        let mut two = options.clone();
        two.set("Threads", Some("2"), names).unwrap();
        assert_eq!(two.engine_config().threads, 2);
        assert!(matches!(
            two.changes_from::<Ataxx>(&options).as_slice(),
            [Command::SetOption(EngineOption::Threads(2))]
        ));
        for (name, value) in [
            ("Threads", "0"),
            ("Threads", "100000"),
            ("Hash", "0"),
            ("Hash", "lots"),
            ("Ponder", "maybe"),
            ("ForwardPruning", "sometimes"),
            ("Eval", "no-such-evaluator"),
            ("TieBreak", "last"),
            ("Seed", "-1"),
            ("Colour", "x"),
        ] {
            assert!(
                options.set(name, Some(value), names).is_err(),
                "{name} {value}"
            );
        }
        assert_eq!(options, Options::default());
    }

    #[test]
    fn bestmove_lines_are_legal_or_fall_back() {
        let record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
        let position = record.current();
        let mut legal = Vec::new();
        record.legal_moves(&mut legal);
        let mv = legal[3];
        let next = position.play_unchecked(mv);
        let mut replies = Vec::new();
        next.legal_moves(&mut replies);
        let (line, sent) = bestmove_line(&record, Some(mv), Some(replies[0]));
        assert_eq!(line, format!("bestmove {mv} ponder {}", replies[0]));
        assert_eq!(sent, Some(mv));
        // No move, or a move that is not legal here: the first legal move, no ponder move.
        let (line, sent) = bestmove_line(&record, None, Some(replies[0]));
        assert_eq!(line, format!("bestmove {}", legal[0]));
        assert_eq!(sent, Some(legal[0]));
        let elsewhere = position.play_unchecked(legal[0]);
        let mut other = Vec::new();
        elsewhere.legal_moves(&mut other);
        if let Some(&illegal) = other.iter().find(|m| !position.is_legal(**m)) {
            let (line, _) = bestmove_line(&record, Some(illegal), None);
            assert_eq!(line, format!("bestmove {}", legal[0]));
        }
        // A finished game.
        let over = Ataxx::parse_position(&Default::default(), "7/7/7/7/7/7/7 x 0 1").unwrap();
        assert_eq!(
            bestmove_line(&over, None, None),
            ("bestmove 0000".into(), None)
        );
    }

    #[test]
    fn a_session_ends_at_the_end_of_its_input_mid_search() {
        /// Output collected in memory.
        #[derive(Clone, Default)]
        struct Collect(Arc<Mutex<Vec<u8>>>);
        impl Write for Collect {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                let mut buffer = self.0.lock().unwrap_or_else(|p| p.into_inner());
                buffer.extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let collected = Collect::default();
        let args = UaiArgs::new("ataxx".parse().unwrap());
        let input = std::io::Cursor::new(b"uai\nposition startpos\ngo infinite\n".to_vec());
        let started = Instant::now();
        run_session::<Ataxx>(&args, input, Output::new(Box::new(collected.clone()))).unwrap();
        assert!(started.elapsed() < Duration::from_secs(5));
        let text = String::from_utf8(collected.0.lock().unwrap().clone()).unwrap();
        let last = text.lines().last().unwrap();
        assert!(last.starts_with("bestmove "), "{text}");
    }
}
