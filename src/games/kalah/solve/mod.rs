//! The Kalah solver: the exact final margin under perfect play, from any position.
//!
//! It works on the mover's future gain (see [`KalahEgdb`]): the value of the pits alone, so
//! that positions differing only in their stores share one table entry, and a position with
//! `s` seeds in the pits is worth between `−s` and `+s` (the bound that prunes where the
//! seeds left cannot change the outcome of a window), with the parity of `s`. The driver is
//! MTD(f): null-window alpha-beta tests that close in on the value, testing only values of
//! the right parity, over a large table of exact keys whose bounds are intersected as they
//! come. At nodes well above the endgame database the children already known exactly
//! (finished games, the database) or bounded by the table are looked at before any is
//! searched (enhanced transposition cut-offs). Then the table's best pit goes first, then
//! extra moves, then the other moves by the seeds they bank (captures), pits nearest the
//! store first among equals. That ordering decides the size of the proof: ordering plain
//! moves by what they bank instead of by pit took the Kalah(6,4) proof from 491 M to 51 M
//! nodes (docs/BENCHMARKS.md); [`SolveStats`] says where the nodes go.
//!
//! With more than one thread each null-window test is searched by all of them at once over
//! the one shared table (Lazy SMP): the helpers take the moves after the first in a rotated
//! order, so that at nodes where every move must be refuted they work on different moves and
//! leave their proofs in the table for the others. The first thread to finish answers the
//! test and stops the rest; a stopped search stores nothing. Every bound in the table is a
//! true bound whoever stored it, so the answer is exact whichever thread gives it.

mod stats;
mod table;

pub use stats::SolveStats;

use super::egdb::mover_view;
use super::{Kalah, KalahConfig, KalahEgdb, KalahMove, MAX_PITS};
use crate::games::GameError;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use table::{KEY_BITS, SolveTable, Stored};

/// Children are looked up before searching (enhanced transposition cut-offs) only at nodes
/// with at least this many seeds more than the database covers: below, the look-ups cost
/// more than the searches they save.
const ETC_MARGIN: usize = 10;

/// The answer of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final margin for the side to move under perfect play (its store and row minus the
    /// opponent's at the end of the game).
    pub value: i32,
    /// A principal line: the moves of a perfect game from the position.
    pub line: Vec<KalahMove>,
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

/// A solver for one Kalah configuration, with its table and an optional endgame database.
pub struct KalahSolver<'a> {
    rules: Rules<'a>,
    table: SolveTable,
    threads: usize,
    nodes: u64,
    stats: SolveStats,
}

/// What every thread of a solve reads: the game, the database and the key layout.
#[derive(Copy, Clone)]
struct Rules<'a> {
    config: KalahConfig,
    egdb: Option<&'a KalahEgdb>,
    egdb_seeds: usize,
    width: u32,
}

/// One thread's search: the shared rules and table, the flag that stops it, and its counts.
struct Searcher<'s> {
    rules: Rules<'s>,
    table: &'s SolveTable,
    stop: &'s AtomicBool,
    /// 0 for the main thread; a helper rotates the moves after the first by this much.
    helper: usize,
    nodes: u64,
    stats: SolveStats,
}

/// A child of a node: the move, the position after it, what the mover banked, and whether
/// the mover moves again.
#[derive(Copy, Clone)]
struct Child {
    pit: usize,
    position: Kalah,
    gained: i32,
    same_side: bool,
    order: i32,
}

impl<'a> KalahSolver<'a> {
    /// A solver for `config` with a table of about `table_bytes` bytes, probing `egdb` when
    /// it is given and covers `config` (same width and capture rule).
    pub fn new(
        config: KalahConfig,
        table_bytes: usize,
        egdb: Option<&'a KalahEgdb>,
    ) -> Result<KalahSolver<'a>, GameError> {
        let width = config.key_field_width();
        if 2 * config.pits() as u32 * width > KEY_BITS {
            return Err(GameError::Spec(format!(
                "{config}: the solver's keys hold at most {KEY_BITS} bits of pits"
            )));
        }
        let egdb = egdb.filter(|db| db.covers(&config));
        Ok(KalahSolver {
            rules: Rules {
                config,
                egdb,
                egdb_seeds: egdb
                    .and_then(KalahEgdb::max_seeds)
                    .map_or(0, |s| s as usize + 1),
                width,
            },
            table: SolveTable::new(table_bytes),
            threads: 1,
            nodes: 0,
            stats: SolveStats::default(),
        })
    }

    /// The same solver searching with `threads` threads (at least 1) over its one table.
    pub fn with_threads(mut self, threads: usize) -> KalahSolver<'a> {
        self.threads = threads.max(1);
        self
    }

    /// Bytes of the table (the database not counted).
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
        position: &Kalah,
        mut progress: impl FnMut(SolveProgress),
    ) -> Result<Solution, GameError> {
        if position.kalah_config() != self.rules.config {
            return Err(GameError::Position(format!(
                "the position is {}, the solver {}",
                position.kalah_config(),
                self.rules.config
            )));
        }
        let started = Instant::now();
        let gain = self.gain(position, &mut progress, started);
        let line = self.principal_line(position, gain);
        Ok(Solution {
            value: position.store_difference() + gain,
            line,
            nodes: self.nodes,
            elapsed: started.elapsed(),
        })
    }

    /// The mover's future gain on `position`, by MTD(f).
    fn gain(
        &mut self,
        position: &Kalah,
        progress: &mut impl FnMut(SolveProgress),
        started: Instant,
    ) -> i32 {
        let seeds = seeds_in_pits(position) as i32;
        let (mut lower, mut upper) = (-seeds, seeds);
        let mut guess = 0;
        while lower < upper {
            // The gain has the parity of the seeds in the pits: test only values it can take.
            let beta = round_to_parity(guess.max(lower + 1), seeds, 1);
            guess = self.test(position, beta);
            if guess < beta {
                upper = round_to_parity(guess, seeds, -1);
            } else {
                lower = guess;
            }
            let base = position.store_difference();
            progress(SolveProgress {
                lower: base + lower,
                upper: base + upper,
                nodes: self.nodes,
                elapsed: started.elapsed(),
            });
        }
        lower
    }

    /// A perfect game from `position`, whose mover's future gain is `gain`.
    fn principal_line(&mut self, position: &Kalah, gain: i32) -> Vec<KalahMove> {
        let stop = AtomicBool::new(false);
        let mut searcher = Searcher::new(self.rules, &self.table, &stop, 0);
        let mut line = Vec::new();
        let mut position = *position;
        let mut target = gain;
        while !position.is_over() && line.len() < 400 {
            let mut children = [None::<Child>; MAX_PITS];
            let count = self.rules.children(&position, None, &mut children);
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
            line.push(KalahMove::new(child.pit as u8));
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
    /// at once; the first to finish answers.
    fn test(&mut self, position: &Kalah, beta: i32) -> i32 {
        let stop = AtomicBool::new(false);
        let answer = OnceLock::new();
        let (rules, table, threads) = (self.rules, &self.table, self.threads);
        let searchers: Vec<Searcher> = std::thread::scope(|scope| {
            let run = |helper: usize| {
                let mut searcher = Searcher::new(rules, table, &stop, helper);
                if let Some(value) = searcher.search(position, beta - 1, beta) {
                    // The first complete answer wins; any is exact.
                    let _ = answer.set(value);
                    stop.store(true, Ordering::Relaxed);
                }
                searcher
            };
            let helpers: Vec<_> = (1..threads)
                .map(|helper| scope.spawn(move || run(helper)))
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

impl<'s> Searcher<'s> {
    fn new(
        rules: Rules<'s>,
        table: &'s SolveTable,
        stop: &'s AtomicBool,
        helper: usize,
    ) -> Searcher<'s> {
        Searcher {
            rules,
            table,
            stop,
            helper,
            nodes: 0,
            stats: SolveStats::default(),
        }
    }

    /// The mover's future gain on `position` if it lies within `(alpha, beta)`; otherwise a
    /// bound beyond the window on that side (fail-soft). `None` when another thread answered
    /// first: the search then unwinds without storing anything.
    fn search(&mut self, position: &Kalah, mut alpha: i32, beta: i32) -> Option<i32> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.nodes += 1;
        let m = self.rules.config.pits();
        let (view, _) = mover_view(position);
        let seeds: i32 = view[..2 * m].iter().map(|&s| i32::from(s)).sum();
        if position.is_over() {
            self.stats.over += 1;
            return Some(view[..m].iter().map(|&s| i32::from(s)).sum::<i32>() * 2 - seeds);
        }
        if let Some(value) = self.rules.egdb_value(&view[..2 * m], seeds) {
            self.stats.egdb += 1;
            return Some(value);
        }
        if seeds <= alpha {
            self.stats.futile += 1;
            return Some(seeds);
        }
        if -seeds >= beta {
            self.stats.futile += 1;
            return Some(-seeds);
        }
        let key = self.rules.key(&view[..2 * m]);
        let stored = self.table.probe(key);
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
        let mut children = [None::<Child>; MAX_PITS];
        let count = self
            .rules
            .children(position, stored.and_then(|s| s.best), &mut children);
        // Children known exactly or bounded by the table first (enhanced transposition cut-offs).
        let mut best = -seeds - 1;
        let mut best_pit = None;
        let look_ahead = seeds as usize >= self.rules.egdb_seeds + ETC_MARGIN;
        for child in children[..count].iter().flatten().filter(|_| look_ahead) {
            let known = self.known_lower(child);
            if known > best {
                best = known;
                best_pit = Some(child.pit);
                if best >= beta {
                    self.stats.etc_cut += 1;
                    self.store(key, best, seeds, alpha_in, beta, best_pit, nodes_before);
                    return Some(best);
                }
            }
        }
        alpha = alpha.max(best);
        // Without a table move, the child with the best known bound goes first.
        if stored.and_then(|s| s.best).is_none() {
            if let Some(first) = children[..count]
                .iter()
                .position(|c| c.is_some_and(|c| Some(c.pit) == best_pit))
            {
                children[..=first].rotate_right(1);
            }
        }
        if self.helper > 0 && count > 2 {
            // A helper works on the later moves in another order than the main thread's.
            children[1..count].rotate_left(self.helper % (count - 1));
        }
        let mut cut_index = None;
        for (index, child) in children[..count].iter().flatten().enumerate() {
            let value = if child.same_side {
                child.gained
                    + self.search(&child.position, alpha - child.gained, beta - child.gained)?
            } else {
                child.gained
                    - self.search(&child.position, child.gained - beta, child.gained - alpha)?
            };
            if value > best {
                best = value;
                best_pit = Some(child.pit);
                if best >= beta {
                    cut_index = Some(index);
                    break;
                }
                alpha = alpha.max(best);
            }
        }
        self.stats
            .searched(cut_index, stored.is_some_and(|s| s.best.is_some()));
        self.store(key, best, seeds, alpha_in, beta, best_pit, nodes_before);
        Some(best)
    }

    /// Stores `best` as a bound or exact value of `key` after a search with `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u128,
        best: i32,
        seeds: i32,
        alpha: i32,
        beta: i32,
        best_pit: Option<usize>,
        nodes_before: u64,
    ) {
        let stored = Stored {
            lower: if best > alpha { best } else { -seeds },
            upper: if best < beta { best } else { seeds },
            best: best_pit,
        };
        self.table.store(key, stored, self.nodes - nodes_before);
    }

    /// A lower bound of a move's value known without searching: exact for finished games and
    /// boards in the database, from the table otherwise (`i32::MIN` when nothing is known).
    #[inline]
    fn known_lower(&self, child: &Child) -> i32 {
        let m = self.rules.config.pits();
        let sign = if child.same_side { 1 } else { -1 };
        let (view, _) = mover_view(&child.position);
        if child.position.is_over() {
            return child.gained;
        }
        let seeds = view[..2 * m].iter().map(|&s| i32::from(s)).sum();
        if let Some(value) = self.rules.egdb_value(&view[..2 * m], seeds) {
            return child.gained + sign * value;
        }
        match self.table.probe(self.rules.key(&view[..2 * m])) {
            Some(stored) if child.same_side => child.gained + stored.lower,
            Some(stored) => child.gained - stored.upper,
            None => i32::MIN,
        }
    }
}

impl Rules<'_> {
    /// The exact future gain of a board (seen from the mover) that the database covers;
    /// `seeds` is the board's sum, which the callers have at hand.
    #[inline]
    fn egdb_value(&self, board: &[u8], seeds: i32) -> Option<i32> {
        if usize::try_from(seeds).is_ok_and(|seeds| seeds < self.egdb_seeds) {
            self.egdb.and_then(|db| db.value_of_board(board))
        } else {
            None
        }
    }

    /// Writes the children of `position` into `children`, best-looking first: the table's
    /// pit, then extra moves, then by the seeds the move banks (captures), then pits nearest
    /// the store. Returns their number.
    fn children(
        &self,
        position: &Kalah,
        table_pit: Option<usize>,
        children: &mut [Option<Child>; MAX_PITS],
    ) -> usize {
        let m = self.config.pits();
        let mover = position.side();
        let before = position.store_difference();
        let mut count = 0;
        for pit in (0..m).rev() {
            if position.pits(mover)[pit] == 0 {
                continue;
            }
            let next = position.sow(pit);
            let same_side = next.side() == mover;
            let after = if same_side {
                next.store_difference()
            } else {
                -next.store_difference()
            };
            // What the move banks, extra moves first (nearest the store first among equals).
            let hint = (after - before) * 16 + if same_side { 1000 } else { 0 };
            let order = if Some(pit) == table_pit {
                i32::MAX
            } else {
                hint
            };
            children[count] = Some(Child {
                pit,
                position: next,
                gained: after - before,
                same_side,
                order,
            });
            count += 1;
        }
        children[..count].sort_by_key(|child| child.map_or(i32::MIN, |c| -c.order));
        count
    }

    /// The table key of a board seen from the mover.
    #[inline]
    fn key(&self, board: &[u8]) -> u128 {
        board
            .iter()
            .fold(0u128, |key, &seeds| (key << self.width) | u128::from(seeds))
    }
}

/// Seeds in both rows.
fn seeds_in_pits(position: &Kalah) -> u32 {
    position.row_seeds(crate::games::Seat::FIRST) + position.row_seeds(crate::games::Seat::SECOND)
}

/// `value` moved by `step` (±1) when its parity differs from `seeds`'s.
fn round_to_parity(value: i32, seeds: i32, step: i32) -> i32 {
    if (value - seeds) % 2 == 0 {
        value
    } else {
        value + step
    }
}
