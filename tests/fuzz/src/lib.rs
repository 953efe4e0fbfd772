//! The properties the fuzz targets check, one function a target. The ordinary test suite
//! (`tests/cli/cli_fuzz_corpora.rs`) includes `checks.rs` too and runs every seed and every
//! regression input through the same functions.
#[path = "checks.rs"]
pub mod checks;
