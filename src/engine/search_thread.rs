//! The search thread: runs one job at a time (a `go` or pondering) on a tree lent by the
//! engine thread, sends its events directly, and hands the tree back (games of more than two
//! seats run on the multi-player search: `seats`); and the [`Knowledge`]
//! (evaluator and endgame database values) its searches are compiled for, here because a
//! job carries the knowledge and the knowledge runs the job with its evaluator's type.

use super::command::SearchId;
use super::config::{EngineConfig, PonderMode};
use super::event::{Event, IterationInfo, PonderInfo};
use super::opponent::{OpponentModel, Prediction};
use super::ponder::{PonderEnd, PonderSetup, ponder};
use super::seats::{self, KeptSearch, SeatedJob, SeatedTask, is_seated};
use super::think::{ThinkSetup, think};
use super::tree::Tree;
use crate::book::SharedBook;
use crate::eval::{
    Database, Evaluator, EvaluatorVisitor, Evaluators, SeatedGame, SeatedVisitor, WithDatabase,
};
use crate::games::{Game, Key};
use crate::search::{HelperPool, SearchWorker, TranspositionTable};
use crate::search::{Limits, StopSignal, TieBreak};
use crossbeam_channel::{Receiver, Sender};
use std::any::Any;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a job does.
pub(crate) enum JobKind {
    /// A `go`.
    Think {
        id: SearchId,
        limits: Limits,
        /// The choice among equal-best moves, with this search's own seed when random.
        tie_break: TieBreak,
    },
    /// Pondering.
    Ponder {
        mode: PonderMode,
        /// The human is to move: deepen the replies.
        deepen_replies: bool,
        /// The opponent model that ranks the replies.
        model: OpponentModel,
        /// The human's thinking time over the engine's.
        time_ratio: f64,
        /// How long the opponent model's searches may take.
        model_time: Duration,
    },
}

/// One job for the search thread.
pub(crate) struct Job<G: Game> {
    /// What the job does.
    pub kind: JobKind,
    /// The engine's tree, lent for the job.
    pub tree: Tree<G>,
    /// The position searched.
    pub position: G,
    /// The keys of the positions before it since the last irreversible move, oldest first.
    pub history: Vec<Key>,
    /// Raised to end the job.
    pub stop: StopSignal,
    /// When the job was sent (a `go`'s deadlines count from here).
    pub start: Instant,
    /// The shared transposition table.
    pub table: Arc<TranspositionTable>,
    /// The evaluator and database given as values.
    pub knowledge: Knowledge<G>,
    /// Root moves a `go` leaves out (the book's advice; empty: none).
    pub avoid: Vec<G::Move>,
    /// The engine's configuration when the job was sent: among others the evaluator's name
    /// (checked by the engine thread, used unless `knowledge` holds an evaluator), the
    /// threads of a `go` (this one and `threads - 1` Lazy SMP helpers), the multi-player
    /// search of more than two seats and whether it resumes from what earlier searches found
    /// (`reuse_tree`).
    pub config: EngineConfig,
}

/// A job handed back.
pub(crate) struct JobDone<G: Game> {
    /// The tree, or `None` if the job panicked (a bug: the engine starts a fresh tree).
    pub tree: Option<Tree<G>>,
    /// The job was pondering and has nothing left to search.
    pub ponder_finished: bool,
    /// The job was a `go` that panicked before answering: the engine answers for it.
    pub unanswered: Option<SearchId>,
    /// What the opponent model expected of the human, when the job pondered their move.
    pub prediction: Option<Prediction<G>>,
}

/// What a job leaves besides its events.
pub(crate) struct Finished<G: Game> {
    tree: Tree<G>,
    ponder_finished: bool,
    prediction: Option<Prediction<G>>,
}

/// The search thread's loop: until the job channel closes.
pub(crate) fn run<G: Evaluators>(
    jobs: Receiver<Job<G>>,
    done: Sender<JobDone<G>>,
    events: Sender<Event<G>>,
    pin: bool,
) {
    if pin {
        super::affinity::pin_to_last_core();
    }
    let mut workers = None;
    // The multi-player search of more than two seats (made by the first job that needs it).
    let mut seated = None;
    while let Ok(job) = jobs.recv() {
        let think_id = match job.kind {
            JobKind::Think { id, .. } => Some(id),
            JobKind::Ponder { .. } => None,
        };
        let result = catch_unwind(AssertUnwindSafe(|| {
            run_job(job, &events, &mut workers, &mut seated)
        }));
        let message = match result {
            Ok(finished) => JobDone {
                tree: Some(finished.tree),
                ponder_finished: finished.ponder_finished,
                unanswered: None,
                prediction: finished.prediction,
            },
            Err(_) => {
                // The workers may have been left mid-job: start afresh.
                workers = None;
                seated = None;
                JobDone {
                    tree: None,
                    ponder_finished: false,
                    unanswered: think_id,
                    prediction: None,
                }
            }
        };
        if done.send(message).is_err() {
            break;
        }
    }
}

/// The search thread's own worker and the Lazy SMP helpers of its `go`s, kept from one job to
/// the next while what they were made for stays the same: like [`crate::search::Searcher`]'s
/// worker, the own worker carries its history over, aged at each job's start.
pub(crate) struct Workers<G: Game> {
    /// The search thread's `SearchWorker<G, E>` for the evaluator `config.eval` names.
    own: Box<dyn Any + Send>,
    pool: HelperPool<G>,
    /// The configuration of the job they were made for (its threads, evaluator name and
    /// forward pruning).
    config: EngineConfig,
    knowledge: Knowledge<G>,
    table: Arc<TranspositionTable>,
}

impl<G: Game> Workers<G> {
    /// Whether these workers serve `job`.
    fn serve(&self, job: &Job<G>) -> bool {
        self.config.threads == job.config.threads
            && self.config.eval == job.config.eval
            && self.knowledge.same_as(&job.knowledge)
            && self.config.forward_pruning == job.config.forward_pruning
            && Arc::ptr_eq(&self.table, &job.table)
    }
}

/// An evaluator given to the engine as a value: runs a job with the search compiled for its
/// type (one dynamic call per job, none per node).
pub(crate) trait EngineEvaluator<G: Game>: Send + Sync {
    /// Runs `runner`'s job with this evaluator.
    fn run_job(&self, runner: JobRunner<'_, G>) -> Finished<G>;
}

/// The evaluator value of a [`Knowledge`].
pub(crate) struct GivenEvaluator<E>(pub(crate) Arc<E>);

impl<G: Game, E: Evaluator<G> + 'static> EngineEvaluator<G> for GivenEvaluator<E> {
    fn run_job(&self, runner: JobRunner<'_, G>) -> Finished<G> {
        runner.visit(self.0.clone())
    }
}

/// Runs a job with the search compiled for its evaluator: the one given as a value, or the
/// one the job names; or, with more than two seats, with the multi-player search kept in
/// `seated`.
fn run_job<G: Evaluators>(
    job: Job<G>,
    events: &Sender<Event<G>>,
    workers: &mut Option<Workers<G>>,
    seated: &mut Option<KeptSearch>,
) -> Finished<G> {
    // What was kept for another table goes now, and that table's memory with it (it would
    // be made anew for this job's table anyway).
    if workers
        .as_ref()
        .is_some_and(|w| !Arc::ptr_eq(&w.table, &job.table))
    {
        *workers = None;
    }
    if seated
        .as_ref()
        .is_some_and(|s| !Arc::ptr_eq(s.table(), &job.table))
    {
        *seated = None;
    }
    let job = if is_seated(&job.position) {
        let runner = SeatedRunner {
            job,
            events,
            search: seated,
        };
        match G::visit_seated(runner) {
            Ok(finished) => return finished,
            Err(runner) => runner.job,
        }
    } else {
        job
    };
    let given = job.knowledge.evaluator.clone();
    let eval = if G::evaluator_names().contains(&job.config.eval.as_str()) {
        job.config.eval.clone()
    } else {
        "default".to_string()
    };
    let runner = JobRunner {
        job,
        events,
        workers,
    };
    if let Some(evaluator) = given {
        return evaluator.run_job(runner);
    }
    match G::visit_evaluator(&eval, runner) {
        Ok(result) => result,
        Err(_) => unreachable!("the evaluator name was checked"),
    }
}

/// Runs one job of a game of more than two seats once the game is known to be a
/// [`SeatedGame`] (see [`Evaluators::visit_seated`]): the tree is handed back untouched.
struct SeatedRunner<'a, G: Game> {
    job: Job<G>,
    events: &'a Sender<Event<G>>,
    /// The search thread's multi-player search, kept from job to job (`None`: not made yet).
    search: &'a mut Option<KeptSearch>,
}

impl<G: Game> SeatedVisitor<G> for SeatedRunner<'_, G> {
    type Output = Finished<G>;

    fn visit(self) -> Finished<G>
    where
        G: SeatedGame,
    {
        let job = self.job;
        let seated = SeatedJob {
            position: job.position,
            start: job.start,
            stop: &job.stop,
            algorithm: job.config.seated_algorithm,
            table: &job.table,
            resume: job.config.reuse_tree,
            events: self.events,
        };
        let task = match &job.kind {
            JobKind::Think { id, limits, .. } => SeatedTask::Think { id: *id, limits },
            JobKind::Ponder { deepen_replies, .. } => SeatedTask::Ponder {
                deepen_replies: *deepen_replies,
            },
        };
        let ponder_finished = seats::run(self.search, &seated, task);
        Finished {
            tree: job.tree,
            ponder_finished,
            prediction: None,
        }
    }
}

/// The type the engine's search is compiled for: the evaluator with the job's database
/// attached (without one, a probe is a test of `None`).
type Knowing<G, E> = WithDatabase<E, Option<Database<G>>>;

/// Runs one job once the evaluator's type is known.
pub(crate) struct JobRunner<'a, G: Game> {
    job: Job<G>,
    events: &'a Sender<Event<G>>,
    workers: &'a mut Option<Workers<G>>,
}

impl<G: Game> EvaluatorVisitor<G> for JobRunner<'_, G> {
    type Output = Finished<G>;

    fn visit<E: Evaluator<G> + 'static>(self, evaluator: E) -> Finished<G> {
        let job = self.job;
        let evaluator = Arc::new(WithDatabase::new(evaluator, job.knowledge.database.clone()));
        let make = || {
            SearchWorker::<G, Knowing<G, E>>::new(
                job.table.clone(),
                evaluator.clone(),
                job.config.forward_pruning,
            )
        };
        if !self.workers.as_ref().is_some_and(|w| w.serve(&job)) {
            // Dropping the old pool joins its threads (halted at their last job's end).
            *self.workers = None;
            *self.workers = Some(Workers {
                own: Box::new(make()),
                pool: HelperPool::new((1..job.config.threads).map(|_| make()).collect()),
                config: job.config.clone(),
                knowledge: job.knowledge.clone(),
                table: job.table.clone(),
            });
        }
        let Some(workers) = self.workers.as_mut() else {
            unreachable!("the workers were made above")
        };
        if !workers.own.is::<SearchWorker<G, Knowing<G, E>>>() {
            workers.own = Box::new(make());
        }
        let Some(worker) = workers.own.downcast_mut::<SearchWorker<G, Knowing<G, E>>>() else {
            unreachable!("the worker's type was checked above")
        };
        run_with(job, worker, Some(&mut workers.pool), self.events)
    }
}

fn run_with<G: Game, E: Evaluator<G>>(
    job: Job<G>,
    worker: &mut SearchWorker<G, E>,
    helpers: Option<&mut HelperPool<G>>,
    events: &Sender<Event<G>>,
) -> Finished<G> {
    let mut tree = job.tree;
    let context = JobContext {
        position: job.position,
        history: &job.history,
        stop: &job.stop,
        start: job.start,
        tree_min_depth: job.config.tree_min_depth,
        events,
    };
    match job.kind {
        JobKind::Think {
            id,
            limits,
            tie_break,
        } => {
            let setup = ThinkSetup {
                id,
                history: context.history,
                limits: &limits,
                stop: context.stop,
                start: context.start,
                tie_break,
                tree_min_depth: context.tree_min_depth,
                helpers,
                avoid: &job.avoid,
            };
            run_think(&mut tree, worker, &context, setup);
            Finished {
                tree,
                ponder_finished: false,
                prediction: None,
            }
        }
        JobKind::Ponder {
            mode,
            deepen_replies,
            model,
            time_ratio,
            model_time,
        } => {
            let setup = PonderSetup {
                history: context.history,
                mode,
                deepen_replies,
                tree_min_depth: context.tree_min_depth,
                stop: context.stop,
                model: Some(&model),
                time_ratio,
                model_time,
            };
            let (end, prediction) = run_ponder(&mut tree, worker, &context, &setup);
            Finished {
                tree,
                ponder_finished: end == PonderEnd::Finished,
                prediction,
            }
        }
    }
}

/// What every job knows besides its kind, the tree and the search worker.
struct JobContext<'a, G: Game> {
    position: G,
    history: &'a [Key],
    stop: &'a StopSignal,
    start: Instant,
    tree_min_depth: u32,
    events: &'a Sender<Event<G>>,
}

/// A `go`: searches, reporting each iteration, and answers its best move.
fn run_think<G: Game, E: Evaluator<G>>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    context: &JobContext<'_, G>,
    mut setup: ThinkSetup<'_, G>,
) {
    let events = context.events;
    let id = setup.id;
    // On the critical path: the tree is compacted, if it is nearly full, only after the
    // depths the kept tree already answers are reported.
    let best = think(
        tree,
        worker,
        &context.position,
        &mut setup,
        |info, stats| {
            let _ = events.send(Event::Info(IterationInfo {
                id,
                search: info.clone(),
                tree: stats,
            }));
        },
    );
    let _ = events.send(Event::BestMove(best));
}

/// Pondering: until stopped or finished, reporting each step.
fn run_ponder<G: Game, E: Evaluator<G>>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    context: &JobContext<'_, G>,
    setup: &PonderSetup<'_>,
) -> (PonderEnd, Option<Prediction<G>>) {
    let events = context.events;
    let start = context.start;
    // Off the critical path: free what the moves since the last search made unreachable.
    let kept_nodes = tree.compact();
    let _ = events.send(Event::Ponder(PonderInfo::Started {
        position: context.position,
        kept_nodes,
    }));
    let pondered = ponder(tree, worker, &context.position, setup, |step| {
        let _ = events.send(Event::Ponder(PonderInfo::Progress {
            reply: step.reply,
            depth: step.depth,
            score: step.score,
            pv: step.pv.to_vec(),
            nodes: step.nodes,
            time: start.elapsed(),
        }));
    });
    let end = pondered.end;
    let _ = events.send(Event::Ponder(match end {
        PonderEnd::Stopped => PonderInfo::Stopped {
            nodes: worker.nodes(),
            time: start.elapsed(),
        },
        PonderEnd::Finished => PonderInfo::Finished,
    }));
    (end, pondered.prediction)
}

/// An engine's knowledge: the evaluator it searches with, the endgame database and the
/// opening book it consults, each a value handed to [`Engine::with_knowledge`](super::Engine::with_knowledge).
///
/// Without an evaluator the engine uses the one [`EngineConfig::eval`](super::EngineConfig)
/// names (and `setoption Eval` switches by name); with one, it searches with that value,
/// compiled for its type, until an [`EngineOption::Eval`](super::EngineOption::Eval) names
/// another. Without a database no position is scored exactly before the game ends; two
/// engines in one process may hold two different databases.
///
/// ```
/// use ponder::engine::{Engine, EngineConfig, Knowledge, Limits};
/// use ponder::games::kalah::{CaptureRule, KalahConfig, KalahDefault, KalahEgdb};
/// use ponder::{Game, GameRecord, Kalah};
/// let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
/// let egdb = KalahEgdb::build(config, 6, 1, |_| {}).unwrap();
/// let knowledge = Knowledge::new()
///     .with_evaluator(KalahDefault)
///     .with_database(std::sync::Arc::new(egdb));
/// // 3 seeds left in the pits, the stores 22 and 23: the database knows the result.
/// let record = Kalah::parse_position(&config, "0,0,0,0,1,1,22,0,0,0,0,0,1,23,0").unwrap();
/// let engine_config = EngineConfig { ponder: false, pin_thread: false, ..Default::default() };
/// let engine = Engine::with_knowledge(record, engine_config, knowledge).unwrap();
/// let best = engine.best_move(Limits::depth(2)).unwrap();
/// assert!(best.exact.is_some());
/// ```
pub struct Knowledge<G: Game> {
    /// The evaluator given as a value (`None`: the configuration's named one).
    pub(super) evaluator: Option<Arc<dyn EngineEvaluator<G>>>,
    /// The endgame database.
    pub(super) database: Option<Database<G>>,
    /// The opening book, probed before each `go` and learning from each finished game.
    pub(super) book: Option<Arc<SharedBook<G>>>,
}

impl<G: Game> Knowledge<G> {
    /// No evaluator of its own (the configuration names one) and no database.
    pub fn new() -> Knowledge<G> {
        Knowledge {
            evaluator: None,
            database: None,
            book: None,
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

    /// Consults `book` before each search (two-seat games) and teaches it every game the
    /// engine plays to the end ([`SharedBook`]).
    pub fn with_book(mut self, book: Arc<SharedBook<G>>) -> Knowledge<G> {
        self.book = Some(book);
        self
    }

    /// The book, if any.
    pub fn book(&self) -> Option<&Arc<SharedBook<G>>> {
        self.book.as_ref()
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
            book: self.book.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Knowledge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("evaluator", &self.evaluator.is_some())
            .field("database", &self.database.is_some())
            .field("book", &self.book.is_some())
            .finish()
    }
}
