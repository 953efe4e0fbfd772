//! Fuzz target `ataxx_move`: see `ponder_fuzz::checks::ataxx_move` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::ataxx_move(data));
