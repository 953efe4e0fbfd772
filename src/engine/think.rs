//! A `go`: iterative deepening over the stored tree, then the exact choice among equal-best
//! moves.

use super::MAX_DEPTH;
use super::frontier::Frontier;
use super::search_api::{Limits, TieBreak, choose};
use super::tree::{Bound, Tree, TreeSearch, TreeStats};
use crate::game::{Game, Key};
use crate::search::score::WIN_BASE;
use std::time::Instant;

/// What a search hands back.
#[derive(Clone, Debug)]
pub struct ThinkResult<G: Game> {
    /// The move chosen; `None` when the game is over.
    pub best: Option<G::Move>,
    /// The reply expected after it.
    pub ponder: Option<G::Move>,
    /// Its score.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// How many root moves were exactly equal-best.
    pub ties: usize,
    /// Tree statistics.
    pub stats: TreeStats,
    /// Nodes searched (tree and frontier).
    pub nodes: u64,
}

/// Everything one search needs besides the tree and the frontier.
pub struct ThinkSetup<'a> {
    /// Keys of the positions before the root since the last irreversible move.
    pub history: &'a [Key],
    /// The budget.
    pub limits: &'a Limits,
    /// When the search started (deadlines count from here).
    pub start: Instant,
    /// How to choose among equal-best moves (with the seed of this search when random).
    pub tie_break: TieBreak,
    /// Nodes with less remaining depth stay below the tree.
    pub tree_min_depth: u32,
}

/// One completed iteration, as reported to the caller.
pub struct Iteration<'a, G: Game> {
    /// Depth completed.
    pub depth: u32,
    /// Score.
    pub score: i32,
    /// Principal variation.
    pub pv: &'a [G::Move],
    /// Nodes so far.
    pub nodes: u64,
    /// Tree statistics so far.
    pub stats: TreeStats,
}

/// Searches `position` (the tree's root) by iterative deepening within the limits, then
/// establishes which root moves are exactly equal-best at the last completed depth and
/// chooses one of them by `tie_break` through the search core's [`choose`]: the ties listed
/// in the game's natural order, the first or a seeded uniform pick.
///
/// Always answers a legal move unless the game is over: if stopped before depth 1
/// completes, the first root move in the tree's order (what earlier searches preferred).
pub fn think<G, F, I>(
    tree: &mut Tree<G>,
    frontier: &mut F,
    position: &G,
    setup: &ThinkSetup<'_>,
    mut on_iteration: I,
) -> ThinkResult<G>
where
    G: Game,
    F: Frontier<G>,
    I: FnMut(&Iteration<'_, G>),
{
    let mut result = ThinkResult {
        best: None,
        ponder: None,
        score: 0,
        depth: 0,
        ties: 0,
        stats: TreeStats::default(),
        nodes: 0,
    };
    // Nodes born from here on are this search's own, not kept.
    let first_pass = tree.next_pass();
    if position.outcome().is_some() || !ensure_root_expanded(tree, position) {
        return result;
    }
    let infinity = frontier.infinity();
    let max_depth = setup
        .limits
        .max_depth()
        .unwrap_or(MAX_DEPTH)
        .clamp(1, MAX_DEPTH);
    let soft = setup.limits.soft_deadline();
    let max_nodes = setup.limits.max_nodes();
    let mut root = tree.root_index();
    // Depths the kept tree already answers: those iterations are instant, so compaction (if
    // needed) waits until they are reported.
    let kept_depth = u32::from(tree.root().depth);
    let ties = {
        let mut search = TreeSearch::new(
            tree,
            frontier,
            setup.history,
            setup.tree_min_depth,
            first_pass,
        );
        let mut pv = Vec::new();
        for depth in 1..=max_depth {
            if depth > 1 {
                if soft.is_some_and(|soft| setup.start.elapsed() >= soft) {
                    break;
                }
                if max_nodes.is_some_and(|max| search.nodes() >= max) {
                    break;
                }
                search.next_pass();
            }
            if depth > kept_depth
                && search.tree().needs_compaction()
                && search.tree().len() * 10 >= search.tree().capacity() * 9
            {
                root = search.compact_tree();
            }
            let previous = (result.depth > 0).then_some(result.score);
            let Some(score) = aspirated(previous, depth, infinity, |alpha, beta| {
                search.search_root(root, position, depth, alpha, beta, 0)
            }) else {
                break;
            };
            result.depth = depth;
            result.score = score;
            principal_variation(search.tree(), root, position, depth, &mut pv);
            on_iteration(&Iteration {
                depth,
                score,
                pv: &pv,
                nodes: search.nodes(),
                stats: search.stats,
            });
        }
        let ties = if result.depth > 0 {
            establish_ties(&mut search, position, result.depth, result.score)
        } else {
            Vec::new()
        };
        result.stats = search.stats;
        result.nodes = search.nodes();
        ties
    };
    let chosen =
        choose_tie(tree, position, &ties, setup.tie_break).unwrap_or(tree.root().children().start);
    tree.move_to_front(tree.root_index(), chosen);
    let chosen = tree.root().children().start;
    result.ties = ties.len().max(1);
    result.best = tree.node(chosen).mv;
    result.ponder = tree
        .node(chosen)
        .children()
        .next()
        .and_then(|reply| tree.node(reply).mv);
    result
}

/// The first aspiration half-window, in evaluation units; it grows fourfold on each failure
/// (as in the search module).
const ASPIRATION_DELTA: i32 = 2;
/// The shallowest iteration searched with an aspiration window.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Past this half-window the search falls back to the full window.
const ASPIRATION_MAX_DELTA: i32 = 1 << 12;

/// One iteration with aspiration windows around the previous value: `search(alpha, beta)`
/// is repeated with a wider window until its value falls inside. `None` if stopped.
pub fn aspirated(
    previous: Option<i32>,
    depth: u32,
    infinity: i32,
    mut search: impl FnMut(i32, i32) -> Option<i32>,
) -> Option<i32> {
    let mut delta = ASPIRATION_DELTA;
    let (mut alpha, mut beta) = match previous {
        Some(value) if depth >= ASPIRATION_MIN_DEPTH && value.abs() < WIN_BASE => {
            (value - delta, value + delta)
        }
        _ => (-infinity, infinity),
    };
    loop {
        let value = search(alpha, beta)?;
        if value <= alpha && alpha > -infinity {
            delta = delta.saturating_mul(4);
            alpha = if delta > ASPIRATION_MAX_DELTA {
                -infinity
            } else {
                (value - delta).max(-infinity)
            };
        } else if value >= beta && beta < infinity {
            delta = delta.saturating_mul(4);
            beta = if delta > ASPIRATION_MAX_DELTA {
                infinity
            } else {
                (value + delta).min(infinity)
            };
        } else {
            return Some(value);
        }
    }
}

/// Makes sure the root's children exist, compacting the tree, or else clearing it, if it is
/// too full to hold them.
/// `false` only if the arena cannot hold the root's moves at all.
pub fn ensure_root_expanded<G: Game>(tree: &mut Tree<G>, position: &G) -> bool {
    let mut moves = Vec::new();
    if tree.expand(tree.root_index(), position, &mut moves) {
        return true;
    }
    if tree.needs_compaction() {
        tree.compact();
        if tree.expand(tree.root_index(), position, &mut moves) {
            return true;
        }
    }
    tree.reset(position);
    tree.expand(tree.root_index(), position, &mut moves)
}

/// The principal variation below node `index` (whose position is `position`): the first
/// child of each node, as far as the tree and the depth go.
pub fn principal_variation<G: Game>(
    tree: &Tree<G>,
    index: usize,
    position: &G,
    depth: u32,
    pv: &mut Vec<G::Move>,
) {
    pv.clear();
    let mut index = index;
    let mut position = *position;
    while pv.len() < depth as usize {
        let Some(child) = tree.node(index).children().next() else {
            break;
        };
        let node = tree.node(child);
        let Some(mv) = node.mv else {
            break;
        };
        if node.bound == Bound::None {
            break;
        }
        pv.push(mv);
        position = position.play(mv);
        index = child;
        if position.outcome().is_some() {
            break;
        }
    }
}

/// The root's children whose value at `depth` is exactly `best` (the root's value): the
/// best child, the children the search already knows exactly, and those a search with the
/// window (`best - 1`, `best`) proves not worse. A child that only failed low at the bound
/// is never counted as a tie. Stopping midway leaves the ties proven so far.
fn establish_ties<G: Game, F: Frontier<G>>(
    search: &mut TreeSearch<'_, G, F>,
    position: &G,
    depth: u32,
    best: i32,
) -> Vec<usize> {
    let children: Vec<usize> = search.tree().root().children().collect();
    let mut ties = Vec::new();
    for (order, child) in children.into_iter().enumerate() {
        if order == 0 {
            ties.push(child);
            continue;
        }
        let Some(value) = search.search_child(child, position, depth - 1, best - 1, best, 0) else {
            break;
        };
        if value >= best {
            ties.push(child);
        }
    }
    ties
}

/// Picks one of `ties` (indices of root children) with the search core's [`choose`], the
/// ties listed in the game's natural order of legal moves.
fn choose_tie<G: Game>(
    tree: &Tree<G>,
    position: &G,
    ties: &[usize],
    tie_break: TieBreak,
) -> Option<usize> {
    let mut natural = Vec::new();
    position.legal_moves(&mut natural);
    let mut ordered: Vec<(usize, usize)> = ties
        .iter()
        .map(|&child| {
            let mv = tree.node(child).mv;
            let rank = natural
                .iter()
                .position(|&m| Some(m) == mv)
                .unwrap_or(usize::MAX);
            (rank, child)
        })
        .collect();
    ordered.sort_unstable();
    ordered
        .get(choose(tie_break, ordered.len()))
        .map(|&(_, child)| child)
}
