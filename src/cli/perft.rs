//! `ponder perft`: count the positions d plies ahead.

use super::{CliError, PositionArgs, with_seats_or_game};
use crate::games::Perft;
use std::io::Write;
use std::time::Instant;

/// Arguments of `ponder perft`.
#[derive(Debug, Clone, clap::Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The deepest depth to count; one line is printed for each depth from 1.
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
}

/// Prints `depth=<d> nodes=<n> time_ms=<t> nps=<r>` for each depth from 1 to the given one.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_seats_or_game!(args.position.game, G => run_game::<G>(args, out))
}

fn run_game<G: Perft>(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let record = args.position.record::<G>()?;
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = crate::perft(&record, depth);
        let elapsed = started.elapsed();
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
        writeln!(
            out,
            "depth={depth} nodes={nodes} time_ms={} nps={nps}",
            elapsed.as_millis()
        )?;
        out.flush()?;
    }
    Ok(())
}
