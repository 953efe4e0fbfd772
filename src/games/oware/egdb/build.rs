//! The first pass of a layer's retrograde analysis (all boards with the same number of seeds,
//! given the finished layers below it): every position's moves, sorted into moves that stay
//! in the layer (their children) and exits (moves that capture into a solved layer, or a
//! game over), for either rule set. [`super::retro`] then solves the layer.
//!
//! A layer is solved one *component* at a time: positions whose moves within the layer only
//! reach each other. Under [`Rules::Awari`] a layer is one component (boards seen from the
//! mover). Under [`Rules::Abapa`] a position is a board plus `m`, the seeds the mover may
//! still capture without passing half the total (see the module documentation of
//! [`super`]); a move within the layer leads to `n − m` for the opponent, so each pair
//! `{m, n − m}` is a component of its own, and a sharded build splits a layer by them.

use super::retro::{self, Bounds, Chunk, UNKNOWN};
use crate::egdb::index::{Binomials, layer_size, next_board, rank, unrank};
use crate::games::oware::config::{MAX_PITS, Rules};
use crate::games::oware::position::Pits;
use crate::games::oware::rules::{row_sum, sow_and_capture};

/// The solved layers below the one being built, as the builder reads them.
#[derive(Copy, Clone)]
pub(crate) struct Lower<'a> {
    /// The rule set (it fixes the layers' layout).
    pub rules: Rules,
    /// `layers[s]` for every `s` below the layer being built.
    pub layers: &'a crate::egdb::layers::Layers,
    /// The binomial table of the board size.
    pub binomials: &'a Binomials,
    /// Pits on the board (both rows).
    pub pits: usize,
}

impl Lower<'_> {
    /// `(lo, hi)` of the board of rank `rank` in layer `seeds` with `m` (ignored under Awari,
    /// where both are the exact value).
    #[inline]
    fn bounds(&self, seeds: usize, m: usize, rank: u64) -> (i8, i8) {
        let layer = &self.layers[seeds];
        match self.rules {
            Rules::Awari => {
                let value = layer[rank as usize];
                (value, value)
            }
            Rules::Abapa => {
                let size = layer_size(self.binomials, self.pits, seeds);
                let slot = abapa_slot(size, m, rank);
                (layer[slot], layer[slot + 1])
            }
        }
    }
}

/// Where the `(lo, hi)` pair of the board of rank `rank` with `m` starts in an Abapa layer of
/// `size` boards: the layer holds `m = 0..=n` one after the other, boards by rank, two bytes
/// each.
#[inline]
pub(crate) fn abapa_slot(size: u64, m: usize, rank: u64) -> usize {
    2 * (m as u64 * size + rank) as usize
}

/// The components of layer `seeds` under `rules`: the `m` of each one's positions (one entry
/// under Awari).
pub(crate) fn components(rules: Rules, seeds: usize) -> Vec<Vec<usize>> {
    match rules {
        Rules::Awari => vec![vec![0]],
        Rules::Abapa => (0..=seeds / 2)
            .map(|m| {
                if 2 * m == seeds {
                    vec![m]
                } else {
                    vec![m, seeds - m]
                }
            })
            .collect(),
    }
}

/// Solves one component (`variants`: its values of `m`) of layer `seeds`, on `threads`
/// threads for the first pass; the bounds of its positions, variant after variant, boards by
/// rank.
pub(crate) fn solve_component(
    lower: Lower<'_>,
    seeds: usize,
    variants: &[usize],
    threads: usize,
) -> Bounds {
    let size = layer_size(lower.binomials, lower.pits, seeds) as usize;
    let total = size * variants.len();
    let threads = threads.clamp(1, 64).min(total.max(1));
    let per_thread = total.div_ceil(threads);
    let component = Component {
        lower,
        seeds,
        size,
        variants,
    };
    let chunks: Vec<Chunk> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let start = (thread * per_thread).min(total);
                let end = ((thread + 1) * per_thread).min(total);
                let component = &component;
                scope.spawn(move || component.analyse_range(start, end))
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("egdb worker panicked"))
            .collect()
    });
    let lowest = match lower.rules {
        // Cycles are worth 0: only the thresholds above it are needed.
        Rules::Awari => 1,
        Rules::Abapa => 1 - seeds as i32,
    };
    retro::solve(seeds as i32, lowest, total, chunks)
}

/// One component of a layer being analysed.
struct Component<'a> {
    lower: Lower<'a>,
    seeds: usize,
    size: usize,
    variants: &'a [usize],
}

/// What one move leads to.
#[derive(Copy, Clone)]
enum Step {
    /// A position of the same component (its index there).
    Inner(u32),
    /// A capture into a solved layer, or the game's end: `(lo, hi)` for the mover.
    Exit(i8, i8),
}

impl Component<'_> {
    /// The first pass over the component's positions `start..end`.
    fn analyse_range(&self, start: usize, end: usize) -> Chunk {
        let pits = self.lower.pits;
        let mut chunk = Chunk::with_capacity(end - start, pits / 2);
        let mut board: Pits = [0; MAX_PITS];
        let mut steps = [Step::Exit(0, 0); MAX_PITS / 2];
        for position in start..end {
            let (variant, rank) = (position / self.size, position % self.size);
            if position == start || rank == 0 {
                unrank(
                    self.lower.binomials,
                    rank as u64,
                    self.seeds,
                    pits,
                    &mut board,
                );
            } else {
                next_board(&mut board, pits);
            }
            let count = match self.lower.rules {
                Rules::Awari => self.awari_steps(&board, &mut steps),
                Rules::Abapa => self.abapa_steps(&board, self.variants[variant], &mut steps),
            };
            chunk.push(position as u32, &steps[..count]);
        }
        chunk
    }

    /// The index in this component of the board `after` (seen from the mover who just
    /// played), now seen from the opponent, whose `m` is `m`.
    #[inline]
    fn inner_child(&self, after: &Pits, m: usize) -> u32 {
        let houses = self.lower.pits / 2;
        let rotated = after[houses..self.lower.pits]
            .iter()
            .chain(after[..houses].iter())
            .copied();
        let child = rank(self.lower.binomials, rotated, self.lower.pits) as usize;
        let variant = self.variants.iter().position(|&v| v == m).unwrap_or(0);
        (variant * self.size + child) as u32
    }

    /// The rank of `after` seen from the opponent (its layer has fewer seeds).
    #[inline]
    fn rotated_rank(&self, after: &Pits) -> u64 {
        let houses = self.lower.pits / 2;
        let rotated = after[houses..self.lower.pits]
            .iter()
            .chain(after[..houses].iter())
            .copied();
        rank(self.lower.binomials, rotated, self.lower.pits)
    }

    /// Awari's moves from `board`: those that leave the opponent a seed, or all when none
    /// does; a mover without seeds loses every seed left.
    fn awari_steps(&self, board: &Pits, steps: &mut [Step; MAX_PITS / 2]) -> usize {
        let houses = self.lower.pits / 2;
        let mut candidates: [(Pits, u32, bool); MAX_PITS / 2] =
            [([0; MAX_PITS], 0, false); MAX_PITS / 2];
        let (mut count, mut feeding) = (0, 0);
        for house in (0..houses).filter(|&house| board[house] > 0) {
            let mut after = *board;
            let taken = sow_and_capture(&mut after, houses, 0, houses, house, Rules::Awari);
            let feeds = row_sum(&after, houses, houses) > 0;
            feeding += usize::from(feeds);
            candidates[count] = (after, taken, feeds);
            count += 1;
        }
        if count == 0 {
            let all = -(self.seeds as i8);
            steps[0] = Step::Exit(all, all);
            return 1;
        }
        let mut moves = 0;
        for (after, taken, feeds) in &candidates[..count] {
            // A move must feed the opponent when any move does.
            if feeding > 0 && !feeds {
                continue;
            }
            steps[moves] = if *taken == 0 {
                Step::Inner(self.inner_child(after, 0))
            } else {
                let left = self.seeds - *taken as usize;
                let (lo, hi) = self.lower.bounds(left, 0, self.rotated_rank(after));
                Step::Exit(*taken as i8 - hi, *taken as i8 - lo)
            };
            moves += 1;
        }
        moves
    }

    /// Abapa's moves from `board` with `m`: every non-empty house, or only those reaching an
    /// empty opponent; without a move each player banks their row. A capture of more than `m`
    /// passes half the total and ends the game (the rows are banked).
    fn abapa_steps(&self, board: &Pits, m: usize, steps: &mut [Step; MAX_PITS / 2]) -> usize {
        let houses = self.lower.pits / 2;
        let starving = row_sum(board, houses, houses) == 0;
        let mut moves = 0;
        for house in 0..houses {
            let seeds = usize::from(board[house]);
            if seeds == 0 || (starving && seeds < houses - house) {
                continue;
            }
            let mut after = *board;
            let taken =
                sow_and_capture(&mut after, houses, 0, houses, house, Rules::Abapa) as usize;
            steps[moves] = if taken == 0 {
                Step::Inner(self.inner_child(&after, self.seeds - m))
            } else if taken > m {
                let banked =
                    row_sum(&after, 0, houses) as i32 - row_sum(&after, houses, houses) as i32;
                let value = (taken as i32 + banked) as i8;
                Step::Exit(value, value)
            } else {
                let left = self.seeds - taken;
                let (lo, hi) = self
                    .lower
                    .bounds(left, self.seeds - m, self.rotated_rank(&after));
                Step::Exit(taken as i8 - hi, taken as i8 - lo)
            };
            moves += 1;
        }
        if moves == 0 {
            let banked = row_sum(board, 0, houses) as i32 - row_sum(board, houses, houses) as i32;
            steps[0] = Step::Exit(banked as i8, banked as i8);
            return 1;
        }
        moves
    }
}

impl Chunk {
    /// Records position `position`'s moves.
    #[inline]
    fn push(&mut self, position: u32, steps: &[Step]) {
        let mut inner = 0u8;
        let mut best = UNKNOWN;
        for step in steps {
            match *step {
                Step::Inner(child) => {
                    inner += 1;
                    self.children.push(child);
                }
                Step::Exit(lo, hi) => {
                    best = best.max(lo);
                    self.bad_exits.push((position, hi));
                }
            }
        }
        self.moves.push(steps.len() as u8);
        self.best_exit.push(best);
        self.inner.push(inner);
    }
}
