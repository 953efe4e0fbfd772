//! The retrograde analysis of one component of a layer, whatever the rule set.
//!
//! Within a layer no move captures, so the only payoffs are the exits (captures into solved
//! layers, and the game's end), each known by bounds `(lo, hi)` for the mover. For each
//! threshold `t` from `n` down to the lowest one asked, the analysis grows two sets:
//! positions whose mover can *force* an exit worth at least `t` (reach it in finitely many
//! moves whatever the opponent does; with exits' `lo`) and positions whose opponent can force
//! the mover to at most `−t` (with exits' `hi`). Both sets only grow as `t` falls, so one pass
//! of the classic counter-based retrograde over all thresholds suffices: a position's counter
//! holds its moves not yet known to be "bad" (an exit with `hi <= −t`, or a child whose mover
//! can force `t`). A position's `lo` is the first threshold at which it joins the first set,
//! its `hi` minus the first at which it joins the second; positions never reached keep
//! [`UNKNOWN`] (play that never leaves the layer: the caller gives it its rule set's value).
//!
//! A forcing strategy only ever moves to positions first reached at a lower step of the
//! propagation, so play that follows it never repeats a position: that is why the bounds
//! hold under a rule that ends the game on a repetition (see [`super`]).

/// A value not yet known.
pub(crate) const UNKNOWN: i8 = i8::MIN;

/// The tag of a queued position that joined the "mover forces `t`" set (no tag: the "mover
/// held to `−t`" set).
const FORCES: u32 = 1 << 31;

/// What the first pass learns about a range of positions.
pub(crate) struct Chunk {
    /// Moves of each position (a game over counts as one exit).
    pub moves: Vec<u8>,
    /// The best exit of each position by its `lo`, or `UNKNOWN`.
    pub best_exit: Vec<i8>,
    /// Moves staying in the component, per position.
    pub inner: Vec<u8>,
    /// Their children's indices, position after position.
    pub children: Vec<u32>,
    /// `(position, hi)` for every exit.
    pub bad_exits: Vec<(u32, i8)>,
}

impl Chunk {
    /// An empty chunk with room for `count` positions of about `moves` inner moves each.
    pub(crate) fn with_capacity(count: usize, moves: usize) -> Chunk {
        Chunk {
            moves: Vec::with_capacity(count),
            best_exit: Vec::with_capacity(count),
            inner: Vec::with_capacity(count),
            children: Vec::with_capacity(count * moves / 2),
            bad_exits: Vec::new(),
        }
    }
}

/// The bounds found for a component's positions: `lo[p]` and `hi[p]` (`UNKNOWN` where the
/// position never joined the set).
pub(crate) struct Bounds {
    /// The most the mover can force.
    pub lo: Vec<i8>,
    /// The least the opponent can force the mover to.
    pub hi: Vec<i8>,
}

/// Solves a component of `size` positions of a layer of `seeds` seeds for the thresholds
/// `lowest..=seeds`, from the first pass's chunks.
pub(crate) fn solve(seeds: i32, lowest: i32, size: usize, chunks: Vec<Chunk>) -> Bounds {
    let thresholds = (seeds - lowest + 1).max(0) as usize;
    // Index of threshold t: seeds - t (0 for t = seeds).
    let slot = |t: i32| (t <= seeds && t >= lowest).then(|| (seeds - t) as usize);
    let mut win_at: Vec<Vec<u32>> = vec![Vec::new(); thresholds];
    let mut bad_at: Vec<Vec<u32>> = vec![Vec::new(); thresholds];
    let mut left: Vec<u8> = Vec::with_capacity(size);
    let mut in_degree = vec![0u32; size + 1];
    let mut position = 0u32;
    for chunk in &chunks {
        left.extend_from_slice(&chunk.moves);
        for &best in &chunk.best_exit {
            if let Some(index) = (best != UNKNOWN).then(|| slot(i32::from(best))).flatten() {
                win_at[index].push(position);
            }
            position += 1;
        }
        for &child in &chunk.children {
            in_degree[child as usize + 1] += 1;
        }
        for &(p, hi) in &chunk.bad_exits {
            // Bad from the first threshold t with hi <= -t.
            if let Some(index) = slot((-i32::from(hi)).min(seeds)) {
                bad_at[index].push(p);
            }
        }
    }
    let (start, parents) = predecessors(in_degree, size, chunks);
    let mut bounds = Bounds {
        lo: vec![UNKNOWN; size],
        hi: vec![UNKNOWN; size],
    };
    let mut queue: Vec<u32> = Vec::new();
    for (index, (wins, bads)) in win_at.iter().zip(&bad_at).enumerate() {
        let t = (seeds - index as i32) as i8;
        for &p in wins {
            if bounds.lo[p as usize] == UNKNOWN {
                bounds.lo[p as usize] = t;
                queue.push(p | FORCES);
            }
        }
        for &p in bads {
            bad_move(p as usize, t, &mut bounds, &mut left, &mut queue);
        }
        propagate(t, &mut queue, &mut bounds, &mut left, &start, &parents);
    }
    bounds
}

/// One more of `p`'s moves is bad at threshold `t`: when none is left, the mover of `p` is
/// held to `−t`.
#[inline]
fn bad_move(p: usize, t: i8, bounds: &mut Bounds, left: &mut [u8], queue: &mut Vec<u32>) {
    if bounds.hi[p] != UNKNOWN {
        return;
    }
    left[p] -= 1;
    if left[p] == 0 {
        bounds.hi[p] = -t;
        queue.push(p as u32);
    }
}

/// Settles, at threshold `t`, the parents of every position in `queue` and theirs in turn: a
/// parent of a child held to `−t` forces `t`; a child that forces `t` is a bad move for its
/// parent.
#[inline]
fn propagate(
    t: i8,
    queue: &mut Vec<u32>,
    bounds: &mut Bounds,
    left: &mut [u8],
    start: &[u32],
    parents: &[u32],
) {
    while let Some(entry) = queue.pop() {
        let child = (entry & !FORCES) as usize;
        let child_forces = entry & FORCES != 0;
        for &parent in &parents[start[child] as usize..start[child + 1] as usize] {
            let p = parent as usize;
            if child_forces {
                bad_move(p, t, bounds, left, queue);
            } else if bounds.lo[p] == UNKNOWN {
                bounds.lo[p] = t;
                queue.push(parent | FORCES);
            }
        }
    }
}

/// The predecessor lists `(start, parents)` from each position's in-degree (at index
/// `q + 1`) and the chunks' children: the predecessors of `q` are
/// `parents[start[q]..start[q + 1]]`.
fn predecessors(in_degree: Vec<u32>, size: usize, chunks: Vec<Chunk>) -> (Vec<u32>, Vec<u32>) {
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
