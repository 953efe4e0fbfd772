//! One search thread's working state, and the low-level entry the engine's reusable tree calls
//! for the part of the tree below what it stores.
//!
//! Everything a node needs is preallocated here: one move buffer, one ordering buffer and one
//! principal-variation line per ply, killers and history, the repetition stack. A node
//! allocates nothing and takes no lock (the shared table is lock-free).

use super::budget::Budget;
use super::limits::StopSignal;
use super::ordering::MoveOrderer;
use super::reductions::ReductionTable;
use super::repetition::RepetitionStack;
use super::score::{self, MAX_HEURISTIC};
use super::table::TranspositionTable;
use super::tree::{NoTree, NodeWindow, SearchTree};
use crate::eval::Evaluator;
use crate::eval::Selectivity;
use crate::games::{Game, Key, Seat};
use std::sync::Arc;

/// The most plies a search path may have (root to leaf, the engine's tree included).
pub const MAX_PLY: usize = 256;

/// A search window: values at or below `alpha` are upper bounds, at or above `beta` lower
/// bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub(crate) alpha: i32,
    pub(crate) beta: i32,
}

impl Window {
    /// The window that lets every value through.
    pub(crate) const FULL: Window = Window {
        alpha: -score::INFINITY,
        beta: score::INFINITY,
    };
}

/// A search thread: the algorithms (minimax, alpha-beta, PVS) are its methods.
///
/// The engine uses it directly below its own stored tree through
/// [`SearchWorker::search_value`]; the [`crate::search::Searcher`] drives one per thread.
///
/// ```
/// use ponder::search::{ScoreDiff, SearchWorker, TableKind, TranspositionTable, INFINITY};
/// use ponder::{Game, Kalah};
/// use std::sync::Arc;
/// let table = Arc::new(TranspositionTable::new(TableKind::LockFree, 1));
/// let mut worker = SearchWorker::<Kalah, ScoreDiff>::new(table, Arc::new(ScoreDiff), false);
/// let start = Kalah::start(&Default::default()).unwrap();
/// let value = worker.search_value(&start, &[], 4, -INFINITY, INFINITY, 0).unwrap();
/// assert_eq!(value, 1); // the 4-ply minimax value with the store difference
/// assert_eq!(worker.principal_variation(0).len(), 4);
/// ```
pub struct SearchWorker<G: Game, E: Evaluator<G> + ?Sized = dyn Evaluator<G>> {
    pub(crate) table: Arc<TranspositionTable>,
    pub(crate) evaluator: Arc<E>,
    /// Forward pruning allowed: reductions, and table cut-offs by deeper entries. When off the
    /// search returns exactly the fixed-depth minimax value.
    pub(crate) forward_pruning: bool,
    /// The forward-pruning numbers (used only with forward pruning on).
    pub(crate) select: Selectivity,
    /// The late-move reductions of `select`, by depth and move number.
    pub(crate) reductions: ReductionTable,
    pub(crate) budget: Budget,
    pub(crate) moves: Vec<Vec<G::Move>>,
    pub(crate) order_keys: Vec<Vec<u64>>,
    pub(crate) pv: Vec<Vec<G::Move>>,
    /// A move buffer for work outside the per-ply ones (full orderings, natural indices).
    pub(crate) scratch: Vec<G::Move>,
    pub(crate) orderer: MoveOrderer<G>,
    pub(crate) repetition: RepetitionStack,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    /// What a node at the horizon is worth: the evaluation, or (in a proof) the worst or the
    /// best final margin still possible there.
    pub(crate) horizon: Horizon,
    /// The ply and move of a singular extension's test: the node at that ply is searched
    /// without that move (`pvs.rs`).
    pub(crate) excluded: Option<(usize, G::Move)>,
}

/// What a node at the search's horizon (depth 0, not finished, not in a database) is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Horizon {
    /// The static evaluation: the ordinary, heuristic search.
    Evaluate,
    /// The worst final margin for this seat still possible there
    /// ([`Evaluator::margin_bounds`]): the search's value for this seat is then a proven
    /// lower bound of the exact value.
    Worst(Seat),
    /// The best final margin for this seat still possible there: the value for this seat
    /// is a proven upper bound.
    Best(Seat),
}

impl<G: Game, E: Evaluator<G> + ?Sized> SearchWorker<G, E> {
    /// A worker over the shared `table`, evaluating with `evaluator`; `forward_pruning: false`
    /// makes every value it returns the exact fixed-depth minimax value.
    pub fn new(table: Arc<TranspositionTable>, evaluator: Arc<E>, forward_pruning: bool) -> Self {
        let select = evaluator.selectivity();
        SearchWorker {
            table,
            evaluator,
            forward_pruning,
            select,
            reductions: ReductionTable::new(select.reductions),
            budget: Budget::unlimited(StopSignal::new()),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order_keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            scratch: Vec::with_capacity(64),
            orderer: MoveOrderer::new(MAX_PLY),
            repetition: RepetitionStack::new(),
            nodes: 0,
            aborted: false,
            horizon: Horizon::Evaluate,
            excluded: None,
        }
    }

    /// Uses `select` as the forward-pruning numbers (instead of the evaluator's own).
    pub fn set_selectivity(&mut self, select: Selectivity) {
        self.select = select;
        self.reductions = ReductionTable::new(select.reductions);
    }

    /// Watches `stop` (and nothing else) from now on: for callers that manage time themselves.
    pub fn set_stop(&mut self, stop: StopSignal) {
        self.budget = Budget::unlimited(stop);
    }

    /// Uses `budget` from now on.
    pub(crate) fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Starts a search under `budget`: nodes count from zero, killers and history age.
    pub(crate) fn begin(&mut self, budget: Budget) {
        self.budget = budget;
        self.nodes = 0;
        self.aborted = false;
        self.orderer.new_search();
    }

    /// Sets the root's history for repetition rules: `history` holds the keys of the
    /// positions before `root` since the last irreversible move, oldest first.
    pub(crate) fn set_root_history(&mut self, history: &[Key], root: &G) {
        if G::REPETITION_ENDS_GAME {
            self.repetition.reset_from_keys(history, root.key());
        }
    }

    /// Whether forward pruning is on.
    pub fn forward_pruning(&self) -> bool {
        self.forward_pruning
    }

    /// The shared table.
    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.table
    }

    /// Nodes visited since the worker was created or [`SearchWorker::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Resets the node count.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Ages killers and history, as at the start of a new search.
    pub fn new_search(&mut self) {
        self.orderer.new_search();
    }

    /// The PVS value of `position` searched `depth` plies with window `(alpha, beta)`,
    /// from the side to move's point of view, using the shared table, this worker's ordering
    /// state and stop signal. `history` holds the keys of the positions before `position`
    /// since the last irreversible move, oldest first (only read for games with
    /// [`Game::REPETITION_ENDS_GAME`]); `ply` is the distance from the caller's root, used to
    /// score finished games (faster wins first). `None` when the search was stopped.
    ///
    /// Fail-soft: a value at or below `alpha` is an upper bound, at or above `beta` a lower
    /// bound, in between exact.
    pub fn search_value(
        &mut self,
        position: &G,
        history: &[Key],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let window = Window { alpha, beta };
        self.search_stored(&mut NoTree, (), position, history, depth, window, ply)
    }

    /// [`SearchWorker::search_value`] of the node `node` of `tree`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_stored<S: SearchTree<G>>(
        &mut self,
        tree: &mut S,
        node: S::Node,
        position: &G,
        history: &[Key],
        depth: u32,
        window: Window,
        ply: u32,
    ) -> Option<i32> {
        if G::REPETITION_ENDS_GAME {
            self.repetition.reset_from_keys(history, position.key());
        }
        self.aborted = self.budget.must_stop();
        if self.aborted {
            return None;
        }
        let node_window = NodeWindow {
            depth,
            alpha: window.alpha,
            beta: window.beta,
            ply: (ply as usize).min(MAX_PLY),
        };
        let value = self.pvs(tree, node, position, node_window, None);
        (!self.aborted).then_some(value)
    }

    /// The principal variation found by the last [`SearchWorker::search_value`] at `ply`.
    pub fn principal_variation(&self, ply: u32) -> &[G::Move] {
        self.pv.get(ply as usize).map_or(&[], Vec::as_slice)
    }

    /// The move the shared table stores for `position`, if any.
    pub fn table_move(&self, position: &G) -> Option<G::Move> {
        let entry = self.table.probe_bits(position.table_key())?;
        let index = usize::from(entry.move_index?);
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves.get(index).copied()
    }

    /// Sorts `moves` (legal moves of `position`) best first as this worker would try them at
    /// `ply`: the table's move, then the game's hints, killers and history.
    pub fn order_moves(&self, position: &G, moves: &mut Vec<G::Move>, ply: u32) {
        let table_move = self.table_move(position);
        let table_index = table_move.and_then(|tm| moves.iter().position(|&m| m == tm));
        let mut keys = Vec::with_capacity(moves.len());
        self.orderer
            .score(position, moves, table_index, ply as usize, &mut keys);
        MoveOrderer::<G>::sort(&mut keys);
        let mut ordered = Vec::with_capacity(moves.len());
        ordered.extend(table_index.map(|i| moves[i]));
        ordered.extend(keys.iter().map(|&k| moves[MoveOrderer::<G>::index_of(k)]));
        *moves = ordered;
    }

    /// Counts a node and checks the budget; `true` (and the worker marked aborted) when the
    /// search must unwind.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.budget.tick() {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of a node that needs no move loop, after counting it and clearing its
    /// principal variation: 0 when the search must unwind, a finished game's score, or the
    /// evaluation at the horizon. `None` for a node to search.
    #[inline]
    pub(crate) fn leaf_value(
        &mut self,
        position: &G,
        depth: u32,
        ply: usize,
        last_move: Option<G::Move>,
    ) -> Option<i32> {
        self.pv[ply].clear();
        if self.tick() {
            return Some(0);
        }
        if let Some(value) = Self::finished_score(position, ply) {
            return Some(value);
        }
        // A database value that assumes no earlier position can be repeated (games ended by
        // a repetition) is only given where none can.
        if let Some(margin) = self
            .evaluator
            .exact_margin(position, self.repetition.is_fresh())
        {
            return Some(score::finished(margin, ply as u32));
        }
        if depth == 0 || ply >= MAX_PLY {
            return Some(match self.horizon {
                Horizon::Evaluate => self.evaluate(position, last_move),
                bound => self.bound_value(position, ply, bound),
            });
        }
        None
    }

    /// A horizon node's value in a proof, for its side to move: the final margin still
    /// possible there that is worst (or best) for the bound's seat, as a finished game's
    /// score (the largest margin the scale holds when the evaluator knows no bounds).
    #[inline]
    fn bound_value(&self, position: &G, ply: usize, bound: Horizon) -> i32 {
        let (least, most) = self
            .evaluator
            .margin_bounds(position)
            .unwrap_or((-score::MAX_MARGIN, score::MAX_MARGIN));
        let mover = position.side_to_move();
        let margin = match bound {
            Horizon::Worst(seat) if seat == mover => least,
            Horizon::Best(seat) if seat != mover => least,
            _ => most,
        };
        score::finished(margin, ply as u32)
    }

    /// The clamped static evaluation.
    #[inline]
    pub(crate) fn evaluate(&self, position: &G, last_move: Option<G::Move>) -> i32 {
        self.evaluator
            .evaluate(position, last_move)
            .clamp(-MAX_HEURISTIC, MAX_HEURISTIC)
    }

    /// The score of `position` if the game is over there by the position alone.
    #[inline]
    pub(crate) fn finished_score(position: &G, ply: usize) -> Option<i32> {
        position
            .outcome()
            .map(|outcome| score::finished(outcome.margin_for(position.side_to_move()), ply as u32))
    }

    /// Plays `mv` from `parent` and returns `search(child, window)`'s value from `parent`'s
    /// point of view: the window and the value change sign only when the side to move changes
    /// (an extra turn keeps both), and a child that repeats an earlier position (in games where
    /// that ends the game) is scored as finished without a search.
    #[inline(always)]
    pub(crate) fn descend(
        &mut self,
        parent: &G,
        mv: G::Move,
        alpha: i32,
        beta: i32,
        child_ply: usize,
        search: impl FnOnce(&mut Self, &G, i32, i32) -> i32,
    ) -> i32 {
        let child = parent.play_unchecked(mv);
        let same_side = child.side_to_move() == parent.side_to_move();
        let (child_alpha, child_beta) = if same_side {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let value = if G::REPETITION_ENDS_GAME {
            match self.repetition.enter(parent, &child, child.key()) {
                None => {
                    let outcome = child.repetition_outcome();
                    self.pv[child_ply.min(MAX_PLY)].clear();
                    score::finished(outcome.margin_for(child.side_to_move()), child_ply as u32)
                }
                Some(saved) => {
                    let value = search(self, &child, child_alpha, child_beta);
                    self.repetition.leave(saved);
                    value
                }
            }
        } else {
            search(self, &child, child_alpha, child_beta)
        };
        if same_side { value } else { -value }
    }

    /// Makes `mv` followed by the line below it the principal variation at `ply`.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        if ply >= MAX_PLY {
            return;
        }
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}
