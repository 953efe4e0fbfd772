//! The library's integration tests, one module per area: the rules of each game against
//! independent implementations and published results (`rules`), the search against plain
//! minimax and its own promises (`search`), and perfect play with endgame databases
//! (`perfect`). One binary, so that the generic search is compiled once for all three; `cargo
//! test --test library -- rules::` runs one area.

mod perfect;
mod rules;
mod search;
