//! `ponder play` for more than two seats (`--game ataxx:players=N`): humans type moves,
//! bots share one [`Engine`], which ponders while a human thinks (for the next bot's
//! algorithm).

use super::PlayArgs;
use super::input::{Entry, Input, Next};
use super::seats::{SeatSpec, parse_seat_list};
use crate::cli::CliError;
use crate::engine::{Command, Engine, EngineConfig, EngineOption, Event, PonderInfo, StopSignal};
use crate::games::ataxx::seats::{AtaxxSeats, seat_letter};
use crate::games::{Game, GameRecord, Seat};
use crate::players::SeatedPlayer;
use crate::search::Limits;
use crate::search::multi::MultiAlgorithm;
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The algorithm `engine` seats use (BRS+).
const DEFAULT_ALGORITHM: MultiAlgorithm = EngineConfig::DEFAULT_SEATED_ALGORITHM;

/// The engine's table, MiB.
const HASH_MIB: usize = 64;

/// Who sits at one seat.
#[derive(Clone, Debug, PartialEq)]
enum Sitter {
    Human,
    Bot(SeatedPlayer),
}

/// Reads `--seats human,engine,brs:nodes=5000,...` (one entry a seat, as `--seats` of two
/// seats; a bot is a [`SeatedPlayer`] spec, searching within `--depth` and `--movetime`
/// (default 1 s) unless it sets its own budget).
fn parse_sitters(text: &str, seats: usize, args: &PlayArgs) -> Result<Vec<Sitter>, CliError> {
    let specs = parse_seat_list(text)?;
    if specs.len() != seats {
        return Err(CliError::Usage(format!(
            "--seats {text:?}: {} entries for {seats} seats",
            specs.len()
        )));
    }
    let defaults = Limits {
        depth: Some(args.depth.unwrap_or(64)),
        hard_time: Some(Duration::from_millis(args.movetime.unwrap_or(1000))),
        ..Limits::default()
    };
    specs
        .iter()
        .map(|spec| match spec {
            SeatSpec::Human => Ok(Sitter::Human),
            SeatSpec::Computer(spec) => Ok(Sitter::Bot(SeatedPlayer::from_spec(
                spec,
                defaults.clone(),
            )?)),
        })
        .collect()
}

/// Plays the game to its end (or until the human quits or the input ends: exit code 3).
pub(super) fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut record: GameRecord<AtaxxSeats> = args.position.record()?;
    let seats = record.current().seat_count();
    let default_seats = ["human", "engine", "engine", "engine"][..seats].join(",");
    let sitters = parse_sitters(args.seats.as_deref().unwrap_or(&default_seats), seats, args)?;
    let ponder = !args.no_ponder && sitters.iter().any(|s| *s != Sitter::Human);
    let config = EngineConfig {
        ponder,
        hash_mib: HASH_MIB,
        ..EngineConfig::default()
    };
    let engine = Engine::new(record.clone(), config)?;
    let mut algorithm = DEFAULT_ALGORITHM;
    let mut syncs = 0;
    let mut input = Input::spawn(Box::new(std::io::BufReader::new(std::io::stdin())));
    let interactive = std::io::stdin().is_terminal();
    let mut moves = Vec::new();
    loop {
        let position = record.current();
        draw(out, &position, &sitters)?;
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return finish(out, &position, &sitters);
        }
        let seat = position.side_to_move();
        let mv = match &sitters[seat.index()] {
            Sitter::Bot(bot) => {
                use_algorithm(&engine, &mut algorithm, bot.algorithm);
                let found =
                    engine.best_move_with(bot.limits.clone(), &StopSignal::new(), |_| {})?;
                let mv = found.mv.unwrap_or(moves[0]);
                writeln!(
                    out,
                    "{} ({}) plays {mv}: depth {}, {} nodes, value {}",
                    name(seat),
                    bot.name,
                    found.depth,
                    found.nodes,
                    found.score
                )?;
                engine.send_move(mv);
                mv
            }
            Sitter::Human => {
                // The engine ponders on its own from here, for the next bot.
                if let Some(bot) = next_bot(&sitters, &position) {
                    use_algorithm(&engine, &mut algorithm, bot);
                }
                writeln!(out, "{} to move (legal: {})", name(seat), moves.len())?;
                let typed = human_move(&mut input, &position, interactive, out)?;
                if let Typed::Move(mv) = typed {
                    engine.send_move(mv);
                }
                syncs += 1;
                if let Some((nodes, depth)) = pondered(&engine, syncs) {
                    writeln!(
                        out,
                        "the bots pondered {nodes} nodes (depth {depth} on every reply)"
                    )?;
                }
                match typed {
                    Typed::Move(mv) => mv,
                    Typed::Quit => return Ok(()),
                    Typed::Ended if interactive => return Ok(()),
                    Typed::Ended => {
                        let message = format!(
                            "input ended before the game did: {} to move; position: {position}",
                            name(seat)
                        );
                        writeln!(out, "result: unfinished ({message})")?;
                        return Err(CliError::InputEnded(message));
                    }
                }
            }
        };
        record.try_play(mv)?;
    }
}

/// Sets the engine's algorithm to `wanted` if it is not already.
fn use_algorithm(
    engine: &Engine<AtaxxSeats>,
    current: &mut MultiAlgorithm,
    wanted: MultiAlgorithm,
) {
    if *current != wanted {
        engine.set_option(EngineOption::SeatedAlgorithm(wanted));
        *current = wanted;
    }
}

/// The algorithm of the first bot after the seat to move, of the seats still holding stones.
fn next_bot(sitters: &[Sitter], position: &AtaxxSeats) -> Option<MultiAlgorithm> {
    let stones = position.stone_counts();
    let to_move = position.side_to_move().index();
    (1..sitters.len())
        .map(|step| (to_move + step) % sitters.len())
        .filter(|&seat| stones[seat] > 0)
        .find_map(|seat| match &sitters[seat] {
            Sitter::Bot(bot) => Some(bot.algorithm),
            Sitter::Human => None,
        })
}

/// What the engine pondered on the human's turn just ended: its nodes and the deepest round
/// completed over every reply, `None` if it did not ponder. Waits (a `sync` numbered `sync`)
/// until the move sent before has stopped the pondering.
fn pondered(engine: &Engine<AtaxxSeats>, sync: u64) -> Option<(u64, u32)> {
    engine.send(Command::Sync(sync));
    let mut pondered = None;
    loop {
        match engine.recv_timeout(Duration::from_secs(60))? {
            Event::Synced { id, .. } if id == sync => return pondered,
            Event::Ponder(PonderInfo::Started { .. }) => pondered = Some((0, 0)),
            Event::Ponder(PonderInfo::Progress { depth, nodes, .. }) => {
                pondered = Some((nodes, depth));
            }
            Event::Ponder(PonderInfo::Stopped { nodes, .. }) => {
                pondered = pondered.map(|(_, depth)| (nodes, depth));
            }
            _ => {}
        }
    }
}

/// What the human typed in the end.
enum Typed {
    /// A legal move.
    Move(<AtaxxSeats as Game>::Move),
    /// `quit`.
    Quit,
    /// The input ended.
    Ended,
}

/// The human's next legal move, or why there is none.
fn human_move(
    input: &mut Input,
    position: &AtaxxSeats,
    interactive: bool,
    out: &mut dyn Write,
) -> Result<Typed, CliError> {
    loop {
        match input.next(Duration::from_millis(200)) {
            Next::Waiting => continue,
            Next::Ended => return Ok(Typed::Ended),
            Next::Entry(Entry::Quit) => return Ok(Typed::Quit),
            Next::Entry(Entry::Move(text)) => match position.parse_move(&text) {
                Ok(mv) => return Ok(Typed::Move(mv)),
                Err(error) => {
                    writeln!(out, "{text}: {error}")?;
                    if interactive {
                        input.clear_queue();
                    }
                }
            },
            Next::Entry(Entry::Moves) => {
                let mut moves = Vec::new();
                position.legal_moves(&mut moves);
                let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
                writeln!(out, "legal: {}", text.join(" "))?;
            }
            Next::Entry(_) => writeln!(
                out,
                "in games of more than two seats: a move, moves or quit"
            )?,
        }
    }
}

/// `seat x`.
fn name(seat: Seat) -> String {
    format!("seat {}", seat_letter(seat))
}

/// The board, rank 7 at the top, and each seat's stones.
fn draw(out: &mut dyn Write, position: &AtaxxSeats, sitters: &[Sitter]) -> std::io::Result<()> {
    writeln!(out)?;
    let text = position.to_string();
    let board = text.split(' ').next().unwrap_or_default();
    for (row, rank) in board.split('/').enumerate() {
        let mut line = String::new();
        for ch in rank.chars() {
            match ch.to_digit(10) {
                Some(run) => (0..run).for_each(|_| line.push_str(". ")),
                None => {
                    line.push(ch);
                    line.push(' ');
                }
            }
        }
        writeln!(out, "{} {}", 7 - row, line.trim_end())?;
    }
    writeln!(out, "  a b c d e f g")?;
    let counts = position.stone_counts();
    let stones: Vec<String> = sitters
        .iter()
        .enumerate()
        .map(|(seat, sitter)| {
            let who = match sitter {
                Sitter::Human => "human",
                Sitter::Bot(bot) => &bot.name,
            };
            format!("{} ({who}) {}", seat_letter(Seat::new(seat)), counts[seat])
        })
        .collect();
    writeln!(out, "stones: {}; position {text}", stones.join(", "))
}

/// The final standings.
fn finish(out: &mut dyn Write, position: &AtaxxSeats, sitters: &[Sitter]) -> Result<(), CliError> {
    let ranks = position.ranks().unwrap_or_default();
    let counts = position.stone_counts();
    let standings: Vec<String> = (0..sitters.len())
        .map(|seat| {
            format!(
                "{} rank {} ({} stones)",
                seat_letter(Seat::new(seat)),
                ranks[seat],
                counts[seat]
            )
        })
        .collect();
    writeln!(out, "result: {}", standings.join(", "))?;
    Ok(())
}
