//! Perft: counting the positions a number of plies ahead, the standard check of move
//! generation against other implementations.
//!
//! The convention for finished games is the game's own ([`Perft::TERMINAL_IS_LEAF`]):
//! OpenSpiel's for Kalah and Oware (a finished game reached early is one leaf), libataxx's for
//! Ataxx (a finished game has no moves). Games whose rules end on repetition are counted with
//! the record's history, so a position reached with moves sees the same repetitions as the
//! game would.

use crate::games::{GameRecord, Perft};

/// Counts the leaves `depth` plies below the record's current position.
///
/// ```
/// use ponder::{perft, Game, GameRecord, Kalah};
/// let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
/// assert_eq!(perft(&record, 2), 35);
/// ```
pub fn perft<G: Perft>(record: &GameRecord<G>, depth: u32) -> u64 {
    let mut counter = PerftCounter::<G>::new(depth as usize);
    if G::REPETITION_ENDS_GAME {
        // The keys since the last irreversible move, oldest first, the current one last.
        let positions = record.positions();
        let mut first = positions.len() - 1;
        while first > 0 && !positions[first].resets_repetition(&positions[first - 1]) {
            first -= 1;
        }
        counter
            .history
            .extend(positions[first..].iter().map(|p| p.key().to_u128()));
    }
    if record.is_repetition() {
        return u64::from(G::TERMINAL_IS_LEAF);
    }
    counter.count(&record.current(), depth, 0)
}

/// Perft's working state: one move buffer per ply and, for games with a repetition rule, the
/// stack of keys since the last irreversible move. Nothing is allocated per node.
struct PerftCounter<G: Perft> {
    buffers: Vec<Vec<G::Move>>,
    /// (Keys as 128-bit numbers: two word compares each, the scan's hot loop.)
    history: Vec<u128>,
    /// Where the keys since the last irreversible move start in `history`.
    window: usize,
}

impl<G: Perft> PerftCounter<G> {
    fn new(depth: usize) -> Self {
        PerftCounter {
            buffers: (0..=depth).map(|_| Vec::with_capacity(64)).collect(),
            history: Vec::with_capacity(256 + depth),
            window: 0,
        }
    }

    /// Leaves at most one ply below `position` (bulk counting: no moves are made).
    #[inline(always)]
    fn shallow(position: &G, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = position.move_count();
        if moves == 0 {
            u64::from(G::TERMINAL_IS_LEAF)
        } else {
            moves
        }
    }

    /// Leaves below `position`, which is not a repetition (the caller checked).
    fn count(&mut self, position: &G, depth: u32, ply: usize) -> u64 {
        if depth <= 1 {
            return Self::shallow(position, depth);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.legal_moves(&mut moves);
        let total = if moves.is_empty() {
            u64::from(G::TERMINAL_IS_LEAF)
        } else if G::REPETITION_ENDS_GAME {
            let mut total = 0;
            for &mv in &moves {
                let child = position.play_unchecked(mv);
                total += self.count_with_history(position, &child, depth - 1, ply + 1);
            }
            total
        } else {
            let mut total = 0;
            for &mv in &moves {
                let child = position.play_unchecked(mv);
                total += if depth == 2 {
                    Self::shallow(&child, 1)
                } else {
                    self.count(&child, depth - 1, ply + 1)
                };
            }
            total
        };
        self.buffers[ply] = moves;
        total
    }

    /// Leaves below `child` of `parent`, keeping the repetition history.
    fn count_with_history(&mut self, parent: &G, child: &G, depth: u32, ply: usize) -> u64 {
        let key = child.key().to_u128();
        let saved_window = self.window;
        if child.resets_repetition(parent) {
            self.window = self.history.len();
        } else if self.history[self.window..].contains(&key) {
            return u64::from(G::TERMINAL_IS_LEAF);
        }
        if depth <= 1 {
            // No position below this one is made: the history is not needed.
            self.window = saved_window;
            return Self::shallow(child, depth);
        }
        self.history.push(key);
        let total = self.count(child, depth, ply);
        self.history.pop();
        self.window = saved_window;
        total
    }
}
