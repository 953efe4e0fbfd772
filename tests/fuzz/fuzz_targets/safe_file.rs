//! Fuzz target `safe_file`: see `ponder_fuzz::checks::safe_file` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::safe_file(data));
