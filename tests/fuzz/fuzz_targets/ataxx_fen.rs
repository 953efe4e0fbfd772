//! Fuzz target `ataxx_fen`: see `ponder_fuzz::checks::ataxx_fen` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::ataxx_fen(data));
