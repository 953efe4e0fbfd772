//! The exact solver: the final margin under perfect play, from any position of a game whose
//! value is the store difference plus a *future gain* that depends on the pieces still in
//! play alone (Kalah: the seeds in the pits; [`KalahRules`] says how a Kalah position looks
//! to it).
//!
//! It works on the mover's future gain ([`Solvable`]): the value of the material in play
//! alone, so that positions differing only in what is already banked share one table entry,
//! and a position with `s` units of material in play is worth between `−s` and `+s` (the
//! bound that prunes where what is left cannot change the outcome of a window), with the
//! parity of `s` where the game says so. The driver is MTD(f): null-window alpha-beta tests
//! that close in on the value, testing only values of the right parity, over a large table of
//! exact keys whose bounds are intersected as they come (nodes just above the positions known
//! exactly skip it: a probe costs more than their searches). At nodes well above the positions
//! known exactly (finished games, an endgame database) the children already known exactly or
//! bounded by the table are looked at before any is searched (enhanced transposition
//! cut-offs). Then the table's best move goes first, then the others in the game's order
//! (Kalah: extra moves, then the seeds the move banks); once the first move has failed to cut
//! off, the entries the other moves will probe (database or table) are prefetched together,
//! so that their cache misses overlap (Kalah(6,4), one thread: 3 % less time). That ordering
//! decides the size of the proof: ordering Kalah's plain moves by what they bank instead of
//! by pit took the Kalah(6,4) proof from 491 M to 51 M nodes (docs/BENCHMARKS.md);
//! [`SolveStats`] says where the nodes go.
//!
//! With more than one thread each null-window test is searched by all of them at once over
//! the one shared table, as simplified ABDADA does it ([`busy`]): a thread puts off a move
//! that another thread is searching until its other moves are done, so that at nodes where
//! every move must be refuted the threads work on different moves and leave their proofs in
//! the table for each other, while at nodes that cut off at the first move they search it
//! together. The first thread to finish answers the test and stops the rest; a stopped search
//! stores nothing. Every bound in the table is a true bound whoever stored it, so the answer
//! is exact whichever thread gives it.

mod busy;
mod stats;
mod table;

pub use crate::eval::{Child, Inspected, Known, MAX_CHILDREN, Solvable};
pub use crate::games::kalah::KalahRules;

/// The solver of Kalah (its rules as [`KalahRules`] see them, in the game's folder).
pub type KalahSolver<'a> = Solver<KalahRules<'a>>;
pub use stats::SolveStats;

use crate::games::GameError;
use busy::Busy;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use table::{KEY_BITS, SolveTable, Stored};

/// Children are looked up before searching (enhanced transposition cut-offs) only at nodes
/// with at least this much material more than the exactly known positions: below, the
/// look-ups cost more than the searches they save.
const ETC_MARGIN: i32 = 10;

/// Nodes with less material than this more than the exactly known positions neither probe
/// nor fill the table: most of their children are known exactly, so the search below them
/// is a handful of nodes, less than the cache miss of a probe costs (Kalah(6,4): 11 % less
/// CPU time for 4 % more nodes), and their entries would push out costlier ones.
const TABLE_MARGIN: i32 = 1;

/// With more than one thread, a move that another thread is searching is put off until the
/// node's other moves are done ([`busy`]) at nodes with at least this much material more
/// than the exactly known positions: below, the subtrees are too small to share.
const DEFER_MARGIN: i32 = 4;

/// The longest principal line the solver reports.
const MAX_LINE: usize = 400;

/// The answer of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The final margin for the side to move under perfect play (Kalah: its store and row
    /// minus the opponent's at the end of the game).
    pub value: i32,
    /// A principal line: the moves of a perfect game from the position.
    pub line: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One step of the MTD(f) driver, for progress displays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveProgress {
    /// The value (final margin for the side to move) is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

/// `bounds [+2, +8] nodes 12345 time 0.012 s`, as `ponder solve` prints it.
impl std::fmt::Display for SolveProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bounds [{:+}, {:+}] nodes {} time {:.3} s",
            self.lower,
            self.upper,
            self.nodes,
            self.elapsed.as_secs_f64()
        )
    }
}

/// A solver for one game configuration ([`Solvable`]), with its table.
pub struct Solver<R: Solvable> {
    rules: R,
    table: SolveTable,
    busy: Busy,
    threads: usize,
    nodes: u64,
    stats: SolveStats,
}

/// One thread's search: the shared rules and tables, the flag that stops it, and its counts.
struct Searcher<'s, R> {
    rules: R,
    table: &'s SolveTable,
    /// The positions the threads are searching, when there is more than one thread.
    busy: Option<&'s Busy>,
    stop: &'s AtomicBool,
    nodes: u64,
    stats: SolveStats,
}

impl<R: Solvable> Solver<R> {
    /// A solver for `rules` with a table of about `table_bytes` bytes.
    pub fn new(rules: R, table_bytes: usize) -> Result<Solver<R>, GameError> {
        if rules.key_bits() > KEY_BITS {
            return Err(GameError::Spec(format!(
                "the solver's keys hold at most {KEY_BITS} bits; this game needs {}",
                rules.key_bits()
            )));
        }
        Ok(Solver {
            rules,
            table: SolveTable::new(table_bytes),
            busy: Busy::new(),
            threads: 1,
            nodes: 0,
            stats: SolveStats::default(),
        })
    }

    /// The same solver searching with `threads` threads (at least 1) over its one table.
    pub fn with_threads(mut self, threads: usize) -> Solver<R> {
        self.threads = threads.max(1);
        self
    }

    /// Bytes of the table (a database not counted).
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Where the nodes of the solves so far went.
    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }

    /// Solves `position`, calling `progress` after each null-window test.
    pub fn solve(
        &mut self,
        position: &R::Position,
        mut progress: impl FnMut(SolveProgress),
    ) -> Result<Solution<R::Move>, GameError> {
        self.rules.check(position)?;
        let started = Instant::now();
        let gain = self.gain(position, &mut progress, started);
        let line = self.principal_line(position, gain);
        Ok(Solution {
            value: self.rules.banked(position) + gain,
            line,
            nodes: self.nodes,
            elapsed: started.elapsed(),
        })
    }

    /// The mover's future gain on `position`, by MTD(f).
    fn gain(
        &mut self,
        position: &R::Position,
        progress: &mut impl FnMut(SolveProgress),
        started: Instant,
    ) -> i32 {
        let material = self.rules.inspect(position).material;
        let (mut lower, mut upper) = (-material, material);
        let mut guess = 0;
        let base = self.rules.banked(position);
        while lower < upper {
            // Test only values the gain can take.
            let beta = self.round(guess.max(lower + 1), material, 1);
            guess = self.test(position, beta);
            if guess < beta {
                upper = self.round(guess, material, -1);
            } else {
                lower = guess;
            }
            progress(SolveProgress {
                lower: base + lower,
                upper: base + upper,
                nodes: self.nodes,
                elapsed: started.elapsed(),
            });
        }
        lower
    }

    /// `value` moved by `step` (±1) when the game's gains have the parity of the material
    /// and `value`'s differs.
    fn round(&self, value: i32, material: i32, step: i32) -> i32 {
        if R::PARITY && (value - material) % 2 != 0 {
            value + step
        } else {
            value
        }
    }

    /// A perfect game from `position`, whose mover's future gain is `gain`.
    fn principal_line(&mut self, position: &R::Position, gain: i32) -> Vec<R::Move> {
        let stop = AtomicBool::new(false);
        let mut searcher = Searcher::new(self.rules, &self.table, None, &stop);
        let mut line = Vec::new();
        let mut position = *position;
        let mut target = gain;
        while !self.rules.is_over(&position) && line.len() < MAX_LINE {
            let mut children = [None; MAX_CHILDREN];
            let count = self.rules.children(&position, &mut children);
            // The table's best move first, then the game's order: the first child tried is
            // then nearly always on the line, and the line costs a few nodes a move.
            let table_move = self
                .table
                .probe(self.rules.inspect(&position).key)
                .and_then(|stored| stored.best);
            sort_children(&mut children[..count], table_move);
            let Some((child, child_target)) = children[..count].iter().flatten().find_map(|c| {
                let wanted = if c.same_side {
                    target - c.gained
                } else {
                    c.gained - target
                };
                let value = searcher.search(&c.position, wanted - 1, wanted + 1);
                (value == Some(wanted)).then_some((*c, wanted))
            }) else {
                break;
            };
            line.push(child.mv);
            position = child.position;
            target = child_target;
        }
        let (nodes, stats) = (searcher.nodes, searcher.stats);
        self.nodes += nodes;
        self.stats.add(&stats);
        line
    }

    /// A null-window test of the mover's future gain on `position` against `beta`: a value
    /// `>= beta` is a lower bound, a value `< beta` an upper bound. Searched by every thread
    /// at once, spreading over the moves where it can ([`busy`]); the first to finish answers.
    fn test(&mut self, position: &R::Position, beta: i32) -> i32 {
        let stop = AtomicBool::new(false);
        let answer = OnceLock::new();
        // A stopped search leaves its path marked: start each test afresh.
        self.busy.clear();
        let (rules, table, threads) = (self.rules, &self.table, self.threads);
        let busy = (threads > 1).then_some(&self.busy);
        let searchers: Vec<Searcher<R>> = std::thread::scope(|scope| {
            let run = |_thread: usize| {
                let mut searcher = Searcher::new(rules, table, busy, &stop);
                if let Some(value) = searcher.search(position, beta - 1, beta) {
                    // The first complete answer wins; any is exact.
                    let _ = answer.set(value);
                    stop.store(true, Ordering::Relaxed);
                }
                searcher
            };
            let helpers: Vec<_> = (1..threads)
                .map(|thread| scope.spawn(move || run(thread)))
                .collect();
            let mut searchers = vec![run(0)];
            searchers.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
            searchers
        });
        for searcher in &searchers {
            self.nodes += searcher.nodes;
            self.stats.add(&searcher.stats);
        }
        // A search is stopped only after another thread has answered.
        *answer
            .get()
            .expect("a stopped search means another thread answered")
    }
}

impl<'s, R: Solvable> Searcher<'s, R> {
    fn new(rules: R, table: &'s SolveTable, busy: Option<&'s Busy>, stop: &'s AtomicBool) -> Self {
        Searcher {
            rules,
            table,
            busy,
            stop,
            nodes: 0,
            stats: SolveStats::default(),
        }
    }

    /// The mover's future gain on `position` if it lies within `(alpha, beta)`; otherwise a
    /// bound beyond the window on that side (fail-soft). `None` when another thread answered
    /// first: the search then unwinds without storing anything.
    fn search(&mut self, position: &R::Position, mut alpha: i32, beta: i32) -> Option<i32> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.nodes += 1;
        let Inspected {
            material,
            known,
            key,
        } = self.rules.inspect(position);
        match known {
            Some(Known::Over(value)) => {
                self.stats.over += 1;
                return Some(value);
            }
            Some(Known::Exact(value)) => {
                self.stats.egdb += 1;
                return Some(value);
            }
            None => {}
        }
        if material <= alpha {
            self.stats.futile += 1;
            return Some(material);
        }
        if -material >= beta {
            self.stats.futile += 1;
            return Some(-material);
        }
        let stored = if self.tabled(material) {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(stored) = stored {
            if stored.lower >= beta || stored.lower == stored.upper {
                self.stats.table_cut += 1;
                return Some(stored.lower);
            }
            if stored.upper <= alpha {
                self.stats.table_cut += 1;
                return Some(stored.upper);
            }
        }
        let nodes_before = self.nodes;
        let alpha_in = alpha;
        let table_move = stored.and_then(|s| s.best);
        let mut children = [None; MAX_CHILDREN];
        let count = self.rules.children(position, &mut children);
        sort_children(&mut children[..count], table_move);
        // Children known exactly or bounded by the table first (enhanced transposition cut-offs).
        let mut best = -material - 1;
        let mut best_move = None;
        let look_ahead = material >= self.rules.exact_below() + ETC_MARGIN;
        if look_ahead {
            self.prefetch(&children[..count]);
        }
        for child in children[..count].iter().flatten().filter(|_| look_ahead) {
            let known = self.known_lower(child);
            if known > best {
                best = known;
                best_move = Some(child.index);
                if best >= beta {
                    self.stats.etc_cut += 1;
                    self.record(key, best, material, alpha_in, beta, best_move, nodes_before);
                    return Some(best);
                }
            }
        }
        alpha = alpha.max(best);
        // Without a table move, the child with the best known bound goes first.
        if table_move.is_none() {
            if let Some(first) = children[..count]
                .iter()
                .position(|c| c.is_some_and(|c| Some(c.index) == best_move))
            {
                children[..=first].rotate_right(1);
            }
        }
        let busy = self
            .busy
            .filter(|_| material >= self.rules.exact_below() + DEFER_MARGIN);
        if let Some(busy) = busy {
            busy.enter(key);
        }
        // Moves another thread is searching are put off to a second pass (bit i: move i).
        let mut deferred = 0u32;
        let mut cut_index = None;
        let mut prefetched = look_ahead;
        'passes: for pass in 0..2 {
            for (index, child) in children[..count].iter().flatten().enumerate() {
                if pass == 1 && deferred & (1 << index) == 0 {
                    continue;
                }
                if pass == 0
                    && index > 0
                    && busy.is_some_and(|b| b.contains(self.rules.inspect(&child.position).key))
                {
                    deferred |= 1 << index;
                    continue;
                }
                let value = if child.same_side {
                    child.gained
                        + self.search(&child.position, alpha - child.gained, beta - child.gained)?
                } else {
                    child.gained
                        - self.search(&child.position, child.gained - beta, child.gained - alpha)?
                };
                if value > best {
                    best = value;
                    best_move = Some(child.index);
                    if best >= beta {
                        cut_index = Some(index);
                        break 'passes;
                    }
                    alpha = alpha.max(best);
                }
                // No cut-off at the first move: the others will likely all be searched.
                if !prefetched {
                    prefetched = true;
                    self.prefetch(&children[index + 1..count]);
                }
            }
            if deferred == 0 {
                break;
            }
        }
        if let Some(busy) = busy {
            busy.leave(key);
        }
        self.stats.searched(cut_index, table_move.is_some());
        self.record(key, best, material, alpha_in, beta, best_move, nodes_before);
        Some(best)
    }

    /// Stores `best` as a bound or exact value of `key` after a search with `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn record(
        &mut self,
        key: u128,
        best: i32,
        material: i32,
        alpha: i32,
        beta: i32,
        best_move: Option<usize>,
        nodes_before: u64,
    ) {
        let stored = Stored {
            lower: if best > alpha { best } else { -material },
            upper: if best < beta { best } else { material },
            best: best_move,
        };
        if self.tabled(material) {
            self.table.record(key, stored, self.nodes - nodes_before);
        }
    }

    /// Starts loading what the searches of `children` will probe first (their database
    /// entries, or their table buckets), so that their cache misses overlap instead of coming
    /// one after the other.
    fn prefetch(&self, children: &[Option<Child<R::Position, R::Move>>]) {
        for child in children.iter().flatten() {
            if self.rules.prefetch(&child.position) {
                continue;
            }
            let inspected = self.rules.inspect(&child.position);
            if inspected.known.is_none() && self.tabled(inspected.material) {
                self.table.prefetch(inspected.key);
            }
        }
    }

    /// Whether a node with `material` in play uses the table ([`TABLE_MARGIN`]).
    #[inline]
    fn tabled(&self, material: i32) -> bool {
        material >= self.rules.exact_below() + TABLE_MARGIN
    }

    /// A lower bound of a move's value known without searching: exact for finished games and
    /// positions an endgame database holds, from the table otherwise (`i32::MIN` when
    /// nothing is known).
    #[inline]
    fn known_lower(&self, child: &Child<R::Position, R::Move>) -> i32 {
        let sign = if child.same_side { 1 } else { -1 };
        let inspected = self.rules.inspect(&child.position);
        if let Some(Known::Over(value) | Known::Exact(value)) = inspected.known {
            return child.gained + sign * value;
        }
        match self.table.probe(inspected.key) {
            Some(stored) if child.same_side => child.gained + stored.lower,
            Some(stored) => child.gained - stored.upper,
            None => i32::MIN,
        }
    }
}

/// Sorts `children` best-looking first: the table's move, then by the game's order.
fn sort_children<P, M>(children: &mut [Option<Child<P, M>>], table_move: Option<usize>) {
    children.sort_by_key(|child| {
        child.as_ref().map_or(i32::MAX, |c| {
            if Some(c.index) == table_move {
                i32::MIN
            } else {
                -c.order
            }
        })
    });
}
