//! The stored tree in a snapshot: its top, breadth first from the root, within a node
//! budget; read back only after every node is checked against the game (each child's move
//! legal in its parent's position and its key that of the position it reaches).

use super::super::tree::{Node, Tree};
use crate::games::{Game, Key};
use crate::search::{Bound, INFINITY};
use serde::{Deserialize, Serialize};

/// One node as saved. Nodes are saved breadth first from the root, so a node's children
/// are the next block of `children` nodes not yet claimed by an earlier node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct SavedNode<M> {
    key: Key,
    mv: Option<M>,
    /// The number of children saved; `None` when the node's children are not saved (not
    /// expanded, or beyond the budget).
    children: Option<u16>,
    /// 0: not searched; 1, 2, 3: upper, lower, exact.
    bound: u8,
    depth: u8,
    value: i32,
}

/// The top of `tree` below its root, breadth first, at most `budget` nodes (at least the
/// root): a node's children are saved whole or not at all, and once a block does not fit no
/// later one is saved.
pub(super) fn save_tree<G: Game>(tree: &Tree<G>, budget: usize) -> Vec<SavedNode<G::Move>> {
    let budget = budget.max(1);
    let mut order = vec![tree.root_index()];
    let mut saved = Vec::new();
    let mut full = false;
    let mut next = 0;
    while let Some(&index) = order.get(next) {
        next += 1;
        let node = tree.node(index);
        let block = node.children();
        let fits = node.expanded && !full && order.len() + block.len() <= budget;
        full |= node.expanded && !fits;
        if fits {
            order.extend(block.clone());
        }
        saved.push(SavedNode {
            key: node.key,
            mv: if index == tree.root_index() {
                None
            } else {
                node.mv
            },
            children: fits.then_some(block.len() as u16),
            bound: match node.bound {
                None => 0,
                Some(Bound::Upper) => 1,
                Some(Bound::Lower) => 2,
                Some(Bound::Exact) => 3,
            },
            depth: node.depth,
            value: node.value,
        });
    }
    saved
}

/// The tree `saved` describes, rooted at `root`, within `max_bytes` (a tree saved with more
/// nodes than fit keeps its top, breadth first, as [`save_tree`] cuts it); why not, when a
/// node does not fit the game or the layout.
pub(super) fn rebuild_tree<G: Game>(
    saved: &[SavedNode<G::Move>],
    root: &G,
    max_bytes: usize,
) -> Result<Tree<G>, String> {
    let budget = Tree::<G>::capacity_for(max_bytes);
    let first = saved.first().ok_or("the tree has no root")?;
    if first.key != root.key() || first.mv.is_some() {
        return Err("the tree's root is not the record's current position".to_string());
    }
    let mut nodes: Vec<Node<G::Move>> = Vec::with_capacity(saved.len().min(budget));
    let mut positions: Vec<G> = Vec::with_capacity(saved.len().min(budget));
    positions.push(*root);
    // Where the next block of children starts, in `saved` and in `nodes` alike (the cut
    // keeps a prefix).
    let mut claimed = 1;
    let mut full = false;
    for (index, node) in saved.iter().enumerate() {
        if index >= claimed {
            break;
        }
        let block = claimed..claimed + node.children.map_or(0, usize::from);
        claimed = block.end;
        let Some(&position) = positions.get(index) else {
            continue; // beyond the cut: only the layout is checked
        };
        let mut kept = node_from(node, index)?;
        if let Some(count) = node.children {
            let children = saved.get(block.clone()).ok_or_else(|| {
                format!("node {index}: {count} children, past the end of the tree")
            })?;
            check_children(&position, children, index)?;
            if !full && block.end <= budget {
                let reached = children.iter().filter_map(|child| child.mv);
                positions.extend(reached.map(|mv| position.play_unchecked(mv)));
                kept.expanded = true;
                kept.first_child = block.start as u32;
                kept.child_count = count;
            } else {
                full = true;
            }
        }
        nodes.push(kept);
    }
    if claimed != saved.len() {
        return Err(format!(
            "the children claimed ({claimed} nodes with the root) are not the {} nodes saved",
            saved.len()
        ));
    }
    Tree::from_nodes(nodes, max_bytes).ok_or_else(|| "the tree does not fit".to_string())
}

/// A node's stored result, checked: a known bound and a value inside the search's range.
fn node_from<M: Copy>(saved: &SavedNode<M>, index: usize) -> Result<Node<M>, String> {
    let bound = match saved.bound {
        0 => None,
        1 => Some(Bound::Upper),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Exact),
        other => return Err(format!("node {index}: bound {other} is none of 0 to 3")),
    };
    if saved.value.abs() >= INFINITY {
        return Err(format!("node {index}: value {} out of range", saved.value));
    }
    let mut node = Node::new(saved.key, saved.mv, 0);
    node.bound = bound;
    node.depth = saved.depth;
    node.value = saved.value;
    Ok(node)
}

/// Checks that each of `children` is a distinct legal move of `position` whose key is the
/// position it reaches.
fn check_children<G: Game>(
    position: &G,
    children: &[SavedNode<G::Move>],
    parent: usize,
) -> Result<(), String> {
    for (slot, child) in children.iter().enumerate() {
        let Some(mv) = child.mv.filter(|&mv| position.is_legal(mv)) else {
            return Err(format!(
                "node {parent}: child {slot} is not a legal move there"
            ));
        };
        if children[..slot].iter().any(|other| other.mv == Some(mv)) {
            return Err(format!("node {parent}: move {mv} twice among the children"));
        }
        if position.play_unchecked(mv).key() != child.key {
            return Err(format!(
                "node {parent}: child {mv} has the key of another position"
            ));
        }
    }
    Ok(())
}
