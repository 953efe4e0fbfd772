//! Combinatorial ranking of boards: the `C(n + P - 1, P - 1)` ways to put `n` seeds in `P`
//! pits numbered `0..C` without gaps.
//!
//! A board `x` maps to the `P - 1` "bar" positions `b_i = x_0 + … + x_i + i`
//! (`i < P - 1`), a strictly increasing subset of `0..n + P - 1`, ranked in the
//! combinatorial number system: `rank = Σ C(b_i, i + 1)`. Rank 0 holds every seed in the last
//! pit, the last rank every seed in the first pit.

/// Binomial coefficients `C(a, k)` for the board sizes the database supports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Binomials {
    /// `table[a][k]`, `a < ROWS`, `k < COLUMNS`.
    table: Vec<[u64; COLUMNS]>,
}

/// Largest `k` needed plus one: `P - 1 <= 19`.
const COLUMNS: usize = 21;

impl Binomials {
    /// The table up to `C(max_a, ·)`.
    pub(crate) fn new(max_a: usize) -> Binomials {
        let mut table = vec![[0u64; COLUMNS]; max_a + 1];
        for a in 0..=max_a {
            table[a][0] = 1;
            for k in 1..COLUMNS.min(a + 1) {
                table[a][k] = table[a - 1][k - 1].saturating_add(table[a - 1][k]);
            }
        }
        Binomials { table }
    }

    /// `C(a, k)` (0 for `k > a`).
    #[inline]
    pub(crate) fn get(&self, a: usize, k: usize) -> u64 {
        self.table[a][k]
    }
}

/// The number of boards of `seeds` seeds over `pits` pits: `C(seeds + pits - 1, pits - 1)`.
pub(crate) fn layer_size(binomials: &Binomials, pits: usize, seeds: usize) -> u64 {
    binomials.get(seeds + pits - 1, pits - 1)
}

/// The rank of a board given as an iterator over its `pits` counts (any order the caller
/// chooses, e.g. rotated).
#[inline]
pub(crate) fn rank(binomials: &Binomials, counts: impl Iterator<Item = u8>, pits: usize) -> u64 {
    let mut rank = 0u64;
    let mut bar = 0usize;
    for (index, seeds) in counts.take(pits - 1).enumerate() {
        bar += usize::from(seeds);
        rank += binomials.get(bar + index, index + 1);
    }
    rank
}

/// Writes into `board[..pits]` the board of `seeds` seeds with rank `rank`.
pub(crate) fn unrank(
    binomials: &Binomials,
    mut rank: u64,
    seeds: usize,
    pits: usize,
    board: &mut [u8],
) {
    // Bars from the last down: the largest b below the next bar with C(b, i + 1) <= rank.
    let mut upper = seeds + pits - 1; // the bar after the last one
    for index in (0..pits - 1).rev() {
        let mut bar = upper - 1;
        while binomials.get(bar, index + 1) > rank {
            bar -= 1;
        }
        rank -= binomials.get(bar, index + 1);
        board[index + 1] = (upper - bar - 1) as u8;
        upper = bar;
    }
    board[0] = upper as u8;
}

/// Steps `board[..pits]` to the board of the next rank; `false` after the last one.
#[inline]
pub(crate) fn next_board(board: &mut [u8], pits: usize) -> bool {
    let Some(first) = (1..pits).find(|&i| board[i] > 0) else {
        return false;
    };
    let mut moved = 0u8;
    for pit in &mut board[..first] {
        moved += *pit;
        *pit = 0;
    }
    board[first - 1] = moved + 1;
    board[first] -= 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_walk_every_board_in_order() {
        let binomials = Binomials::new(40);
        for pits in [2usize, 3, 4, 12] {
            for seeds in 0..6usize {
                let size = layer_size(&binomials, pits, seeds);
                let mut board = [0u8; 20];
                unrank(&binomials, 0, seeds, pits, &mut board);
                let mut count = 0u64;
                loop {
                    assert_eq!(
                        board[..pits].iter().map(|&s| s as usize).sum::<usize>(),
                        seeds
                    );
                    assert_eq!(rank(&binomials, board.iter().copied(), pits), count);
                    let mut again = [0u8; 20];
                    unrank(&binomials, count, seeds, pits, &mut again);
                    assert_eq!(again, board);
                    count += 1;
                    if !next_board(&mut board, pits) {
                        break;
                    }
                }
                assert_eq!(count, size, "pits {pits} seeds {seeds}");
            }
        }
    }
}
