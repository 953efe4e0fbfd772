//! The snapshot's tree and table parts: cut by budgets the same way when saved and when read
//! back, and refused when a node does not fit the game.

use super::table::{read_table, restore_table, save_table};
use super::tree::{SavedNode, rebuild_tree, save_tree};
use crate::engine::tree::Tree;
use crate::games::{Game, Kalah};
use crate::search::TranspositionTable;
use crate::search::{Bound, MoreValues, Table, TableEntry, TableKind, TableWidth};

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

/// A key of the test tables: spread over the buckets, of up to 112 bits (`wide`: of 128).
fn key(n: u128, wide: bool) -> u128 {
    let spread = n * 0x9E37_79B9_7F4A_7C15;
    match wide {
        true => spread | (n + 1) << 120,
        false => spread,
    }
}

/// An entry of depth `depth`.
fn entry(depth: u8) -> TableEntry {
    TableEntry {
        value: -7,
        depth,
        bound: Bound::Lower,
        move_index: Some(1),
    }
}

/// The other seats' values stored with key `n` (zeros in a narrow table).
fn more(n: u128, wide: bool) -> MoreValues {
    match wide {
        true => [n as i16, -(n as i16), 1000],
        false => [0; 3],
    }
}

/// An empty table of 1 MiB of `width`.
fn empty(width: TableWidth) -> TranspositionTable {
    match width {
        TableWidth::Wide => TranspositionTable::wide(1),
        TableWidth::Narrow => TranspositionTable::new(TableKind::LockFree, 1),
    }
}

/// A table of `width` holding 100 entries of depths 0 to 19, a generation older than one of
/// depth 30 (key 500).
fn filled(width: TableWidth) -> TranspositionTable {
    let wide = width == TableWidth::Wide;
    let table = empty(width);
    for n in 0..100 {
        table.save_seats(key(n, wide), entry((n % 20) as u8), more(n, wide));
    }
    table.new_search();
    table.save_seats(key(500, wide), entry(30), more(500, wide));
    table
}

#[test]
fn the_table_keeps_its_deepest_entries_and_their_ages_at_every_width() {
    for width in [TableWidth::Narrow, TableWidth::Wide] {
        let wide = width == TableWidth::Wide;
        let saved = save_table(&filled(width), width, 11);
        let entries = read_table(&saved).unwrap();
        assert_eq!((entries.len(), entries.width()), (11, width));
        // The old entries are worth their depth less 8: the eleven worth most are the new
        // one (30) and the old ones of depth 19 and 18 (five each, worth 11 and 10).
        let fresh = empty(width);
        restore_table(&fresh, &entries);
        assert_eq!(
            fresh.probe_seats(key(500, wide)),
            Some((entry(30), more(500, wide)))
        );
        for n in 0..100 {
            let kept = (n % 20 >= 18).then(|| (entry((n % 20) as u8), more(n, wide)));
            assert_eq!(fresh.probe_seats(key(n, wide)), kept, "{width:?} {n}");
        }
        let mut ages = Vec::new();
        fresh.for_each_seats(&mut |key_seen, _, _, age| {
            if key_seen == key(500, wide) || key_seen == key(19, wide) {
                ages.push((key_seen == key(500, wide), age));
            }
        });
        ages.sort();
        assert_eq!(
            ages,
            [(false, 1), (true, 0)],
            "{width:?}: the old entry stays a generation older"
        );
        // Read back and saved again: the same entries.
        assert_eq!(read_table(&entries.saved()).unwrap(), entries);
    }
}

#[test]
fn a_narrow_snapshot_of_a_wide_table_keeps_its_narrow_keys() {
    // A two-seat engine sharing a wide table with engines of more seats.
    let table = filled(TableWidth::Wide);
    table.save_seats(key(7, false), entry(1), [0; 3]);
    let saved = save_table(&table, TableWidth::Narrow, 1000);
    let entries = read_table(&saved).unwrap();
    assert_eq!((entries.len(), entries.width()), (1, TableWidth::Narrow));
    let fresh = empty(TableWidth::Narrow);
    restore_table(&fresh, &entries);
    assert_eq!(fresh.probe_bits(key(7, false)), Some(entry(1)));
}

#[test]
fn a_wide_entry_saved_is_thirty_bytes() {
    let one = |width| {
        let table = filled(width);
        let saved = save_table(&table, width, 1);
        crate::files::encode_bincode(&saved).unwrap().len()
    };
    // The variant's tag (4 bytes) and the length (8), then the entry.
    assert_eq!(one(TableWidth::Narrow), 12 + 22);
    assert_eq!(one(TableWidth::Wide), 12 + 30);
}
