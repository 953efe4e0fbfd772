//! Running the binary as a user runs it: the helpers every test module shares.

use std::process::{Command, Output};

/// Runs `ponder` with `args` to the end and returns what it printed and its status.
pub fn ponder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What a run printed on its standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}
