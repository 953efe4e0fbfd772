//! The search: every algorithm against plain minimax, solved positions, limits, ties, the
//! evaluators' strength and the players built on the search. A module of the `library` test binary;
//! each file is one module, and `common` holds the small games the tests search.

mod common;

mod eval_strength;
mod fit_eval;
mod players;
mod search_agreement;
mod search_ataxx;
mod search_classroom;
mod search_kalah;
mod search_limits;
mod search_multi;
mod search_oware;
mod search_oware_selectivity;
mod search_prove;
mod search_solve;
mod search_threads;
mod search_ties;
