//! Evaluators: named, selectable static evaluations for each game, always from the side to
//! move's point of view (positive is good for the player about to move).
//!
//! An [`Evaluator`] is separate from the game's rules, so a new evaluation never touches the
//! rules or the search. Each game lists its evaluators through [`Evaluators`], implemented in
//! the game's own folder (`src/games/<game>/evaluators.rs`): the seed designs' own
//! (`store-diff` for Kalah, `seed` for Oware and Ataxx) and a stronger `default`. A new game
//! gets generic ones (`default` = [`Game::evaluate`], `score-diff`) with one line,
//! `impl Evaluators for MyGame {}`.
//!
//! An evaluator is a value: [`crate::search::Searcher::with_evaluator`] and
//! `crate::engine::Knowledge` take one of the caller's; the names are for front ends, mapped
//! onto values in one place (the game's [`Evaluators`]). An endgame database is a value too
//! ([`ExactScores`], shared as a [`Database`]), attached to an evaluator with
//! [`WithDatabase`]: never a process global, so two searches in one process may consult two
//! different databases.

mod error;
mod exact;
mod fitted;
mod generic;
mod linear;
mod network;
mod seated;
mod selectivity;
mod solvable;
pub mod weights;

pub use error::EvalError;
pub use exact::{Database, ExactScores, WithDatabase};
pub use fitted::{Fitted, FittedPatterns, Network};
pub use generic::{GameEvaluation, ScoreDiff};
pub use linear::{
    FeatureVector, LinearFeatures, LinearWeights, MAX_FEATURES, WEIGHT_SHIFT, fixed_point_value,
    linear_value, weighted_sum,
};
pub use network::{
    HIDDEN, HiddenRow, NetworkSum, NetworkWeights, OUTPUT_EXTRA_BITS, OUTPUT_SHIFT, QA,
};
pub use seated::{SeatedGame, SeatedVisitor};
pub use selectivity::{
    LateMovePruning, Margin, Reductions, Selectivity, Singular, TECHNIQUES, TUNABLES,
    technique_names,
};
pub use solvable::{Child, Inspected, Known, MAX_CHILDREN, Solvable};
pub(crate) use weights::embedded_weights_file;
pub use weights::{EmbeddedFile, EmbeddedWeights, Weights, WeightsKind};

use crate::egdb::EgdbError;
use crate::games::{Depths, Game};
use std::path::Path;
use std::sync::Arc;

/// A static evaluation of positions of game `G`.
///
/// `last_move` is the move that led to `position` when the search knows it (it always does
/// below the root): some evaluations judge the move as well as the position (Ataxx `seed`
/// penalises a jump).
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of `position` for the side to move. The search clamps it into the heuristic
    /// range (below every won and above every lost finished game).
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32;

    /// The forward-pruning numbers that suit this evaluation (its margins are in the
    /// evaluation's units): [`Selectivity::STEPS`] unless the game's folder says otherwise.
    fn selectivity(&self) -> Selectivity {
        Selectivity::STEPS
    }

    /// The exact final margin of `position` for the side to move under perfect play, when
    /// the evaluator knows it; the search then scores the node as a finished game without
    /// searching it. `None` (the default) otherwise. An endgame database answers it through
    /// [`WithDatabase`]; `fresh_history` is as for [`ExactScores::exact_margin`] (no earlier
    /// position can be repeated below `position`).
    #[inline]
    fn exact_margin(&self, _position: &G, _fresh_history: bool) -> Option<i32> {
        None
    }

    /// The least and the most final margin the side to move can still end `position` with,
    /// when the game bounds them: what a proof search ([`crate::search::Prover`]) scores a
    /// node at its horizon with, pessimistically and optimistically. `None` (the default):
    /// no proof is attempted.
    #[inline]
    fn margin_bounds(&self, _position: &G) -> Option<(i32, i32)> {
        None
    }

    /// Whether `position` is close enough to the end of the game that a search with a time
    /// or node budget should first try to prove its exact value (within part of the budget)
    /// and report it. `false` by default.
    #[inline]
    fn worth_proving(&self, _position: &G) -> bool {
        false
    }
}

/// An evaluator behind a smart pointer is the evaluator: every method forwards, so that a new
/// method of [`Evaluator`] is forwarded in one place.
macro_rules! forward_evaluator {
    ($($pointer:ident),+) => {$(
        impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for $pointer<E> {
            #[inline]
            fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
                (**self).evaluate(position, last_move)
            }

            #[inline]
            fn selectivity(&self) -> Selectivity {
                (**self).selectivity()
            }

            #[inline]
            fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32> {
                (**self).exact_margin(position, fresh_history)
            }

            #[inline]
            fn margin_bounds(&self, position: &G) -> Option<(i32, i32)> {
                (**self).margin_bounds(position)
            }

            #[inline]
            fn worth_proving(&self, position: &G) -> bool {
                (**self).worth_proving(position)
            }
        }
    )+};
}

forward_evaluator!(Arc, Box);

/// Receives an evaluator by its concrete type, so that a search chosen by name is compiled
/// for that evaluator (no dynamic call per leaf).
pub trait EvaluatorVisitor<G: Game> {
    /// What the visit produces.
    type Output;
    /// Called with the evaluator the name selected.
    fn visit<E: Evaluator<G> + 'static>(self, evaluator: E) -> Self::Output;
}

/// What a game plugs into the search besides its rules: its named evaluators, how to open its
/// endgame database files, and how deep a search of it is cheap ([`Evaluators::DEPTHS`]).
/// The provided items give every game `default` ([`GameEvaluation`]) and `score-diff`
/// ([`ScoreDiff`]), no database and [`Depths::DEFAULT`]; ponder's games override them with
/// their own (in `src/games/<game>/evaluators.rs`).
///
/// ```
/// use ponder::eval::{evaluator_by_name, Evaluators};
/// use ponder::{Game, Kalah};
/// assert!(Kalah::evaluator_names().contains(&"store-diff"));
/// let error = evaluator_by_name::<Kalah>("nope").err().unwrap();
/// assert!(error.to_string().contains("store-diff"));
/// ```
pub trait Evaluators: Game {
    /// How deep a search of this game is cheap: the depths the engine and the front ends
    /// start from (difficulty levels, the engine's model of its opponent, judging match
    /// openings, tuning). The default suits a game with about seven moves a position; games
    /// with many more moves (Ataxx) lower it.
    const DEPTHS: Depths = Depths::DEFAULT;

    /// The names this game's evaluators are selected by; the first is the default.
    fn evaluator_names() -> &'static [&'static str] {
        &["default", "score-diff"]
    }

    /// Calls `visitor` with the evaluator named `name`, or fails with the list of known names.
    fn visit_evaluator<V: EvaluatorVisitor<Self>>(
        name: &str,
        visitor: V,
    ) -> Result<V::Output, EvalError> {
        match name {
            "default" => Ok(visitor.visit(GameEvaluation)),
            "score-diff" => Ok(visitor.visit(ScoreDiff)),
            _ => Err(unknown_evaluator::<Self>(name)),
        }
    }

    /// Opens the endgame database file at `path` for positions of `config` (memory-mapped:
    /// its header is checked, its values are read in place as the search probes them); a
    /// file that is not a database of this game, or of another board or rule set than
    /// `config`'s, is refused with an error naming it. Games without databases refuse every
    /// file (the default).
    fn open_database(config: &Self::Config, path: &Path) -> Result<Database<Self>, EgdbError> {
        let _ = config;
        Err(EgdbError::NoDatabase {
            game: Self::NAME,
            path: path.to_path_buf(),
        })
    }

    /// The game's own opening book for `config`, embedded in the build: the bytes of a
    /// ponder book file ([`crate::book::Book::from_bytes`]), or `None` where the game has
    /// none for that configuration (the default). Kalah(6,4) with the classic capture has the
    /// `perfect` level's exact book (`src/games/kalah/books/`).
    fn own_book(config: &Self::Config) -> Option<&'static [u8]> {
        let _ = config;
        None
    }

    /// Runs `visitor` with this game as a [`SeatedGame`] when it is one (a game of more than
    /// two seats, which the engine searches with the multi-player search), or hands the
    /// visitor back when it is not (the default).
    fn visit_seated<V: SeatedVisitor<Self>>(visitor: V) -> Result<V::Output, V> {
        Err(visitor)
    }
}

/// Implements [`Evaluators`] for a game from its named evaluators, the first the default, and
/// optionally its [`Evaluators::DEPTHS`], the function that opens its database files and the
/// one that gives its own book, so that the names and the dispatch on them are written once:
/// `impl_evaluators!(Kalah { "default" => KalahDefault, "store-diff" => KalahStoreDiff }
/// depths: DEPTHS, database: egdb::open_database, book: books::own_book);`
macro_rules! impl_evaluators {
    (
        $game:ty { $($name:literal => $evaluator:expr),+ $(,)? }
        $(depths: $depths:expr)? $(, database: $open:path)? $(, book: $book:path)?
    ) => {
        impl $crate::eval::Evaluators for $game {
            $(const DEPTHS: $crate::games::Depths = $depths;)?

            fn evaluator_names() -> &'static [&'static str] {
                &[$($name),+]
            }

            fn visit_evaluator<V: $crate::eval::EvaluatorVisitor<Self>>(
                name: &str,
                visitor: V,
            ) -> Result<V::Output, $crate::eval::EvalError> {
                match name {
                    $($name => Ok(visitor.visit($evaluator)),)+
                    _ => Err($crate::eval::unknown_evaluator::<Self>(name)),
                }
            }

            $(
                fn open_database(
                    config: &<Self as $crate::games::Game>::Config,
                    path: &std::path::Path,
                ) -> Result<$crate::eval::Database<Self>, $crate::egdb::EgdbError> {
                    $open(config, path)
                }
            )?

            $(
                fn own_book(
                    config: &<Self as $crate::games::Game>::Config,
                ) -> Option<&'static [u8]> {
                    $book(config)
                }
            )?
        }
    };
}
pub(crate) use impl_evaluators;

/// The error for an evaluator name that `G` does not know.
pub fn unknown_evaluator<G: Evaluators>(name: &str) -> EvalError {
    EvalError::UnknownEvaluator {
        game: G::NAME,
        name: name.to_string(),
        known: G::evaluator_names().join(", "),
    }
}

struct Boxing;

impl<G: Game> EvaluatorVisitor<G> for Boxing {
    type Output = Arc<dyn Evaluator<G>>;
    fn visit<E: Evaluator<G> + 'static>(self, evaluator: E) -> Arc<dyn Evaluator<G>> {
        Arc::new(evaluator)
    }
}

/// The evaluator named `name` for game `G`, behind a dynamic call (front ends and the engine;
/// the [`crate::search::Searcher`] compiles its search for the concrete evaluator instead).
pub fn evaluator_by_name<G: Evaluators>(name: &str) -> Result<Arc<dyn Evaluator<G>>, EvalError> {
    G::visit_evaluator(name, Boxing)
}
