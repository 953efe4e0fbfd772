//! Where a solve's nodes go: how nodes end, and at which move searched nodes cut off.

use std::fmt;

/// Counts of how the solver's nodes ended, for tuning and the `--stats` report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Finished games.
    pub over: u64,
    /// Boards answered by the endgame database.
    pub egdb: u64,
    /// Nodes cut by the seeds left (the window lies outside `[−s, +s]`).
    pub futile: u64,
    /// Nodes cut by a bound in the table.
    pub table_cut: u64,
    /// Nodes cut by a child's known bound (enhanced transposition cut-offs).
    pub etc_cut: u64,
    /// Searched nodes that failed low (every move searched).
    pub all_nodes: u64,
    /// Searched nodes that cut off, by the index of the move that cut (the last slot
    /// counts the fourth move and later).
    pub cut_at: [u64; 4],
    /// Searched nodes that cut off at the first move when it came from the table.
    pub cut_first_table: u64,
    /// Searched nodes whose table entry gave a move.
    pub with_table_move: u64,
}

impl SolveStats {
    /// Adds another thread's counts.
    pub(super) fn add(&mut self, other: &SolveStats) {
        self.over += other.over;
        self.egdb += other.egdb;
        self.futile += other.futile;
        self.table_cut += other.table_cut;
        self.etc_cut += other.etc_cut;
        self.all_nodes += other.all_nodes;
        for (mine, theirs) in self.cut_at.iter_mut().zip(other.cut_at) {
            *mine += theirs;
        }
        self.cut_first_table += other.cut_first_table;
        self.with_table_move += other.with_table_move;
    }

    /// Counts a searched node that cut at move `cut` (`None`: failed low).
    #[inline]
    pub(super) fn searched(&mut self, cut: Option<usize>, table_move: bool) {
        self.with_table_move += u64::from(table_move);
        match cut {
            None => self.all_nodes += 1,
            Some(index) => {
                self.cut_at[index.min(3)] += 1;
                self.cut_first_table += u64::from(index == 0 && table_move);
            }
        }
    }
}

impl fmt::Display for SolveStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cuts: u64 = self.cut_at.iter().sum();
        write!(
            f,
            "over {} egdb {} futile {} table-cut {} etc-cut {} all-nodes {} cut-nodes {} \
             (at move 1/2/3/4+: {}/{}/{}/{}; first from table {}) with-table-move {}",
            self.over,
            self.egdb,
            self.futile,
            self.table_cut,
            self.etc_cut,
            self.all_nodes,
            cuts,
            self.cut_at[0],
            self.cut_at[1],
            self.cut_at[2],
            self.cut_at[3],
            self.cut_first_table,
            self.with_table_move
        )
    }
}
