//! Exact scores as a value: an endgame database ([`ExactScores`]) attached to an evaluator
//! ([`WithDatabase`]), so that each search (each searcher, each engine) consults the database
//! it was given, and a search given none pays nothing for it.

use super::Evaluator;
use super::Selectivity;
use crate::games::Game;
use std::sync::Arc;

/// Exact values of positions of game `G` under perfect play: an endgame database.
///
/// ponder's databases implement it (`KalahEgdb`, Oware's `Egdb`); so can a game's own.
pub trait ExactScores<G: Game>: Send + Sync {
    /// The exact final margin of `position` for the side to move under perfect play, when
    /// known; the search then scores the node as a finished game without searching it.
    ///
    /// `fresh_history`: no earlier position can be repeated below `position` (none since the
    /// last irreversible move). A database of a game whose first repetition ends it holds
    /// values that depend on the path, so it answers only when the history is fresh; values
    /// that hold whatever came before ignore it.
    fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32>;
}

/// A database as a shared value: what engines, searchers and players are handed.
pub type Database<G> = Arc<dyn ExactScores<G>>;

impl<G: Game, D: ExactScores<G> + ?Sized> ExactScores<G> for Arc<D> {
    #[inline]
    fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32> {
        (**self).exact_margin(position, fresh_history)
    }
}

/// No database, or one: what a search chosen at run time holds (without one, a probe is a
/// test of `None`, no call).
impl<G: Game, D: ExactScores<G>> ExactScores<G> for Option<D> {
    #[inline]
    fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32> {
        self.as_ref()?.exact_margin(position, fresh_history)
    }
}

/// Several databases (e.g. one per rule set of a game): the first that knows the position
/// answers.
impl<G: Game, D: ExactScores<G>> ExactScores<G> for Vec<D> {
    fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32> {
        self.iter()
            .find_map(|database| database.exact_margin(position, fresh_history))
    }
}

/// The evaluator `E` with the database `D` attached: [`Evaluator::exact_margin`] comes from the
/// database, everything else from `E`.
///
/// ```
/// use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig, KalahDefault, KalahEgdb};
/// use ponder::search::{Evaluator, WithDatabase};
/// use ponder::Game;
/// let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
/// let egdb = KalahEgdb::build(config, 2, 1, |_| {}).unwrap();
/// // The mover's last seed next to its store, one seed on the other side: a margin of 0.
/// let position = Kalah::parse_position(&config, "0,0,0,0,0,1,23,0,0,0,0,0,1,23,0")
///     .unwrap()
///     .current();
/// assert_eq!(KalahDefault.exact_margin(&position, true), None);
/// let knowing = WithDatabase::new(KalahDefault, egdb);
/// assert_eq!(knowing.exact_margin(&position, true), Some(0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct WithDatabase<E, D> {
    evaluator: E,
    database: D,
}

impl<E, D> WithDatabase<E, D> {
    /// `evaluator` consulting `database`.
    pub fn new(evaluator: E, database: D) -> WithDatabase<E, D> {
        WithDatabase {
            evaluator,
            database,
        }
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The database.
    pub fn database(&self) -> &D {
        &self.database
    }
}

impl<G: Game, E: Evaluator<G>, D: ExactScores<G>> Evaluator<G> for WithDatabase<E, D> {
    #[inline]
    fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        self.evaluator.evaluate(position, last_move)
    }

    #[inline]
    fn selectivity(&self) -> Selectivity {
        self.evaluator.selectivity()
    }

    #[inline]
    fn exact_margin(&self, position: &G, fresh_history: bool) -> Option<i32> {
        self.database.exact_margin(position, fresh_history)
    }

    #[inline]
    fn margin_bounds(&self, position: &G) -> Option<(i32, i32)> {
        self.evaluator.margin_bounds(position)
    }

    #[inline]
    fn worth_proving(&self, position: &G) -> bool {
        self.evaluator.worth_proving(position)
    }
}
