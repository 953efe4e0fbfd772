//! The keys a repetition can return to, kept as a stack along the search path, for games whose
//! rules end on a repeated position ([`Game::REPETITION_ENDS_GAME`]).

use crate::games::{Game, GameRecord, Key};

/// Keys of the positions on the path from the game's last irreversible move to the current
/// node, oldest first; `window` is where the keys a repetition can reach start (an irreversible
/// move inside the search path moves it up).
#[derive(Clone, Debug, Default)]
pub(crate) struct RepetitionStack {
    keys: Vec<Key>,
    window: usize,
}

impl RepetitionStack {
    /// A stack with room for a long game plus a deep search: no allocation while searching.
    pub(crate) fn new() -> RepetitionStack {
        RepetitionStack {
            keys: Vec::with_capacity(1024),
            window: 0,
        }
    }

    /// Resets the stack to the record's history since its last irreversible move, the
    /// current position's key last.
    pub(crate) fn reset_from_record<G: Game>(&mut self, record: &GameRecord<G>) {
        self.keys.clear();
        self.window = 0;
        if !G::REPETITION_ENDS_GAME {
            return;
        }
        let positions = record.positions();
        let mut first = positions.len() - 1;
        while first > 0 && !positions[first].resets_repetition(&positions[first - 1]) {
            first -= 1;
        }
        self.keys.extend(positions[first..].iter().map(Game::key));
    }

    /// Resets the stack to `history` (the keys before the position, since the last
    /// irreversible move, oldest first) followed by the position's own key.
    pub(crate) fn reset_from_keys(&mut self, history: &[Key], current: Key) {
        self.keys.clear();
        self.window = 0;
        self.keys.extend_from_slice(history);
        self.keys.push(current);
    }

    /// Enters `child` (reached from `parent`, with key `key`): `None` when the child repeats a
    /// position in the window (the game ends there), otherwise the saved window to hand back
    /// to [`RepetitionStack::leave`].
    #[inline]
    pub(crate) fn enter<G: Game>(&mut self, parent: &G, child: &G, key: Key) -> Option<usize> {
        let saved = self.window;
        if child.resets_repetition(parent) {
            self.window = self.keys.len();
        } else if self.keys[self.window..].contains(&key) {
            return None;
        }
        self.keys.push(key);
        Some(saved)
    }

    /// Leaves the node entered last.
    #[inline]
    pub(crate) fn leave(&mut self, saved: usize) {
        self.keys.pop();
        self.window = saved;
    }

    /// Whether no earlier position can be repeated below the current node: its value then
    /// depends on the position alone, not on the path (the table may store and use it even in
    /// exact mode).
    #[inline]
    pub(crate) fn is_fresh(&self) -> bool {
        self.keys.len() <= self.window + 1
    }
}
