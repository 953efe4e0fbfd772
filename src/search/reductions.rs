//! The late-move reductions a search thread looks up: the [`Reductions`] of its evaluator's
//! [`Selectivity`](crate::eval::Selectivity), precomputed once per thread.

use crate::eval::Reductions;

/// How strongly a quiet move's history shortens its reduction (`Selectivity::history_malus`).
pub const HISTORY_REDUCTION_STEP: i32 = 12_288;

/// The deepest remaining depth of the precomputed reduction table.
const TABLE_DEPTHS: usize = 64;
/// The most move numbers of the precomputed reduction table.
const TABLE_MOVES: usize = 256;

/// Reductions by remaining depth and move number, computed once per search thread.
#[derive(Clone, Debug)]
pub(crate) struct ReductionTable {
    plies: Vec<u8>,
}

impl ReductionTable {
    /// The table of `reductions` (empty for [`Reductions::Steps`]).
    pub(crate) fn new(reductions: Reductions) -> ReductionTable {
        let Reductions::Log { base, divisor, .. } = reductions else {
            return ReductionTable { plies: Vec::new() };
        };
        let mut plies = vec![0u8; TABLE_DEPTHS * TABLE_MOVES];
        for depth in 1..TABLE_DEPTHS {
            for number in 1..TABLE_MOVES {
                let r = base + (depth as f32).ln() * (number as f32).ln() / divisor;
                plies[depth * TABLE_MOVES + number] = r.round().clamp(0.0, 255.0) as u8;
            }
        }
        ReductionTable { plies }
    }

    /// The reduction at `depth` plies to go for the move numbered `number` (1 for the first).
    #[inline]
    pub(crate) fn get(&self, depth: u32, number: usize) -> u32 {
        let depth = (depth as usize).min(TABLE_DEPTHS - 1);
        let number = number.min(TABLE_MOVES - 1);
        self.plies
            .get(depth * TABLE_MOVES + number)
            .map_or(0, |&r| u32::from(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_reductions_grow_with_depth_and_move_number() {
        let table = ReductionTable::new(Reductions::Log {
            min_moves: 2,
            base: 0.4,
            divisor: 2.0,
        });
        assert_eq!(table.get(1, 40), 0);
        assert!(table.get(10, 40) > table.get(4, 40));
        assert!(table.get(10, 100) >= table.get(10, 10));
        assert_eq!(ReductionTable::new(Reductions::Steps).get(10, 40), 0);
    }
}
