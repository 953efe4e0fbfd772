//! Fuzz target `saved_game`: see `ponder_fuzz::checks::saved_game` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::saved_game(data));
