//! `ponder accuracy`: how often a player keeps the game-theoretic value of Kalah endgames,
//! judged exactly by an endgame database.

use super::CliError;
use super::solve_kalah::load_or_build;
use crate::games::kalah::{Kalah, KalahEgdb};
use crate::games::{Game, GameRecord, GameSpec};
use crate::players::{PlayerSpec, Turn, build_player_with};
use crate::search::{Database, StopSignal};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::Arc;

/// Arguments of `ponder accuracy`.
#[derive(Debug, Clone, clap::Args)]
pub struct AccuracyArgs {
    /// The game: `kalah[:pits=M,seeds=N,capture=classic|empty]`.
    #[arg(long, short = 'g', default_value = "kalah")]
    game: GameSpec,
    /// The player to judge, e.g. `pvs:depth=8`, `greedy`, `random`.
    #[arg(long)]
    player: PlayerSpec,
    /// Positions to judge.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    positions: u32,
    /// The judging database: a file, or a number of seeds to build one for (in memory). The
    /// positions have at most this many seeds in the pits. The player does not see it.
    #[arg(long, default_value = "14")]
    egdb: String,
    /// Let the player's search consult the judging database too (the perfect level: any
    /// search player then keeps the value of every position it covers).
    #[arg(long)]
    player_egdb: bool,
    /// Seed of the games the positions are drawn from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plays the player on the positions and prints the share of moves that keep the value.
pub fn run(args: &AccuracyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = Kalah::config_from_spec(&args.game)?;
    let egdb = Arc::new(load_or_build(config, &args.egdb, 2, &mut std::io::sink())?);
    let max_seeds = egdb.max_seeds().unwrap_or(0);
    let database: Option<Database<Kalah>> = args.player_egdb.then(|| egdb.clone() as _);
    let mut player =
        build_player_with::<Kalah>(&args.player, args.seed, database).map_err(CliError::Player)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let (mut kept, mut lost_seeds) = (0u32, 0i64);
    for _ in 0..args.positions {
        let record = endgame(config, max_seeds, &mut rng);
        let position = record.current();
        let best = margin_after_best(&egdb, &position);
        let stop = StopSignal::new();
        player.new_game();
        let choice = player
            .choose(&record, Turn::quiet(&stop))
            .map_err(CliError::Player)?;
        let after = margin_after(&egdb, &position, choice.mv);
        kept += u32::from(after == best);
        lost_seeds += i64::from(best - after);
    }
    writeln!(
        out,
        "accuracy {}{} on {} {} positions with at most {max_seeds} seeds in the pits: \
         {kept}/{} keep the value ({:.1}%), mean loss {:.3} seeds a move",
        args.player,
        if args.player_egdb {
            " (with the database)"
        } else {
            ""
        },
        args.positions,
        config,
        args.positions,
        100.0 * f64::from(kept) / f64::from(args.positions),
        lost_seeds as f64 / f64::from(args.positions)
    )?;
    Ok(())
}

/// A position of a game played from the start, each move chosen at random, with two thirds
/// of the moves the one that banks most (captures and extra moves, as players seek them),
/// stopped at the first position with at most `max_seeds` seeds in the pits; games that end
/// before are played again.
fn endgame(
    config: crate::games::kalah::KalahConfig,
    max_seeds: u32,
    rng: &mut SmallRng,
) -> GameRecord<Kalah> {
    let mut moves = Vec::new();
    loop {
        let mut record = GameRecord::new(Kalah::new(config));
        loop {
            let position = record.current();
            if position.is_over() {
                break;
            }
            let seeds =
                position.row_seeds(crate::Seat::FIRST) + position.row_seeds(crate::Seat::SECOND);
            if seeds <= max_seeds {
                return record;
            }
            position.legal_moves(&mut moves);
            let mv = if rng.random_range(0..3) < 2 {
                *moves
                    .iter()
                    .max_by_key(|&&mv| banked(&position, mv))
                    .unwrap_or(&moves[0])
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            if record.try_play(mv).is_err() {
                break;
            }
        }
    }
}

/// The store difference for `position`'s mover after `mv`.
fn banked(position: &Kalah, mv: crate::games::kalah::KalahMove) -> i32 {
    let child = position.play(mv);
    let difference = child.store_difference();
    if child.side() == position.side() {
        difference
    } else {
        -difference
    }
}

/// The exact final margin for `position`'s mover after `mv`.
fn margin_after(egdb: &KalahEgdb, position: &Kalah, mv: crate::games::kalah::KalahMove) -> i32 {
    let child = position.play(mv);
    let margin = child.store_difference() + egdb.value(&child).unwrap_or(0);
    if child.side() == position.side() {
        margin
    } else {
        -margin
    }
}

/// The exact final margin for `position`'s mover under perfect play.
fn margin_after_best(egdb: &KalahEgdb, position: &Kalah) -> i32 {
    position.store_difference() + egdb.value(position).unwrap_or(0)
}
