//! Fuzz target `http_bestmove`: see `ponder_fuzz::checks::http_bestmove` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::http_bestmove(data));
