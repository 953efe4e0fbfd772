//! One node of the stored tree: what the engine remembers about a position it has searched.

use crate::game::Key;

/// How a stored value relates to the true value of the node at the stored depth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum Bound {
    /// Nothing stored yet.
    #[default]
    None = 0,
    /// The true value is at least the stored value (the search failed high).
    Lower = 1,
    /// The true value is at most the stored value (the search failed low).
    Upper = 2,
    /// The stored value is the true value at the stored depth.
    Exact = 3,
}

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
    /// How the value relates to the true value.
    pub bound: Bound,
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
            bound: Bound::None,
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

    /// Whether the stored result answers a search to `depth` with window (`alpha`, `beta`):
    /// deep enough, and exact or a bound that falls outside the window.
    #[inline]
    pub fn answers(&self, depth: u32, alpha: i32, beta: i32) -> bool {
        self.answers_with(self.value, depth, alpha, beta)
    }

    /// [`Node::answers`] with the stored value converted to `value` (e.g. made relative to
    /// the search root).
    #[inline]
    pub fn answers_with(&self, value: i32, depth: u32, alpha: i32, beta: i32) -> bool {
        if self.bound == Bound::None || u32::from(self.depth) < depth {
            return false;
        }
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
            Bound::None => false,
        }
    }

    /// Records a search result to `depth`, unless a deeper result is already stored.
    #[inline]
    pub fn store(&mut self, depth: u32, value: i32, alpha: i32, beta: i32, pass: u32) {
        self.visited = pass;
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        if self.bound != Bound::None && self.depth > depth && self.bound == Bound::Exact {
            return;
        }
        self.depth = depth;
        self.value = value;
        self.bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
    }
}
