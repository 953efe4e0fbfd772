//! Principal-variation search: alpha-beta that searches the first (best-ordered) move with the
//! full window and the others with a null window, re-searching only those that beat alpha;
//! the shared table gives values, bounds and the first move to try; killers, history and the
//! game's hints order the rest.
//!
//! This is the crate's one node loop. It is generic over a [`NodeStore`]: the plain search
//! runs it with [`NoStore`](super::store::NoStore); the engine runs it over its stored tree,
//! whose nodes answer from what earlier searches and pondering found, keep their children
//! best first, and learn every result. Everything else (table, ordering, reductions, score
//! conversions, node counting) is the same code for both.
//!
//! With forward pruning off, table and store cut-offs use only results of exactly the depth
//! asked (and, in games ended by repetition, the table only where no earlier position can
//! repeat), so the value is exactly the fixed-depth minimax value. With it on, deeper results
//! cut off too and late quiet moves (after the first two) are searched one ply shallower
//! first, two plies from depth 6 on after the third (late-move reductions, verified at full
//! depth when they beat alpha). At equal nodes the reductions win Kalah matches against the
//! unreduced search (figures in `docs/search.md`).

use super::eval::Evaluator;
use super::ordering::MoveOrderer;
use super::score::{INFINITY, from_table, to_table};
use super::store::NodeStore;
use super::table::{Bound, Table, TableEntry};
use super::worker::SearchWorker;
use crate::game::{Game, Key};

/// The shallowest remaining depth at which the table is probed and written.
const TABLE_MIN_DEPTH: u32 = 3;
/// Moves searched at full depth before late-move reductions apply.
const LMR_FULL_DEPTH_MOVES: usize = 2;
/// The shallowest remaining depth where late-move reductions apply.
const LMR_MIN_DEPTH: u32 = 3;
/// From this remaining depth, moves after the first [`LMR_DEEP_MOVES`] are reduced two plies.
const LMR_DEEP_MIN_DEPTH: u32 = 6;
/// See [`LMR_DEEP_MIN_DEPTH`].
const LMR_DEEP_MOVES: usize = 3;

/// What the table said about a node.
struct TableProbe {
    /// The position's key (default when the table is not used at this depth).
    key: Key,
    /// Whether values may be read from and written to the table here.
    values_usable: bool,
    /// The stored best move's index in natural order.
    move_index: Option<usize>,
    /// A stored value that answers the window.
    cut: Option<i32>,
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

/// The window and depth of one node, passed to each of its moves.
#[derive(Copy, Clone)]
struct NodeWindow {
    depth: u32,
    alpha: i32,
    beta: i32,
    ply: usize,
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// The PVS value of `position` (fail-soft) with `depth` plies to go, `ply` from the root;
    /// `node` is its handle in `store`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pvs<S: NodeStore<G>>(
        &mut self,
        store: &mut S,
        node: S::Node,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        last_move: Option<G::Move>,
    ) -> i32 {
        if let Some(value) = self.leaf_value(position, depth, ply, last_move) {
            return value;
        }
        if let Some(value) = store.answer(node, depth, alpha, beta, ply, self.forward_pruning) {
            store.line(node, &mut self.pv[ply]);
            return value;
        }
        let probe = self.probe_table(position, depth, alpha, beta, ply);
        if let Some(value) = probe.cut {
            return value;
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut order = self.initial_order(store, node, position, depth, ply, &mut moves, &probe);
        if moves.is_empty() {
            // Only a game that is over has no moves, and that was handled above.
            self.moves[ply] = moves;
            return self.evaluate(position, last_move);
        }

        let alpha_original = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut searched = 0usize;
        let mut keys = std::mem::take(&mut self.order_keys[ply]);
        let mut next = 0usize;
        while let Some(candidate) = self.next_candidate(position, &moves, ply, &mut order, &mut keys, &mut next)
        {
            let child = match order {
                Order::Stored => store.child(node, candidate.index),
                Order::Lazy { .. } => store.child(node, usize::MAX),
            };
            let window = NodeWindow {
                depth,
                alpha,
                beta,
                ply,
            };
            let value =
                self.search_move(store, child, position, &candidate, window, searched);
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
                        if candidate.quiet {
                            self.orderer.record_cutoff(position, candidate.mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }

        let bound = Bound::of(best, alpha_original, beta);
        if probe.values_usable {
            // A node where every move failed low has no best move worth trying first.
            let best_move = best_index.filter(|_| bound != Bound::Upper);
            let move_index = match order {
                Order::Stored => best_move.and_then(|i| self.natural_index(position, moves[i])),
                Order::Lazy { .. } => best_move,
            };
            self.table.store(
                &probe.key,
                TableEntry {
                    value: to_table(best, ply as u32),
                    depth: depth.min(u32::from(u8::MAX)) as u8,
                    bound,
                    move_index: move_index.and_then(|i| u16::try_from(i).ok()),
                },
            );
        }
        if order == Order::Stored {
            store.record(node, depth, best, alpha_original, beta, ply, best_index);
        }
        self.moves[ply] = moves;
        self.order_keys[ply] = keys;
        best
    }

    /// Probes the table for `position`: its key, whether values may be used here, the stored
    /// move and, if the stored value answers the window, the value.
    #[inline]
    fn probe_table(&mut self, position: &G, depth: u32, alpha: i32, beta: i32, ply: usize) -> TableProbe {
        // Nodes one ply above the leaves are cheaper to search than to look up (the lookup is
        // a cache miss): the table serves depth 3 and up.
        let use_table = depth >= TABLE_MIN_DEPTH;
        let mut probe = TableProbe {
            key: Key::default(),
            values_usable: false,
            move_index: None,
            cut: None,
        };
        if !use_table {
            return probe;
        }
        probe.key = position.key();
        probe.values_usable =
            self.forward_pruning || !G::REPETITION_ENDS_GAME || self.repetition.is_fresh();
        let Some(entry) = self.table.probe(&probe.key) else {
            return probe;
        };
        probe.move_index = entry.move_index.map(usize::from);
        let depth_ok = if self.forward_pruning {
            u32::from(entry.depth) >= depth
        } else {
            u32::from(entry.depth) == depth
        };
        if depth_ok && probe.values_usable {
            let value = from_table(entry.value, ply as u32);
            if entry.bound.answers(value, alpha, beta) {
                probe.cut = Some(value);
            }
        }
        probe
    }

    /// Fills `moves` and decides the order they are tried in: the stored children's order
    /// when the store has them; otherwise the legal moves, fully ordered and handed to the
    /// store when it wants this node's children, else ordered lazily.
    #[allow(clippy::too_many_arguments)]
    fn initial_order<S: NodeStore<G>>(
        &mut self,
        store: &mut S,
        node: S::Node,
        position: &G,
        depth: u32,
        ply: usize,
        moves: &mut Vec<G::Move>,
        probe: &TableProbe,
    ) -> Order {
        if store.stored_moves(node, moves) {
            return Order::Stored;
        }
        position.legal_moves(moves);
        let table_index = probe.move_index.filter(|&i| i < moves.len());
        if moves.is_empty() || !store.wants_children(node, depth) {
            return Order::Lazy {
                table_index,
                table_move_pending: table_index.is_some(),
                scored: false,
            };
        }
        let mut keys = std::mem::take(&mut self.order_keys[ply]);
        self.orderer.order(position, moves, table_index, ply, &mut keys);
        self.scratch.clear();
        self.scratch.extend(table_index.map(|i| moves[i]));
        self.scratch
            .extend(keys.iter().map(|&k| moves[MoveOrderer::<G>::index_of(k)]));
        self.order_keys[ply] = keys;
        if store.add_children(node, position, &self.scratch) {
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
    #[inline]
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
                    self.orderer.order(position, moves, *table_index, ply, keys);
                    *scored = true;
                }
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

    /// Searches one move of a PVS node: the first with the full window, later ones with a null
    /// window (reduced by one ply if late and quiet, with forward pruning on), re-searched
    /// when they beat alpha.
    #[inline]
    fn search_move<S: NodeStore<G>>(
        &mut self,
        store: &mut S,
        child: S::Node,
        position: &G,
        candidate: &Candidate<G::Move>,
        window: NodeWindow,
        searched: usize,
    ) -> i32 {
        let NodeWindow {
            depth,
            alpha,
            beta,
            ply,
        } = window;
        let mv = candidate.mv;
        let child_ply = ply + 1;
        let mut at = |worker: &mut Self, to_depth: u32, a: i32, b: i32| {
            worker.descend(position, mv, a, b, child_ply, |w, c, ca, cb| {
                w.pvs(store, child, c, to_depth, ca, cb, child_ply, Some(mv))
            })
        };
        if searched == 0 {
            return at(self, depth - 1, alpha, beta);
        }
        let reduce = self.forward_pruning
            && depth >= LMR_MIN_DEPTH
            && searched >= LMR_FULL_DEPTH_MOVES
            && candidate.quiet;
        if reduce {
            let deeper = depth >= LMR_DEEP_MIN_DEPTH && searched >= LMR_DEEP_MOVES;
            let reduced = at(self, depth - 2 - u32::from(deeper), alpha, alpha + 1);
            if self.aborted || reduced <= alpha {
                return reduced;
            }
        }
        let probe = at(self, depth - 1, alpha, alpha + 1);
        if self.aborted || probe <= alpha || probe >= beta {
            return probe;
        }
        at(self, depth - 1, alpha, beta)
    }
}
