//! Fuzz target `player_spec`: see `ponder_fuzz::checks::player_spec` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::player_spec(data));
