//! Fuzz target `kalah_trace`: see `ponder_fuzz::checks::kalah_trace` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::kalah_trace(data));
