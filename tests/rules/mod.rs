//! The rules of each game: Kalah, Oware and Ataxx move for move against independent
//! implementations and published results (perft, game records, endgame databases), and
//! property tests. A module of the `library`
//! test binary; each file is one module.

mod ataxx_games;
mod ataxx_perft;
mod ataxx_props;
mod ataxx_rules;
mod ataxx_seats;
mod kalah_properties;
mod kalah_reference;
mod oware_egdb;
mod oware_games;
mod oware_perft;
mod oware_props;
mod oware_rules;
