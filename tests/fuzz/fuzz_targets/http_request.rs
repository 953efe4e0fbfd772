//! Fuzz target `http_request`: see `ponder_fuzz::checks::http_request` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::http_request(data));
