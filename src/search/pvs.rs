//! Principal-variation search: alpha-beta that searches the first (best-ordered) move with the
//! full window and the others with a null window, re-searching only those that beat alpha;
//! the shared table gives values, bounds and the first move to try; killers, history and the
//! game's hints order the rest.
//!
//! This is the crate's one node loop. It is generic over a [`SearchTree`]: the plain search
//! runs it with [`NoTree`](super::tree::NoTree); the engine runs it over its stored tree,
//! whose nodes answer from what earlier searches and pondering found, keep their children
//! best first, and learn every result. Everything else (table, ordering, reductions, score
//! conversions, node counting) is the same code for both.
//!
//! With forward pruning off, table and tree cut-offs use only results of exactly the depth
//! asked (and, in games ended by repetition, the table only where no earlier position can
//! repeat), so the value is exactly the fixed-depth minimax value. With it on, deeper results
//! cut off too and late quiet moves (after the first two) are searched one ply shallower
//! first, two plies from depth 6 on after the third (late-move reductions, verified at full
//! depth when they beat alpha). At equal nodes the reductions win Kalah matches against the
//! unreduced search (figures in `docs/matches.md`). A game's [`Selectivity`] may also ask for
//! a node's only move to be searched a ply deeper, again with forward pruning on only.
//!
//! [`Selectivity`]: super::Selectivity

use super::ordering::{HistoryRule, MoveOrderer};
use super::reductions::HISTORY_REDUCTION_STEP;
use super::score::{INFINITY, MAX_HEURISTIC};
use super::table::{Bound, TableEntry};
use super::tree::{NoTree, NodeWindow, SearchTree};
use super::worker::SearchWorker;
use crate::eval::Evaluator;
use crate::eval::Reductions;
use crate::games::Game;

/// The shallowest remaining depth at which the table is probed and written.
const TABLE_MIN_DEPTH: u32 = 3;
/// The shallowest remaining depth where late-move reductions apply.
const LMR_MIN_DEPTH: u32 = 3;
/// [`Reductions::Steps`]: moves searched at full depth before quiet ones are reduced.
const STEPS_FULL_DEPTH_MOVES: usize = 2;
/// [`Reductions::Steps`]: from this remaining depth, moves after the first
/// [`STEPS_DEEP_MOVES`] are reduced two plies.
const STEPS_DEEP_MIN_DEPTH: u32 = 6;
/// See [`STEPS_DEEP_MIN_DEPTH`].
const STEPS_DEEP_MOVES: usize = 3;
/// Futility tests apply only while the window is this far from the decisive scores.
const FUTILITY_BOUND: i32 = MAX_HEURISTIC / 2;

/// What the table said about a node.
struct TableProbe {
    /// The position's table key ([`Game::table_key`]; 0 when the table is not used at this
    /// depth).
    key: u128,
    /// Whether values may be read from and written to the table here.
    values_usable: bool,
    /// The stored best move's index in natural order.
    move_index: Option<usize>,
    /// A stored value that answers the window.
    cut: Option<i32>,
    /// The stored value (node-relative), its depth and its bound, where values are usable.
    entry: Option<(i32, u32, Bound)>,
}

/// In which order a node's moves are tried.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Order {
    /// The moves buffer holds the stored children's moves, tried in that order.
    Stored,
    /// The table's move first, then the others scored and sorted only if needed.
    Lazy {
        table_index: Option<usize>,
        table_move_pending: bool,
        scored: bool,
    },
}

/// One move of a node's loop.
struct Candidate<M> {
    mv: M,
    /// Its index in the moves buffer (natural order, or stored order for stored nodes).
    index: usize,
    quiet: bool,
}

/// What the static evaluation allows at a node outside the principal variation.
#[derive(Copy, Clone, Default)]
struct Pruning {
    /// The node is searched with a null window.
    null_window: bool,
    /// Late moves may be pruned here: a null-window node, or any node but the root with
    /// [`Selectivity::late_move_pruning_at_pv`](super::Selectivity::late_move_pruning_at_pv).
    late_moves: bool,
    /// Its static evaluation plus the futility margin cannot reach alpha: moves after the
    /// first few are not searched.
    futile: bool,
}

/// Where a move comes in its node's loop, for reductions.
#[derive(Copy, Clone)]
pub(crate) struct Late {
    /// Moves searched before it.
    pub(crate) searched: usize,
    /// The node is searched with a null window (outside the principal variation).
    pub(crate) null_window: bool,
    /// Plies added to the move's search (negative: taken away): one for a node's only move
    /// with [`Selectivity::single_reply_extension`](super::Selectivity::single_reply_extension),
    /// plus the singular extension's test's answer for the move (1, −1 or 0).
    pub(crate) extension: i32,
}

/// What a node's search found.
struct NodeResult {
    /// The fail-soft value.
    value: i32,
    /// The best move's index in the moves buffer.
    best_index: Option<usize>,
    /// The window the node was searched with (not narrowed by its moves).
    window: NodeWindow,
}

/// The moves a node tried before `candidate`, in the order tried (for the history's malus;
/// at a stored node, the stored moves before it, late-move pruned ones included).
#[inline]
fn tried_before<'a, G: Game>(
    moves: &'a [G::Move],
    order: Order,
    keys: &'a [u64],
    next: usize,
    candidate: &Candidate<G::Move>,
) -> impl Iterator<Item = G::Move> + 'a {
    let (stored, table, picked): (&[G::Move], Option<usize>, &[u64]) = match order {
        Order::Stored => (moves.get(..candidate.index).unwrap_or(&[]), None, &[]),
        Order::Lazy { table_index, .. } if table_index == Some(candidate.index) => (&[], None, &[]),
        Order::Lazy { table_index, .. } => (
            &[],
            table_index,
            keys.get(..next.saturating_sub(1)).unwrap_or(&[]),
        ),
    };
    stored
        .iter()
        .copied()
        .chain(table.and_then(|i| moves.get(i).copied()))
        .chain(
            picked
                .iter()
                .filter_map(|&k| moves.get(MoveOrderer::<G>::index_of(k)).copied()),
        )
}

/// `value / step` rounded to the nearest integer, halves away from zero (`step` > 0).
#[inline]
fn rounded_quotient(value: i32, step: i32) -> i32 {
    value.signum() * ((value.abs() + step / 2) / step)
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The PVS value of `position` (fail-soft) with `depth` plies to go, `ply` from the root;
    /// `node` is its handle in `tree`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pvs<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        node: S::Node,
        position: &G,
        window: NodeWindow,
        last_move: Option<G::Move>,
    ) -> i32 {
        let NodeWindow {
            depth,
            mut alpha,
            beta,
            ply,
        } = window;
        // A singular extension's test of this node: searched without that move, answered by
        // no stored result and leaving none.
        let excluded = self.excluded.filter(|&(at, _)| at == ply).map(|(_, mv)| mv);
        if let Some(value) = self.leaf_value(position, depth, ply, last_move) {
            return value;
        }
        if excluded.is_none() {
            if let Some(value) = tree.answer(node, window, self.forward_pruning) {
                tree.line(node, &mut self.pv[ply]);
                return value;
            }
        }
        let probe = self.probe_table(position, window);
        if let (Some(value), None) = (probe.cut, excluded) {
            return value;
        }
        let window = self.reduce_internally(window, &probe);
        let depth = window.depth;
        let pruning = match self.prune_statically(position, window, last_move, excluded.is_none()) {
            Ok(pruning) => pruning,
            Err(value) => return value,
        };
        let singular = match excluded {
            None => match self.test_singular(position, window, &probe, pruning, last_move) {
                Ok(singular) => singular,
                Err(value) => return value,
            },
            Some(_) => None,
        };

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut order = self.initial_order(tree, node, position, depth, ply, &mut moves, &probe);
        if moves.is_empty() {
            // Only a game that is over has no moves, and that was handled above.
            self.moves[ply] = moves;
            return self.evaluate(position, last_move);
        }

        let mut best = -INFINITY;
        let mut best_index = None;
        let mut searched = 0usize;
        let mut keys = std::mem::take(&mut self.order_keys[ply]);
        let mut next = 0usize;
        while let Some(candidate) =
            self.next_candidate(position, &moves, ply, &mut order, &mut keys, &mut next)
        {
            if Some(candidate.mv) == excluded {
                continue;
            }
            if searched > 0 && pruning.late_moves {
                if pruning.futile && searched >= self.select.futility_moves {
                    break;
                }
                if self.prunes_late(&candidate, depth, searched, best) {
                    // Sorted moves put every quiet one last: the rest are quiet too.
                    if order == Order::Stored {
                        continue;
                    }
                    break;
                }
            }
            let child = match order {
                Order::Stored => tree.child(node, candidate.index),
                Order::Lazy { .. } => tree.child(node, usize::MAX),
            };
            let now = NodeWindow { alpha, ..window };
            let late = Late {
                searched,
                null_window: pruning.null_window,
                extension: self.extension(moves.len() == 1)
                    + singular
                        .filter(|&(mv, _)| mv == candidate.mv)
                        .map_or(0, |(_, plies)| plies),
            };
            let value = self.search_move(tree, child, position, &candidate, now, late);
            if self.aborted {
                self.moves[ply] = moves;
                self.order_keys[ply] = keys;
                return 0;
            }
            searched += 1;
            if value > best {
                best = value;
                best_index = Some(candidate.index);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, candidate.mv);
                    if value >= beta {
                        let tried = tried_before::<G>(&moves, order, &keys, next, &candidate);
                        self.record_cutoff(position, &candidate, ply, depth, tried);
                        break;
                    }
                }
            }
        }

        if excluded.is_none() {
            let result = NodeResult {
                value: best,
                best_index,
                window,
            };
            self.remember(tree, node, position, &probe, order, &moves, &result);
        }
        self.moves[ply] = moves;
        self.order_keys[ply] = keys;
        best
    }

    /// Writes a node's result to the table (where its values are usable) and, for a stored
    /// node, to the tree.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn remember<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        node: S::Node,
        position: &G,
        probe: &TableProbe,
        order: Order,
        moves: &[G::Move],
        result: &NodeResult,
    ) {
        let (stored_value, bound) = result.window.stored_form(result.value);
        if probe.values_usable {
            // A node where every move failed low has no best move worth trying first.
            let best_move = result.best_index.filter(|_| bound != Bound::Upper);
            let move_index = match order {
                Order::Stored => best_move.and_then(|i| self.natural_index(position, moves[i])),
                Order::Lazy { .. } => best_move,
            };
            self.table.save_bits(
                probe.key,
                TableEntry {
                    value: stored_value,
                    depth: result.window.depth.min(u32::from(u8::MAX)) as u8,
                    bound,
                    move_index: move_index.and_then(|i| u16::try_from(i).ok()),
                },
            );
        }
        if order == Order::Stored {
            tree.record(node, result.window, result.value, result.best_index);
        }
    }

    /// Probes the table for `position`: its key, whether values may be used here, the stored
    /// move and, if the stored value answers the window, the value.
    #[inline(always)]
    fn probe_table(&mut self, position: &G, window: NodeWindow) -> TableProbe {
        // Nodes one ply above the leaves are cheaper to search than to look up (the lookup is
        // a cache miss): the table serves depth 3 and up.
        let use_table = window.depth >= TABLE_MIN_DEPTH;
        let mut probe = TableProbe {
            key: 0,
            values_usable: false,
            move_index: None,
            cut: None,
            entry: None,
        };
        if !use_table {
            return probe;
        }
        probe.key = position.table_key();
        probe.values_usable =
            self.forward_pruning || !G::REPETITION_ENDS_GAME || self.repetition.is_fresh();
        let Some(entry) = self.table.probe_bits(probe.key) else {
            return probe;
        };
        probe.move_index = entry.move_index.map(usize::from);
        if probe.values_usable {
            let depth = u32::from(entry.depth);
            probe.cut = window.answer(entry.value, entry.bound, depth, self.forward_pruning);
            probe.entry = Some((entry.value, depth, entry.bound));
        }
        probe
    }

    /// Fills `moves` and decides the order they are tried in: the stored children's order
    /// when the tree has them; otherwise the legal moves, fully ordered and handed to the
    /// tree when it wants this node's children, else ordered lazily.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn initial_order<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        node: S::Node,
        position: &G,
        depth: u32,
        ply: usize,
        moves: &mut Vec<G::Move>,
        probe: &TableProbe,
    ) -> Order {
        if tree.stored_moves(node, moves) {
            return Order::Stored;
        }
        position.legal_moves(moves);
        let table_index = probe.move_index.filter(|&i| i < moves.len());
        if moves.is_empty() || !tree.wants_children(node, depth) {
            return Order::Lazy {
                table_index,
                table_move_pending: table_index.is_some(),
                scored: false,
            };
        }
        let mut keys = std::mem::take(&mut self.order_keys[ply]);
        self.orderer
            .score(position, moves, table_index, ply, &mut keys);
        MoveOrderer::<G>::sort(&mut keys);
        self.scratch.clear();
        self.scratch.extend(table_index.map(|i| moves[i]));
        self.scratch
            .extend(keys.iter().map(|&k| moves[MoveOrderer::<G>::index_of(k)]));
        self.order_keys[ply] = keys;
        if tree.add_children(node, position, &self.scratch) {
            std::mem::swap(moves, &mut self.scratch);
            Order::Stored
        } else {
            Order::Lazy {
                table_index,
                table_move_pending: table_index.is_some(),
                scored: false,
            }
        }
    }

    /// The next move to try, or `None` when every move has been.
    #[inline(always)]
    fn next_candidate(
        &mut self,
        position: &G,
        moves: &[G::Move],
        ply: usize,
        order: &mut Order,
        keys: &mut Vec<u64>,
        next: &mut usize,
    ) -> Option<Candidate<G::Move>> {
        match order {
            Order::Stored => {
                let index = *next;
                let mv = *moves.get(index)?;
                *next += 1;
                Some(Candidate {
                    mv,
                    index,
                    quiet: position.move_order_hint(mv) <= 0,
                })
            }
            Order::Lazy {
                table_index,
                table_move_pending,
                scored,
            } => {
                // The table's move first, unscored; the others are sorted only if it fails to
                // cut off.
                if let (Some(index), true) = (*table_index, *table_move_pending) {
                    *table_move_pending = false;
                    let mv = moves[index];
                    return Some(Candidate {
                        mv,
                        index,
                        quiet: position.move_order_hint(mv) <= 0,
                    });
                }
                if !*scored {
                    self.orderer.score(position, moves, *table_index, ply, keys);
                    *scored = true;
                }
                MoveOrderer::<G>::pick(keys, *next);
                let key = *keys.get(*next)?;
                *next += 1;
                let index = MoveOrderer::<G>::index_of(key);
                Some(Candidate {
                    mv: moves[index],
                    index,
                    quiet: MoveOrderer::<G>::is_quiet(key),
                })
            }
        }
    }

    /// The index of `mv` in `position`'s natural move order.
    fn natural_index(&mut self, position: &G, mv: G::Move) -> Option<usize> {
        position.legal_moves(&mut self.scratch);
        self.scratch.iter().position(|&m| m == mv)
    }

    /// Teaches the move orderer that `candidate` cut off at `ply` with `depth` plies to go
    /// after the moves `tried` (read only by the gravity rule): quiet moves always, every
    /// move with [`Selectivity::history_all_moves`]; by the gravity rule with a malus when
    /// [`Selectivity::history_malus`] and forward pruning are on.
    ///
    /// [`Selectivity::history_all_moves`]: super::Selectivity::history_all_moves
    /// [`Selectivity::history_malus`]: super::Selectivity::history_malus
    #[inline]
    fn record_cutoff(
        &mut self,
        position: &G,
        candidate: &Candidate<G::Move>,
        ply: usize,
        depth: u32,
        tried: impl Iterator<Item = G::Move>,
    ) {
        if !candidate.quiet && !self.select.history_all_moves {
            return;
        }
        let rule = if self.select.history_malus && self.forward_pruning {
            HistoryRule::Gravity
        } else {
            HistoryRule::Squared
        };
        self.orderer
            .record_cutoff(position, candidate.mv, ply, depth, rule, tried);
    }

    /// The plies a late move is reduced by (0 for none): [`Selectivity::reductions`], with
    /// forward pruning on, from depth [`LMR_MIN_DEPTH`].
    ///
    /// [`Selectivity::reductions`]: super::Selectivity::reductions
    #[inline(always)]
    pub(crate) fn reduction(&self, depth: u32, late: Late, quiet: bool, history: i32) -> u32 {
        if !self.forward_pruning || depth < LMR_MIN_DEPTH {
            return 0;
        }
        let searched = late.searched;
        match self.select.reductions {
            Reductions::Steps => {
                if !quiet || searched < STEPS_FULL_DEPTH_MOVES {
                    0
                } else {
                    1 + u32::from(depth >= STEPS_DEEP_MIN_DEPTH && searched >= STEPS_DEEP_MOVES)
                }
            }
            Reductions::Log { min_moves, .. } => {
                if searched < min_moves.max(1) {
                    return 0;
                }
                let less = i32::from(!late.null_window)
                    + i32::from(!quiet)
                    + rounded_quotient(history, HISTORY_REDUCTION_STEP);
                let plies = self.reductions.get(depth, searched + 1) as i32 - less;
                (plies.max(0) as u32).min(depth - 2)
            }
        }
    }

    /// The plies a move is extended by: one for a node's only move (`forced`) with forward
    /// pruning on and [`Selectivity::single_reply_extension`].
    ///
    /// [`Selectivity::single_reply_extension`]: super::Selectivity::single_reply_extension
    #[inline(always)]
    fn extension(&self, forced: bool) -> i32 {
        i32::from(self.forward_pruning && forced && self.select.single_reply_extension)
    }

    /// Static pruning at a node outside the principal variation, with forward pruning on and
    /// the window away from decisive scores: `Err(value)` when reverse futility (if
    /// `reverse_futility`) answers the node, else what the loop may prune.
    #[inline(always)]
    fn prune_statically(
        &mut self,
        position: &G,
        window: NodeWindow,
        last_move: Option<G::Move>,
        reverse_futility: bool,
    ) -> Result<Pruning, i32> {
        let null_window = self.forward_pruning && window.alpha + 1 == window.beta && window.ply > 0;
        let late_moves = null_window
            || (self.forward_pruning && self.select.late_move_pruning_at_pv && window.ply > 0);
        let mut pruning = Pruning {
            null_window,
            late_moves,
            futile: false,
        };
        if !null_window || !self.select.uses_static_eval() || window.beta.abs() >= FUTILITY_BOUND {
            return Ok(pruning);
        }
        let eval = self.evaluate(position, last_move);
        if let Some(margin) = self
            .select
            .reverse_futility
            .filter(|_| reverse_futility)
            .and_then(|m| m.at(window.depth))
        {
            if eval - margin >= window.beta {
                return Err(eval - margin);
            }
        }
        if let Some(margin) = self.select.futility.and_then(|m| m.at(window.depth)) {
            pruning.futile = eval + margin <= window.alpha;
        }
        Ok(pruning)
    }

    /// Singular extensions' test ([`Selectivity::singular`]) at a node outside the principal
    /// variation, before its loop: the table's move and the plies its search gains (1) or
    /// loses (−1), `None` for no change, or `Err(value)` for a multi-cut (and 0 when the
    /// search must unwind).
    ///
    /// [`Selectivity::singular`]: super::Selectivity::singular
    #[inline]
    fn test_singular(
        &mut self,
        position: &G,
        window: NodeWindow,
        probe: &TableProbe,
        pruning: Pruning,
        last_move: Option<G::Move>,
    ) -> Result<Option<(G::Move, i32)>, i32> {
        let Some(rule) = self.select.singular else {
            return Ok(None);
        };
        let (Some(index), Some((value, stored_depth, bound))) = (probe.move_index, probe.entry)
        else {
            return Ok(None);
        };
        let applies = self.forward_pruning
            && pruning.null_window
            && window.depth >= rule.min_depth.max(2)
            && stored_depth + rule.table_depth_margin >= window.depth
            && bound != Bound::Upper
            && value.abs() < FUTILITY_BOUND;
        if !applies {
            return Ok(None);
        }
        position.legal_moves(&mut self.scratch);
        let Some(&mv) = self.scratch.get(index) else {
            return Ok(None);
        };
        let singular_beta = value - rule.margin(window.depth);
        let test = NodeWindow {
            depth: (window.depth - 1) / 2,
            alpha: singular_beta - 1,
            beta: singular_beta,
            ply: window.ply,
        };
        let saved = self.excluded.replace((window.ply, mv));
        let found = self.pvs(&mut NoTree, (), position, test, last_move);
        self.excluded = saved;
        if self.aborted {
            return Err(0);
        }
        if found < singular_beta {
            Ok(Some((mv, 1)))
        } else if singular_beta >= window.beta {
            Err(singular_beta)
        } else if value >= window.beta {
            Ok(Some((mv, -1)))
        } else {
            Ok(None)
        }
    }

    /// The window with one ply less to go when internal iterative reduction applies: forward
    /// pruning on, no move from the table, and at least
    /// [`Selectivity::internal_reduction`](super::Selectivity::internal_reduction) plies to go.
    #[inline(always)]
    fn reduce_internally(&self, window: NodeWindow, probe: &TableProbe) -> NodeWindow {
        let reduce = self.forward_pruning
            && probe.move_index.is_none()
            && self
                .select
                .internal_reduction
                .is_some_and(|min| window.depth >= min.max(2));
        NodeWindow {
            depth: window.depth - u32::from(reduce),
            ..window
        }
    }

    /// Whether late-move pruning skips `candidate`, the move after `searched` others at a node
    /// where late moves may be pruned (`Pruning::late_moves`), while the best so far is no
    /// forced loss.
    #[inline(always)]
    fn prunes_late(
        &self,
        candidate: &Candidate<G::Move>,
        depth: u32,
        searched: usize,
        best: i32,
    ) -> bool {
        candidate.quiet
            && best > -FUTILITY_BOUND
            && self
                .select
                .late_move_pruning
                .is_some_and(|lmp| depth <= lmp.max_depth && searched >= lmp.moves.max(1))
    }

    /// Searches one move of a PVS node: the first with the full window, later ones with a null
    /// window (reduced by one ply if late and quiet, with forward pruning on), re-searched
    /// when they beat alpha.
    #[inline(always)]
    fn search_move<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        child: S::Node,
        position: &G,
        candidate: &Candidate<G::Move>,
        window: NodeWindow,
        late: Late,
    ) -> i32 {
        let NodeWindow { depth, alpha, .. } = window;
        let mv = candidate.mv;
        let child_ply = window.ply + 1;
        let mut at = |worker: &mut Self, to_depth: u32, a: i32, b: i32| {
            worker.descend(position, mv, a, b, child_ply, |w, c, ca, cb| {
                let child_window = NodeWindow {
                    depth: to_depth.saturating_add_signed(late.extension),
                    alpha: ca,
                    beta: cb,
                    ply: child_ply,
                };
                w.pvs(tree, child, c, child_window, Some(mv))
            })
        };
        if late.searched == 0 {
            return at(self, depth - 1, alpha, window.beta);
        }
        let history = if self.select.history_malus {
            self.orderer.history(position, mv)
        } else {
            0
        };
        let reduction = self.reduction(depth, late, candidate.quiet, history);
        if reduction > 0 {
            let reduced = at(self, depth - 1 - reduction, alpha, alpha + 1);
            if self.aborted || reduced <= alpha {
                return reduced;
            }
        }
        let probe = at(self, depth - 1, alpha, alpha + 1);
        if self.aborted || probe <= alpha || probe >= window.beta {
            return probe;
        }
        at(self, depth - 1, alpha, window.beta)
    }
}
