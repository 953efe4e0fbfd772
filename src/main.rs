//! The `ponder` command line. See `ponder --help`.

use clap::Parser;
use ponder::cli::{Cli, CliError, run};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Not locked for the whole run: `ponder uai` writes from its search thread too.
    let mut out = io::stdout();
    match run(cli, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
