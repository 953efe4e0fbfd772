//! A plain fail-soft alpha-beta without a table: the reference frontier the tree search is
//! checked against (the tree over it must give plain minimax's value at every depth).

use super::frontier::Frontier;
use super::search_api::StopSignal;
use crate::game::{Game, Key, Outcome};

use crate::search::score::{INFINITY, finished, from_table, to_table};

/// Plain alpha-beta to a fixed depth with the game's own evaluation, no table, no pruning
/// beyond alpha-beta: slow and obviously right.
pub struct PlainFrontier {
    stop: StopSignal,
    max_nodes: u64,
    nodes: u64,
}

impl PlainFrontier {
    /// A frontier that stops when `stop` is raised or after `max_nodes` nodes.
    pub fn new(stop: StopSignal, max_nodes: Option<u64>) -> PlainFrontier {
        PlainFrontier {
            stop,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            nodes: 0,
        }
    }

    fn alphabeta<G: Game>(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.stop.stop();
        }
        if self.stop.is_stopped() {
            return None;
        }
        if let Some(outcome) = position.outcome() {
            return Some(terminal(position, outcome, ply));
        }
        if depth == 0 {
            return Some(position.evaluate());
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut best = -INFINITY;
        for mv in moves {
            let child = position.play(mv);
            let value = if child.side_to_move() == position.side_to_move() {
                self.alphabeta(&child, depth - 1, alpha, beta, ply + 1)?
            } else {
                -self.alphabeta(&child, depth - 1, -beta, -alpha, ply + 1)?
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

/// A finished game's value for the side to move, `ply` plies below the root (the search
/// module's scale).
pub fn terminal<G: Game>(position: &G, outcome: Outcome, ply: u32) -> i32 {
    finished(outcome.margin_for(position.side_to_move()), ply)
}

impl<G: Game> Frontier<G> for PlainFrontier {
    fn search(
        &mut self,
        position: &G,
        _history: &[Key],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.alphabeta(position, depth, alpha, beta, ply)
    }

    fn terminal_value(&self, position: &G, outcome: Outcome, ply: u32) -> i32 {
        terminal(position, outcome, ply)
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
        self.nodes
    }

    fn stopped(&self) -> bool {
        self.stop.is_stopped()
    }
}
