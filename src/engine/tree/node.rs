//! One node of the stored tree: what the engine remembers about a position it has searched.

use crate::games::Key;
use crate::search::Bound;

/// A node: the position's key, the move that led to it, where its children are, and the
/// result of its deepest search.
///
/// Children of one node sit side by side in the arena (`first_child .. first_child +
/// child_count`) in visit order: the order the next search will try them in, best first.
/// Values are from the point of view of the side to move at this node; terminal and win
/// scores count plies from this node (not from the root), so they stay right after the tree
/// is re-rooted.
#[derive(Copy, Clone, Debug)]
pub struct Node<M> {
    /// The exact key of the position.
    pub key: Key,
    /// The move from the parent; `None` only for the root.
    pub mv: Option<M>,
    /// Index of the first child in the arena (meaningless until expanded).
    pub first_child: u32,
    /// Number of children; meaningful only when [`Node::expanded`].
    pub child_count: u16,
    /// Whether the children have been generated (a node with no legal move is expanded
    /// with no children).
    pub expanded: bool,
    /// How the value relates to the true value; `None` until the node is searched.
    pub bound: Option<Bound>,
    /// The depth (plies) the value was searched to.
    pub depth: u8,
    /// The value, from the side to move's point of view.
    pub value: i32,
    /// The search pass in which the node was created.
    pub born: u32,
    /// The search pass in which the node was last searched (its place in the visit order).
    pub visited: u32,
}

impl<M: Copy> Node<M> {
    /// A fresh, unsearched, unexpanded node.
    pub fn new(key: Key, mv: Option<M>, pass: u32) -> Node<M> {
        Node {
            key,
            mv,
            first_child: 0,
            child_count: 0,
            expanded: false,
            bound: None,
            depth: 0,
            value: 0,
            born: pass,
            visited: 0,
        }
    }

    /// The arena indices of the children (empty until expanded).
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        if self.expanded {
            let first = self.first_child as usize;
            first..first + self.child_count as usize
        } else {
            0..0
        }
    }

    /// Records a search result to `depth` (`value` with its `bound`, from the side to move's
    /// point of view, decisive scores counted from this node), unless a deeper exact result
    /// is already stored.
    #[inline]
    pub fn save(&mut self, depth: u32, value: i32, bound: Bound, pass: u32) {
        self.visited = pass;
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        if self.bound == Some(Bound::Exact) && self.depth > depth {
            return;
        }
        self.depth = depth;
        self.value = value;
        self.bound = Some(bound);
    }
}
