//! The stored tree rooted at the searched node, as the search's `SearchTree`: the one node
//! loop consults it for what earlier searches and pondering found, keeps each node's children
//! best first, and records every result in it.

use super::arena::Tree;
use crate::games::Game;
use crate::search::MAX_PLY;
use crate::search::{NodeWindow, SearchTree};

/// The handle of no stored node.
const NONE: u32 = u32::MAX;

/// What a search over the tree did, for the payoff figures and the info lines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Tree nodes entered.
    pub visited: u64,
    /// Of those, nodes that already existed when the search started (kept from earlier
    /// searches, pondering included).
    pub kept: u64,
    /// Tree nodes whose stored result answered the search outright.
    pub answered: u64,
    /// Nodes expanded (children stored) by this search.
    pub expanded: u64,
}

impl TreeStats {
    /// Adds `other` into `self`.
    pub fn add(&mut self, other: &TreeStats) {
        self.visited += other.visited;
        self.kept += other.kept;
        self.answered += other.answered;
        self.expanded += other.expanded;
    }
}

/// One search's view of the tree as a [`SearchTree`]: borrows the tree for its duration.
pub(crate) struct RootedTree<'a, G: Game> {
    tree: &'a mut Tree<G>,
    /// The node searched as the root: the tree's root, or a child of it (a pondered reply).
    root: usize,
    /// Nodes searched with less remaining depth are not expanded.
    min_depth: u32,
    /// Nodes born before this pass count as kept.
    first_pass: u32,
    pass: u32,
    /// The depth the root's stored result already had: iterations up to it are answered at
    /// once, so the tree is not compacted before them.
    kept_depth: u32,
    /// What this search did.
    pub(crate) stats: TreeStats,
}

impl<'a, G: Game> RootedTree<'a, G> {
    /// A view of `tree` searching node `root`, expanding nodes searched at least `min_depth`
    /// plies deep; nodes born before pass `first_pass` count as kept.
    pub(crate) fn new(tree: &'a mut Tree<G>, root: usize, min_depth: u32, first_pass: u32) -> Self {
        let pass = tree.next_pass();
        let kept_depth = u32::from(tree.node(root).depth);
        RootedTree {
            tree,
            root,
            min_depth: min_depth.max(1),
            first_pass,
            pass,
            kept_depth,
            stats: TreeStats::default(),
        }
    }

    /// The tree.
    pub(crate) fn tree(&self) -> &Tree<G> {
        self.tree
    }

    /// Starts a new pass (results recorded in it are stamped with it).
    pub(crate) fn next_pass(&mut self) {
        self.pass = self.tree.next_pass();
    }

    #[inline]
    fn index(node: u32) -> Option<usize> {
        (node != NONE).then_some(node as usize)
    }
}

impl<G: Game> SearchTree<G> for RootedTree<'_, G> {
    type Node = u32;

    fn root(&self) -> u32 {
        self.root as u32
    }

    fn prepare_iteration(&mut self, depth: u32) {
        let tree = &mut *self.tree;
        let nearly_full = tree.len() * 10 >= tree.capacity() * 9;
        if depth > self.kept_depth
            && self.root == tree.root_index()
            && tree.needs_compaction()
            && nearly_full
        {
            tree.compact();
            self.root = tree.root_index();
        }
    }

    #[inline]
    fn child(&self, node: u32, slot: usize) -> u32 {
        let Some(index) = Self::index(node) else {
            return NONE;
        };
        let children = self.tree.node(index).children();
        if slot < children.len() {
            (children.start + slot) as u32
        } else {
            NONE
        }
    }

    fn answer(&mut self, node: u32, window: NodeWindow, deeper: bool) -> Option<i32> {
        let index = Self::index(node)?;
        let stored = self.tree.node(index);
        self.stats.visited += 1;
        if stored.born < self.first_pass {
            self.stats.kept += 1;
        }
        let answer = window.answer(stored.value, stored.bound?, u32::from(stored.depth), deeper);
        if answer.is_some() {
            self.stats.answered += 1;
        }
        answer
    }

    fn stored_moves(&self, node: u32, moves: &mut Vec<G::Move>) -> bool {
        let Some(index) = Self::index(node) else {
            return false;
        };
        if !self.tree.node(index).expanded {
            return false;
        }
        moves.clear();
        let children = self.tree.node(index).children();
        moves.extend(children.filter_map(|child| self.tree.node(child).mv));
        true
    }

    fn wants_children(&self, node: u32, depth: u32) -> bool {
        node != NONE && depth >= self.min_depth
    }

    fn add_children(&mut self, node: u32, position: &G, moves: &[G::Move]) -> bool {
        let Some(index) = Self::index(node) else {
            return false;
        };
        let added = self.tree.add_children(index, position, moves);
        if added {
            self.stats.expanded += 1;
        }
        added
    }

    fn record(&mut self, node: u32, window: NodeWindow, value: i32, best_slot: Option<usize>) {
        let Some(index) = Self::index(node) else {
            return;
        };
        let (value, bound) = window.stored_form(value);
        let pass = self.pass;
        self.tree
            .node_mut(index)
            .save(window.depth, value, bound, pass);
        if let Some(slot) = best_slot {
            let first = self.tree.node(index).children().start;
            self.tree.move_to_front(index, first + slot);
        }
    }

    fn line(&self, node: u32, line: &mut Vec<G::Move>) {
        let mut index = Self::index(node);
        while let Some(current) = index {
            if line.len() >= MAX_PLY {
                break;
            }
            let Some(first) = self.tree.node(current).children().next() else {
                break;
            };
            let child = self.tree.node(first);
            match (child.mv, child.bound) {
                (Some(mv), Some(_)) => line.push(mv),
                _ => break,
            }
            index = Some(first);
        }
    }
}
