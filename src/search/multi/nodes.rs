//! Max-n's node function: every seat maximises its own utility, a node's value is the vector
//! of every seat's. It keeps its results in the search's shared table (tag 0 in the key's top
//! bits: max-n's values do not depend on the root seat, so its entries serve every seat's
//! search; greedy is max-n at depth 1 and shares them), with the first seat's value in the
//! entry's value and the others' in its [`MoreValues`]; it counts its nodes and stops by the
//! search's budget, as the PVS loop does.

use super::{MAX_PLY, MultiSearch, SeatedGame};
use crate::games::Seat;
use crate::search::table::{Bound, MoreValues};

/// Every seat's utility (0 beyond the seat count), as max-n's values are kept.
pub(super) type Values = [i32; Seat::MAX];

/// The values an entry holds: the first seat's in its value, the others' in `more`.
pub(super) fn seat_values(first: i32, more: MoreValues) -> Values {
    [first, more[0].into(), more[1].into(), more[2].into()]
}

/// The second to fourth seats' values as an entry holds them, or `None` when one does not
/// fit its 16 bits (the node is then not stored).
fn more_values(values: Values) -> Option<MoreValues> {
    Some([
        i16::try_from(values[1]).ok()?,
        i16::try_from(values[2]).ok()?,
        i16::try_from(values[3]).ok()?,
    ])
}

/// Every seat's utility at a leaf.
fn utilities<G: SeatedGame>(position: &G) -> Values {
    std::array::from_fn(|seat| {
        if seat < position.seat_count() {
            position.utility(Seat::new(seat))
        } else {
            0
        }
    })
}

impl<G: SeatedGame> MultiSearch<G> {
    /// One iteration of max-n (greedy at depth 1): the best move and the root seat's
    /// utility, or `None` when stopped or when the game is over. The root is stored in the
    /// table by the node function.
    pub(super) fn maxn_root(&mut self, position: &G, depth: u32) -> Option<(G::Move, i32)> {
        let (values, best) = self.maxn(position, depth, 0);
        Some((best?, values[self.root.index()]))
    }

    /// Max-n: the utilities of the line where each seat maximises its own (among equal
    /// utilities for the mover, the first move in natural order), and the best move (`None`
    /// at a leaf or where the table answered). Only the root (`ply` 0) is never answered by
    /// the table. The values are meaningless once the budget says stop.
    fn maxn(&mut self, position: &G, depth: u32, ply: usize) -> (Values, Option<G::Move>) {
        if self.worker.tick() || depth == 0 || ply >= MAX_PLY {
            return (utilities(position), None);
        }
        let key = position.search_key();
        let stored = self.table.probe_seats(key);
        if ply > 0
            && let Some((entry, more)) = stored
            && entry.bound == Bound::Exact
            && u32::from(entry.depth) >= depth
        {
            return (seat_values(entry.value, more), None);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.legal_moves(&mut moves);
        let table_index = stored
            .and_then(|(entry, _)| entry.move_index)
            .map(usize::from);
        let mut order = std::mem::take(&mut self.orders[ply]);
        order.clear();
        order.extend(moves.iter().enumerate().map(|(index, &mv)| {
            let key = match Some(index) == table_index {
                true => i32::MIN,
                false => -position.move_order_hint(mv),
            };
            (key, index)
        }));
        order.sort_unstable();
        let mover = position.side_to_move().index();
        let mut best: Option<(usize, Values)> = None;
        for &(_, index) in &order {
            let (values, _) = self.maxn(&position.play_unchecked(moves[index]), depth - 1, ply + 1);
            if self.worker.aborted {
                break;
            }
            let better = best.is_none_or(|(old_index, old)| {
                values[mover] > old[mover] || (values[mover] == old[mover] && index < old_index)
            });
            if better {
                best = Some((index, values));
            }
        }
        let found = best.map(|(index, values)| (index, moves[index], values));
        self.buffers[ply] = moves;
        self.orders[ply] = order;
        let Some((index, mv, values)) = found else {
            return (utilities(position), None);
        };
        if !self.worker.aborted
            && let Some(more) = more_values(values)
        {
            self.save_root(key, depth, values[0], index, more);
        }
        (values, Some(mv))
    }
}
