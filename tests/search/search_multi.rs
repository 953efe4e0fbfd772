//! The multi-player search (max-n, paranoid, BRS, BRS+) against plain full-width oracles written
//! here from the definitions, on random Ataxx positions of three and four seats.

use ponder::games::ataxx::seats::AtaxxSeats;
use ponder::search::Limits;
use ponder::search::multi::{MultiAlgorithm, MultiSearch, SeatedGame};
use ponder::{Game, GameSpec, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn moves(position: &AtaxxSeats) -> Vec<<AtaxxSeats as Game>::Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
}

/// Max-n by definition: the root seat's utility on the line where each seat maximises its own.
fn maxn(position: &AtaxxSeats, depth: u32) -> Vec<i32> {
    let all = |p: &AtaxxSeats| {
        (0..p.seat_count())
            .map(|s| p.utility(Seat::new(s)))
            .collect()
    };
    let list = moves(position);
    if depth == 0 || list.is_empty() {
        return all(position);
    }
    let mover = position.side_to_move().index();
    let mut best: Option<Vec<i32>> = None;
    for mv in list {
        let values = maxn(&position.play(mv), depth - 1);
        if best.as_ref().is_none_or(|b| values[mover] > b[mover]) {
            best = Some(values);
        }
    }
    best.unwrap()
}

/// Paranoid by definition: the root seat maximises its utility, every other seat minimises it.
fn paranoid(position: &AtaxxSeats, depth: u32, root: Seat) -> i32 {
    let list = moves(position);
    if depth == 0 || list.is_empty() {
        return position.utility(root);
    }
    let values = list
        .into_iter()
        .map(|mv| paranoid(&position.play(mv), depth - 1, root));
    if position.side_to_move() == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// What BRS and BRS+ do alike: the root seat's utility at a leaf, the best of the root
/// seat's moves (each valued by `search`) where it is to move, `None` at the other seats.
fn leaf_or_root_seat(
    position: &AtaxxSeats,
    depth: u32,
    root: Seat,
    search: fn(&AtaxxSeats, u32, Seat) -> i32,
) -> Option<i32> {
    if depth == 0 || moves(position).is_empty() {
        return Some(position.utility(root));
    }
    (position.side_to_move() == root).then(|| {
        moves(position)
            .into_iter()
            .map(|mv| search(&position.play(mv), depth - 1, root))
            .max()
            .unwrap()
    })
}

/// BRS by definition: the root seat's moves, then one layer of the other seats' moves of
/// which the worst for the root seat counts, the turn handed back to the root seat.
fn brs(position: &AtaxxSeats, depth: u32, root: Seat) -> i32 {
    if let Some(value) = leaf_or_root_seat(position, depth, root, brs) {
        return value;
    }
    let mut best = i32::MAX;
    for seat in (0..position.seat_count())
        .map(Seat::new)
        .filter(|&s| s != root)
    {
        let Some(mover) = position.with_turn(seat) else {
            continue;
        };
        for mv in moves(&mover) {
            let child = mover.play(mv);
            let child = child.with_turn(root).unwrap_or(child);
            best = best.min(brs(&child, depth - 1, root));
        }
    }
    best
}

/// The move BRS+ gives a seat it does not search: the highest move-order hint, the first in
/// the natural order among equals.
fn ordering_move(position: &AtaxxSeats) -> Option<<AtaxxSeats as Game>::Move> {
    let mut best = None;
    for mv in moves(position) {
        let hint = position.move_order_hint(mv);
        if best.is_none_or(|(_, old)| hint > old) {
            best = Some((mv, hint));
        }
    }
    best.map(|(mv, _)| mv)
}

/// BRS+ by definition: as BRS, but every other seat moves in order; the one searched plays
/// each of its moves, the others play their ordering move.
fn brs_plus(position: &AtaxxSeats, depth: u32, root: Seat) -> i32 {
    if let Some(value) = leaf_or_root_seat(position, depth, root, brs_plus) {
        return value;
    }
    let seats = position.seat_count();
    let mut best = i32::MAX;
    for searched in (0..seats).map(Seat::new).filter(|&s| s != root) {
        // The seats before `searched` play their ordering move.
        let mut mover = Some(*position);
        for _ in 0..seats {
            let Some(at) = mover else { break };
            if at.side_to_move() == searched {
                break;
            }
            mover = match at.side_to_move() == root {
                true => None,
                false => ordering_move(&at).map(|mv| at.play(mv)),
            };
        }
        let Some(mover) = mover.filter(|m| m.side_to_move() == searched) else {
            continue;
        };
        for mv in moves(&mover) {
            let mut child = mover.play(mv);
            for _ in 1..seats {
                if child.side_to_move() == root {
                    break;
                }
                match ordering_move(&child) {
                    Some(next) => child = child.play(next),
                    None => break,
                }
            }
            best = best.min(brs_plus(&child, depth - 1, root));
        }
    }
    best
}

fn random_positions(spec: &str, count: usize, seed: u64) -> Vec<AtaxxSeats> {
    let config = AtaxxSeats::config_from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = AtaxxSeats::start(&config).unwrap();
        for _ in 0..rng.random_range(0..30) {
            let list = moves(&position);
            if list.is_empty() {
                break;
            }
            position = position.play(list[rng.random_range(0..list.len())]);
        }
        if !moves(&position).is_empty() {
            found.push(position);
        }
    }
    found
}

/// Paranoid, BRS and BRS+ run on the PVS node loop over a two-sided view of the game; their
/// values at every depth from 1 to 3 are their definitions', as max-n's at 1 and 2.
#[test]
fn each_algorithm_finds_its_definitions_value() {
    for (spec, seed) in [("ataxx:players=3", 1), ("ataxx:players=4", 2)] {
        for position in random_positions(spec, 12, seed) {
            let root = position.side_to_move();
            let mut cases = vec![(MultiAlgorithm::MaxN, 2, maxn(&position, 2)[root.index()])];
            for depth in 1..=3 {
                cases.extend([
                    (
                        MultiAlgorithm::Paranoid,
                        depth,
                        paranoid(&position, depth, root),
                    ),
                    (MultiAlgorithm::Brs, depth, brs(&position, depth, root)),
                    (
                        MultiAlgorithm::BrsPlus,
                        depth,
                        brs_plus(&position, depth, root),
                    ),
                ]);
            }
            cases.push((MultiAlgorithm::MaxN, 1, maxn(&position, 1)[root.index()]));
            for (algorithm, depth, expected) in cases {
                let found = MultiSearch::<AtaxxSeats>::new(1 << 16).search(
                    &position,
                    algorithm,
                    &Limits::depth(depth),
                );
                assert_eq!(found.value, expected, "{algorithm:?} {depth} at {position}");
                assert!(position.is_legal(found.best.unwrap()));
                assert_eq!(found.depth, depth);
            }
        }
    }
}

#[test]
fn node_limits_stop_the_search_with_a_legal_move() {
    for position in random_positions("ataxx:players=4", 6, 3) {
        let limits = Limits {
            depth: Some(64),
            nodes: Some(500),
            ..Limits::default()
        };
        let found =
            MultiSearch::<AtaxxSeats>::new(1 << 12).search(&position, MultiAlgorithm::Brs, &limits);
        assert!(found.nodes <= 500);
        assert!(position.is_legal(found.best.unwrap()));
    }
}

fn to_depth(depth: u32) -> Limits {
    Limits::depth(depth)
}

#[test]
fn a_search_resumes_above_the_depth_its_table_holds_for_the_root() {
    for position in random_positions("ataxx:players=4", 4, 5) {
        for algorithm in [MultiAlgorithm::Paranoid, MultiAlgorithm::BrsPlus] {
            let mut fresh = MultiSearch::<AtaxxSeats>::new(1 << 16);
            let whole = fresh.search(&position, algorithm, &to_depth(4));
            let mut split = MultiSearch::<AtaxxSeats>::new(1 << 16);
            let first = split.search(&position, algorithm, &to_depth(3));
            let again = split.search(&position, algorithm, &to_depth(3));
            assert_eq!((again.best, again.value), (first.best, first.value));
            assert_eq!(
                (again.depth, again.nodes),
                (3, 0),
                "{algorithm:?} at {position}"
            );
            // Depth 4 after depth 3 runs the one iteration a fresh search ends with (the
            // same value; the move and the nodes may differ in the killers and history
            // it starts with).
            let resumed = split.search(&position, algorithm, &to_depth(4));
            assert_eq!(resumed.value, whole.value);
            assert!(position.is_legal(resumed.best.unwrap()));
            assert_eq!(resumed.depth, 4);
            assert!(resumed.nodes > 0);
            // Without resuming, the search deepens from depth 1 again.
            let mut plain = MultiSearch::<AtaxxSeats>::new(1 << 16).with_resume(false);
            plain.search(&position, algorithm, &to_depth(3));
            assert!(plain.search(&position, algorithm, &to_depth(3)).nodes > 0);
        }
    }
}

#[test]
fn max_n_entries_serve_the_next_seats_search() {
    for position in random_positions("ataxx:players=4", 4, 6) {
        let mut search = MultiSearch::<AtaxxSeats>::new(1 << 16);
        let found = search.search(&position, MultiAlgorithm::MaxN, &to_depth(3));
        let child = position.play(found.best.unwrap());
        assert_ne!(child.side_to_move(), position.side_to_move());
        let reused = search.search(&child, MultiAlgorithm::MaxN, &to_depth(2));
        let fresh = MultiSearch::<AtaxxSeats>::new(1 << 16).search(
            &child,
            MultiAlgorithm::MaxN,
            &to_depth(2),
        );
        assert_eq!((reused.depth, reused.nodes), (2, 0), "at {child}");
        assert_eq!((reused.best, reused.value), (fresh.best, fresh.value));
    }
}

#[test]
fn pondering_leaves_every_reply_searched_to_the_pondered_depth() {
    for position in random_positions("ataxx:players=4", 3, 7) {
        let mut search = MultiSearch::<AtaxxSeats>::new(1 << 18);
        let (nodes, depth) = search.ponder(&position, MultiAlgorithm::BrsPlus, 3, |_, _| {});
        assert_eq!(depth, 3);
        let mut resumed = 0;
        for reply in moves(&position) {
            let child = position.play(reply);
            let found = search.search(&child, MultiAlgorithm::BrsPlus, &to_depth(3));
            if moves(&child).is_empty() {
                continue;
            }
            assert!(found.depth >= 3 && child.is_legal(found.best.unwrap()));
            resumed += found.nodes;
        }
        assert!(nodes > 0);
        assert_eq!(
            resumed, 0,
            "every reply's root is in the table at {position}"
        );
    }
}
