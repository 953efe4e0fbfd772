//! The stored tree against plain minimax, and re-rooting against the tree it came from.

use super::*;
use crate::engine::BestMove;
use crate::engine::think::{ThinkSetup, think};
use crate::games::kalah::{CaptureRule, KalahConfig};
use crate::search::score::finished;
use crate::search::{Bound, GameEvaluation, SearchWorker, TableKind, TranspositionTable};
use crate::search::{Limits, StopSignal, TieBreak};
use crate::{Game, Kalah};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;

fn terminal<G: Game>(position: &G, outcome: crate::Outcome, ply: u32) -> i32 {
    finished(outcome.margin_for(position.side_to_move()), ply)
}

/// An exact (no forward pruning) search worker with the game's own evaluation and a table of
/// its own.
fn exact_worker<G: Game>() -> SearchWorker<G, GameEvaluation> {
    let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 1));
    SearchWorker::new(table, Arc::new(GameEvaluation), false)
}

/// A `go` to `depth` over the tree, with the search's node loop.
fn go<G: Game>(
    tree: &mut Tree<G>,
    position: &G,
    depth: u32,
    min_depth: u32,
    tie_break: TieBreak,
) -> BestMove<G> {
    let mut worker = exact_worker::<G>();
    let limits = Limits::depth(depth);
    let stop = StopSignal::new();
    let mut setup = ThinkSetup {
        id: 1,
        history: &[],
        limits: &limits,
        stop: &stop,
        start: Instant::now(),
        tie_break,
        tree_min_depth: min_depth,
        helpers: None,
        avoid: &[],
    };
    think(tree, &mut worker, position, &mut setup, |_, _| {})
}

/// Plain minimax, no pruning: the oracle.
fn minimax<G: Game>(position: &G, depth: u32, ply: u32) -> i32 {
    if let Some(outcome) = position.outcome() {
        return terminal(position, outcome, ply);
    }
    if depth == 0 {
        return position.evaluate();
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let child = position.play_unchecked(mv);
            let value = minimax(&child, depth - 1, ply + 1);
            if child.side_to_move() == position.side_to_move() {
                value
            } else {
                -value
            }
        })
        .max()
        .expect("a position that is not over has a move")
}

fn random_position(rng: &mut SmallRng, config: &KalahConfig, plies: usize) -> Kalah {
    let mut position = Kalah::start(config).unwrap();
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

fn root_value<G: Game>(tree: &mut Tree<G>, position: &G, depth: u32, min_depth: u32) -> i32 {
    go(tree, position, depth, min_depth, TieBreak::First).score
}

#[test]
fn tree_search_equals_minimax_across_reroots() {
    let mut rng = SmallRng::seed_from_u64(7);
    let configs = [
        KalahConfig::new(4, 3, CaptureRule::Classic).unwrap(),
        KalahConfig::new(6, 4, CaptureRule::Empty).unwrap(),
        KalahConfig::new(3, 2, CaptureRule::Classic).unwrap(),
    ];
    for round in 0..30 {
        let config = &configs[round % configs.len()];
        let plies = rng.random_range(0..20);
        let mut position = random_position(&mut rng, config, plies);
        let depth = rng.random_range(1..=5);
        let min_depth = rng.random_range(1..=3);
        // Small arenas too, so that expansion runs out of room.
        let bytes = [1 << 9, 1 << 12, 1 << 20][round % 3];
        let mut tree = Tree::new(&position, bytes);
        for step in 0..4 {
            if position.outcome().is_some() {
                break;
            }
            check_tree(
                &tree,
                tree.root_index(),
                &position,
                &format!("before round {round} step {step}"),
            );
            let value = root_value(&mut tree, &position, depth, min_depth);
            check_tree(
                &tree,
                tree.root_index(),
                &position,
                &format!("after round {round} step {step}"),
            );
            assert_eq!(
                value,
                minimax(&position, depth, 0),
                "round {round}, step {step}, depth {depth}, min depth {min_depth}, {position:?}"
            );
            assert!(tree.allocated_bytes() <= bytes.max(Tree::<Kalah>::node_bytes()));
            // The first root child is a best move.
            let best = tree.node(tree.root().children().start).mv.unwrap();
            let after = position.play_unchecked(best);
            let best_value = if after.side_to_move() == position.side_to_move() {
                minimax(&after, depth - 1, 1)
            } else {
                -minimax(&after, depth - 1, 1)
            };
            assert_eq!(
                best_value, value,
                "round {round}: the first child is not best"
            );
            // Play a random move (not always the best) and re-root on it.
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            position = position.play_unchecked(mv);
            // Re-root eagerly or lazily (compacting later, or never): the same values.
            match tree.child_for_move(tree.root_index(), mv) {
                Some(child) if step % 2 == 0 => {
                    tree.reroot(child);
                }
                Some(child) => tree.reroot_lazily(child),
                None => tree.reset(&position),
            }
            assert_eq!(tree.root().key, position.key());
        }
    }
}

/// The subtree under a node as nested (move, key, bound, depth, value, children) values.
#[derive(Debug, PartialEq)]
struct Shape<M> {
    mv: Option<M>,
    key: crate::Key,
    bound: Option<Bound>,
    depth: u8,
    value: i32,
    expanded: bool,
    children: Vec<Shape<M>>,
}

fn shape<G: Game>(tree: &Tree<G>, index: usize) -> Shape<G::Move> {
    let node = tree.node(index);
    Shape {
        mv: node.mv,
        key: node.key,
        bound: node.bound,
        depth: node.depth,
        value: node.value,
        expanded: node.expanded,
        children: node.children().map(|c| shape(tree, c)).collect(),
    }
}

#[test]
fn reroot_keeps_exactly_the_subtree_and_frees_the_rest() {
    let mut rng = SmallRng::seed_from_u64(11);
    let config = KalahConfig::default();
    for _ in 0..20 {
        let plies = rng.random_range(0..12);
        let mut position = random_position(&mut rng, &config, plies);
        if position.outcome().is_some() {
            continue;
        }
        let mut tree = Tree::new(&position, 1 << 22);
        root_value(&mut tree, &position, 6, 1);
        // Two re-roots in a row: the engine's move, then the reply.
        for step in 0..2 {
            let children: Vec<usize> = tree.root().children().collect();
            if children.is_empty() {
                break;
            }
            let child = children[rng.random_range(0..children.len())];
            let mut expected = shape(&tree, child);
            expected.mv = None;
            let size = count(&tree, child);
            position = position.play_unchecked(tree.node(child).mv.unwrap());
            let kept = if step == 0 {
                tree.reroot(child)
            } else {
                // Lazily: the subtree is the root's at once, the rest freed at compaction.
                tree.reroot_lazily(child);
                assert_eq!(shape(&tree, tree.root_index()), expected);
                tree.compact()
            };
            assert_eq!(kept, size);
            assert_eq!(tree.len(), size, "everything outside the subtree is freed");
            assert_eq!(shape(&tree, tree.root_index()), expected);
            assert_eq!(tree.root().key, position.key());
        }
    }
}

fn count<G: Game>(tree: &Tree<G>, index: usize) -> usize {
    1 + tree
        .node(index)
        .children()
        .map(|c| count(tree, c))
        .sum::<usize>()
}

#[test]
fn a_full_arena_stops_expanding_but_the_search_stays_right() {
    let position = Kalah::start(&KalahConfig::default()).unwrap();
    let bytes = 40 * Tree::<Kalah>::node_bytes();
    let mut tree = Tree::new(&position, bytes);
    let value = root_value(&mut tree, &position, 6, 1);
    assert_eq!(value, minimax(&position, 6, 0));
    assert!(tree.len() <= 40);
    assert!(tree.allocated_bytes() <= bytes);
}

#[test]
fn find_key_finds_grandchildren() {
    let position = Kalah::start(&KalahConfig::default()).unwrap();
    let mut tree = Tree::new(&position, 1 << 20);
    root_value(&mut tree, &position, 4, 1);
    let child = tree.root().children().nth(1).unwrap();
    assert_eq!(tree.find_key(&tree.root().key, 0), Some(tree.root_index()));
    let grandchild = tree.node(child).children().next().unwrap();
    let key = tree.node(grandchild).key;
    assert_eq!(tree.find_key(&key, 2), Some(grandchild));
    assert_eq!(tree.find_key(&key, 1), None);
}

/// Every stored bound in the tree holds against minimax at its depth.
fn check_tree<G: Game>(tree: &Tree<G>, index: usize, position: &G, label: &str) {
    let node = tree.node(index);
    assert_eq!(node.key, position.key(), "{label}: key");
    if let Some(bound) = node.bound {
        let truth = minimax(position, u32::from(node.depth).min(8), 0);
        let ok = match bound {
            Bound::Exact => truth == node.value,
            Bound::Lower => truth >= node.value,
            Bound::Upper => truth <= node.value,
        };
        if !ok {
            dump(tree, index, position, 0);
            for child in node.children() {
                let c = tree.node(child);
                let after = position.play_unchecked(c.mv.unwrap());
                eprintln!(
                    "  child {child} {c:?} truth {} same side {}",
                    minimax(&after, u32::from(c.depth).min(8), 0),
                    after.side_to_move() == position.side_to_move()
                );
            }
        }
        assert!(
            ok,
            "{label}: node {index} {node:?} truth {truth} at {position:?}"
        );
    }
    for child in node.children() {
        check_tree(
            tree,
            child,
            &position.play_unchecked(tree.node(child).mv.unwrap()),
            label,
        );
    }
}

fn dump<G: Game>(tree: &Tree<G>, index: usize, position: &G, indent: usize) {
    let n = tree.node(index);
    eprintln!(
        "{:indent$}{index} {:?} {:?} d{} {} truth {} side {:?}",
        "",
        n.mv,
        n.bound,
        n.depth,
        n.value,
        minimax(position, u32::from(n.depth).min(8), 0),
        position.side_to_move(),
        indent = indent * 2
    );
    for c in n.children() {
        dump(
            tree,
            c,
            &position.play_unchecked(tree.node(c).mv.unwrap()),
            indent + 1,
        );
    }
}

mod choice {
    use super::*;
    use std::collections::BTreeSet;

    /// The moves whose minimax value at `depth` equals the best, in natural order.
    fn equal_best<G: Game>(position: &G, depth: u32) -> Vec<G::Move> {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let values: Vec<i32> = moves
            .iter()
            .map(|&mv| {
                let child = position.play_unchecked(mv);
                let value = minimax(&child, depth - 1, 1);
                if child.side_to_move() == position.side_to_move() {
                    value
                } else {
                    -value
                }
            })
            .collect();
        let best = *values.iter().max().unwrap();
        moves
            .into_iter()
            .zip(values)
            .filter(|&(_, v)| v == best)
            .map(|(mv, _)| mv)
            .collect()
    }

    fn choose<G: Game>(
        tree: &mut Tree<G>,
        position: &G,
        depth: u32,
        tie_break: TieBreak,
    ) -> (G::Move, usize, i32) {
        let result = go(tree, position, depth, 1, tie_break);
        (result.mv.unwrap(), result.equal_best.len(), result.score)
    }

    #[test]
    fn classroom_position_ties_between_0_and_3() {
        let config = KalahConfig::default();
        let record = Kalah::parse_position(&config, "123551234220105241").unwrap();
        let position = record.current();
        let mut tree = Tree::new(&position, 1 << 20);
        let (mv, ties, _) = choose(&mut tree, &position, 2, TieBreak::First);
        assert_eq!(mv.to_string(), "0");
        assert_eq!(ties, 2);
        let mut seen = BTreeSet::new();
        for seed in 0..64 {
            let mut tree = Tree::new(&position, 1 << 20);
            seen.insert(
                choose(&mut tree, &position, 2, TieBreak::Random { seed })
                    .0
                    .to_string(),
            );
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["0", "3"]);
    }

    #[test]
    fn the_choice_is_among_the_exact_ties_only() {
        let mut rng = SmallRng::seed_from_u64(3);
        let config = KalahConfig::new(4, 2, CaptureRule::Classic).unwrap();
        for round in 0..60 {
            let plies = rng.random_range(0..10);
            let position = random_position(&mut rng, &config, plies);
            if position.outcome().is_some() {
                continue;
            }
            let depth = rng.random_range(1..=4);
            let expected = equal_best(&position, depth);
            let mut tree = Tree::new(&position, 1 << 20);
            let (first, ties, score) = choose(&mut tree, &position, depth, TieBreak::First);
            assert_eq!(score, minimax(&position, depth, 0), "round {round}");
            assert_eq!(first, expected[0], "round {round}: natural-first tie");
            assert_eq!(ties, expected.len(), "round {round}: every tie found");
            for seed in 0..8 {
                let (mv, _, _) = choose(&mut tree, &position, depth, TieBreak::Random { seed });
                assert!(
                    expected.contains(&mv),
                    "round {round}: {mv} is not equal-best"
                );
            }
        }
    }
}
