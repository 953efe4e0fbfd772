//! A perft specialised for Ataxx: the counts of [`crate::perft`] (libataxx's convention),
//! with moves visited straight from the bitboards instead of collected in lists.

use super::Ataxx;

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
    match depth {
        0 => 1,
        _ => count(position, depth),
    }
}

/// Leaves below `position`, `depth` >= 1.
fn count(position: &Ataxx, depth: u32) -> u64 {
    if depth == 1 {
        return position.count_moves();
    }
    let mut total = 0;
    position.for_each_move(|mv| total += count(&position.apply(mv), depth - 1));
    total
}
