//! What the transposition table stores for a position, and its 64-bit packing.

/// What a stored value says about the position's true value at the stored depth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The value is at least this (the search failed high: a cut-off).
    Lower,
    /// The value is at most this (every move failed low).
    Upper,
    /// The value is exact.
    Exact,
}

impl Bound {
    /// What a fail-soft search's `value` says about the true value, given the window
    /// (`alpha`, `beta`) it was searched with.
    #[inline]
    pub fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `value` with this bound answers a search with the window (`alpha`,
    /// `beta`): exact, or a bound that falls outside the window.
    #[inline]
    pub fn answers(self, value: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

/// One table entry: a value with its bound, the depth it was searched to, and the best move
/// found, as its index in the position's natural legal-move order (so the table needs no
/// knowledge of the game's move type).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableEntry {
    /// The value, from the side to move's point of view, with decisive scores counted from the
    /// node (see [`crate::search::score::to_table`]).
    pub value: i32,
    /// The remaining depth the value was searched to.
    pub depth: u8,
    /// What the value says.
    pub bound: Bound,
    /// The best (or cut-off) move's index in the natural legal-move order, if any.
    pub move_index: Option<u16>,
}

/// The values of the second to fourth seats that an entry of a [`WideTable`] carries besides
/// its [`TableEntry::value`] (the first seat's): a max-n search stores every seat's value.
/// Narrow tables hold none (zeros).
///
/// [`WideTable`]: super::WideTable
pub type MoreValues = [i16; 3];

/// [`MoreValues`] in 48 bits.
#[inline]
pub(crate) fn pack_more(more: MoreValues) -> u64 {
    more.iter().enumerate().fold(0, |bits, (i, &value)| {
        bits | u64::from(value as u16) << (16 * i)
    })
}

/// The [`MoreValues`] packed in the low 48 bits of `bits`.
#[inline]
pub(crate) fn unpack_more(bits: u64) -> MoreValues {
    std::array::from_fn(|i| (bits >> (16 * i)) as u16 as i16)
}

/// The move index that means "no move" in the packed form.
const NO_MOVE: u64 = 0xFFFF;

impl TableEntry {
    /// Packs the entry with its generation into 64 bits: value (32), depth (8), move (16),
    /// bound (2, never 0: 0 marks an empty slot), generation (6).
    #[inline]
    pub(crate) fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let mv = self.move_index.map_or(NO_MOVE, u64::from);
        (self.value as u32 as u64)
            | (u64::from(self.depth) << 32)
            | (mv << 40)
            | (bound << 56)
            | (u64::from(generation & GENERATION_MASK) << 58)
    }

    /// The entry packed in `data`, or `None` for an empty slot.
    #[inline]
    pub(crate) fn unpack(data: u64) -> Option<TableEntry> {
        let bound = match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let mv = (data >> 40) & 0xFFFF;
        Some(TableEntry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            move_index: (mv != NO_MOVE).then_some(mv as u16),
        })
    }
}

/// Generations wrap at 64.
pub(crate) const GENERATION_MASK: u8 = 0x3F;

/// The generation of a packed entry.
#[inline]
pub(crate) fn packed_generation(data: u64) -> u8 {
    (data >> 58) as u8 & GENERATION_MASK
}

/// The depth of a packed entry.
#[inline]
pub(crate) fn packed_depth(data: u64) -> u8 {
    (data >> 32) as u8
}

/// Whether a packed word holds an entry.
#[inline]
pub(crate) fn packed_is_used(data: u64) -> bool {
    (data >> 56) & 3 != 0
}

/// How many generations old `data` is when the table is at `current`.
#[inline]
pub(crate) fn packed_age(data: u64, current: u8) -> u8 {
    current.wrapping_sub(packed_generation(data)) & GENERATION_MASK
}

/// Whether a new entry should replace the one stored for the same key: deeper or exact results
/// and results of the current search win; a much shallower bound does not evict a deep one.
#[inline]
pub(crate) fn replaces_same_key(old: u64, new: &TableEntry, current: u8) -> bool {
    new.bound == Bound::Exact
        || packed_age(old, current) != 0
        || u32::from(new.depth) + 2 >= u32::from(packed_depth(old))
}

/// `new`, keeping the move of the `old` entry for the same key when `new` has none (a node where
/// every move failed low learns no move, but an earlier search's move is still the best guess).
#[inline]
pub(crate) fn keep_move(old: u64, new: TableEntry) -> TableEntry {
    if new.move_index.is_some() {
        return new;
    }
    TableEntry {
        move_index: TableEntry::unpack(old).and_then(|e| e.move_index),
        ..new
    }
}

/// How much a slot is worth keeping when a new key needs room: empty slots are worth nothing,
/// old generations lose eight plies of depth per generation.
#[inline]
pub(crate) fn keep_worth(data: u64, current: u8) -> i32 {
    if !packed_is_used(data) {
        return i32::MIN;
    }
    i32::from(packed_depth(data)) - 8 * i32::from(packed_age(data, current))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for (value, depth, bound, mv) in [
            (0, 0, Bound::Exact, None),
            (-1, 255, Bound::Lower, Some(0)),
            (i32::MAX, 7, Bound::Upper, Some(0xFFFE)),
            (i32::MIN, 1, Bound::Exact, Some(3)),
        ] {
            let entry = TableEntry {
                value,
                depth,
                bound,
                move_index: mv,
            };
            let packed = entry.pack(45);
            assert_eq!(TableEntry::unpack(packed), Some(entry));
            assert_eq!(packed_generation(packed), 45);
            assert!(packed_is_used(packed));
        }
        assert_eq!(TableEntry::unpack(0), None);
    }

    #[test]
    fn more_values_round_trip() {
        for more in [[0, 0, 0], [-1, 1, i16::MIN], [i16::MAX, -3049, 3049]] {
            assert_eq!(unpack_more(pack_more(more)), more);
            assert_eq!(pack_more(more) >> 48, 0);
        }
    }

    #[test]
    fn replacement_prefers_deep_and_recent() {
        let shallow = TableEntry {
            value: 0,
            depth: 2,
            bound: Bound::Lower,
            move_index: None,
        };
        let deep = TableEntry {
            depth: 9,
            ..shallow
        };
        assert!(!replaces_same_key(deep.pack(3), &shallow, 3));
        assert!(replaces_same_key(deep.pack(2), &shallow, 3));
        assert!(replaces_same_key(shallow.pack(3), &deep, 3));
        assert!(keep_worth(deep.pack(3), 3) > keep_worth(shallow.pack(3), 3));
        assert!(keep_worth(deep.pack(1), 3) < keep_worth(shallow.pack(3), 3));
        assert!(keep_worth(0, 3) < keep_worth(shallow.pack(0), 3));
    }
}
