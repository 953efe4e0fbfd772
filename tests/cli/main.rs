//! The `ponder` binary, run as a user runs it (`CARGO_BIN_EXE_ponder`): every subcommand,
//! the UAI loop and the HTTP server. One test binary; each file is one module. Needs the
//! `cli` feature.

mod cli_bestmove;
mod cli_book;
mod cli_fuzz_corpora;
mod cli_kalah;
mod cli_lists;
mod cli_match;
mod cli_oware;
mod cli_play;
mod cli_seats;
mod cli_serve;
mod cli_serve_parts;
mod cli_serve_restart;
mod cli_shards;
mod cli_solve;
mod cli_uai;
mod cli_web;
mod cli_web_load;
mod cli_web_seats;
mod run;
