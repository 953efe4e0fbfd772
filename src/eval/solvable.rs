//! The exact solver's view of a game ([`Solvable`]): material in play, what is banked, keys
//! and children, implemented in the game's folder (Kalah: `games/kalah/solvable.rs`) and
//! searched by `crate::search::solve::Solver`.

use crate::games::GameError;

/// The most moves a position may have (the table keeps a move's index in 4 bits).
pub const MAX_CHILDREN: usize = 15;

/// A game as the solver sees it. Implemented by a small `Copy` value holding the game's
/// configuration and whatever knows positions exactly (an endgame database), read by every
/// thread of a solve.
///
/// The value of a position for its mover is [`Solvable::banked`] plus the *future gain*: what
/// the mover will still win of the material in play minus what the opponent will. The gain
/// must depend on the key alone (not on what is banked or on the path), and lie in
/// `[−s, +s]` for `s` units of material in play.
pub trait Solvable: Copy + Send + Sync {
    /// A position.
    type Position: Copy + Send + Sync;
    /// A move.
    type Move: Copy;
    /// Whether the gain always has the parity of the material in play (Kalah: every seed
    /// goes to one side or the other).
    const PARITY: bool;

    /// Bits of the keys [`Solvable::inspect`] gives (at most the table's).
    fn key_bits(&self) -> u32;

    /// Refuses a position these rules do not describe.
    fn check(&self, position: &Self::Position) -> Result<(), GameError>;

    /// The part of the mover's final margin already decided (Kalah: the store difference).
    fn banked(&self, position: &Self::Position) -> i32;

    /// Whether the game is over.
    fn is_over(&self, position: &Self::Position) -> bool;

    /// The material in play, the gain when it is known without searching, and the key.
    fn inspect(&self, position: &Self::Position) -> Inspected;

    /// Starts loading what [`Solvable::inspect`] of `position` will read from memory (an
    /// endgame database's entry) without waiting, so that the misses of several children
    /// about to be searched overlap. `true` when the position is known exactly (so the solver
    /// does not prefetch its table entry); `false`, doing nothing, by default.
    #[inline]
    fn prefetch(&self, _position: &Self::Position) -> bool {
        false
    }

    /// Positions with less material than this are known exactly ([`Known::Exact`]) when
    /// they are not over: the endgame database's reach (0 without one).
    fn exact_below(&self) -> i32;

    /// Writes the children of `position` into `children` in the game's preferred order
    /// (highest [`Child::order`] first once sorted) and returns their number.
    fn children(
        &self,
        position: &Self::Position,
        children: &mut [Option<Child<Self::Position, Self::Move>>; MAX_CHILDREN],
    ) -> usize;
}

/// What [`Solvable::inspect`] sees of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Inspected {
    /// Material in play: the gain lies in `[−material, +material]`.
    pub material: i32,
    /// The gain, when known without searching.
    pub known: Option<Known>,
    /// The exact table key of the material in play, seen from the mover.
    pub key: u128,
}

/// A gain known without searching.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Known {
    /// The game is over: the gain of what is left.
    Over(i32),
    /// From an endgame database.
    Exact(i32),
}

/// A child of a node: the move, its index among the moves (what the table keeps), the
/// position after it, what the mover banked, whether the mover moves again, and a move
/// ordering hint (higher first).
#[derive(Copy, Clone, Debug)]
pub struct Child<P, M> {
    /// The move.
    pub mv: M,
    /// The move's index, below [`MAX_CHILDREN`] (Kalah: the pit).
    pub index: usize,
    /// The position after the move.
    pub position: P,
    /// What the mover banked by the move.
    pub gained: i32,
    /// Whether the mover moves again.
    pub same_side: bool,
    /// Higher goes first.
    pub order: i32,
}
