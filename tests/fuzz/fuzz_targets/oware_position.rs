//! Fuzz target `oware_position`: see `ponder_fuzz::checks::oware_position` for the property it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ponder_fuzz::checks::oware_position(data));
