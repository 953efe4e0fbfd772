//! A `go`: the search's own iterative deepening and exact choice among equal-best moves, run
//! over the stored tree (the search consults it as its node rooted), then the tree's root
//! ordered for the pondering that follows.

use super::command::SearchId;
use super::event::BestMove;
use super::tree::{RootedTree, Tree, TreeStats};
use crate::eval::Evaluator;
use crate::games::{Game, Key};
use crate::search::{
    Algorithm, Budget, DeepeningPlan, HelperPool, MAX_DEPTH, RootMove, SearchInfo, SearchWorker,
    StopSignal,
};
use crate::search::{Limits, TieBreak};
use std::sync::Arc;
use std::time::Instant;

/// Everything one search needs besides the tree and the search worker.
pub(crate) struct ThinkSetup<'a, G: Game> {
    /// The `go` this search answers.
    pub id: SearchId,
    /// Keys of the positions before the root since the last irreversible move.
    pub history: &'a [Key],
    /// The budget.
    pub limits: &'a Limits,
    /// Raised to stop the search.
    pub stop: &'a StopSignal,
    /// When the `go` was received (deadlines count from here).
    pub start: Instant,
    /// How to choose among equal-best moves (with the seed of this search when random).
    pub tie_break: TieBreak,
    /// Nodes with less remaining depth are not added to the tree.
    pub tree_min_depth: u32,
    /// Lazy SMP helpers that search the same root over the shared table while this thread
    /// searches the tree (none: one thread).
    pub helpers: Option<&'a mut HelperPool<G>>,
    /// Root moves left out (the book's advice), unless that would leave none.
    pub avoid: &'a [G::Move],
}

/// Searches `position` (the tree's root) by the search's iterative deepening within the
/// limits, the stored tree serving as its node rooted; reports each iteration with the tree's
/// statistics; the move is chosen among the exactly equal-best ones by `tie_break`.
///
/// Always answers a legal move unless the game is over: if stopped before depth 1
/// completes, the first root move in the tree's order (what earlier searches preferred).
/// Afterwards the chosen move is the root's first child, and the rest follow best first.
pub(crate) fn think<G, E, I>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    setup: &mut ThinkSetup<'_, G>,
    mut on_iteration: I,
) -> BestMove<G>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    I: FnMut(&SearchInfo<G>, TreeStats),
{
    let mut result = BestMove::unsearched(setup.id, *position);
    // Nodes born from here on are this search's own, not kept.
    let first_pass = tree.next_pass();
    if position.outcome().is_some() || !ensure_root_expanded(tree, position) {
        return result;
    }
    let halt = StopSignal::new();
    worker.begin(Budget::new(
        setup.limits,
        setup.start,
        setup.stop.clone(),
        halt.clone(),
        Arc::default(),
    ));
    worker.set_root_history(setup.history, position);
    let mut moves = root_moves(tree, position);
    if moves.iter().any(|m| !setup.avoid.contains(&m.mv)) {
        moves.retain(|m| !setup.avoid.contains(&m.mv));
    }
    if let Some(helpers) = setup.helpers.as_deref_mut() {
        helpers.start_all(position, &moves, &worker.budget, &worker.repetition);
    }
    let plan = DeepeningPlan {
        algorithm: Algorithm::Pvs,
        tiebreak: setup.tie_break,
        max_depth: setup
            .limits
            .max_depth()
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH),
        soft_deadline: setup.limits.soft_deadline(),
    };
    let root = tree.root_index();
    let mut rooted = RootedTree::new(tree, root, setup.tree_min_depth, first_pass);
    let last = worker.deepen_and_report(
        &mut rooted,
        position,
        &mut moves,
        &plan,
        setup.helpers.as_deref().and_then(HelperPool::offers),
        &mut |info, rooted| on_iteration(info, rooted.stats),
    );
    // The helpers unwind on their own; the answer does not wait for them.
    halt.stop();
    result.tree = rooted.stats;
    result.nodes = worker.budget.publish();
    let best = match &last {
        Some(iteration) => {
            result.depth = iteration.depth;
            result.score = iteration.value;
            result.exact = iteration.exact;
            result.equal_best = iteration.equal_best.clone();
            iteration.pv.first().copied()
        }
        None => moves.first().map(|m| m.mv),
    };
    order_root(tree, &moves, best);
    let chosen = tree.root().children().next();
    result.mv = chosen.and_then(|child| tree.node(child).mv);
    result.ponder = chosen
        .and_then(|child| tree.node(child).children().next())
        .and_then(|reply| tree.node(reply).mv)
        .or_else(|| last.and_then(|iteration| iteration.pv.get(1).copied()));
    result.time = setup.start.elapsed();
    result
}

/// The root moves in the tree's order (best first from earlier searches and pondering),
/// each with its place among the root's children.
fn root_moves<G: Game>(tree: &Tree<G>, position: &G) -> Vec<RootMove<G>> {
    let mut natural = Vec::new();
    position.legal_moves(&mut natural);
    let mut moves = RootMove::list(&natural);
    let slots: Vec<Option<G::Move>> = tree.root().children().map(|c| tree.node(c).mv).collect();
    for root_move in &mut moves {
        root_move.slot = slots
            .iter()
            .position(|&mv| mv == Some(root_move.mv))
            .unwrap_or(usize::MAX);
    }
    moves.sort_by_key(|m| m.slot);
    moves
}

/// Orders the root's children as `moves` ends (best first), `best` first of all.
fn order_root<G: Game>(tree: &mut Tree<G>, moves: &[RootMove<G>], best: Option<G::Move>) {
    let root = tree.root_index();
    let count = moves.len() as i64;
    tree.sort_children_by_key(root, |child| match child.mv {
        Some(mv) if Some(mv) == best => count + 1,
        Some(mv) => moves
            .iter()
            .position(|m| m.mv == mv)
            .map_or(-1, |rank| count - rank as i64),
        None => -1,
    });
}

/// Makes sure the root's children exist, compacting the tree, or else clearing it, if it is
/// too full to hold them.
/// `false` only if the arena cannot hold the root's moves at all.
pub(crate) fn ensure_root_expanded<G: Game>(tree: &mut Tree<G>, position: &G) -> bool {
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
