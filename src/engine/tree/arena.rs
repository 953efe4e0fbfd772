//! The arena that holds the stored tree, with its memory bound, and re-rooting by in-place
//! mark-compact.

use super::node::Node;
use crate::games::{Game, Key};
use std::mem::size_of;

/// Index of the root in a compacted arena: compaction always moves the root here.
const FRONT: usize = 0;

/// The top of the minimax tree, kept between searches and between moves.
///
/// Nodes live in one vector allocated once to the memory bound; the children of a node form
/// one contiguous block, appended when the node is expanded, so a block always lies after its
/// parent. When the arena is full, nodes are no longer expanded (the search goes on below them
/// through the transposition table); re-rooting on a child frees its siblings' subtrees and
/// compacts the kept subtree to the front, so the next searches have room again. Re-rooting
/// can also be lazy ([`Tree::reroot_lazily`]: the root moves, the freeing waits for the next
/// [`Tree::compact`]), so that the search after a human's move starts at once.
#[derive(Clone, Debug)]
pub struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    capacity: usize,
    pass: u32,
    /// Where the root is: at the front after a compaction, anywhere after a lazy re-root.
    root: usize,
}

impl<G: Game> Tree<G> {
    /// A tree holding only `root`, allowed at most `max_bytes` of nodes (at least one node).
    pub fn new(root: &G, max_bytes: usize) -> Tree<G> {
        let capacity = Self::capacity_for(max_bytes);
        let mut nodes = Vec::with_capacity(capacity);
        nodes.push(Node::new(root.key(), None, 0));
        Tree {
            nodes,
            capacity,
            pass: 0,
            root: FRONT,
        }
    }

    /// A tree of `nodes`, the root first and every node's block of children after it
    /// (`first_child` set), allowed at most `max_bytes` of nodes: a tree read back from a
    /// snapshot, checked by its reader. `None` when the nodes are none or more than fit.
    pub(crate) fn from_nodes(nodes: Vec<Node<G::Move>>, max_bytes: usize) -> Option<Tree<G>> {
        let capacity = Self::capacity_for(max_bytes);
        if nodes.is_empty() || nodes.len() > capacity {
            return None;
        }
        let mut arena = Vec::with_capacity(capacity);
        arena.extend(nodes);
        Some(Tree {
            nodes: arena,
            capacity,
            pass: 0,
            root: FRONT,
        })
    }

    /// How many nodes fit in `max_bytes` (at least one).
    pub fn capacity_for(max_bytes: usize) -> usize {
        (max_bytes / Self::node_bytes()).clamp(1, u32::MAX as usize)
    }

    /// Bytes one node takes.
    pub const fn node_bytes() -> usize {
        size_of::<Node<G::Move>>()
    }

    /// Nodes stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The most nodes the arena may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Bytes the arena has allocated: never more than the bound it was created with.
    pub fn allocated_bytes(&self) -> usize {
        self.nodes.capacity() * Self::node_bytes()
    }

    /// Starts a new search pass and returns its number.
    pub fn next_pass(&mut self) -> u32 {
        self.pass = self.pass.wrapping_add(1).max(1);
        self.pass
    }

    /// The node at `index`.
    #[inline]
    pub fn node(&self, index: usize) -> &Node<G::Move> {
        &self.nodes[index]
    }

    /// The node at `index`, to update.
    #[inline]
    pub fn node_mut(&mut self, index: usize) -> &mut Node<G::Move> {
        &mut self.nodes[index]
    }

    /// The root.
    pub fn root(&self) -> &Node<G::Move> {
        &self.nodes[self.root]
    }

    /// The root's index in the arena.
    pub fn root_index(&self) -> usize {
        self.root
    }

    /// Forgets everything and starts again from `root`.
    pub fn reset(&mut self, root: &G) {
        self.nodes.clear();
        self.root = FRONT;
        // Born in the next pass: a fresh root is not something kept.
        self.nodes
            .push(Node::new(root.key(), None, self.pass.wrapping_add(1)));
    }

    /// Generates the children of node `index` (whose position is `position`) in the game's
    /// natural order, using `moves` as the buffer. Returns `false` and changes nothing when
    /// the arena has no room for them; `true` if the node is (now or already) expanded.
    pub fn expand(&mut self, index: usize, position: &G, moves: &mut Vec<G::Move>) -> bool {
        if self.nodes[index].expanded {
            return true;
        }
        position.legal_moves(moves);
        self.add_children(index, position, moves)
    }

    /// Stores the children of node `index` (whose position is `position`) reached by
    /// `moves`, in that order (at most 65,535). Returns `false` and changes nothing when the
    /// arena has no room for them; `true` if the node is (now or already) expanded.
    pub fn add_children(&mut self, index: usize, position: &G, moves: &[G::Move]) -> bool {
        if self.nodes[index].expanded {
            return true;
        }
        let count = moves.len().min(u16::MAX as usize);
        if self.nodes.len() + count > self.capacity {
            return false;
        }
        let first = self.nodes.len();
        let pass = self.pass;
        for &mv in &moves[..count] {
            self.nodes
                .push(Node::new(position.play_unchecked(mv).key(), Some(mv), pass));
        }
        let node = &mut self.nodes[index];
        node.first_child = first as u32;
        node.child_count = count as u16;
        node.expanded = true;
        true
    }

    /// The child of node `index` reached by `mv`, if the node is expanded.
    pub fn child_for_move(&self, index: usize, mv: G::Move) -> Option<usize> {
        self.nodes[index]
            .children()
            .find(|&child| self.nodes[child].mv == Some(mv))
    }

    /// The first node within `max_plies` below the root (breadth first) whose key is `key`,
    /// the root itself included.
    pub fn find_key(&self, key: &Key, max_plies: u32) -> Option<usize> {
        let mut level = vec![self.root];
        for ply in 0..=max_plies {
            if let Some(&found) = level.iter().find(|&&i| self.nodes[i].key == *key) {
                return Some(found);
            }
            if ply == max_plies {
                break;
            }
            level = level
                .iter()
                .flat_map(|&i| self.nodes[i].children())
                .collect();
        }
        None
    }

    /// Reorders the children of `index` by `score` (higher first, stable): the visit order
    /// of the next search.
    pub fn sort_children_by_key<F>(&mut self, index: usize, mut score: F)
    where
        F: FnMut(&Node<G::Move>) -> i64,
    {
        let range = self.nodes[index].children();
        self.nodes[range].sort_by_cached_key(|node| std::cmp::Reverse(score(node)));
    }

    /// Moves the child at `child` (an index inside the children of `index`) to the front of
    /// its block, keeping the others in order.
    pub fn move_to_front(&mut self, index: usize, child: usize) {
        let range = self.nodes[index].children();
        if range.contains(&child) {
            self.nodes[range.start..=child].rotate_right(1);
        }
    }

    /// Makes node `new_root` the root: everything outside its subtree is freed and the
    /// subtree is compacted to the front of the arena (in place, in the order it was built,
    /// so blocks stay after their parents). Returns the number of nodes kept.
    #[cfg(test)]
    pub fn reroot(&mut self, new_root: usize) -> usize {
        self.root = new_root;
        self.compact()
    }

    /// Makes node `new_root` the root at once, leaving the nodes outside its subtree in the
    /// arena (unreachable) until the next [`Tree::compact`].
    pub fn reroot_lazily(&mut self, new_root: usize) {
        self.root = new_root;
        self.nodes[new_root].mv = None;
    }

    /// Whether nodes outside the root's subtree may still take room (a lazy re-root since
    /// the last compaction).
    pub fn needs_compaction(&self) -> bool {
        self.root != FRONT
    }

    /// Frees everything outside the root's subtree and compacts the subtree to the front of
    /// the arena. Returns the number of nodes kept.
    pub fn compact(&mut self) -> usize {
        let new_root = self.root;
        if new_root == FRONT {
            return self.nodes.len();
        }
        self.root = FRONT;
        let mut blocks: Vec<(usize, usize, usize)> = Vec::new();
        let mut stack = vec![new_root];
        while let Some(index) = stack.pop() {
            let range = self.nodes[index].children();
            if !range.is_empty() {
                blocks.push((range.start, range.len(), index));
                stack.extend(range);
            }
        }
        blocks.sort_unstable_by_key(|&(start, _, _)| start);
        // Compact: slide each block down, in order of old position; a parent's block always
        // lies before its children's, so the parent has already moved when its children do.
        self.nodes[FRONT] = self.nodes[new_root];
        self.nodes[FRONT].mv = None;
        // (old start, new start) of each moved block, sorted by old start.
        let mut moved: Vec<(usize, usize)> = Vec::with_capacity(blocks.len() + 1);
        moved.push((new_root, FRONT));
        let mut cursor = FRONT + 1;
        for (start, len, parent_old) in blocks {
            let slot = moved.partition_point(|&(old, _)| old <= parent_old) - 1;
            let (old_block, new_block) = moved[slot];
            let parent_new = new_block + (parent_old - old_block);
            self.nodes.copy_within(start..start + len, cursor);
            self.nodes[parent_new].first_child = cursor as u32;
            moved.push((start, cursor));
            cursor += len;
        }
        self.nodes.truncate(cursor);
        cursor
    }
}
