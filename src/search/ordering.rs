//! Move ordering: the table's move first (tried before the others are even scored), then moves
//! the game hints at (captures, extra turns), then killer moves, then the rest by history.
//! Ties keep the game's natural order, so ordering is deterministic.

use crate::games::{Game, Seat};
use std::hash::{Hash, Hasher};

/// Entries of the history table per seat.
const HISTORY_SIZE: usize = 4096;

/// Moves brought to the front one by one before the rest of a node's moves are sorted.
const SELECTED_MOVES: usize = 3;

/// History scores are kept within this magnitude (halved when they reach it).
const HISTORY_LIMIT: i32 = (1 << 19) - 1;

/// The magnitude history scores approach under the gravity rule ([`HistoryRule::Gravity`]).
pub(crate) const GRAVITY_LIMIT: i32 = 16_384;
/// The gravity rule's bonus per ply of remaining depth.
const GRAVITY_BONUS_PER_DEPTH: i32 = 300;
/// The gravity rule's largest bonus.
const GRAVITY_BONUS_MAX: i32 = 1_500;

/// How a cut-off teaches the history table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HistoryRule {
    /// The cutting move gains `depth²`; the table is halved when a score grows too large.
    Squared,
    /// The cutting move gains a depth-sized bonus and each move tried before it loses as
    /// much, each by [`gravity`] (Selectivity's `history_malus`).
    Gravity,
}

/// Moves a history score by `bonus` (a malus when negative), less the closer it already is to
/// ±[`GRAVITY_LIMIT`] in that direction, so scores stay within it and old results fade.
#[inline]
fn gravity(slot: &mut i32, bonus: i32) {
    *slot += bonus - *slot * bonus.abs() / GRAVITY_LIMIT;
}

/// Killer moves (quiet moves that caused a cut-off at the same ply in a sibling) and the
/// history table (cut-offs by move and seat, weighted by depth²), for one search thread.
#[derive(Clone, Debug)]
pub(crate) struct MoveOrderer<G: Game> {
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
}

/// Hashes a move to an index of the history table (FxHash-style, no allocation).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }
    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }
    #[inline]
    fn write_u16(&mut self, value: u16) {
        self.write_u64(u64::from(value));
    }
    #[inline]
    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }
    #[inline]
    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[inline]
fn history_index<M: Hash>(mv: &M, seat: Seat) -> usize {
    let mut hasher = MoveHasher::default();
    mv.hash(&mut hasher);
    let hash = hasher.finish();
    ((hash >> 40) as usize % HISTORY_SIZE) + seat.index() * HISTORY_SIZE
}

impl<G: Game> MoveOrderer<G> {
    /// An orderer for searches up to `max_ply` plies.
    pub(crate) fn new(max_ply: usize) -> MoveOrderer<G> {
        MoveOrderer {
            killers: vec![[None, None]; max_ply + 1],
            history: vec![0; 2 * HISTORY_SIZE],
        }
    }

    /// Ages what was learnt in earlier searches (history halves, killers are forgotten).
    pub(crate) fn new_search(&mut self) {
        for killer in &mut self.killers {
            *killer = [None, None];
        }
        for value in &mut self.history {
            *value /= 2;
        }
    }

    /// Sorts keys from [`MoveOrderer::score`] best first.
    #[inline]
    pub(crate) fn sort(keys: &mut [u64]) {
        keys.sort_unstable_by(|a, b| b.cmp(a));
    }

    /// Brings the best of `keys[next..]` to `keys[next]`: the first [`SELECTED_MOVES`] by
    /// selection (a node that cuts off early never sorts its moves), then the rest sorted at
    /// once. `keys` comes from [`MoveOrderer::score`].
    #[inline]
    pub(crate) fn pick(keys: &mut [u64], next: usize) {
        if next > SELECTED_MOVES || next >= keys.len() {
            return;
        }
        if next == SELECTED_MOVES {
            Self::sort(&mut keys[next..]);
            return;
        }
        let mut best = next;
        for i in next + 1..keys.len() {
            if keys[i] > keys[best] {
                best = i;
            }
        }
        keys.swap(next, best);
    }

    /// Writes into `keys` one sort key per move of `moves` except `skip` (the table move,
    /// already tried), unsorted (see [`MoveOrderer::sort`] and [`MoveOrderer::pick`]). A key's
    /// low 16 bits give the move's index.
    pub(crate) fn score(
        &self,
        position: &G,
        moves: &[G::Move],
        skip: Option<usize>,
        ply: usize,
        keys: &mut Vec<u64>,
    ) {
        keys.clear();
        let seat = position.side_to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        for (index, &mv) in moves.iter().enumerate() {
            if Some(index) == skip {
                continue;
            }
            let hint = position.move_order_hint(mv).clamp(-32767, 32767);
            let tier: u64 = if hint > 0 {
                3
            } else if killers[0] == Some(mv) || killers[1] == Some(mv) {
                2
            } else {
                1
            };
            let history = self.history[history_index(&mv, seat)];
            let key = (tier << 60)
                | (((hint + 32768) as u64) << 36)
                | (((history + (1 << 19)) as u64) << 16)
                | (0xFFFF - index as u64);
            keys.push(key);
        }
    }

    /// The move index a sort key stands for.
    #[inline]
    pub(crate) fn index_of(key: u64) -> usize {
        0xFFFF - (key & 0xFFFF) as usize
    }

    /// Whether the move a sort key stands for is quiet (no hint from the game: no capture, no
    /// extra turn), the kind killers, history and reductions apply to.
    #[inline]
    pub(crate) fn is_quiet(key: u64) -> bool {
        key >> 60 < 3
    }

    /// The history score of `mv` for the side to move in `position`.
    #[inline]
    pub(crate) fn history(&self, position: &G, mv: G::Move) -> i32 {
        self.history[history_index(&mv, position.side_to_move())]
    }

    /// Records that `mv` caused a cut-off at `ply` with `depth` plies to go after the moves
    /// `tried` failed to: `mv` becomes the first killer, and the history learns by `rule`
    /// (only [`HistoryRule::Gravity`] reads `tried`).
    pub(crate) fn record_cutoff(
        &mut self,
        position: &G,
        mv: G::Move,
        ply: usize,
        depth: u32,
        rule: HistoryRule,
        tried: impl Iterator<Item = G::Move>,
    ) {
        self.remember_killer(mv, ply);
        let seat = position.side_to_move();
        match rule {
            HistoryRule::Squared => self.add_squared_bonus(mv, seat, depth),
            HistoryRule::Gravity => {
                let bonus = (depth as i32)
                    .saturating_mul(GRAVITY_BONUS_PER_DEPTH)
                    .min(GRAVITY_BONUS_MAX);
                gravity(&mut self.history[history_index(&mv, seat)], bonus);
                for other in tried {
                    gravity(&mut self.history[history_index(&other, seat)], -bonus);
                }
            }
        }
    }

    /// Makes `mv` the first killer at `ply`.
    #[inline]
    fn remember_killer(&mut self, mv: G::Move, ply: usize) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
    }

    /// Adds `depth²` to `mv`'s history for `seat`, halving the whole table when a score
    /// passes [`HISTORY_LIMIT`].
    fn add_squared_bonus(&mut self, mv: G::Move, seat: Seat, depth: u32) {
        let slot = &mut self.history[history_index(&mv, seat)];
        let bonus = (depth * depth).min(HISTORY_LIMIT as u32) as i32;
        *slot += bonus;
        if *slot > HISTORY_LIMIT {
            for value in &mut self.history {
                *value /= 2;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Ataxx;

    #[test]
    fn gravity_raises_the_cutting_move_lowers_the_tried_ones_and_stays_bounded() {
        let position = Ataxx::start(&Default::default()).unwrap();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let (cut, tried) = (moves[3], [moves[0], moves[1]]);
        let mut orderer = MoveOrderer::<Ataxx>::new(8);
        for depth in [1, 5, 40] {
            orderer.record_cutoff(
                &position,
                cut,
                2,
                depth,
                HistoryRule::Gravity,
                tried.into_iter(),
            );
        }
        assert!(orderer.history(&position, cut) > 0);
        assert!(tried.iter().all(|&m| orderer.history(&position, m) < 0));
        assert_eq!(orderer.killers[2][0], Some(cut));
        for _ in 0..1000 {
            orderer.record_cutoff(
                &position,
                cut,
                2,
                60,
                HistoryRule::Gravity,
                tried.into_iter(),
            );
        }
        let bounded = |h: i32| (-GRAVITY_LIMIT..=GRAVITY_LIMIT).contains(&h);
        assert!(bounded(orderer.history(&position, cut)));
        assert!(
            tried
                .iter()
                .all(|&m| bounded(orderer.history(&position, m)))
        );
        assert!(orderer.history(&position, cut) > GRAVITY_LIMIT - GRAVITY_BONUS_MAX);
    }
}
