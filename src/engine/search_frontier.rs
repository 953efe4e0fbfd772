//! The search module's worker as the frontier below the stored tree: principal-variation
//! search with the shared transposition table, killers, history and the game's hints.

use super::frontier::Frontier;
use crate::game::{Game, Key, Outcome};
use crate::search::eval::Evaluator;
use crate::search::score::{finished, from_table, to_table, INFINITY};
use crate::search::{SearchWorker, StopSignal};

/// [`SearchWorker::search_value`] behind the [`Frontier`] trait, with a stop signal and a
/// node budget.
pub struct SearchFrontier<G: Game, E: Evaluator<G> + ?Sized> {
    worker: SearchWorker<G, E>,
    stop: StopSignal,
    max_nodes: u64,
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchFrontier<G, E> {
    /// The worker, watching `stop`, stopping itself after `max_nodes` nodes.
    pub fn new(
        mut worker: SearchWorker<G, E>,
        stop: StopSignal,
        max_nodes: Option<u64>,
    ) -> SearchFrontier<G, E> {
        worker.set_stop(stop.clone());
        worker.reset_nodes();
        worker.new_search();
        SearchFrontier {
            worker,
            stop,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
        }
    }
}

impl<G: Game, E: Evaluator<G> + ?Sized> Frontier<G> for SearchFrontier<G, E> {
    fn search(
        &mut self,
        position: &G,
        history: &[Key],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        if self.worker.nodes() >= self.max_nodes {
            self.stop.stop();
            return None;
        }
        self.worker
            .search_value(position, history, depth, alpha, beta, ply)
    }

    fn terminal_value(&self, position: &G, outcome: Outcome, ply: u32) -> i32 {
        finished(outcome.margin_for(position.side_to_move()), ply)
    }

    fn root_to_node_relative(&self, value: i32, ply: u32) -> i32 {
        to_table(value, ply)
    }

    fn node_to_root_relative(&self, value: i32, ply: u32) -> i32 {
        from_table(value, ply)
    }

    fn infinity(&self) -> i32 {
        INFINITY
    }

    fn nodes(&self) -> u64 {
        self.worker.nodes()
    }

    fn table_move(&self, position: &G) -> Option<G::Move> {
        self.worker.table_move(position)
    }

    fn stopped(&self) -> bool {
        self.stop.is_stopped()
    }
}
