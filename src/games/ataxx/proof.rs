//! What Ataxx tells a proof search ([`crate::search::Prover`]): the range of final margins
//! still possible, and when a position is near enough to the end to try.

use super::Ataxx;

/// A search with a time or node budget first tries to prove positions with at most this
/// many empty squares, spending up to half its budget. Within a second the proof finishes on
/// every position with one empty square, most with two and none with three or more
/// (`docs/BENCHMARKS.md`), so trying further from the end would only waste time.
pub const PROOF_EMPTY_SQUARES: u32 = 3;

/// The least and the most final margin (stones of the side to move minus the opponent's,
/// or 0 for the 50-move draw) still possible: every square that is not a blocker may end
/// with either side, so the margin lies within ± their number.
#[inline]
pub(crate) fn margin_bounds(position: &Ataxx) -> (i32, i32) {
    let squares = 49 - position.blockers().bits().count_ones() as i32;
    (-squares, squares)
}

/// Whether a search with a budget should first try to prove `position`.
#[inline]
pub(crate) fn worth_proving(position: &Ataxx) -> bool {
    position.empty_bits().count_ones() <= PROOF_EMPTY_SQUARES
}
