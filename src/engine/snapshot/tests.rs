//! The snapshot's tree and table parts: cut by budgets the same way when saved and when read
//! back, and refused when a node does not fit the game.

use super::table::{read_table, restore_table, save_table};
use super::tree::{SavedNode, rebuild_tree, save_tree};
use crate::engine::tree::Tree;
use crate::games::{Game, Kalah};
use crate::search::{Bound, LockFreeTable, Table, TableEntry};

/// A Kalah tree: the root and its children expanded, then the first child's children.
fn tree() -> (Kalah, Tree<Kalah>) {
    let root = Kalah::start(&Default::default()).unwrap();
    let mut tree = Tree::new(&root, 1 << 20);
    let mut moves = Vec::new();
    assert!(tree.expand(0, &root, &mut moves));
    for child in tree.node(0).children() {
        let mv = tree.node(child).mv.unwrap();
        tree.node_mut(child).save(3, child as i32, Bound::Exact, 1);
        assert!(tree.expand(child, &root.play(mv), &mut moves));
    }
    (root, tree)
}

#[test]
fn a_tree_read_back_is_the_tree_saved_and_budgets_cut_it_alike() {
    let (root, tree) = tree();
    let saved = save_tree(&tree, usize::MAX);
    assert_eq!(saved.len(), tree.len());
    let rebuilt = rebuild_tree(&saved, &root, 1 << 20).unwrap();
    assert_eq!(save_tree(&rebuilt, usize::MAX), saved);
    // Read back into a smaller arena: what a save with that budget keeps.
    let nodes = 10;
    let small = rebuild_tree(&saved, &root, nodes * Tree::<Kalah>::node_bytes()).unwrap();
    assert_eq!(save_tree(&small, usize::MAX), save_tree(&tree, nodes));
    // Whole blocks only: the root's 6 children, not a part of a grandchild block.
    assert_eq!(small.len(), 7);
}

#[test]
fn nodes_that_do_not_fit_the_game_are_refused() {
    let (root, tree) = tree();
    let saved = save_tree(&tree, usize::MAX);
    let bytes = crate::files::encode_bincode(&saved).unwrap();
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let other = root.play(moves[0]);
    assert!(
        rebuild_tree(&saved, &other, 1 << 20).is_err(),
        "another root"
    );
    // Every single-byte change either reads back to a valid tree or is refused: no panic.
    for index in 0..bytes.len() {
        let mut changed = bytes.clone();
        changed[index] ^= 0x5A;
        if let Ok(nodes) = crate::files::decode_bincode::<Vec<SavedNode<_>>>(&changed) {
            let _ = rebuild_tree::<Kalah>(&nodes, &root, 1 << 20);
        }
    }
    assert!(rebuild_tree::<Kalah>(&saved[..saved.len() - 1], &root, 1 << 20).is_err());
    assert!(rebuild_tree::<Kalah>(&[], &root, 1 << 20).is_err());
}

#[test]
fn the_table_keeps_its_deepest_entries_and_their_ages() {
    let table = LockFreeTable::with_mib(1);
    let key = |n: u128| crate::games::Key::from_u128(n * 0x9E37_79B9_7F4A_7C15).unwrap();
    let entry = |depth: u8| TableEntry {
        value: -7,
        depth,
        bound: Bound::Lower,
        move_index: Some(1),
    };
    for n in 0..100 {
        table.save(&key(n), entry((n % 20) as u8));
    }
    table.new_search();
    table.save(&key(500), entry(30));
    let saved = save_table(&table, 11);
    let entries = read_table(&saved).unwrap();
    assert_eq!(entries.len(), 11);
    // The old entries are worth their depth less 8: the eleven worth most are the new one
    // (30) and the old ones of depth 19 and 18 (five each, worth 11 and 10).
    let fresh = LockFreeTable::with_mib(1);
    restore_table(&fresh, &entries);
    assert_eq!(fresh.probe(&key(500)), Some(entry(30)));
    for n in (0..100).filter(|n| n % 20 >= 18) {
        assert_eq!(fresh.probe(&key(n)), Some(entry((n % 20) as u8)), "{n}");
    }
    let mut ages = Vec::new();
    fresh.for_each_entry(&mut |key_seen, _, age| {
        if *key_seen == key(500) || *key_seen == key(19) {
            ages.push((*key_seen == key(500), age));
        }
    });
    ages.sort();
    assert_eq!(
        ages,
        [(false, 1), (true, 0)],
        "the old entry stays a generation older"
    );
}
