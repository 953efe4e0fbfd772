//! Pondering: searching the human's possible replies while the human thinks, into the
//! stored tree, so that the search after the human's move starts from what is known.

use super::config::PonderMode;
use super::opponent::{OpponentModel, Prediction, ponder_shares};
use super::think::ensure_root_expanded;
use super::tree::{RootedTree, Tree, TreeStats};
use crate::eval::Evaluator;
use crate::games::{Game, Key, Seat};
use crate::search::score::{WIN_BASE, to_table};
use crate::search::{
    Algorithm, Bound, Budget, MAX_DEPTH, RootMove, SearchWorker, TableKind, TranspositionTable,
    Window,
};
use crate::search::{Limits, StopSignal};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

/// The opponent model's searches use a table of their own, this size (MiB), so that the
/// engine's deep entries do not make its shallow searchers deeper than they are.
const MODEL_TABLE_MIB: usize = 1;

/// One step of pondering, reported to the caller.
pub(crate) struct PonderStep<'a, G: Game> {
    /// The reply deepened (`None` when the whole position was).
    pub reply: Option<G::Move>,
    /// Depth completed below it.
    pub depth: u32,
    /// Score for the side to move after the reply.
    pub score: i32,
    /// Principal variation after the reply.
    pub pv: &'a [G::Move],
    /// Nodes so far.
    pub nodes: u64,
}

/// What pondering needs besides the tree and the search worker.
#[derive(Copy, Clone)]
pub(crate) struct PonderSetup<'a> {
    /// Keys of the positions before the pondered one since the last irreversible move.
    pub history: &'a [Key],
    /// How to spend the time.
    pub mode: PonderMode,
    /// The human is to move: deepen the replies (otherwise the position as a whole).
    pub deepen_replies: bool,
    /// Nodes with less remaining depth are not added to the tree.
    pub tree_min_depth: u32,
    /// Raised to stop pondering.
    pub stop: &'a StopSignal,
    /// The opponent model that ranks the human's replies (`None`: the tree's order).
    pub model: Option<&'a OpponentModel>,
    /// The human's thinking time over the engine's, for [`PonderMode::Modeled`]'s shares.
    pub time_ratio: f64,
    /// How long the opponent model's searches may take.
    pub model_time: Duration,
}

/// What pondering did.
pub(crate) struct Pondered<G: Game> {
    /// How it ended.
    pub end: PonderEnd,
    /// The tree's statistics.
    pub stats: TreeStats,
    /// What the opponent model expected of the human (when the human was to move).
    pub prediction: Option<Prediction<G>>,
}

/// How pondering ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum PonderEnd {
    /// The stop signal was raised.
    Stopped,
    /// Everything was searched to the maximum depth.
    Finished,
}

/// Ponders `position` (the tree's root) until the stop signal is raised.
///
/// When `deepen_replies` is set (the human is to move) and the mode is not
/// [`PonderMode::Root`], each reply is the root of its own iterative deepening (the same
/// iterations, aspiration windows and exact root windows as the `go` that follows, so that a
/// `go` after the reply finds the pondered iterations answered by the tree), in turns chosen
/// by the mode (see [`next_reply`]). The likeliest reply is the first child in the tree's
/// order (the engine's expected reply), replaced by another reply only when that one, searched
/// at least as deep, is better for the human. Otherwise (the engine to move, or root mode) the
/// position is deepened as a whole.
pub(crate) fn ponder<G, E, S>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    setup: &PonderSetup<'_>,
    mut on_step: S,
) -> Pondered<G>
where
    G: Game,
    E: Evaluator<G>,
    S: FnMut(&PonderStep<'_, G>),
{
    let first_pass = tree.next_pass();
    let mut pondered = Pondered {
        end: PonderEnd::Finished,
        stats: TreeStats::default(),
        prediction: None,
    };
    if position.outcome().is_some() || !ensure_root_expanded(tree, position) {
        return pondered;
    }
    if setup.deepen_replies && setup.mode != PonderMode::Root {
        // The tree's order is the engine's own ranking once it has searched the position.
        let ranked = tree.root().depth > 0;
        let mut replies = root_replies(tree, position);
        if let Some(model) = setup.model {
            let prediction = predict(worker, position, setup, model, &replies, ranked);
            rank_replies(&mut replies, model, &prediction, setup);
            pondered.prediction = Some(prediction);
        }
        worker.begin(Budget::unlimited(setup.stop.clone()));
        (pondered.end, pondered.stats) = ponder_replies(
            tree,
            worker,
            position,
            setup,
            replies,
            first_pass,
            &mut on_step,
        );
        return pondered;
    }
    worker.begin(Budget::unlimited(setup.stop.clone()));
    let root = tree.root_index();
    let mut rooted = RootedTree::new(tree, root, setup.tree_min_depth, first_pass);
    pondered.end = ponder_position(&mut rooted, worker, position, setup.history, &mut on_step);
    pondered.stats = rooted.stats;
    pondered
}

/// What each of the opponent model's searchers would play in `position` (the human to
/// move): the equal-best replies of a search of each depth (those that finish within the
/// model's time), on a table of their own, and the engine's expected reply (the first of `replies`, the tree's order, when the tree has
/// searched the position).
fn predict<G: Game, E: Evaluator<G>>(
    worker: &SearchWorker<G, E>,
    position: &G,
    setup: &PonderSetup<'_>,
    model: &OpponentModel,
    replies: &[PonderedReply<G>],
    ranked: bool,
) -> Prediction<G> {
    let table = Arc::new(TranspositionTable::new(
        TableKind::LockFree,
        MODEL_TABLE_MIB,
    ));
    let mut searcher = SearchWorker::new(table, worker.evaluator.clone(), worker.forward_pruning);
    let budget = Budget::new(
        &Limits::time(setup.model_time, setup.model_time),
        Instant::now(),
        setup.stop.clone(),
        StopSignal::new(),
        Arc::new(AtomicU64::new(0)),
    );
    searcher.begin(budget);
    searcher.set_root_history(setup.history, position);
    let mut sets = searcher.equal_best_by_depth(position, model.search_depth());
    sets.resize(model.max_depth() as usize, Vec::new());
    sets.push(match replies.first() {
        Some(expected) if ranked => vec![expected.mv],
        _ => Vec::new(),
    });
    Prediction {
        key: position.key(),
        sets,
        legal: replies.len(),
    }
}

/// Puts the likeliest replies first and, under [`PonderMode::Modeled`], gives each its
/// share of the nodes.
fn rank_replies<G: Game>(
    replies: &mut [PonderedReply<G>],
    model: &OpponentModel,
    prediction: &Prediction<G>,
    setup: &PonderSetup<'_>,
) {
    let moves: Vec<G::Move> = replies.iter().map(|r| r.mv).collect();
    let probabilities = model.probabilities(prediction, &moves);
    let shares = ponder_shares(&probabilities, setup.time_ratio);
    for ((reply, &probability), &share) in replies.iter_mut().zip(&probabilities).zip(&shares) {
        reply.probability = probability;
        reply.share = share;
    }
    // Stable: equally likely replies keep the tree's order.
    replies.sort_by(|a, b| b.probability.total_cmp(&a.probability));
}

/// The whole position, deeper and deeper.
fn ponder_position<G, E, S>(
    rooted: &mut RootedTree<'_, G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    history: &[Key],
    on_step: &mut S,
) -> PonderEnd
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    S: FnMut(&PonderStep<'_, G>),
{
    let root = rooted.tree().root_index();
    let start = u32::from(rooted.tree().root().depth) + 1;
    for depth in start..=MAX_DEPTH {
        rooted.next_pass();
        let window = Window::FULL;
        let Some(score) =
            worker.search_stored(rooted, root as u32, position, history, depth, window, 0)
        else {
            return PonderEnd::Stopped;
        };
        on_step(&PonderStep {
            reply: None,
            depth,
            score,
            pv: worker.principal_variation(0),
            nodes: worker.nodes(),
        });
    }
    PonderEnd::Finished
}

/// One of the human's replies as pondering deepens it: the root of its own iterative
/// deepening, exactly as the `go` after it will run, so that the `go` finds every pondered
/// iteration answered by the tree and continues from the pondered depth.
struct PonderedReply<G: Game> {
    /// The reply's node (a child of the tree's root; the root's block is never reordered
    /// while pondering, so the index stays valid).
    child: usize,
    /// The reply.
    mv: G::Move,
    /// The position after it.
    position: G,
    /// Depth completed (`MAX_DEPTH` when there is nothing left to search).
    depth: u32,
    /// The last completed iteration's value, from the human's point of view.
    for_human: i32,
    /// The last completed iteration's value, from the side to move after the reply.
    value: Option<i32>,
    /// The engine's moves after the reply, best first after each iteration (empty until the
    /// reply is first searched).
    moves: Vec<RootMove<G>>,
    /// Nodes spent on it.
    nodes: u64,
    /// The opponent model's probability that the human plays it.
    probability: f64,
    /// Its share of the nodes under [`PonderMode::Modeled`].
    share: f64,
}

/// Which reply goes next: under [`PonderMode::Replies`] the smallest `depth + handicap`
/// (handicap 0 for the likeliest, `lead` for the others); under [`PonderMode::Predicted`]
/// the likeliest while it has at most `share` percent of the nodes spent so far, else the
/// least deep of the others. The likeliest first among equals; `None` when every reply is
/// searched to the end.
fn next_reply<G: Game>(replies: &[PonderedReply<G>], mode: PonderMode) -> Option<usize> {
    let open = |rank: &usize| replies[*rank].depth < MAX_DEPTH;
    match mode {
        PonderMode::Predicted { share } => {
            let total: u64 = replies.iter().map(|r| r.nodes).sum();
            let leader_due = u128::from(replies.first()?.nodes) * 100
                <= u128::from(total) * u128::from(share.min(100));
            let other = (1..replies.len())
                .filter(open)
                .min_by_key(|&rank| (replies[rank].depth, rank));
            if open(&0) && (leader_due || other.is_none()) {
                Some(0)
            } else {
                other
            }
        }
        PonderMode::Replies { lead } => (0..replies.len()).filter(open).min_by_key(|&rank| {
            let handicap = if rank == 0 { 0 } else { lead };
            (u64::from(replies[rank].depth) + u64::from(handicap), rank)
        }),
        PonderMode::Modeled => {
            // The open reply furthest behind its share, the likeliest among equals; once
            // those with a share are searched to the end, the least deep of the others.
            let total = replies.iter().map(|r| r.nodes).sum::<u64>() as f64;
            let behind = |rank: usize| replies[rank].share * total - replies[rank].nodes as f64;
            (0..replies.len())
                .filter(|rank| open(rank) && replies[*rank].share > 0.0)
                .fold(None, |best: Option<usize>, rank| match best {
                    Some(b) if behind(b) >= behind(rank) => Some(b),
                    _ => Some(rank),
                })
                .or_else(|| least_deep(replies))
        }
        // Not used: root mode searches the human's position as a whole.
        PonderMode::Root => least_deep(replies),
    }
}

/// The least deep reply still open, the likeliest among equals.
fn least_deep<G: Game>(replies: &[PonderedReply<G>]) -> Option<usize> {
    (0..replies.len())
        .filter(|&rank| replies[rank].depth < MAX_DEPTH)
        .min_by_key(|&rank| (replies[rank].depth, rank))
}

/// Each reply deepened as its own root, in turns chosen by [`next_reply`].
fn ponder_replies<G, E, S>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    setup: &PonderSetup<'_>,
    mut replies: Vec<PonderedReply<G>>,
    first_pass: u32,
    on_step: &mut S,
) -> (PonderEnd, TreeStats)
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    S: FnMut(&PonderStep<'_, G>),
{
    let mut reply_history = setup.history.to_vec();
    reply_history.push(position.key());
    let mover = position.side_to_move();
    let mut buffer = Vec::new();
    // The results of the engine's moves after the reply being deepened, as the last
    // completed iteration left them.
    let mut saved = Vec::new();
    let mut stats = TreeStats::default();
    loop {
        let Some(rank) = next_reply(&replies, setup.mode) else {
            return (PonderEnd::Finished, stats);
        };
        let reply = &mut replies[rank];
        if reply.position.outcome().is_some() {
            reply.depth = MAX_DEPTH;
            continue;
        }
        if reply.moves.is_empty() {
            // When the arena has no room the reply is searched through the table alone.
            tree.expand(reply.child, &reply.position, &mut buffer);
            reply.moves = reply_moves(tree, reply.child, &reply.position);
            if reply.moves.is_empty() {
                reply.depth = MAX_DEPTH;
                continue;
            }
        }
        let history = if reply.position.resets_repetition(position) {
            &[][..]
        } else {
            &reply_history[..]
        };
        worker.set_root_history(history, &reply.position);
        let depth = reply.depth + 1;
        save_results(tree, reply.child, &mut saved);
        let before = worker.nodes();
        let mut rooted = RootedTree::new(tree, reply.child, setup.tree_min_depth, first_pass);
        let value = worker.iterate(
            &mut rooted,
            &reply.position,
            &mut reply.moves,
            Algorithm::Pvs,
            depth,
            reply.value,
        );
        stats.add(&rooted.stats);
        reply.nodes += worker.nodes().saturating_sub(before);
        let Some(value) = value else {
            // The interrupted iteration's results for the engine's moves were found with
            // windows the `go` will not use: they go back to the last completed iteration's,
            // so that the `go` after this reply finds every pondered iteration answered at
            // once (what the interrupted iteration found deeper down is kept).
            restore_results(tree, reply.child, &saved);
            return (PonderEnd::Stopped, stats);
        };
        // As the `go` does: the next iteration tries the best moves first; the tree keeps
        // them in that order and remembers the reply's value and depth.
        record_iteration(tree, reply, depth, value, mover);
        on_step(&PonderStep {
            reply: Some(reply.mv),
            depth,
            score: value,
            pv: reply.moves.first().map_or(&[][..], |m| m.pv.as_slice()),
            nodes: worker.nodes(),
        });
        if setup.mode != PonderMode::Modeled {
            keep_likeliest_first(&mut replies);
        }
    }
}

/// The human's replies at the root, in the tree's order (the engine's expected reply first).
fn root_replies<G: Game>(tree: &Tree<G>, position: &G) -> Vec<PonderedReply<G>> {
    tree.root()
        .children()
        .filter_map(|child| {
            let mv = tree.node(child).mv?;
            Some(PonderedReply {
                child,
                mv,
                position: position.play_unchecked(mv),
                depth: 0,
                for_human: 0,
                value: None,
                moves: Vec::new(),
                nodes: 0,
                probability: 0.0,
                share: 0.0,
            })
        })
        .collect()
}

/// What the children of node `index` hold (depth, value, bound), as a completed iteration
/// left them.
fn save_results<G: Game>(tree: &Tree<G>, index: usize, saved: &mut Vec<(u8, i32, Option<Bound>)>) {
    saved.clear();
    saved.extend(tree.node(index).children().map(|c| {
        let node = tree.node(c);
        (node.depth, node.value, node.bound)
    }));
}

/// Puts back what [`save_results`] saved.
fn restore_results<G: Game>(tree: &mut Tree<G>, index: usize, saved: &[(u8, i32, Option<Bound>)]) {
    let children = tree.node(index).children();
    for (child, &(depth, value, bound)) in children.zip(saved) {
        let node = tree.node_mut(child);
        node.depth = depth;
        node.value = value;
        node.bound = bound;
    }
}

/// Records a completed iteration of `reply` (to `depth`, worth `value` for the engine after
/// the reply) as the `go` does: the next iteration tries the best moves first; the tree keeps
/// them in that order and remembers the reply's value and depth.
fn record_iteration<G: Game>(
    tree: &mut Tree<G>,
    reply: &mut PonderedReply<G>,
    depth: u32,
    value: i32,
    mover: Seat,
) {
    reply.moves.sort_by_key(|m| std::cmp::Reverse(m.value));
    order_children(tree, reply.child, &mut reply.moves);
    let pass = tree.next_pass();
    tree.node_mut(reply.child)
        .save(depth, to_table(value, 0), Bound::Exact, pass);
    reply.value = Some(value);
    reply.depth = if value.abs() >= WIN_BASE || depth >= MAX_DEPTH {
        // A decided reply: deeper iterations change nothing worth the time.
        MAX_DEPTH
    } else {
        depth
    };
    reply.for_human = if reply.position.side_to_move() == mover {
        value
    } else {
        -value
    };
}

/// Keeps the likeliest reply first: the best for the human among the replies searched at least
/// as deep as the current likeliest.
fn keep_likeliest_first<G: Game>(replies: &mut [PonderedReply<G>]) {
    let leader_depth = replies[0].depth;
    if let Some(better) = (1..replies.len())
        .filter(|&r| replies[r].depth >= leader_depth && replies[r].value.is_some())
        .max_by_key(|&r| replies[r].for_human)
    {
        if replies[0].value.is_some() && replies[better].for_human > replies[0].for_human {
            replies.swap(0, better);
        }
    }
}

/// The engine's moves after a reply (node `node`, position `position`), in the tree's order
/// of its children when it has them, each with its slot there.
fn reply_moves<G: Game>(tree: &Tree<G>, node: usize, position: &G) -> Vec<RootMove<G>> {
    let mut natural = Vec::new();
    position.legal_moves(&mut natural);
    let mut moves = RootMove::list(&natural);
    set_slots(tree, node, &mut moves);
    moves.sort_by_key(|m| m.slot);
    moves
}

/// Points each root move at its child of `node` (`usize::MAX`: not stored).
fn set_slots<G: Game>(tree: &Tree<G>, node: usize, moves: &mut [RootMove<G>]) {
    let children = tree.node(node).children();
    let first = children.start;
    for root_move in moves.iter_mut() {
        root_move.slot = children
            .clone()
            .find(|&c| tree.node(c).mv == Some(root_move.mv))
            .map_or(usize::MAX, |c| c - first);
    }
}

/// Orders the children of `node` as `moves` (best first), and the moves' slots with them.
fn order_children<G: Game>(tree: &mut Tree<G>, node: usize, moves: &mut [RootMove<G>]) {
    let count = moves.len() as i64;
    tree.sort_children_by_key(node, |child| {
        child
            .mv
            .and_then(|mv| moves.iter().position(|m| m.mv == mv))
            .map_or(-1, |rank| count - rank as i64)
    });
    set_slots(tree, node, moves);
}
