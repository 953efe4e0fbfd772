//! The search module's worker as the frontier below the stored tree: principal-variation
//! search with the shared transposition table, killers, history and the game's hints.

use super::frontier::Frontier;
use crate::game::{Game, Key, Outcome};
use crate::search::eval::Evaluator;
use crate::search::score::{INFINITY, finished, from_table, to_table};
use crate::search::{Bound, SearchWorker, StopSignal, Table, TableEntry};

/// [`SearchWorker::search_value`] behind the [`Frontier`] trait, with a stop signal and a
/// node budget.
pub struct SearchFrontier<G: Game, E: Evaluator<G> + ?Sized> {
    worker: SearchWorker<G, E>,
    stop: StopSignal,
    max_nodes: u64,
    /// A move buffer, to find a move's index in the natural order.
    moves: Vec<G::Move>,
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
            moves: Vec::with_capacity(64),
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

    fn forward_pruning(&self) -> bool {
        self.worker.forward_pruning()
    }

    fn probe_value(
        &mut self,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let pruning = self.worker.forward_pruning();
        if G::REPETITION_ENDS_GAME && !pruning {
            // Values may depend on the path; the exact mode trusts only fresh subtrees.
            return None;
        }
        let entry = self.worker.table().probe(&position.key())?;
        let depth_ok = if pruning {
            u32::from(entry.depth) >= depth
        } else {
            u32::from(entry.depth) == depth
        };
        if !depth_ok {
            return None;
        }
        let value = from_table(entry.value, ply);
        let answers = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        answers.then_some(value)
    }

    fn store_value(
        &mut self,
        position: &G,
        depth: u32,
        value: i32,
        alpha: i32,
        beta: i32,
        best: Option<G::Move>,
        ply: u32,
    ) {
        if G::REPETITION_ENDS_GAME && !self.worker.forward_pruning() {
            return;
        }
        let move_index = best.and_then(|best| {
            position.legal_moves(&mut self.moves);
            self.moves
                .iter()
                .position(|&mv| mv == best)
                .and_then(|index| u16::try_from(index).ok())
        });
        let bound = if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.worker.table().store(
            &position.key(),
            TableEntry {
                value: to_table(value, ply),
                depth: depth.min(u32::from(u8::MAX)) as u8,
                bound,
                move_index,
            },
        );
    }

    fn stopped(&self) -> bool {
        self.stop.is_stopped()
    }
}
