//! Pondering: searching the human's possible replies while the human thinks, into the
//! stored tree, so that the search after the human's move starts from what is known.

use super::config::PonderMode;
use super::search_api::StopSignal;
use super::think::ensure_root_expanded;
use super::tree::{Tree, TreeStats, TreeStore};
use crate::games::{Game, Key};
use crate::search::eval::Evaluator;
use crate::search::{Budget, MAX_DEPTH, SearchWorker, Window};

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

/// What pondering needs besides the tree and the frontier.
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
}

/// How pondering ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum PonderEnd {
    /// The stop signal was raised.
    Stopped,
    /// Everything was searched to the maximum depth.
    Finished,
}

/// Ponders `position` (the tree's root) until the frontier's stop signal is raised.
///
/// When `deepen_replies` is set (the human is to move) and the mode is
/// [`PonderMode::Replies`], each reply is deepened as its own root, in turns: the reply
/// with the smallest `depth + handicap` goes next, where the handicap is 0 for the likeliest
/// reply and `lead` for the others. The likeliest reply is the first child in the tree's
/// order (the engine's expected reply), then, once searched, the replies are ranked by how
/// good they are for the human. Otherwise (the engine to move, or root mode) the position
/// is deepened as a whole.
pub(crate) fn ponder<G, E, S>(
    tree: &mut Tree<G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    setup: &PonderSetup<'_>,
    mut on_step: S,
) -> (PonderEnd, TreeStats)
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    S: FnMut(&PonderStep<'_, G>),
{
    let first_pass = tree.next_pass();
    if position.outcome().is_some() || !ensure_root_expanded(tree, position) {
        return (PonderEnd::Finished, TreeStats::default());
    }
    worker.begin(Budget::unlimited(setup.stop.clone()));
    let root = tree.root_index();
    let mut store = TreeStore::new(tree, root, setup.tree_min_depth, first_pass);
    let end = match setup.mode {
        PonderMode::Replies { lead } if setup.deepen_replies => ponder_replies(
            &mut store,
            worker,
            position,
            setup.history,
            lead,
            &mut on_step,
        ),
        _ => ponder_position(&mut store, worker, position, setup.history, &mut on_step),
    };
    (end, store.stats)
}

/// The whole position, deeper and deeper.
fn ponder_position<G, E, S>(
    store: &mut TreeStore<'_, G>,
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
    let root = store.tree().root_index();
    let start = u32::from(store.tree().root().depth) + 1;
    for depth in start..=MAX_DEPTH {
        store.next_pass();
        let window = Window::FULL;
        let Some(score) =
            worker.search_stored(store, root as u32, position, history, depth, window, 0)
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

/// Each reply deepened as its own root, in turns: the reply with the smallest `depth +
/// handicap` goes next, where the handicap is 0 for the likeliest reply and `lead` for the
/// others.
fn ponder_replies<G, E, S>(
    store: &mut TreeStore<'_, G>,
    worker: &mut SearchWorker<G, E>,
    position: &G,
    history: &[Key],
    lead: u32,
    on_step: &mut S,
) -> PonderEnd
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    S: FnMut(&PonderStep<'_, G>),
{
    let mut reply_history = history.to_vec();
    reply_history.push(position.key());
    // Each reply: (child index, depth completed, score from the human's point of view).
    // The root's block is never reordered while pondering, so indices stay valid.
    let mut replies: Vec<(usize, u32, i32)> = store
        .tree()
        .root()
        .children()
        .map(|child| (child, 0, 0))
        .collect();
    let mover = position.side_to_move();
    loop {
        // The next reply: smallest depth plus handicap, the likeliest first among equals.
        let next = replies
            .iter()
            .enumerate()
            .filter(|&(_, &(_, depth, _))| depth < MAX_DEPTH)
            .min_by_key(|&(ref rank, &(_, depth, _))| {
                let handicap = if *rank == 0 { 0 } else { lead };
                (u64::from(depth) + u64::from(handicap), *rank)
            })
            .map(|(rank, _)| rank);
        let Some(rank) = next else {
            return PonderEnd::Finished;
        };
        let (child, done, _) = replies[rank];
        let Some(mv) = store.tree().node(child).mv else {
            return PonderEnd::Finished;
        };
        let reply_position = position.play_unchecked(mv);
        let depth = done + 1;
        store.next_pass();
        let value = if reply_position.outcome().is_some() {
            Some(0)
        } else {
            let history = if reply_position.resets_repetition(position) {
                &[][..]
            } else {
                &reply_history[..]
            };
            let window = Window::FULL;
            worker.search_stored(
                store,
                child as u32,
                &reply_position,
                history,
                depth,
                window,
                0,
            )
        };
        let Some(score) = value else {
            return PonderEnd::Stopped;
        };
        let for_human = if reply_position.side_to_move() == mover {
            score
        } else {
            -score
        };
        replies[rank] = (
            child,
            if reply_position.outcome().is_some() {
                MAX_DEPTH
            } else {
                depth
            },
            for_human,
        );
        on_step(&PonderStep {
            reply: Some(mv),
            depth,
            score,
            pv: worker.principal_variation(0),
            nodes: worker.nodes(),
        });
        // Keep the likeliest reply first: the best for the human among the replies searched
        // at least as deep as the current likeliest.
        let leader_depth = replies[0].1;
        if let Some(better) = (1..replies.len())
            .filter(|&r| replies[r].1 >= leader_depth && replies[r].1 > 0)
            .max_by_key(|&r| replies[r].2)
        {
            if replies[better].2 > replies[0].2 {
                replies.swap(0, better);
            }
        }
    }
}
