//! `ponder play`: a game at the terminal, any mix of humans and computer players.
//!
//! When standard input is a terminal the engine's thinking is shown live (on its own turn and
//! while it ponders on the human's). When it is not, moves are read line by line, so a game
//! can be scripted; illegal entries are reported and the next line is read, and if the input
//! ends before the game the command says so and exits with code 3.

mod input;
mod render;
mod save;
mod seated;
mod seats;

use super::{CliError, PositionArgs, with_seats_or_game};
use crate::eval::Database;
use crate::games::{GameRecord, GameSpec, Seat};
use crate::players::{Level, PlayerSpec, StopSignal, Thought, Turn};
use crate::search::Evaluators;
use input::{Entry, HELP, Input, Next};
use render::{LiveLine, draw_board, legal_text, seat_name, thought_line};
pub use save::{SAVED_GAME_FILE, SavedGame};
pub(crate) use seated::seated_engine;
pub(crate) use seats::SeatSpec;
use seats::{SeatPlayer, parse_seats};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `ponder play`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Who sits where, first seat first: `human`, `engine`, `random`, `greedy` or any player
    /// spec (`pvs:depth=6`, `instructor`, ...). Default: `human,engine`, or as `--side` says.
    #[arg(long)]
    seats: Option<String>,
    /// The human's side against the engine, when `--seats` is not given.
    #[arg(long, value_parser = ["first", "second"], default_value = "first")]
    side: String,
    /// The engine's strength: easy, medium or hard (see `ponder tune`).
    #[arg(long, value_enum, default_value_t = Level::Medium)]
    level: Level,
    /// Search exactly this many plies (overrides the level).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Think this many milliseconds a move (overrides the level).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// Do not let the engine think on the human's time.
    #[arg(long)]
    no_ponder: bool,
    /// Seeds the computer players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Resume a game saved with `save FILE` (its game and position; seats too unless given).
    #[arg(long)]
    load: Option<PathBuf>,
    /// Keep the game in progress in this file after every move, and offer to resume it at the
    /// next start if the game did not end (a crash, a killed terminal). Default in a terminal:
    /// `~/.local/state/ponder/autosave.game`; without a terminal, only when given.
    #[arg(long)]
    autosave: Option<PathBuf>,
    /// Resume the unfinished game in the autosave file without asking (its engines with
    /// what they knew).
    #[arg(long)]
    resume: bool,
    /// The engine seats' opening book.
    #[command(flatten)]
    book: super::book::BookFileArgs,
}

/// Where the game in progress is kept, if anywhere.
fn autosave_path(args: &PlayArgs) -> Option<PathBuf> {
    if let Some(path) = &args.autosave {
        return Some(path.clone());
    }
    if !std::io::stdin().is_terminal() {
        return None;
    }
    let home = std::env::var_os("HOME")?;
    let dir = PathBuf::from(home).join(".local/state/ponder");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("autosave.game"))
}

/// Offers to resume the unfinished game in the autosave file: one line, `y` or `yes` resumes.
fn offer_resume(path: &Path, out: &mut dyn Write) -> Result<Option<SavedGame>, CliError> {
    if !path.exists() {
        return Ok(None);
    }
    let saved = match SavedGame::read(path) {
        Ok(saved) => saved,
        Err(e) => {
            writeln!(out, "ignoring the autosave: {e}")?;
            return Ok(None);
        }
    };
    let plies = saved.record["moves"].as_array().map_or(0, Vec::len);
    write!(
        out,
        "An unfinished {} game ({}) was saved in {}. Resume it? [y/n] ",
        saved.game,
        self::plies(plies),
        path.display()
    )?;
    out.flush()?;
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer)?;
    let yes = matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes");
    writeln!(out)?;
    Ok(yes.then_some(saved))
}

/// Plays the game.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let autosave = autosave_path(args);
    let saved = match (&args.load, &autosave) {
        (Some(path), _) => Some(SavedGame::read(path)?),
        (None, Some(path)) if args.resume => Some(SavedGame::read(path)?),
        (None, Some(path)) => offer_resume(path, out)?,
        (None, None) => None,
    };
    let spec = match &saved {
        Some(saved) => saved.spec()?,
        None => args.position.game.clone(),
    };
    with_seats_or_game!(spec, G => run_game::<G>(args, &spec, saved.as_ref(), autosave, out))
}

fn run_game<G: Evaluators>(
    args: &PlayArgs,
    spec: &GameSpec,
    saved: Option<&SavedGame>,
    autosave: Option<PathBuf>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let record: GameRecord<G> = match saved {
        Some(saved) => saved.record()?,
        None => args.position.record()?,
    };
    let seat_count = record.current().seat_count();
    let seat_specs = match (&args.seats, saved) {
        (Some(text), _) => parse_seats(text, seat_count)?,
        (None, Some(saved)) if saved.seats.len() == seat_count => {
            parse_seats(&saved.seats.join(","), seat_count)?
        }
        (None, _) if seat_count > 2 => seated::default_seats(seat_count),
        (None, _) if args.side == "second" => vec![
            SeatSpec::Computer(PlayerSpec::named("engine")),
            SeatSpec::Human,
        ],
        (None, _) => vec![
            SeatSpec::Human,
            SeatSpec::Computer(PlayerSpec::named("engine")),
        ],
    };
    let mut overrides = Vec::new();
    if let Some(depth) = args.depth {
        overrides.push(("depth".to_string(), depth.to_string()));
    }
    if let Some(movetime) = args.movetime {
        overrides.push(("movetime".to_string(), movetime.to_string()));
    }
    let any_human = seat_specs.contains(&SeatSpec::Human);
    let engines = seat_specs
        .iter()
        .filter(|s| matches!(s, SeatSpec::Computer(spec) if spec.kind() == "engine"))
        .count();
    let database = match args.position.database::<G>()? {
        None if args.level == Level::Perfect => cached_database::<G>(spec)?,
        given => given,
    };
    if seat_count > 2 && args.book.given() {
        return Err(CliError::Usage(
            "--book: the book is the two-seat engine's, not a table of more seats".into(),
        ));
    }
    if engines == 0 && args.book.given() {
        return Err(CliError::Usage(
            "--book: the book is the engine's, and no seat is an engine".into(),
        ));
    }
    // The perfect level plays from the game's own book where it has one (Kalah(6,4)).
    let book = args.book.open::<G>(
        spec,
        args.level == Level::Perfect && seat_count == 2 && engines > 0,
    )?;
    let build = |index: usize| {
        SeatPlayer::<G>::build(
            &seat_specs[index],
            args.level,
            &overrides,
            any_human && !args.no_ponder,
            engines == 1,
            crate::matches::derive_seed(args.seed, index as u64),
            (database.clone(), book.clone()),
        )
    };
    let mut seats = if seat_count > 2 {
        seated::seat_players(&seat_specs, args, any_human && !args.no_ponder)?
    } else {
        vec![build(0)?, build(1)?]
    };
    if let (None, Some(_), Some(path)) = (&args.load, saved, &autosave) {
        for line in save::restore_engines(path, &mut seats, &record) {
            writeln!(out, "{line}")?;
        }
    }
    let interactive = std::io::stdin().is_terminal();
    let live = interactive && std::io::stdout().is_terminal();
    let mut session = Session {
        spec: spec.to_string(),
        record,
        seat_specs,
        seats,
        hint: None,
        hint_spec: hint_spec::<G>(args, &overrides),
        database,
        input: Input::spawn(Box::new(std::io::BufReader::new(std::io::stdin()))),
        interactive,
        live: LiveLine::new(live),
        stop: StopSignal::new(),
        autosave,
    };
    let result = session.play(out);
    // A game that ended, or that the human left, is not offered again.
    if let (Some(path), Ok(())) = (&session.autosave, &result) {
        let _ = std::fs::remove_file(path);
        save::remove_engines(path, session.seats.len());
    }
    result
}

/// Perfect play on Kalah without `--egdb`: the database of the user's cache (built there on
/// first use), opened for the search. Other games have no cached database.
fn cached_database<G: Evaluators>(spec: &GameSpec) -> Result<Option<Database<G>>, CliError> {
    use crate::games::Game;
    use crate::games::kalah::Kalah;
    if spec.name() != Kalah::NAME {
        return Ok(None);
    }
    let config = Kalah::config_from_spec(spec)?;
    let dir = super::egdb_cache::cache_dir(None)?;
    let seeds = super::egdb_cache::default_seeds(config);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut log = std::io::stderr();
    let path = super::egdb_cache::cached_kalah_file(config, seeds, &dir, threads, &mut log)?;
    super::open_database::<G>(spec, &path).map(Some)
}

/// The budget of `hint`: the engine's, tie-break first.
fn hint_spec<G: Evaluators>(args: &PlayArgs, overrides: &[(String, String)]) -> PlayerSpec {
    let mut spec = PlayerSpec::named("pvs");
    for (key, value) in overrides {
        spec = spec.with(key, value);
    }
    crate::players::with_level::<G>(spec, args.level.max(Level::Medium)).with("tiebreak", "first")
}

/// `1 ply`, `7 plies`.
fn plies(count: usize) -> String {
    if count == 1 {
        "1 ply".to_string()
    } else {
        format!("{count} plies")
    }
}

/// A game in progress.
struct Session<G: Evaluators> {
    spec: String,
    record: GameRecord<G>,
    seat_specs: Vec<SeatSpec>,
    seats: Vec<SeatPlayer<G>>,
    hint: Option<Box<dyn crate::players::Player<G>>>,
    hint_spec: PlayerSpec,
    /// The endgame database the computer's searches consult (`--egdb`).
    database: Option<crate::search::Database<G>>,
    input: Input,
    interactive: bool,
    live: LiveLine,
    stop: StopSignal,
    /// Where the game in progress is kept after every move.
    autosave: Option<PathBuf>,
}

/// What a human's turn led to.
enum TurnEnd {
    /// The game goes on.
    Continue,
    /// The human quit.
    Quit,
}

/// How long to wait for a line before refreshing the live line.
const POLL: Duration = Duration::from_millis(120);

impl<G: Evaluators> Session<G> {
    fn play(&mut self, out: &mut dyn Write) -> Result<(), CliError> {
        let names: Vec<String> = (0..self.seats.len())
            .map(|seat| seat_name(Seat::new(seat), &self.seats))
            .collect();
        writeln!(
            out,
            "{}: {}. Type `help` for the commands.",
            self.spec,
            names.join(" vs ")
        )?;
        self.observe_all();
        loop {
            if let Some(path) = &self.autosave {
                if let Err(e) = self.save(path) {
                    writeln!(out, "autosave failed: {e}")?;
                }
                for error in save::save_engines(path, &mut self.seats) {
                    writeln!(out, "autosave failed: {error}")?;
                }
            }
            if self.record.outcome().is_some() {
                self.finish(out)?;
                return Ok(());
            }
            let seat = self.seat_index(self.record.current().side_to_move());
            if self.seats[seat].is_human() {
                if let TurnEnd::Quit = self.human_turn(out)? {
                    return Ok(());
                }
            } else {
                self.computer_turn(out, seat)?;
            }
        }
    }

    /// The index in `seats` of `seat`.
    fn seat_index(&self, seat: Seat) -> usize {
        seat.index().min(self.seats.len().saturating_sub(1))
    }

    /// At a table of more than two seats, what the bots pondered on the human's turn just
    /// ended: their nodes together and the deepest round completed over every reply. (Two
    /// seats show pondering on the live line only.)
    fn report_pondering(&mut self, out: &mut dyn Write) -> Result<(), CliError> {
        if self.seats.len() <= 2 {
            return Ok(());
        }
        let mut pondered = None;
        for seat in self.seats.iter_mut() {
            if let SeatPlayer::Computer { player, .. } = seat {
                if let Some(thought) = player.pondering() {
                    let (nodes, depth) = pondered.unwrap_or((0, 0));
                    pondered = Some((nodes + thought.nodes, depth.max(thought.depth)));
                }
            }
        }
        if let Some((nodes, depth)) = pondered {
            writeln!(
                out,
                "the bots pondered {nodes} nodes (depth {depth} on every reply)"
            )?;
        }
        Ok(())
    }

    /// Tells every computer player where the game stands (they ponder on others' turns).
    fn observe_all(&mut self) {
        let to_move = self.record.current().side_to_move().index();
        for (index, seat) in self.seats.iter_mut().enumerate() {
            if let SeatPlayer::Computer { player, .. } = seat {
                player.observe(&self.record, index == to_move);
            }
        }
    }

    fn computer_turn(&mut self, out: &mut dyn Write, seat: usize) -> Result<(), CliError> {
        let name = seat_name(self.record.current().side_to_move(), &self.seats);
        let SeatPlayer::Computer { player, .. } = &mut self.seats[seat] else {
            return Ok(());
        };
        let live = &mut self.live;
        if live.enabled() {
            live.here(out, &format!("{name} is thinking…"))?;
        }
        let mut show = |thought: &Thought<G>| {
            let _ = live.here(out, &format!("{name} thinking: {}", thought_line(thought)));
        };
        let turn = Turn {
            limits: None,
            stop: &self.stop,
            on_info: Some(&mut show),
        };
        let choice = player.choose(&self.record, turn)?;
        self.live.clear_here(out)?;
        self.record.try_play(choice.mv).map_err(|e| {
            CliError::Usage(format!("{name} chose an illegal move {}: {e}", choice.mv))
        })?;
        let detail = if choice.thought.depth > 0 {
            format!("   ({})", thought_line(&choice.thought))
        } else {
            String::new()
        };
        writeln!(out, "{name} plays {}{detail}", choice.mv)?;
        self.observe_all();
        Ok(())
    }

    fn human_turn(&mut self, out: &mut dyn Write) -> Result<TurnEnd, CliError> {
        draw_board(out, &self.spec, &self.record, &self.seats)?;
        let seat = self.record.current().side_to_move();
        let name = seat_name(seat, &self.seats);
        writeln!(out, "{name} to move; legal: {}", legal_text(&self.record))?;
        loop {
            let entry = self.read_entry(out, &format!("{seat}> "))?;
            let Some(entry) = entry else {
                return self.input_ended(out);
            };
            match entry {
                Entry::Move(text) => match self.record.play_text(&text) {
                    Ok(mv) => {
                        if !self.interactive {
                            writeln!(out, "{name} plays {mv}")?;
                        }
                        self.report_pondering(out)?;
                        self.observe_all();
                        return Ok(TurnEnd::Continue);
                    }
                    Err(e) if self.interactive => {
                        writeln!(
                            out,
                            "{e}; legal moves: {} (type `help` for commands)",
                            legal_text(&self.record)
                        )?;
                        self.input.clear_queue();
                    }
                    // A script may try many candidates in turn: one short line each.
                    Err(e) => writeln!(out, "{e}")?,
                },
                Entry::Undo => match self.undo() {
                    Ok(taken) => {
                        writeln!(out, "took back: {taken}")?;
                        self.observe_all();
                        return Ok(TurnEnd::Continue);
                    }
                    Err(message) => writeln!(out, "{message}")?,
                },
                Entry::Hint => self.hint(out)?,
                Entry::Moves => writeln!(out, "legal moves: {}", legal_text(&self.record))?,
                Entry::Board => {
                    draw_board(out, &self.spec, &self.record, &self.seats)?;
                    writeln!(out, "{name} to move; legal: {}", legal_text(&self.record))?;
                }
                Entry::Help => writeln!(out, "{HELP}")?,
                Entry::Save(path) => match self.save(Path::new(&path)) {
                    Ok(()) => writeln!(out, "saved to {path}")?,
                    Err(e) => writeln!(out, "not saved: {e}")?,
                },
                Entry::Load(path) => {
                    match SavedGame::read(Path::new(&path)).and_then(|saved| saved.record::<G>()) {
                        Ok(record) => {
                            self.record = record;
                            writeln!(out, "loaded {path} ({} moves)", self.record.moves().len())?;
                            self.observe_all();
                            return Ok(TurnEnd::Continue);
                        }
                        Err(e) => writeln!(out, "not loaded: {e}")?,
                    }
                }
                Entry::Quit => {
                    self.stop_all();
                    writeln!(
                        out,
                        "quit after {}; position: {}",
                        plies(self.record.moves().len()),
                        self.record.current().position_text()
                    )?;
                    return Ok(TurnEnd::Quit);
                }
                Entry::Bad(message) => writeln!(out, "{message}")?,
            }
        }
    }

    /// Prompts and waits for the next entry, showing the engines' pondering meanwhile; `None`
    /// when the input has ended.
    fn read_entry(&mut self, out: &mut dyn Write, prompt: &str) -> Result<Option<Entry>, CliError> {
        let ponders = self.live.enabled() && self.seats.iter().any(|s| !s.is_human());
        if ponders {
            // The status line the pondering is shown on, then the prompt below it.
            writeln!(out)?;
            self.live.reset();
        }
        if self.interactive {
            write!(out, "{prompt}")?;
            out.flush()?;
        }
        loop {
            match self.input.next(POLL) {
                Next::Entry(entry) => return Ok(Some(entry)),
                Next::Ended => return Ok(None),
                Next::Waiting => {
                    if ponders {
                        if let Some(text) = self.pondering_text() {
                            self.live.above(out, &text)?;
                        }
                    }
                }
            }
        }
    }

    /// What the computer players are thinking about, for the live line.
    fn pondering_text(&mut self) -> Option<String> {
        let mut parts = Vec::new();
        for seat in self.seats.iter_mut() {
            if let SeatPlayer::Computer { label, player } = seat {
                if let Some(thought) = player.pondering() {
                    parts.push(format!("{label} pondering: {}", thought_line(&thought)));
                }
            }
        }
        (!parts.is_empty()).then(|| parts.join(" | "))
    }

    /// Takes back the last move made by a human seat and every move after it.
    fn undo(&mut self) -> Result<String, String> {
        let positions = self.record.positions();
        let last_human = (0..self.record.moves().len())
            .rev()
            .find(|&ply| self.seats[self.seat_index(positions[ply].side_to_move())].is_human());
        let Some(keep) = last_human else {
            return Err("nothing to undo: no human move has been played".to_string());
        };
        let mut taken = Vec::new();
        while self.record.moves().len() > keep {
            match self.record.undo() {
                Ok(mv) => taken.push(mv.to_string()),
                Err(e) => return Err(e.to_string()),
            }
        }
        taken.reverse();
        Ok(taken.join(" "))
    }

    fn hint(&mut self, out: &mut dyn Write) -> Result<(), CliError> {
        if self.hint.is_none() {
            self.hint = Some(if self.seats.len() > 2 {
                seated::hint_player::<G>()?
            } else {
                crate::players::build_player_with::<G>(&self.hint_spec, 0, self.database.clone())?
            });
        }
        let Some(player) = self.hint.as_mut() else {
            return Ok(());
        };
        let choice = player.choose(&self.record, Turn::quiet(&self.stop))?;
        writeln!(
            out,
            "hint: {} ({})",
            choice.mv,
            thought_line(&choice.thought)
        )?;
        Ok(())
    }

    fn save(&self, path: &Path) -> Result<(), CliError> {
        let spec: GameSpec = self.spec.parse()?;
        let seats = self.seat_specs.iter().map(SeatSpec::text).collect();
        SavedGame::new(&spec, seats, &self.record)?.write(path)
    }

    fn stop_all(&mut self) {
        for seat in self.seats.iter_mut() {
            if let SeatPlayer::Computer { player, .. } = seat {
                player.stop_pondering();
            }
        }
    }

    /// Input ended at a human's turn: in a terminal that is leaving; in a script it is an
    /// unfinished game (exit code 3).
    fn input_ended(&mut self, out: &mut dyn Write) -> Result<TurnEnd, CliError> {
        self.stop_all();
        if self.interactive {
            writeln!(out)?;
            return Ok(TurnEnd::Quit);
        }
        let message = format!(
            "input ended before the game did: {} played, {} to move; position: {}",
            plies(self.record.moves().len()),
            seat_name(self.record.current().side_to_move(), &self.seats),
            self.record.current().position_text()
        );
        writeln!(out, "result: unfinished ({message})")?;
        Err(CliError::InputEnded(message))
    }

    fn finish(&mut self, out: &mut dyn Write) -> Result<(), CliError> {
        self.stop_all();
        draw_board(out, &self.spec, &self.record, &self.seats)?;
        writeln!(
            out,
            "moves: {}",
            self.record
                .moves()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        )?;
        if self.seats.len() > 2 {
            let standings = seated::standings(&self.record.current());
            writeln!(out, "result: {standings}")?;
            return Ok(());
        }
        let outcome = self.record.outcome().unwrap_or(crate::games::Outcome::DRAW);
        let scores = self.record.current().scores();
        let verdict = match outcome.winner() {
            Some(seat) => format!(
                "{} wins by {}",
                seat_name(seat, &self.seats),
                outcome.margin().abs()
            ),
            None => "draw".to_string(),
        };
        writeln!(
            out,
            "result: {verdict} ({} to {}) after {}",
            scores[0],
            scores[1],
            plies(self.record.moves().len())
        )?;
        Ok(())
    }
}
