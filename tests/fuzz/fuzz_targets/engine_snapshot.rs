//! Fuzz target `engine_snapshot`: see `ponder_fuzz::checks::engine_snapshot` for the property
//! it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::engine_snapshot(data));
