//! Principal-variation search over the stored tree, handing over to the frontier search
//! (and its transposition table) where the stored tree ends.

use super::arena::Tree;
use super::node::Bound;
use crate::engine::frontier::Frontier;
use crate::game::{Game, Key};

/// Moves searched at full depth before late-move reductions apply (as in the search module).
const LMR_FULL_DEPTH_MOVES: usize = 3;
/// The shallowest remaining depth where late-move reductions apply.
const LMR_MIN_DEPTH: u32 = 3;

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
    /// Nodes expanded (children generated) by this search.
    pub expanded: u64,
    /// Calls handed to the frontier search.
    pub frontier_calls: u64,
    /// Tree nodes answered by the shared transposition table (transpositions).
    pub table_hits: u64,
}

impl TreeStats {
    /// Adds `other` into `self`.
    pub fn add(&mut self, other: &TreeStats) {
        self.visited += other.visited;
        self.kept += other.kept;
        self.answered += other.answered;
        self.expanded += other.expanded;
        self.frontier_calls += other.frontier_calls;
        self.table_hits += other.table_hits;
    }
}

/// One search over the stored tree: borrows the tree and the frontier for its duration.
pub struct TreeSearch<'a, G: Game, F: Frontier<G>> {
    tree: &'a mut Tree<G>,
    frontier: &'a mut F,
    /// Keys of the positions above the current node (record history, then the path).
    history: Vec<Key>,
    /// Where the keys since the last irreversible move start in `history`.
    window: usize,
    /// One move buffer per ply, for expansions.
    buffers: Vec<Vec<G::Move>>,
    /// Nodes with less remaining depth than this are searched by the frontier, unexpanded.
    expand_min_depth: u32,
    /// Nodes created before this pass count as kept.
    first_pass: u32,
    pass: u32,
    /// What this search did.
    pub stats: TreeStats,
}

impl<'a, G: Game, F: Frontier<G>> TreeSearch<'a, G, F> {
    /// A search over `tree` whose root position has `history` (the keys of earlier positions
    /// since the last irreversible move, oldest first) above it. Nodes born before pass
    /// `first_pass` count as kept from earlier searches.
    pub fn new(
        tree: &'a mut Tree<G>,
        frontier: &'a mut F,
        history: &[Key],
        expand_min_depth: u32,
        first_pass: u32,
    ) -> Self {
        let pass = tree.next_pass();
        TreeSearch {
            tree,
            frontier,
            history: history.to_vec(),
            window: 0,
            buffers: Vec::new(),
            expand_min_depth: expand_min_depth.max(1),
            first_pass,
            pass,
            stats: TreeStats::default(),
        }
    }

    /// The tree being searched.
    pub fn tree(&self) -> &Tree<G> {
        self.tree
    }

    /// The frontier being used.
    pub fn frontier(&self) -> &F {
        self.frontier
    }

    /// Frees the tree's unreachable nodes (see [`Tree::compact`]) between two iterations; the
    /// root moves to the front. Returns the root's new index.
    pub fn compact_tree(&mut self) -> usize {
        self.tree.compact();
        self.tree.root_index()
    }

    /// Nodes searched: tree nodes entered plus the frontier's nodes.
    pub fn nodes(&self) -> u64 {
        self.stats.visited + self.frontier.nodes()
    }

    /// Starts a new pass (nodes searched in it are stamped with it).
    pub fn next_pass(&mut self) {
        self.pass = self.tree.next_pass();
    }

    /// Searches the children of node `index` (position `position`, `ply` plies below the
    /// search root, history already in place) to `depth` plies with window (`alpha`, `beta`),
    /// as a root: the node's own stored value is not used to skip the search; the children are
    /// reordered best first (by value at this depth, those not searched this pass last).
    /// Returns the value, or `None` if stopped (children keep what they learned, the order
    /// is left as it was).
    pub fn search_root(
        &mut self,
        index: usize,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.search_node(index, position, depth.max(1), alpha, beta, ply, true)
    }

    /// Searches the child `child` of the root (whose position is `position`) as a root of its
    /// own (scores counted from the child, its children reordered best first), to `depth`
    /// with window (`alpha`, `beta`) from the child's point of view: how pondering deepens
    /// one reply.
    pub fn search_subroot(
        &mut self,
        child: usize,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mv = self.tree.node(child).mv?;
        let child_position = position.play(mv);
        self.history.push(position.key());
        let saved_window = self.window;
        if child_position.resets_repetition(position) {
            self.window = self.history.len();
        }
        let result = self.search_node(child, &child_position, depth.max(1), alpha, beta, 0, true);
        self.window = saved_window;
        self.history.pop();
        result
    }

    /// The value of the child `child` of the node with position `position` searched to
    /// `depth` with the window (`alpha`, `beta`) from the parent's point of view.
    pub fn search_child(
        &mut self,
        child: usize,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let mv = self.tree.node(child).mv?;
        let child_position = position.play(mv);
        self.history.push(position.key());
        let saved_window = self.window;
        if child_position.resets_repetition(position) {
            self.window = self.history.len();
        }
        let result = if child_position.side_to_move() == position.side_to_move() {
            self.search_node(child, &child_position, depth, alpha, beta, ply + 1, false)
        } else {
            self.search_node(child, &child_position, depth, -beta, -alpha, ply + 1, false)
                .map(|v| -v)
        };
        self.window = saved_window;
        self.history.pop();
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn search_node(
        &mut self,
        index: usize,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        is_root: bool,
    ) -> Option<i32> {
        if self.frontier.stopped() {
            return None;
        }
        self.stats.visited += 1;
        if self.tree.node(index).born < self.first_pass {
            self.stats.kept += 1;
        }
        if let Some(outcome) = position.outcome() {
            let value = self.frontier.terminal_value(position, outcome, ply);
            let relative = self.frontier.root_to_node_relative(value, ply);
            let pass = self.pass;
            let node = self.tree.node_mut(index);
            node.store(u32::from(u8::MAX), relative, i32::MIN, i32::MAX, pass);
            return Some(value);
        }
        if !is_root && G::REPETITION_ENDS_GAME {
            let key = self.tree.node(index).key;
            if self.history[self.window..].contains(&key) {
                let outcome = position.repetition_outcome();
                return Some(self.frontier.terminal_value(position, outcome, ply));
            }
        }
        if !is_root {
            let node = self.tree.node(index);
            let stored = self.frontier.node_to_root_relative(node.value, ply);
            if node.answers_with(stored, depth, alpha, beta) {
                self.stats.answered += 1;
                return Some(stored);
            }
        }
        if !is_root && depth > 0 {
            if let Some(value) = self.frontier.probe_value(position, depth, alpha, beta, ply) {
                self.stats.table_hits += 1;
                let relative = self.frontier.root_to_node_relative(value, ply);
                let (a, b) = (
                    self.frontier.root_to_node_relative(alpha, ply),
                    self.frontier.root_to_node_relative(beta, ply),
                );
                let pass = self.pass;
                self.tree.node_mut(index).store(depth, relative, a, b, pass);
                return Some(value);
            }
        }
        if depth == 0 {
            // A kept node may be expanded from an earlier, deeper search: the horizon is
            // still the frontier's (evaluation or quiescence).
            return self.frontier_search(index, position, 0, alpha, beta, ply);
        }
        let expandable = depth >= self.expand_min_depth || is_root;
        if !self.tree.node(index).expanded {
            let mut buffer = self.take_buffer(ply);
            let expanded = expandable && self.tree.expand(index, position, &mut buffer);
            self.buffers[ply as usize] = buffer;
            if expanded {
                self.stats.expanded += 1;
                self.order_new_children(index, position);
            } else {
                return self.frontier_search(index, position, depth, alpha, beta, ply);
            }
        }
        let original_alpha = alpha;
        let children = self.tree.node(index).children();
        if children.is_empty() {
            // No legal move although the game is not over by the position: cannot happen for
            // a game keeping its contract; treat as a frontier leaf.
            return self.frontier_search(index, position, depth, alpha, beta, ply);
        }
        let mut best = -self.frontier.infinity();
        let mut best_child = children.start;
        let pruning = self.frontier.forward_pruning();
        for (order, child) in children.clone().enumerate() {
            let value = if order == 0 {
                self.search_child(child, position, depth - 1, alpha, beta, ply)?
            } else {
                // Late quiet moves first one ply shallower, as the frontier search does.
                let reduce = pruning
                    && !is_root
                    && depth >= LMR_MIN_DEPTH
                    && order >= LMR_FULL_DEPTH_MOVES
                    && self
                        .tree
                        .node(child)
                        .mv
                        .is_some_and(|mv| position.move_order_hint(mv) <= 0);
                let reduced = if reduce {
                    Some(self.search_child(child, position, depth - 2, alpha, alpha + 1, ply)?)
                } else {
                    None
                };
                match reduced {
                    Some(value) if value <= alpha => value,
                    _ => {
                        let probe =
                            self.search_child(child, position, depth - 1, alpha, alpha + 1, ply)?;
                        if probe > alpha && probe < beta {
                            self.search_child(child, position, depth - 1, alpha, beta, ply)?
                        } else {
                            probe
                        }
                    }
                }
            };
            if value > best {
                best = value;
                best_child = child;
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                break;
            }
        }
        let best_move = self.tree.node(best_child).mv;
        self.frontier
            .store_value(position, depth, best, original_alpha, beta, best_move, ply);
        let relative = self.frontier.root_to_node_relative(best, ply);
        let pass = self.pass;
        self.tree.node_mut(index).store(
            depth,
            relative,
            self.frontier.root_to_node_relative(original_alpha, ply),
            self.frontier.root_to_node_relative(beta, ply),
            pass,
        );
        if is_root {
            self.sort_root_children(index, position);
        } else {
            self.tree.move_to_front(index, best_child);
        }
        Some(best)
    }

    /// Hands node `index` to the frontier search and stores its answer in the node.
    fn frontier_search(
        &mut self,
        index: usize,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.stats.frontier_calls += 1;
        let value = self.frontier.search(
            position,
            &self.history[self.window..],
            depth,
            alpha,
            beta,
            ply,
        )?;
        let pass = self.pass;
        let relative = self.frontier.root_to_node_relative(value, ply);
        let (a, b) = (
            self.frontier.root_to_node_relative(alpha, ply),
            self.frontier.root_to_node_relative(beta, ply),
        );
        self.tree.node_mut(index).store(depth, relative, a, b, pass);
        Some(value)
    }

    /// Orders freshly generated children by the game's move-order hint (stable, so the
    /// natural order breaks ties).
    fn order_new_children(&mut self, index: usize, position: &G) {
        let table_move = self.frontier.table_move(position);
        self.tree
            .sort_children_by_key(index, |child| match child.mv {
                None => i64::MIN,
                Some(mv) if Some(mv) == table_move => i64::MAX,
                Some(mv) => i64::from(position.move_order_hint(mv)),
            });
    }

    /// Sorts the root's children by value from the root's point of view: those searched in
    /// this pass first (exact and lower bounds by value, failed-low ones by their bound),
    /// the rest after, in their previous order.
    fn sort_root_children(&mut self, index: usize, position: &G) {
        let pass = self.pass;
        let mover = position.side_to_move();
        let infinity = i64::from(self.frontier.infinity());
        let frontier = &*self.frontier;
        self.tree.sort_children_by_key(index, |child| {
            if child.visited != pass || child.bound == Bound::None {
                return -4 * infinity;
            }
            let Some(mv) = child.mv else {
                return -4 * infinity;
            };
            let child_position = position.play(mv);
            let value = frontier.node_to_root_relative(child.value, 1);
            let value = if child_position.side_to_move() == mover {
                value
            } else {
                -value
            };
            i64::from(value)
        });
    }

    fn take_buffer(&mut self, ply: u32) -> Vec<G::Move> {
        let ply = ply as usize;
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        std::mem::take(&mut self.buffers[ply])
    }
}
