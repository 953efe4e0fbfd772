//! What an engine knows besides the rules, as values: its evaluator and its endgame database.

use super::search_thread::{EngineEvaluator, GivenEvaluator};
use crate::games::Game;
use crate::search::{Database, Evaluator};
use std::fmt;
use std::sync::Arc;

/// An engine's knowledge: the evaluator it searches with and the endgame database it
/// consults, each a value handed to [`Engine::with_knowledge`](super::Engine::with_knowledge).
///
/// Without an evaluator the engine uses the one [`EngineConfig::eval`](super::EngineConfig)
/// names (and `setoption Eval` switches by name); with one, it searches with that value,
/// compiled for its type, until an [`EngineOption::Eval`](super::EngineOption::Eval) names
/// another. Without a database no position is scored exactly before the game ends; two
/// engines in one process may hold two different databases.
///
/// ```
/// use ponder::engine::{Engine, EngineConfig, Event, Knowledge, Limits};
/// use ponder::games::kalah::{CaptureRule, KalahConfig, KalahDefault, KalahEgdb};
/// use ponder::{Game, GameRecord, Kalah};
/// use std::time::Duration;
/// let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
/// let egdb = KalahEgdb::build(config, 6, 1, |_| {}).unwrap();
/// let knowledge = Knowledge::new()
///     .with_evaluator(KalahDefault)
///     .with_database(std::sync::Arc::new(egdb));
/// // 3 seeds left in the pits, the stores 22 and 23: the database knows the result.
/// let record = Kalah::parse_position(&config, "0,0,0,0,1,1,22,0,0,0,0,0,1,23,0").unwrap();
/// let engine_config = EngineConfig { ponder: false, pin_thread: false, ..Default::default() };
/// let engine = Engine::with_knowledge(record, engine_config, knowledge);
/// engine.go(Limits::depth(2));
/// loop {
///     match engine.recv_timeout(Duration::from_secs(10)) {
///         Some(Event::BestMove(best)) => {
///             assert!(best.exact.is_some());
///             break;
///         }
///         Some(_) => {}
///         None => panic!("no answer"),
///     }
/// }
/// ```
pub struct Knowledge<G: Game> {
    /// The evaluator given as a value (`None`: the configuration's named one).
    pub(super) evaluator: Option<Arc<dyn EngineEvaluator<G>>>,
    /// The endgame database.
    pub(super) database: Option<Database<G>>,
}

impl<G: Game> Knowledge<G> {
    /// No evaluator of its own (the configuration names one) and no database.
    pub fn new() -> Knowledge<G> {
        Knowledge {
            evaluator: None,
            database: None,
        }
    }

    /// Searches with `evaluator` (the search is compiled for its type).
    pub fn with_evaluator<E: Evaluator<G> + 'static>(mut self, evaluator: E) -> Knowledge<G> {
        self.evaluator = Some(Arc::new(GivenEvaluator(Arc::new(evaluator))));
        self
    }

    /// Consults `database`: the positions it covers are scored exactly.
    pub fn with_database(mut self, database: Database<G>) -> Knowledge<G> {
        self.database = Some(database);
        self
    }

    /// The database, if any.
    pub fn database(&self) -> Option<&Database<G>> {
        self.database.as_ref()
    }

    /// Whether an evaluator was given as a value.
    pub fn has_evaluator(&self) -> bool {
        self.evaluator.is_some()
    }

    /// Whether both hold the very same evaluator and database values.
    pub(super) fn same_as(&self, other: &Knowledge<G>) -> bool {
        fn same<T: ?Sized>(a: &Option<Arc<T>>, b: &Option<Arc<T>>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        same(&self.evaluator, &other.evaluator) && same(&self.database, &other.database)
    }
}

impl<G: Game> Default for Knowledge<G> {
    fn default() -> Knowledge<G> {
        Knowledge::new()
    }
}

impl<G: Game> Clone for Knowledge<G> {
    fn clone(&self) -> Knowledge<G> {
        Knowledge {
            evaluator: self.evaluator.clone(),
            database: self.database.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Knowledge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("evaluator", &self.evaluator.is_some())
            .field("database", &self.database.is_some())
            .finish()
    }
}
