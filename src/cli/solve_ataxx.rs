//! `ponder solve --game ataxx --position FEN [--nodes N] [--movetime MS]`: proves a
//! position's exact final margin with the search's prover, or gives its bounds when the
//! budget runs out.

use super::CliError;
use super::solve_args::SolveArgs;
use crate::games::ataxx::Ataxx;
use crate::games::{Game, GameRecord};
use crate::search::{Prover, StopSignal, evaluator_by_name, exact_text};
use std::io::Write;

/// Table size of each bound's table, MiB.
const HASH_MIB: usize = 16;

/// Runs `solve` for Ataxx: prints `value +3` and the result in words, or `unproven` with
/// the bounds, then the line, depth, nodes and time.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.egdb.is_some() || args.egdb_only || args.shard.is_some() || args.save.is_some() {
        return Err(CliError::Usage(
            "ataxx has no endgame database: solve --game ataxx takes --position, --nodes and \
             --movetime"
                .into(),
        ));
    }
    let config = Ataxx::config_from_spec(&args.game)?;
    let record = GameRecord::<Ataxx>::of(&config, args.position.as_deref())?;
    let limits = args.budget.limits();
    let evaluator =
        evaluator_by_name::<Ataxx>("default").map_err(|e| CliError::Usage(e.to_string()))?;
    let mut prover = Prover::new(evaluator, HASH_MIB);
    let proof = prover.prove(&record, &limits, &StopSignal::new());
    match proof.exact() {
        Some(margin) => writeln!(out, "value {margin:+} ({})", exact_text(margin))?,
        None => writeln!(
            out,
            "unproven: the value is between {:+} and {:+}",
            proof.lower, proof.upper
        )?,
    }
    let line: Vec<String> = proof.pv.iter().map(ToString::to_string).collect();
    writeln!(out, "line {}", line.join(" "))?;
    writeln!(
        out,
        "depth {}, {} nodes, {} ms",
        proof.depth,
        proof.nodes,
        proof.time.as_millis()
    )?;
    Ok(())
}
