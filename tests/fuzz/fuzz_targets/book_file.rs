//! Fuzz target `book_file`: see `ponder_fuzz::checks::book_file` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::book_file(data));
