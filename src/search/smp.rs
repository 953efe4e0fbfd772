//! Lazy SMP helpers: persistent threads, each with its own worker, that search the same root
//! as the main thread from a different starting depth and root order, filling the shared
//! table. The main thread alone reports and decides; it hands jobs to idle helpers at the start
//! of a search and raises their halt signal at its end without waiting for them (a helper that
//! the system has descheduled must not hold the answer back); the next search first waits for
//! the halted helpers to finish, which takes microseconds.
//!
//! A helper that completes an iteration at least as deep as the main thread's current one
//! offers it ([`HelperIterations`]); the main thread then gives up its own pass and takes the
//! helper's over: whichever thread completes a depth first answers for it, and a clocked
//! search ends on the deepest completed pass (times to a fixed depth: `docs/search.md`).

use super::budget::Budget;
use super::repetition::RepetitionStack;
use super::root::RootMove;
use super::worker::SearchWorker;
use crate::eval::Evaluator;
use crate::games::Game;
use crossbeam_channel::{Receiver, Sender};
use parking_lot::Mutex;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A root pass a helper completed: its depth, value and root moves (as `iterate` left them).
pub(crate) struct HelperIteration<G: Game> {
    pub(crate) depth: u32,
    pub(crate) value: i32,
    pub(crate) moves: Vec<RootMove<G>>,
}

/// The deepest pass the helpers completed in the current search, for the main thread to take
/// over. Locked once per completed pass, never per node.
pub(crate) struct HelperIterations<G: Game> {
    deepest: Mutex<Option<HelperIteration<G>>>,
}

impl<G: Game> HelperIterations<G> {
    fn new() -> Self {
        HelperIterations {
            deepest: Mutex::new(None),
        }
    }

    /// Offers a completed pass; kept if deeper than the one held.
    pub(crate) fn offer(&self, depth: u32, value: i32, moves: &[RootMove<G>]) {
        let mut deepest = self.deepest.lock();
        if deepest.as_ref().is_none_or(|held| depth > held.depth) {
            *deepest = Some(HelperIteration {
                depth,
                value,
                moves: moves.to_vec(),
            });
        }
    }

    /// The pass held, if it is at least `depth` deep (it is then no longer held).
    pub(crate) fn take_at_least(&self, depth: u32) -> Option<HelperIteration<G>> {
        let mut deepest = self.deepest.lock();
        if deepest.as_ref().is_some_and(|held| held.depth >= depth) {
            deepest.take()
        } else {
            None
        }
    }

    fn clear(&self) {
        *self.deepest.lock() = None;
    }
}

/// One helper's part of a search.
struct HelperJob<G: Game> {
    root: G,
    moves: Vec<RootMove<G>>,
    first_depth: u32,
    budget: Budget,
    repetition: RepetitionStack,
    offers: Arc<HelperIterations<G>>,
}

struct Helper<G: Game> {
    jobs: Option<Sender<HelperJob<G>>>,
    done: Receiver<()>,
    busy: bool,
    thread: Option<JoinHandle<()>>,
}

/// The helper threads of one searcher.
pub(crate) struct HelperPool<G: Game> {
    helpers: Vec<Helper<G>>,
    offers: Arc<HelperIterations<G>>,
}

impl<G: Game> HelperPool<G> {
    /// Starts one thread per worker (fewer if the system refuses threads).
    pub(crate) fn new<E: Evaluator<G> + 'static>(workers: Vec<SearchWorker<G, E>>) -> Self {
        let mut helpers = Vec::with_capacity(workers.len());
        for (index, mut worker) in workers.into_iter().enumerate() {
            let (job_sender, jobs) = crossbeam_channel::bounded::<HelperJob<G>>(1);
            let (done_sender, done) = crossbeam_channel::bounded(1);
            let spawned = std::thread::Builder::new()
                .name(format!("ponder-helper-{}", index + 1))
                .spawn(move || {
                    for mut job in jobs {
                        worker.set_budget(job.budget);
                        worker.reset_nodes();
                        worker.new_search();
                        worker.aborted = false;
                        worker.repetition = job.repetition;
                        worker.deepen_quietly(
                            &job.root,
                            &mut job.moves,
                            job.first_depth,
                            &job.offers,
                        );
                        if done_sender.send(()).is_err() {
                            break;
                        }
                    }
                });
            if let Ok(thread) = spawned {
                helpers.push(Helper {
                    jobs: Some(job_sender),
                    done,
                    busy: false,
                    thread: Some(thread),
                });
            }
        }
        HelperPool {
            helpers,
            offers: Arc::new(HelperIterations::new()),
        }
    }

    /// Where the helpers offer their completed passes (the main thread's
    /// [`SearchWorker::deepen_and_report`] takes them over); `None` without helpers.
    pub(crate) fn offers(&self) -> Option<&HelperIterations<G>> {
        (!self.helpers.is_empty()).then_some(&*self.offers)
    }

    /// Waits until every helper has finished its last job (they were halted).
    pub(crate) fn wait_idle(&mut self) {
        for helper in &mut self.helpers {
            if helper.busy {
                let _ = helper.done.recv();
                helper.busy = false;
            }
        }
    }

    /// Hands each helper the root (after waiting for the last search's helpers to finish):
    /// helpers start one or two plies deeper than the main thread and rotate the root
    /// moves, so their work spreads over the tree.
    pub(crate) fn start_all(
        &mut self,
        root: &G,
        moves: &[RootMove<G>],
        budget: &Budget,
        repetition: &RepetitionStack,
    ) {
        self.wait_idle();
        self.offers.clear();
        for index in 0..self.helpers.len() {
            let mut moves = moves.to_vec();
            let count = moves.len();
            if count > 1 {
                moves.rotate_left((index + 1) % count);
            }
            self.start(
                index,
                HelperJob {
                    root: *root,
                    moves,
                    first_depth: 2 + index as u32 % 2,
                    budget: budget.clone(),
                    repetition: repetition.clone(),
                    offers: Arc::clone(&self.offers),
                },
            );
        }
    }

    /// Hands `job` to helper `index`, which must be idle.
    fn start(&mut self, index: usize, job: HelperJob<G>) {
        if let Some(helper) = self.helpers.get_mut(index) {
            if let Some(jobs) = &helper.jobs {
                helper.busy = jobs.send(job).is_ok();
            }
        }
    }
}

impl<G: Game> Drop for HelperPool<G> {
    fn drop(&mut self) {
        for helper in &mut self.helpers {
            // Closing the job channel ends the thread's loop once its job (halted) is done.
            helper.jobs = None;
        }
        for helper in &mut self.helpers {
            if let Some(thread) = helper.thread.take() {
                let _ = thread.join();
            }
        }
    }
}
