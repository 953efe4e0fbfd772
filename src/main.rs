//! The `ponder` command line.

fn main() {}
