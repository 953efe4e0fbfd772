//! Fuzz target `http_body`: see `ponder_fuzz::checks::http_body` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::http_body(data));
