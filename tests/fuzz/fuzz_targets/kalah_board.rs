//! Fuzz target `kalah_board`: see `ponder_fuzz::checks::kalah_board` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::kalah_board(data));
