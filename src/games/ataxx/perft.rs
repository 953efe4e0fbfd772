//! A perft specialised for Ataxx: the counts of [`crate::perft`] (libataxx's convention),
//! with moves visited straight from the bitboards instead of collected in lists.

use super::Ataxx;
use crate::games::Perft;

impl Perft for Ataxx {
    /// libataxx's convention: a finished game has no moves (it counts nothing), a forced pass
    /// is one move.
    const TERMINAL_IS_LEAF: bool = false;

    /// Bulk counting with bit counts, no move list.
    #[inline]
    fn move_count(&self) -> u64 {
        self.count_moves()
    }
}

/// The number of leaves `depth` plies below `position`, libataxx's way: a finished game has
/// no moves, a forced pass is one move, the last ply is counted from bit counts.
///
/// ```
/// use ponder::games::ataxx::{perft, Ataxx};
/// use ponder::Game;
/// let start = Ataxx::start(&Default::default()).unwrap();
/// assert_eq!(perft(&start, 4), 155_888);
/// ```
pub fn perft(position: &Ataxx, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the popcnt instruction, checked just above.
            return unsafe { count_popcnt(position, depth) };
        }
    }
    count(position, depth)
}

/// Leaves below `position`, `depth` >= 1, recursing through `recurse`.
#[inline(always)]
fn count_with(position: &Ataxx, depth: u32, recurse: impl Fn(&Ataxx, u32) -> u64) -> u64 {
    if depth == 1 {
        return position.count_moves_portable();
    }
    let mut total = 0;
    position.for_each_move(|mv| total += recurse(&position.apply(mv), depth - 1));
    total
}

/// Leaves below `position`, `depth` >= 1, with the build's popcount.
fn count(position: &Ataxx, depth: u32) -> u64 {
    count_with(position, depth, count)
}

/// Leaves below `position`, `depth` >= 1, compiled with the popcnt instruction (a baseline
/// x86-64 build counts bits by arithmetic, about 1.6 times slower here).
///
/// # Safety
/// The CPU must have the popcnt instruction.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
unsafe fn count_popcnt(position: &Ataxx, depth: u32) -> u64 {
    // SAFETY: this function runs only where popcnt exists, so its recursion may use it too.
    count_with(position, depth, |child, depth| unsafe {
        count_popcnt(child, depth)
    })
}
