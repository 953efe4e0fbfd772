//! Iterative deepening for one thread: depth 1, 2, ... each pass ordered by the last, with
//! aspiration windows around the last value for PVS; the main thread reports each completed
//! iteration and chooses among its equal-best moves.

use super::budget::{MAX_DEPTH, SoftTarget};
use super::options::{Algorithm, TieBreak};
use super::report::{SearchInfo, nodes_per_second};
use super::root::{RootMove, RootResult};
use super::score::{INFINITY, Score, WIN_BASE};
use super::smp::HelperIterations;
use super::tiebreak::choose;
use super::tree::{NoTree, SearchTree};
use super::worker::SearchWorker;
use crate::eval::Evaluator;
use crate::games::Game;
use std::time::Duration;

/// The shallowest iteration searched with an aspiration window.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Past this half-window the search falls back to the full window.
const ASPIRATION_MAX_DELTA: i32 = 1 << 12;

/// How the main thread deepens.
#[derive(Copy, Clone, Debug)]
pub(crate) struct DeepeningPlan {
    pub(crate) algorithm: Algorithm,
    pub(crate) tiebreak: TieBreak,
    pub(crate) max_depth: u32,
    /// No iteration starts after this time from the search's start. Below the hard limit (a
    /// clock's budget) it is a target that grows while the best move changes or the value
    /// drops and shrinks once the best move is stable.
    pub(crate) soft_deadline: Option<Duration>,
}

/// What a completed iteration established.
#[derive(Clone, Debug)]
pub(crate) struct Iteration<G: Game> {
    pub(crate) depth: u32,
    pub(crate) value: i32,
    /// The equal-best root moves, in natural order.
    pub(crate) equal_best: Vec<G::Move>,
    /// The chosen move's principal variation (starting with the move).
    pub(crate) pv: Vec<G::Move>,
    /// The root's exact final margin, when the evaluator knows it (an endgame database).
    pub(crate) exact: Option<i32>,
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// Searches `depth` plies over `moves`, widening the aspiration window until the value is
    /// exact; `None` if stopped.
    pub(crate) fn iterate<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        root: &G,
        moves: &mut [RootMove<G>],
        algorithm: Algorithm,
        depth: u32,
        previous: Option<i32>,
    ) -> Option<i32> {
        let mut delta = self.select.aspiration.max(1);
        let (mut alpha, mut beta) = match previous {
            Some(value)
                if algorithm == Algorithm::Pvs
                    && depth >= ASPIRATION_MIN_DEPTH
                    && value.abs() < WIN_BASE =>
            {
                (value - delta, value + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let root_node = tree.root();
            match self.search_root(tree, root_node, root, moves, algorithm, depth, alpha, beta) {
                RootResult::Aborted => return None,
                RootResult::Exact(value) => return Some(value),
                RootResult::FailLow(value) => {
                    delta = delta.saturating_mul(4);
                    alpha = if delta > ASPIRATION_MAX_DELTA {
                        -INFINITY
                    } else {
                        (value - delta).max(-INFINITY)
                    };
                }
                RootResult::FailHigh(value) => {
                    delta = delta.saturating_mul(4);
                    beta = if delta > ASPIRATION_MAX_DELTA {
                        INFINITY
                    } else {
                        (value + delta).min(INFINITY)
                    };
                }
            }
        }
    }

    /// The main thread's iterative deepening over `tree` (whose root is `root`): reports
    /// each completed iteration through `on_info` (with the tree, for its statistics) and
    /// returns the last one (`None` if not even depth 1 completed). With `helpers`, a pass
    /// cut short (a helper got there first, or the budget ended) is replaced by a helper's
    /// completed pass at least as deep, when there is one.
    pub(crate) fn deepen_and_report<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        root: &G,
        moves: &mut [RootMove<G>],
        plan: &DeepeningPlan,
        helpers: Option<&HelperIterations<G>>,
        on_info: &mut dyn FnMut(&SearchInfo<G>, &S),
    ) -> Option<Iteration<G>> {
        let DeepeningPlan {
            algorithm,
            tiebreak,
            max_depth,
            soft_deadline,
        } = *plan;
        let mut last: Option<Iteration<G>> = None;
        let mut target = SoftTarget::default();
        // A clock's soft target (below its hard limit) adapts; `movetime` thinks its time.
        let adaptive = match (soft_deadline, self.budget.hard_limit()) {
            (Some(soft), Some(hard)) => (soft < hard).then_some((soft, hard)),
            _ => None,
        };
        // A root whose exact value the evaluator knows (an endgame database) is reported with
        // it: every position below it is covered too, so the search's value agrees.
        let exact = self
            .evaluator
            .exact_margin(root, self.repetition.is_fresh());
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            let previous = last.as_ref().map(|iteration| iteration.value);
            self.budget.announce_main_depth(depth);
            tree.prepare_iteration(depth);
            let value = match self.iterate(tree, root, moves, algorithm, depth, previous) {
                Some(value) => value,
                None => match helpers.and_then(|offers| self.take_over(offers, depth, moves)) {
                    Some((helper_depth, value)) => {
                        depth = helper_depth;
                        value
                    }
                    None => break,
                },
            };
            let mut iteration = Self::conclude(moves, depth, value, tiebreak);
            iteration.exact = exact;
            let time = self.budget.elapsed();
            let nodes = self.budget.publish();
            on_info(
                &SearchInfo {
                    depth,
                    score: Score(value),
                    nodes,
                    nps: nodes_per_second(nodes, time),
                    time,
                    pv: iteration.pv.clone(),
                    exact,
                },
                tree,
            );
            if let Some(best) = moves.iter().find(|m| iteration.pv.first() == Some(&m.mv)) {
                target.record(best.natural_index, value);
            }
            last = Some(iteration);
            if algorithm == Algorithm::Pvs {
                // The next pass tries the best moves first (a stable sort keeps earlier order
                // among equals).
                moves.sort_by_key(|m| std::cmp::Reverse(m.value));
            }
            // On a clock an iteration that starts past half the target would most likely
            // end at the hard limit (each takes a few times the last): none starts then.
            let soft = match adaptive {
                Some((soft, hard)) => Some(target.scaled(soft, hard) / 2),
                None => soft_deadline,
            };
            if self.budget.must_stop() || matches!(soft, Some(soft) if time >= soft) {
                break;
            }
        }
        last
    }

    /// A helper thread's iterative deepening (Lazy SMP): the same search, filling the shared
    /// table, until halted. Each iteration is at least as deep as the one the main thread is
    /// searching and deeper than its own last, from `first_depth` on; it goes on past the main
    /// thread's last depth, so that the helper never idles while the main thread finishes its
    /// last iteration.
    ///
    /// Each pass it completes up to the search's deepest is offered to the main thread through
    /// `offers`. Once the main thread searches the deepest, a helper that has not completed it
    /// searches it too: whichever finishes first answers.
    pub(crate) fn deepen_quietly(
        &mut self,
        root: &G,
        moves: &mut [RootMove<G>],
        first_depth: u32,
        offers: &HelperIterations<G>,
    ) {
        let mut previous = None;
        let mut depth = first_depth;
        let deepest = self.budget.max_depth();
        while depth <= MAX_DEPTH {
            let Some(value) =
                self.iterate(&mut NoTree, root, moves, Algorithm::Pvs, depth, previous)
            else {
                break;
            };
            if depth <= deepest {
                offers.offer(depth, value, moves);
                self.budget.announce_helper_depth(depth);
            }
            previous = Some(value);
            moves.sort_by_key(|m| std::cmp::Reverse(m.value));
            let next = (depth + 1).max(self.budget.main_depth());
            depth = if depth < deepest {
                next.min(deepest)
            } else {
                next
            };
        }
        self.budget.publish();
    }

    /// After this thread's pass of `depth` was cut short: a helper's completed pass at least
    /// as deep, copied into `moves`, as its depth and value (`None` if there is none).
    fn take_over(
        &mut self,
        offers: &HelperIterations<G>,
        depth: u32,
        moves: &mut [RootMove<G>],
    ) -> Option<(u32, i32)> {
        let taken = offers.take_at_least(depth)?;
        if taken.moves.len() != moves.len() {
            return None;
        }
        moves.clone_from_slice(&taken.moves);
        self.aborted = false;
        Some((taken.depth, taken.value))
    }

    /// The equal-best root moves, in natural order, of each depth from 1 to `max_depth`: what
    /// a searcher that stops at that depth would choose among (an opponent model's
    /// candidates). Fewer sets when the budget stops it first.
    pub(crate) fn equal_best_by_depth(&mut self, root: &G, max_depth: u32) -> Vec<Vec<G::Move>> {
        let mut natural = Vec::new();
        root.legal_moves(&mut natural);
        let mut moves = RootMove::list(&natural);
        let mut sets = Vec::new();
        let mut previous = None;
        for depth in 1..=max_depth {
            let Some(value) = self.iterate(
                &mut NoTree,
                root,
                &mut moves,
                Algorithm::Pvs,
                depth,
                previous,
            ) else {
                break;
            };
            sets.push(Self::conclude(&moves, depth, value, TieBreak::First).equal_best);
            previous = Some(value);
            moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        }
        sets
    }

    /// The equal-best moves of a completed pass and the tie-break's choice.
    fn conclude(moves: &[RootMove<G>], depth: u32, value: i32, tiebreak: TieBreak) -> Iteration<G> {
        let mut ties: Vec<&RootMove<G>> = moves
            .iter()
            .filter(|m| m.exact && m.value == value)
            .collect();
        ties.sort_by_key(|m| m.natural_index);
        let chosen = ties.get(choose(tiebreak, ties.len())).copied();
        Iteration {
            depth,
            value,
            equal_best: ties.iter().map(|m| m.mv).collect(),
            pv: chosen.map(|m| m.pv.clone()).unwrap_or_default(),
            exact: None,
        }
    }
}
