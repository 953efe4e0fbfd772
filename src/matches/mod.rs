//! Players against each other at tables of two to four seats: single games, matches whose
//! openings are played in every seating (with two seats, pairs with swapped colours), and the
//! statistics that judge them (Elo with a 95% interval and SPRT for two seats; each player's
//! ranks and points for any seat count). `ponder match` and `ponder tune` are built on it.
//!
//! ```
//! use ponder::matches::{run_match, MatchConfig};
//! use ponder::players::{build_player, PlayerSpec};
//! use ponder::{Game, GameRecord, Kalah};
//! let start = GameRecord::new(Kalah::start(&Default::default()).unwrap());
//! let greedy: PlayerSpec = "greedy".parse().unwrap();
//! let random: PlayerSpec = "random".parse().unwrap();
//! let config = MatchConfig { games: 4, opening_plies: 2, balance: None, seed: 1, concurrency: 1 };
//! let (games, tally) = run_match(
//!     &start,
//!     &|seed| build_player::<Kalah>(&greedy, seed),
//!     &|seed| build_player::<Kalah>(&random, seed),
//!     &config,
//!     &mut |_, _| true,
//! )
//! .unwrap();
//! assert_eq!(games.len(), 4);
//! assert_eq!(tally.games(), 4);
//! ```

mod game;
mod openings;
mod pairs;
mod parts;
mod runner;
mod stats;

pub use game::{MAX_PLIES, PlayedGame, SeatStats, Termination, play_game, play_table};
pub use openings::{Balance, balanced_opening, derive_seed, opening, random_opening};
pub use pairs::play_pairs;
pub use parts::{
    GameResult, MATCH_PART_FILE, MatchMergeError, MatchPart, MatchSetup, MergedMatch,
    merge_match_parts, standings_of, tally_of,
};
pub use runner::{
    Lineup, MatchConfig, MatchGame, PlayerFactory, run_match, run_match_shard, run_table, seating,
    shard_games, shard_rounds,
};
pub use stats::{
    EloEstimate, PairedTally, PlayerTally, Sprt, SprtDecision, Tally, elo_from_score, elo_json,
    elo_text, score_from_elo,
};
