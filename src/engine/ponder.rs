//! Pondering: searching the human's possible replies while the human thinks, into the
//! stored tree, so that the search after the human's move starts from what is known.

use super::MAX_DEPTH;
use super::config::PonderMode;
use super::frontier::Frontier;
use super::think::{ensure_root_expanded, principal_variation};
use super::tree::{Tree, TreeSearch, TreeStats};
use crate::game::{Game, Key};

/// One step of pondering, reported to the caller.
pub struct PonderStep<'a, G: Game> {
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
pub struct PonderSetup<'a> {
    /// Keys of the positions before the pondered one since the last irreversible move.
    pub history: &'a [Key],
    /// How to spend the time.
    pub mode: PonderMode,
    /// The human is to move: deepen the replies (otherwise the position as a whole).
    pub deepen_replies: bool,
    /// Nodes with less remaining depth stay below the tree.
    pub tree_min_depth: u32,
}

/// How pondering ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PonderEnd {
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
pub fn ponder<G, F, S>(
    tree: &mut Tree<G>,
    frontier: &mut F,
    position: &G,
    setup: &PonderSetup<'_>,
    mut on_step: S,
) -> (PonderEnd, TreeStats)
where
    G: Game,
    F: Frontier<G>,
    S: FnMut(&PonderStep<'_, G>),
{
    let PonderSetup {
        history,
        mode,
        deepen_replies,
        tree_min_depth,
    } = *setup;
    let first_pass = tree.next_pass();
    if position.outcome().is_some() || !ensure_root_expanded(tree, position) {
        return (PonderEnd::Finished, TreeStats::default());
    }
    let infinity = frontier.infinity();
    let root = tree.root_index();
    let mut search = TreeSearch::new(tree, frontier, history, tree_min_depth, first_pass);
    let mut pv = Vec::new();
    let lead = match mode {
        PonderMode::Replies { lead } if deepen_replies => lead,
        _ => {
            // The position as a whole, deeper and deeper.
            let start = u32::from(search.tree().root().depth) + 1;
            for depth in start..=MAX_DEPTH {
                search.next_pass();
                let Some(score) = search.search_root(root, position, depth, -infinity, infinity, 0)
                else {
                    return (PonderEnd::Stopped, search.stats);
                };
                principal_variation(search.tree(), root, position, depth, &mut pv);
                on_step(&PonderStep {
                    reply: None,
                    depth,
                    score,
                    pv: &pv,
                    nodes: search.nodes(),
                });
            }
            return (PonderEnd::Finished, search.stats);
        }
    };
    // Each reply: (child index, depth completed, score from the human's point of view).
    // The root's block is never reordered while pondering, so indices stay valid.
    let mut replies: Vec<(usize, u32, i32)> = search
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
            return (PonderEnd::Finished, search.stats);
        };
        let (child, done, _) = replies[rank];
        let Some(mv) = search.tree().node(child).mv else {
            return (PonderEnd::Finished, search.stats);
        };
        let reply_position = position.play(mv);
        let depth = done + 1;
        search.next_pass();
        let value = if reply_position.outcome().is_some() {
            Some(0)
        } else {
            search.search_subroot(child, position, depth, -infinity, infinity)
        };
        let Some(score) = value else {
            return (PonderEnd::Stopped, search.stats);
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
        principal_variation(search.tree(), child, &reply_position, depth, &mut pv);
        on_step(&PonderStep {
            reply: Some(mv),
            depth,
            score,
            pv: &pv,
            nodes: search.nodes(),
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
