//! What `ponder play` does only at a table of more than two seats (`--game ataxx:players=N`):
//! its bots, each an engine of its multi-player search pondering while the others move; the
//! seats' names; the board and every seat's stones; the standings at the end. The game itself
//! is the one loop of every table (`Session`).

use super::PlayArgs;
use super::seats::{SeatPlayer, SeatSpec};
use crate::cli::CliError;
use crate::engine::EngineConfig;
use crate::games::ataxx::seats::seat_letter;
use crate::games::{Game, Seat};
use crate::players::{EnginePlayer, Player, PlayerError, PlayerSpec, SeatedPlayer};
use crate::search::{Evaluators, Limits};
use std::io::Write;
use std::time::Duration;

/// The table the bots share, MiB (each bot's engine gets its share).
const HASH_MIB: usize = 64;

/// The seats when `--seats` is not given: a human, then engines.
pub(super) fn default_seats(seats: usize) -> Vec<SeatSpec> {
    (0..seats)
        .map(|seat| match seat {
            0 => SeatSpec::Human,
            _ => SeatSpec::Computer(PlayerSpec::named("engine")),
        })
        .collect()
}

/// The engine player of a bot at a table of more than two seats: an engine of `player`'s
/// multi-player algorithm (on `config` otherwise), answering within `player`'s limits.
pub(crate) fn seated_engine<G: Evaluators>(
    player: SeatedPlayer,
    config: EngineConfig,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    let config = EngineConfig {
        seated_algorithm: player.algorithm,
        ..config
    };
    let engine = EnginePlayer::<G>::new(config, player.limits, player.name)?;
    Ok(Box::new(engine))
}

/// The hint's player: the default bot, searching 1 s, not pondering.
pub(super) fn hint_player<G: Evaluators>() -> Result<Box<dyn Player<G>>, CliError> {
    let limits = Limits {
        depth: Some(64),
        hard_time: Some(Duration::from_millis(1000)),
        ..Limits::default()
    };
    let (_, player) = bot::<G>(&PlayerSpec::named("engine"), limits, false, HASH_MIB / 4)?;
    Ok(player)
}

/// The bot `spec` names, searching within `defaults` unless it sets its own budget: its
/// label (the spec) and its engine of `hash_mib` MiB, pondering on the others' turns when
/// `ponder`.
fn bot<G: Evaluators>(
    spec: &PlayerSpec,
    defaults: Limits,
    ponder: bool,
    hash_mib: usize,
) -> Result<(String, Box<dyn Player<G>>), CliError> {
    let bot = SeatedPlayer::from_spec(spec, defaults)?;
    let config = EngineConfig {
        ponder,
        hash_mib,
        pin_thread: false,
        ..EngineConfig::default()
    };
    Ok((bot.name.clone(), seated_engine::<G>(bot, config)?))
}

/// The players of `specs`: a bot is a [`SeatedPlayer`] spec searching within `--depth` and
/// `--movetime` (default 1 s) unless it sets its own budget, an engine of its own that
/// ponders on the others' turns when `ponder`.
pub(super) fn seat_players<G: Evaluators>(
    specs: &[SeatSpec],
    args: &PlayArgs,
    ponder: bool,
) -> Result<Vec<SeatPlayer<G>>, CliError> {
    let defaults = Limits {
        depth: Some(args.depth.unwrap_or(64)),
        hard_time: Some(Duration::from_millis(args.movetime.unwrap_or(1000))),
        ..Limits::default()
    };
    let bots = specs.iter().filter(|s| **s != SeatSpec::Human).count();
    let hash_mib = HASH_MIB / bots.max(1);
    specs
        .iter()
        .map(|spec| match spec {
            SeatSpec::Human => Ok(SeatPlayer::Human),
            SeatSpec::Computer(spec) => {
                let (label, player) = bot::<G>(spec, defaults.clone(), ponder, hash_mib)?;
                Ok(SeatPlayer::Computer { label, player })
            }
        })
        .collect()
}

/// `seat x (human)`.
pub(super) fn seat_name(seat: Seat, label: &str) -> String {
    format!("seat {} ({label})", seat_letter(seat))
}

/// The board of the position's notation (rank 7 at the top) and each seat's stones.
pub(super) fn draw<G: Evaluators>(
    out: &mut dyn Write,
    position: &G,
    seats: &[SeatPlayer<G>],
) -> std::io::Result<()> {
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
    let stones: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(seat, player)| {
            let seat = Seat::new(seat);
            let who = player.label();
            format!(
                "{} ({who}) {}",
                seat_letter(seat),
                position.seat_score(seat)
            )
        })
        .collect();
    writeln!(out, "stones: {}; position {text}", stones.join(", "))
}

/// The final standings: `x rank 1 (12 stones), o rank 2 (...), ...`.
pub(super) fn standings<G: Game>(position: &G) -> String {
    let ranks = position.ranks().unwrap_or_default();
    (0..position.seat_count().min(Seat::MAX))
        .map(|seat| {
            let seat = Seat::new(seat);
            format!(
                "{} rank {} ({} stones)",
                seat_letter(seat),
                ranks[seat.index()],
                position.seat_score(seat)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
