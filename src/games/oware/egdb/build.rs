//! Retrograde analysis of one layer (all boards with the same number of seeds), given the
//! finished layers below it.
//!
//! Within a layer no move captures, so the only payoffs are the moves that leave it (a
//! capture of `c` seeds into a solved layer: worth `c − value(child)` to the mover) and the
//! positions whose mover has no seeds (worth `−n`: the opponent takes all). Play that never
//! leaves the layer is a cycle, worth 0 (the seeds are split evenly).
//!
//! For each threshold `t` from `n` down to 1 the analysis grows two sets: positions whose
//! mover can force at least `+t` (reach an exit worth `t` or more) and positions whose
//! opponent can force at most `−t`. Both sets only grow as `t` falls, so one pass of the
//! classic counter-based retrograde over all thresholds suffices: a position's counter holds
//! its moves not yet known to be "bad" (an exit worth `−t` or less, or a child whose mover
//! can force `+t`). A position first reached at threshold `t` gets the value `+t` or `−t`;
//! positions never reached are worth 0.

use crate::egdb::index::{Binomials, layer_size, next_board, rank, unrank};
use crate::games::oware::config::{MAX_PITS, Rules};
use crate::games::oware::position::Pits;
use crate::games::oware::rules::{row_sum, sow_and_capture};

/// A value not yet known.
const UNKNOWN: i8 = i8::MIN;

/// What the first pass learns about a range of positions.
struct Chunk {
    /// Legal moves of each position (0: the mover has no seeds).
    moves: Vec<u8>,
    /// The best exit of each position (a capture into a lower layer), or `UNKNOWN`.
    best_exit: Vec<i8>,
    /// Moves staying in the layer, per position.
    inner: Vec<u8>,
    /// Their children's ranks, position after position.
    children: Vec<u32>,
    /// `(position, t)` for every exit worth `−t <= −1`.
    bad_exits: Vec<(u32, u8)>,
}

/// Solves layer `seeds` of a board with `houses` houses a side, using `lower[s]` for every
/// `s < seeds`, on `threads` threads for the move generation.
pub(crate) fn solve_layer(
    houses: usize,
    seeds: usize,
    binomials: &Binomials,
    lower: &[Vec<i8>],
    threads: usize,
) -> Vec<i8> {
    let pits = 2 * houses;
    let size = layer_size(binomials, pits, seeds) as usize;
    let threads = threads.clamp(1, 64).min(size.max(1));
    let per_thread = size.div_ceil(threads);
    let chunks: Vec<Chunk> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let start = (thread * per_thread).min(size);
                let end = ((thread + 1) * per_thread).min(size);
                scope.spawn(move || analyse_range(houses, seeds, binomials, lower, start, end))
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("egdb worker panicked"))
            .collect()
    });
    retrograde(seeds, size, chunks)
}

/// The first pass over positions `start..end`: moves, exits and children.
fn analyse_range(
    houses: usize,
    seeds: usize,
    binomials: &Binomials,
    lower: &[Vec<i8>],
    start: usize,
    end: usize,
) -> Chunk {
    let pits = 2 * houses;
    let count = end - start;
    let mut chunk = Chunk {
        moves: Vec::with_capacity(count),
        best_exit: Vec::with_capacity(count),
        inner: Vec::with_capacity(count),
        children: Vec::with_capacity(count * houses / 2),
        bad_exits: Vec::new(),
    };
    if count == 0 {
        return chunk;
    }
    let mut board: Pits = [0; MAX_PITS];
    unrank(binomials, start as u64, seeds, pits, &mut board);
    let mut results: [(Pits, u32, bool); MAX_PITS / 2] = [([0; MAX_PITS], 0, false); MAX_PITS / 2];
    for position in start..end {
        // Every candidate move, and whether it leaves the opponent a seed.
        let mut candidates = 0;
        let mut feeding = 0;
        for house in 0..houses {
            if board[house] == 0 {
                continue;
            }
            let mut after = board;
            let taken = sow_and_capture(&mut after, houses, 0, houses, house, Rules::Awari);
            let feeds = row_sum(&after, houses, houses) > 0;
            feeding += usize::from(feeds);
            results[candidates] = (after, taken, feeds);
            candidates += 1;
        }
        let mut moves = 0u8;
        let mut inner = 0u8;
        let mut best = UNKNOWN;
        for &(after, taken, feeds) in &results[..candidates] {
            // A move must feed the opponent when any move does.
            if feeding > 0 && !feeds {
                continue;
            }
            moves += 1;
            // The child, seen from the opponent (now to move): their row first.
            let rotated = after[houses..pits]
                .iter()
                .chain(after[..houses].iter())
                .copied();
            let left = seeds - taken as usize;
            let child = rank(binomials, rotated, pits);
            if taken == 0 {
                inner += 1;
                chunk.children.push(child as u32);
            } else {
                let exit = taken as i32 - i32::from(lower[left][child as usize]);
                best = best.max(exit as i8);
                if exit < 0 {
                    chunk.bad_exits.push((position as u32, (-exit) as u8));
                }
            }
        }
        chunk.moves.push(moves);
        chunk.best_exit.push(best);
        chunk.inner.push(inner);
        if position + 1 < end {
            next_board(&mut board, pits);
        }
    }
    chunk
}

/// The counter-based retrograde over all thresholds (see the module documentation).
fn retrograde(seeds: usize, size: usize, chunks: Vec<Chunk>) -> Vec<i8> {
    let layer = Layer::new(seeds, size, chunks);
    let Layer {
        mut left,
        start,
        parents,
        win_at,
        bad_at,
    } = layer;
    let mut value = vec![UNKNOWN; size];
    let mut queue: Vec<u32> = Vec::new();
    for t in (1..=seeds).rev() {
        let value_t = t as i8;
        if t == seeds {
            // The mover has no seeds: the opponent takes all of them.
            for (position, &moves) in left.iter().enumerate() {
                if moves == 0 {
                    value[position] = -value_t;
                    queue.push(position as u32);
                }
            }
        }
        for &position in &win_at[t] {
            let slot = &mut value[position as usize];
            if *slot == UNKNOWN {
                *slot = value_t;
                queue.push(position);
            }
        }
        for &position in &bad_at[t] {
            let p = position as usize;
            if value[p] == UNKNOWN {
                left[p] -= 1;
                if left[p] == 0 {
                    value[p] = -value_t;
                    queue.push(position);
                }
            }
        }
        propagate(value_t, &mut queue, &mut value, &mut left, &start, &parents);
    }
    for slot in &mut value {
        if *slot == UNKNOWN {
            *slot = 0; // a cycle: the seeds are split evenly
        }
    }
    value
}

/// Settles, at threshold `value_t`, the parents of every position in `queue` and theirs in
/// turn: a parent of a lost child wins `+t`; a parent whose every move is bad loses `−t`.
#[inline]
fn propagate(
    value_t: i8,
    queue: &mut Vec<u32>,
    value: &mut [i8],
    left: &mut [u8],
    start: &[u32],
    parents: &[u32],
) {
    while let Some(child) = queue.pop() {
        let child = child as usize;
        let child_wins = value[child] > 0;
        for &parent in &parents[start[child] as usize..start[child + 1] as usize] {
            let p = parent as usize;
            if value[p] != UNKNOWN {
                continue;
            }
            if child_wins {
                // One more move of the parent's is bad at this threshold.
                left[p] -= 1;
                if left[p] == 0 {
                    value[p] = -value_t;
                    queue.push(parent);
                }
            } else {
                value[p] = value_t;
                queue.push(parent);
            }
        }
    }
}

/// A layer as the retrograde sees it: the moves still open at each position, the moves
/// within the layer backwards, and the exits by threshold.
struct Layer {
    /// Moves of each position not yet known to be bad (at first: its legal moves).
    left: Vec<u8>,
    /// The predecessors of `q` are `parents[start[q]..start[q + 1]]`.
    start: Vec<u32>,
    /// The parents of every position, position after position.
    parents: Vec<u32>,
    /// `win_at[t]`: the positions whose best exit is worth `+t`.
    win_at: Vec<Vec<u32>>,
    /// `bad_at[t]`: a position once for each of its exits worth `−t`.
    bad_at: Vec<Vec<u32>>,
}

impl Layer {
    /// Concatenates the first pass's chunks and turns their children into predecessor lists.
    fn new(seeds: usize, size: usize, chunks: Vec<Chunk>) -> Layer {
        let mut left: Vec<u8> = Vec::with_capacity(size);
        let mut best_exit: Vec<i8> = Vec::with_capacity(size);
        let mut in_degree = vec![0u32; size + 1];
        let mut bad_at: Vec<Vec<u32>> = vec![Vec::new(); seeds + 1];
        for chunk in &chunks {
            left.extend_from_slice(&chunk.moves);
            best_exit.extend_from_slice(&chunk.best_exit);
            for &child in &chunk.children {
                in_degree[child as usize + 1] += 1;
            }
            for &(position, t) in &chunk.bad_exits {
                bad_at[usize::from(t)].push(position);
            }
        }
        let (start, parents) = predecessors(in_degree, size, chunks);
        let win_at = wins_by_threshold(seeds, best_exit);
        Layer {
            left,
            start,
            parents,
            win_at,
            bad_at,
        }
    }
}

/// The predecessor lists `(start, parents)` from each position's in-degree (at index
/// `q + 1`) and the chunks' children.
fn predecessors(in_degree: Vec<u32>, size: usize, chunks: Vec<Chunk>) -> (Vec<u32>, Vec<u32>) {
    // Prefix sums: the predecessors of q are parents[start[q]..start[q + 1]].
    let mut start = in_degree;
    for index in 1..start.len() {
        start[index] += start[index - 1];
    }
    let edges = start[size] as usize;
    let mut parents = vec![0u32; edges];
    let mut fill = start.clone();
    let mut position = 0u32;
    for chunk in chunks {
        let mut children = chunk.children.iter();
        for &inner in &chunk.inner {
            for _ in 0..inner {
                if let Some(&child) = children.next() {
                    let slot = &mut fill[child as usize];
                    parents[*slot as usize] = position;
                    *slot += 1;
                }
            }
            position += 1;
        }
    }
    (start, parents)
}

/// `win_at[t]`: the positions whose best exit is worth `+t` (`t >= 1`).
fn wins_by_threshold(seeds: usize, best_exit: Vec<i8>) -> Vec<Vec<u32>> {
    let mut win_at: Vec<Vec<u32>> = vec![Vec::new(); seeds + 1];
    for (position, &best) in best_exit.iter().enumerate() {
        if best >= 1 {
            win_at[best as usize].push(position as u32);
        }
    }
    win_at
}
