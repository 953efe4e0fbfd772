//! How deep a search of a game is cheap: the front ends' default depths.

/// The search depths the front ends start from for one game ([`Evaluators::DEPTHS`]): difficulty
/// levels, the search that judges match openings and the tuner's deepest depth. Each is in
/// plies; a front end's own flags override them.
///
/// A game sets only what differs from [`Depths::DEFAULT`]:
///
/// ```
/// use ponder::games::Depths;
/// const DEEPER: Depths = Depths { medium: 12, ..Depths::DEFAULT };
/// assert_eq!(DEEPER.easy, Depths::DEFAULT.easy);
/// ```
///
/// [`Evaluators::DEPTHS`]: crate::eval::Evaluators::DEPTHS
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Depths {
    /// The `easy` level's depth (with random choice among equal-best moves).
    pub easy: u32,
    /// The `medium` level's depth, also the budget of a searching player given none: answers
    /// in well under a tenth of a second on a desktop core.
    pub medium: u32,
    /// The depth of the quick search that picks the most even of a match's random openings
    /// (`ponder match --balance-depth`, `ponder tune`).
    pub balance: u32,
    /// The deepest depth `ponder tune` measures (`--max-depth`).
    pub tune: u32,
}

impl Depths {
    /// The defaults: easy 2, medium 8, balance 6, tune 12.
    pub const DEFAULT: Depths = Depths {
        easy: 2,
        medium: 8,
        balance: 6,
        tune: 12,
    };
}

impl Default for Depths {
    fn default() -> Depths {
        Depths::DEFAULT
    }
}
