//! The public searcher: options and a shared table in, a move out, progress reported on the
//! way; one main thread plus Lazy SMP helpers over the shared table.

use super::SearchError;
use super::budget::Budget;
use super::budget::MAX_DEPTH;
use super::iterative::DeepeningPlan;
use super::limits::{Limits, StopSignal};
use super::options::{Algorithm, SearchOptions};
use super::prove::{PROOF_HASH_MIB, Prover, proof_limits, proven_report};
use super::report::{SearchInfo, SearchReport};
use super::root::RootMove;
use super::score::{self, Score};
use super::smp::HelperPool;
use super::table::{Table, TranspositionTable};
use super::tree::NoTree;
use super::worker::SearchWorker;
use crate::eval::Selectivity;
use crate::eval::{Database, Evaluator, EvaluatorVisitor, Evaluators, WithDatabase};
use crate::games::{Game, GameRecord};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// Searches positions of game `G` with fixed [`SearchOptions`] over a shared
/// [`TranspositionTable`].
///
/// The search is compiled for the evaluator the options name (chosen once, in
/// [`Searcher::new`]) or the caller's own ([`Searcher::with_evaluator`]); an endgame database
/// is a value attached to it ([`Searcher::with_database`]). Its worker threads keep their
/// killers and history from one search to the next.
///
/// ```
/// use ponder::search::{Limits, SearchOptions, Searcher, StopSignal};
/// use ponder::{Game, GameRecord, Kalah};
/// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// let mut searcher = Searcher::<Kalah>::with_new_table(SearchOptions::default()).unwrap();
/// let report = searcher.search(&record, &Limits::depth(6), &StopSignal::new(), &mut |info| {
///     println!("{info}");
/// });
/// assert_eq!(report.depth, 6);
/// assert!(report.best_move.is_some());
/// ```
pub struct Searcher<G: Evaluators> {
    options: SearchOptions,
    table: Arc<TranspositionTable>,
    runner: Box<dyn SearchRunner<G>>,
}

impl<G: Evaluators> Searcher<G> {
    /// A searcher with `options` over the shared `table`; fails on an unknown evaluator name or
    /// zero threads.
    pub fn new(
        options: SearchOptions,
        table: Arc<TranspositionTable>,
    ) -> Result<Self, SearchError> {
        Searcher::with_database(options, table, None)
    }

    /// A searcher with `options` over the shared `table` that consults `database` (an
    /// endgame database: the positions it covers get their exact scores); without one, as
    /// [`Searcher::new`]. The search is compiled for the named evaluator with the database
    /// attached ([`WithDatabase`]): without a database, a probe is a test of `None`.
    ///
    /// ```
    /// use ponder::games::kalah::{CaptureRule, KalahConfig, KalahEgdb};
    /// use ponder::search::{Database, Limits, SearchOptions, Searcher, StopSignal};
    /// use ponder::{Game, Kalah};
    /// let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
    /// let egdb: Database<Kalah> = std::sync::Arc::new(KalahEgdb::build(config, 6, 1, |_| {}).unwrap());
    /// let options = SearchOptions::default();
    /// let table = std::sync::Arc::new(ponder::search::TranspositionTable::new(
    ///     options.table_kind,
    ///     options.hash_mib,
    /// ));
    /// let mut searcher = Searcher::<Kalah>::with_database(options, table, Some(egdb)).unwrap();
    /// // 3 seeds left in the pits: the database knows the exact result.
    /// let record = Kalah::parse_position(&config, "0,0,0,0,1,1,22,0,0,0,0,0,1,23,0").unwrap();
    /// let report = searcher.search(&record, &Limits::depth(1), &StopSignal::new(), &mut |_| {});
    /// assert!(report.exact.is_some());
    /// ```
    pub fn with_database(
        options: SearchOptions,
        table: Arc<TranspositionTable>,
        database: Option<Database<G>>,
    ) -> Result<Self, SearchError> {
        struct ByName<G: Evaluators> {
            options: SearchOptions,
            table: Arc<TranspositionTable>,
            database: Option<Database<G>>,
        }
        impl<G: Evaluators> EvaluatorVisitor<G> for ByName<G> {
            type Output = Result<Searcher<G>, SearchError>;
            fn visit<E: Evaluator<G> + 'static>(self, evaluator: E) -> Self::Output {
                let evaluator = WithDatabase::new(evaluator, self.database);
                Searcher::with_evaluator(self.options, self.table, evaluator)
            }
        }
        let name = options.eval.clone();
        G::visit_evaluator(
            &name,
            ByName {
                options,
                table,
                database,
            },
        )?
    }

    /// A searcher with `options` over the shared `table` that evaluates with `evaluator`, a
    /// value of the caller's (`options.eval`, the name, is then only a label); fails on zero
    /// threads or an unknown technique name. The search is compiled for `E`.
    ///
    /// ```
    /// use ponder::search::{Evaluator, Limits, SearchOptions, Searcher, StopSignal};
    /// use ponder::{Game, GameRecord, Kalah};
    /// struct Stores;
    /// impl Evaluator<Kalah> for Stores {
    ///     fn evaluate(&self, position: &Kalah, _: Option<<Kalah as Game>::Move>) -> i32 {
    ///         let [first, second] = position.scores();
    ///         let mover = position.side_to_move().index();
    ///         (first as i32 - second as i32) * if mover == 0 { 1 } else { -1 }
    ///     }
    /// }
    /// let options = SearchOptions::default();
    /// let table = std::sync::Arc::new(ponder::search::TranspositionTable::new(
    ///     options.table_kind,
    ///     options.hash_mib,
    /// ));
    /// let mut searcher = Searcher::<Kalah>::with_evaluator(options, table, Stores).unwrap();
    /// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
    /// let report = searcher.search(&record, &Limits::depth(4), &StopSignal::new(), &mut |_| {});
    /// assert_eq!(report.depth, 4);
    /// ```
    pub fn with_evaluator<E: Evaluator<G> + 'static>(
        options: SearchOptions,
        table: Arc<TranspositionTable>,
        evaluator: E,
    ) -> Result<Self, SearchError> {
        if options.threads == 0 {
            return Err(SearchError::InvalidOption(
                "threads must be at least 1".to_string(),
            ));
        }
        Selectivity::STEPS
            .without(&options.without)?
            .tuned(&options.tune)?;
        let runner = MakeRunner {
            table: table.clone(),
            options: options.clone(),
        }
        .visit(evaluator);
        Ok(Searcher {
            options,
            table,
            runner,
        })
    }

    /// A searcher with a table of its own, of `options.hash_mib` MiB and `options.table_kind`.
    pub fn with_new_table(options: SearchOptions) -> Result<Self, SearchError> {
        Searcher::with_new_table_and_database(options, None)
    }

    /// [`Searcher::with_database`] with a table of its own, as [`Searcher::with_new_table`].
    pub fn with_new_table_and_database(
        options: SearchOptions,
        database: Option<Database<G>>,
    ) -> Result<Self, SearchError> {
        if let Some(total) = super::physical_memory_mib() {
            if options.hash_mib as u64 > total {
                return Err(SearchError::InvalidOption(format!(
                    "hash {} MiB is more than this machine's memory ({total} MiB)",
                    options.hash_mib
                )));
            }
        }
        let table = Arc::new(TranspositionTable::new(
            options.table_kind,
            options.hash_mib,
        ));
        table.prefault();
        Searcher::with_database(options, table, database)
    }

    /// The options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// The shared table.
    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.table
    }

    /// Searches the record's current position (its history is seen by repetition rules) within
    /// `limits`, until `stop` is raised, calling `on_info` after each completed iteration.
    /// The report is the last completed iteration's.
    pub fn search(
        &mut self,
        root: &GameRecord<G>,
        limits: &Limits,
        stop: &StopSignal,
        on_info: &mut dyn FnMut(&SearchInfo<G>),
    ) -> SearchReport<G> {
        self.runner.run(Request {
            record: root,
            limits,
            stop,
            on_info,
        })
    }
}

/// What one search is asked: [`Searcher::search`]'s arguments.
struct Request<'a, G: Game> {
    record: &'a GameRecord<G>,
    limits: &'a Limits,
    stop: &'a StopSignal,
    on_info: &'a mut dyn FnMut(&SearchInfo<G>),
}

/// A search compiled for one evaluator type, behind one dynamic call per search.
trait SearchRunner<G: Game>: Send {
    fn run(&mut self, request: Request<'_, G>) -> SearchReport<G>;
}

struct MakeRunner {
    table: Arc<TranspositionTable>,
    options: SearchOptions,
}

impl<G: Game> EvaluatorVisitor<G> for MakeRunner {
    type Output = Box<dyn SearchRunner<G>>;

    fn visit<E: Evaluator<G> + 'static>(self, evaluator: E) -> Box<dyn SearchRunner<G>> {
        let evaluator = Arc::new(evaluator);
        let threads = if self.options.algorithm == Algorithm::Pvs {
            self.options.threads
        } else {
            1
        };
        // The names were checked by `Searcher::new`.
        let selectivity = evaluator
            .selectivity()
            .without(&self.options.without)
            .and_then(|s| s.tuned(&self.options.tune))
            .unwrap_or(Selectivity::STEPS);
        let make = || {
            let mut worker = SearchWorker::new(
                self.table.clone(),
                evaluator.clone(),
                self.options.forward_pruning,
            );
            worker.set_selectivity(selectivity);
            worker
        };
        let main = make();
        let helpers = HelperPool::new((1..threads).map(|_| make()).collect());
        Box::new(Runner {
            options: self.options,
            table: self.table,
            main,
            helpers,
            prover: None,
        })
    }
}

struct Runner<G: Game, E: Evaluator<G>> {
    options: SearchOptions,
    table: Arc<TranspositionTable>,
    main: SearchWorker<G, E>,
    helpers: HelperPool<G>,
    /// The proof search tried first near the end of a game (made on first use).
    prover: Option<Prover<G, E>>,
}

impl<G: Game, E: Evaluator<G>> SearchRunner<G> for Runner<G, E> {
    fn run(&mut self, request: Request<'_, G>) -> SearchReport<G> {
        let Request {
            record,
            limits,
            stop,
            on_info,
        } = request;
        let start = Instant::now();
        let root = record.current();
        let mut legal = Vec::new();
        record.legal_moves(&mut legal);
        if legal.is_empty() {
            return finished_report(record, start);
        }
        if let Some(report) = self.try_proof(record, limits, stop, on_info) {
            return report;
        }

        self.helpers.wait_idle();
        self.table.new_search();
        let halt = StopSignal::new();
        let shared_nodes = Arc::new(AtomicU64::new(0));
        let budget = Budget::new(limits, start, stop.clone(), halt.clone(), shared_nodes);
        let main = &mut self.main;
        main.begin(budget.clone());
        main.repetition.reset_from_record(record);
        let max_depth = limits.max_depth().unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut main_moves = RootMove::list(&legal);
        self.helpers
            .start_all(&root, &main_moves, &budget, &self.main.repetition);
        let plan = DeepeningPlan {
            algorithm: self.options.algorithm,
            tiebreak: self.options.tiebreak,
            max_depth,
            soft_deadline: limits.soft_deadline(),
        };
        let main = &mut self.main;
        let last = main.deepen_and_report(
            &mut NoTree,
            &root,
            &mut main_moves,
            &plan,
            self.helpers.offers(),
            &mut |info, _| on_info(info),
        );
        // The helpers unwind on their own; the answer does not wait for them.
        halt.stop();

        let nodes = main.budget.publish();
        let mut report = match last {
            Some(iteration) => SearchReport {
                best_move: iteration.pv.first().copied(),
                score: Score(iteration.value),
                depth: iteration.depth,
                pv: iteration.pv,
                equal_best: iteration.equal_best,
                exact: iteration.exact,
                ..SearchReport::empty()
            },
            None => SearchReport {
                best_move: legal.first().copied(),
                score: Score::heuristic(main.evaluate(&root, record.moves().last().copied())),
                pv: legal.first().copied().into_iter().collect(),
                ..SearchReport::empty()
            },
        };
        report.nodes = nodes;
        report.main_thread_nodes = main.nodes();
        report.time = start.elapsed();
        report.stopped = stop.is_stopped() || main.aborted;
        report
    }
}

impl<G: Game, E: Evaluator<G>> Runner<G, E> {
    /// Near the end of a game (as the evaluator judges), with a node or time budget: tries to
    /// prove the position's exact value within half the budget; the proven report, if found.
    fn try_proof(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopSignal,
        on_info: &mut dyn FnMut(&SearchInfo<G>),
    ) -> Option<SearchReport<G>> {
        if self.options.algorithm != Algorithm::Pvs
            || !self.main.select.proofs
            || !self.main.evaluator.worth_proving(&record.current())
        {
            return None;
        }
        let proof_limits = proof_limits(limits)?;
        let evaluator = self.main.evaluator.clone();
        let prover = self
            .prover
            .get_or_insert_with(|| Prover::new(evaluator, PROOF_HASH_MIB));
        let proof = prover.prove(record, &proof_limits, stop);
        proven_report(&proof, on_info)
    }
}

/// The report for a record whose game is over: no move, the final margin.
fn finished_report<G: Game>(record: &GameRecord<G>, start: Instant) -> SearchReport<G> {
    let margin = record.outcome().map_or(0, |report| {
        report.margin_for(record.current().side_to_move())
    });
    SearchReport {
        score: Score(score::finished(margin, 0)),
        time: start.elapsed(),
        exact: Some(margin),
        ..SearchReport::empty()
    }
}
