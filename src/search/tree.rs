//! What the search's node loop may consult besides the transposition table: a store of nodes
//! kept between searches (the engine's re-rooted tree), addressed by the path from the root.
//!
//! The principal-variation search is generic over [`SearchTree`] and monomorphised: the plain
//! search runs with [`NoTree`], whose every answer is a constant the compiler folds away, and
//! the engine runs the very same node loop over its arena tree. A technique added to the node
//! loop (ordering, reductions, table use) therefore reaches both at once.

use super::score::{from_table, to_table};
use super::table::Bound;
use crate::games::Game;

/// The depth and window a node is searched with, `ply` plies below the search root.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct NodeWindow {
    /// Plies to go.
    pub(crate) depth: u32,
    /// Values at or below it are upper bounds.
    pub(crate) alpha: i32,
    /// Values at or above it are lower bounds.
    pub(crate) beta: i32,
    /// Distance from the search root.
    pub(crate) ply: usize,
}

impl NodeWindow {
    /// A stored result (table entry or tree node: a node-relative `value` with its `bound`,
    /// searched `stored_depth` plies deep) as this search's answer, when it is one: deep
    /// enough (exactly as deep, or deeper when `deeper` is allowed) and exact or a bound outside
    /// the window. The value is relative to the search root.
    #[inline]
    pub(crate) fn answer(
        &self,
        value: i32,
        bound: Bound,
        stored_depth: u32,
        deeper: bool,
    ) -> Option<i32> {
        let deep_enough = if deeper {
            stored_depth >= self.depth
        } else {
            stored_depth == self.depth
        };
        let value = from_table(value, self.ply as u32);
        (deep_enough && bound.answers(value, self.alpha, self.beta)).then_some(value)
    }

    /// A value this window's search found, as it is stored: node-relative, with its bound.
    #[inline]
    pub(crate) fn stored_form(self, value: i32) -> (i32, Bound) {
        (
            to_table(value, self.ply as u32),
            Bound::of(value, self.alpha, self.beta),
        )
    }
}

/// Nodes kept by path from the search root, consulted and updated by the node loop.
///
/// Handles are cheap copies; a handle may mean "not stored" (a node below the stored part of
/// the tree), for which every method answers as [`NoTree`] does. Values are fail-soft and
/// relative to the search root (`ply` plies above the node), as the node loop sees them; the
/// store converts them to whatever it keeps.
pub(crate) trait SearchTree<G: Game> {
    /// A handle to one stored node, or to none.
    type Node: Copy;

    /// The handle of the search root.
    fn root(&self) -> Self::Node;

    /// Called before each iteration of iterative deepening (`depth` is the iteration's): the
    /// store may make room. Handles taken earlier are void afterwards; child slots are kept.
    fn prepare_iteration(&mut self, depth: u32);

    /// The handle of the `slot`-th child of `node` in stored order, or "not stored" when the
    /// node's children are not stored.
    fn child(&self, node: Self::Node, slot: usize) -> Self::Node;

    /// The node's stored value when it answers a search with `window`: searched exactly that
    /// deep (or deeper, when `deeper` is allowed), and exact or a bound outside the window.
    /// Entering a stored node is counted here.
    fn answer(&mut self, node: Self::Node, window: NodeWindow, deeper: bool) -> Option<i32>;

    /// When the node's children are stored: writes their moves, best first as the store
    /// keeps them, into `moves` and returns `true`. Otherwise leaves `moves` alone.
    fn stored_moves(&self, node: Self::Node, moves: &mut Vec<G::Move>) -> bool;

    /// Whether the node, searched with `depth` plies to go, should have its children stored.
    fn wants_children(&self, node: Self::Node, depth: u32) -> bool;

    /// Stores the children of `node` (position `position`) in the order of `moves`, the
    /// order the node loop is about to try them in. `false` (and nothing stored) when there
    /// is no room.
    fn add_children(&mut self, node: Self::Node, position: &G, moves: &[G::Move]) -> bool;

    /// Records the node's result: `value` found searching with `window`, its best child at
    /// `best_slot` (tried first next time).
    fn record(
        &mut self,
        node: Self::Node,
        window: NodeWindow,
        value: i32,
        best_slot: Option<usize>,
    );

    /// Appends the stored line below `node` (best child after best child, as far as they
    /// have been searched) to `line`: the principal variation behind an answer from
    /// [`SearchTree::answer`].
    fn line(&self, node: Self::Node, line: &mut Vec<G::Move>);
}

/// The store of the plain search: stores nothing, answers nothing, costs nothing.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct NoTree;

impl<G: Game> SearchTree<G> for NoTree {
    type Node = ();

    #[inline(always)]
    fn root(&self) {}

    #[inline(always)]
    fn prepare_iteration(&mut self, _depth: u32) {}

    #[inline(always)]
    fn child(&self, _node: (), _slot: usize) {}

    #[inline(always)]
    fn answer(&mut self, _node: (), _window: NodeWindow, _deeper: bool) -> Option<i32> {
        None
    }

    #[inline(always)]
    fn stored_moves(&self, _node: (), _moves: &mut Vec<G::Move>) -> bool {
        false
    }

    #[inline(always)]
    fn wants_children(&self, _node: (), _depth: u32) -> bool {
        false
    }

    #[inline(always)]
    fn add_children(&mut self, _node: (), _position: &G, _moves: &[G::Move]) -> bool {
        false
    }

    #[inline(always)]
    fn record(&mut self, _node: (), _window: NodeWindow, _value: i32, _best_slot: Option<usize>) {}

    #[inline(always)]
    fn line(&self, _node: (), _line: &mut Vec<G::Move>) {}
}
