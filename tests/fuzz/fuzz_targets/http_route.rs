//! Fuzz target `http_route`: see `ponder_fuzz::checks::http_route` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::http_route(data));
