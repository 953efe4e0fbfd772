//! What the engine's tree search calls where the stored tree ends: a search of one position
//! to a depth with a window, sharing the transposition table, plus the score conventions
//! that search uses. The search module's worker implements it
//! ([`super::search_frontier`]); tests may plug in a plain minimax.

use crate::game::{Game, Key, Outcome};

/// A search below the stored tree, and its score conventions.
///
/// Scores are from the side to move's point of view and, for finished games, count plies
/// from the search root (`ply`), as in the search module; the tree converts them to and from
/// node-relative values when it stores them.
pub trait Frontier<G: Game>: Send {
    /// Searches `position` (reached `ply` plies below the search root, with `history` the
    /// keys of the positions before it since the last irreversible move, oldest first) to
    /// `depth` plies within the window (`alpha`, `beta`). `None` when the search was stopped.
    fn search(
        &mut self,
        position: &G,
        history: &[Key],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32>;

    /// The value of a finished game for the side to move in `position`, `ply` plies below
    /// the root.
    fn terminal_value(&self, position: &G, outcome: Outcome, ply: u32) -> i32;

    /// Converts a root-relative score found `ply` plies below the root into one relative to
    /// that node (for storing it in the tree).
    fn root_to_node_relative(&self, value: i32, ply: u32) -> i32;

    /// The inverse of [`Frontier::root_to_node_relative`].
    fn node_to_root_relative(&self, value: i32, ply: u32) -> i32;

    /// A score above any value a search returns.
    fn infinity(&self) -> i32;

    /// Nodes searched so far by this frontier (all calls together).
    fn nodes(&self) -> u64;

    /// The best move the transposition table remembers for `position`, if any: tried first
    /// when the tree expands the node.
    fn table_move(&self, _position: &G) -> Option<G::Move> {
        None
    }

    /// Whether the search may prune forward (late-move reductions); the tree search then
    /// reduces late quiet moves as the frontier does.
    fn forward_pruning(&self) -> bool {
        false
    }

    /// The value the shared transposition table gives for `position` (`ply` plies below the
    /// root) searched to `depth`, if its entry answers the window (`alpha`, `beta`): how the
    /// stored tree sees transpositions.
    fn probe_value(
        &mut self,
        _position: &G,
        _depth: u32,
        _alpha: i32,
        _beta: i32,
        _ply: u32,
    ) -> Option<i32> {
        None
    }

    /// Stores a tree node's result (searched to `depth` with the window (`alpha`, `beta`),
    /// best move `best`) in the shared transposition table.
    #[allow(clippy::too_many_arguments)]
    fn store_value(
        &mut self,
        _position: &G,
        _depth: u32,
        _value: i32,
        _alpha: i32,
        _beta: i32,
        _best: Option<G::Move>,
        _ply: u32,
    ) {
    }

    /// Whether the stop signal has been raised (a stop command or a hard time limit).
    fn stopped(&self) -> bool;
}
