//! Fuzz target `uai_session`: see `ponder_fuzz::checks::uai_session` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::uai_session(data));
