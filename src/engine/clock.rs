//! Time management: from a clock (time left, increment, moves to the next time control) to a
//! search budget that never loses on time; and the margin a fixed move time keeps.
//!
//! The budget is a soft target (no new iteration after it) and a hard limit (the search
//! unwinds at it, within a few milliseconds). The hard limit always leaves the move overhead
//! (pipe and GUI latency) and at least half the clock untouched unless it is the last move
//! before the time control, so the clock can never run out: the increment only ever adds.

use crate::search::Limits;
use std::time::Duration;

/// Moves assumed left in the game when the clock does not say ([`Clock::moves_to_go`]).
pub const DEFAULT_MOVES_TO_GO: u32 = 20;

/// The time kept back for latency (pipe, GUI, the process) unless a front end says otherwise
/// (UAI's `MoveOverhead`).
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// The mover's clock at a move: what a front end knows of the time (UCI's
/// `wtime`/`btime`/`winc`/`binc`/`movestogo`, for the side to move), and the overhead it keeps
/// for latency.
///
/// ```
/// use ponder::engine::Clock;
/// use std::time::Duration;
///
/// // 10 s left, 100 ms added a move: about 0.6 s a move, never more than 1.8 s.
/// let clock = Clock::new(Duration::from_secs(10), Duration::from_millis(100));
/// let (soft, hard) = clock.budget();
/// assert_eq!(soft, Duration::from_millis(573));
/// assert_eq!(hard, Duration::from_millis(1_719));
/// assert_eq!(clock.limits().hard_deadline(), Some(hard));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub remaining: Duration,
    /// Time added to it after the move.
    pub increment: Duration,
    /// Moves until the next time control, this one included (`None`: sudden death, or not
    /// said: [`DEFAULT_MOVES_TO_GO`] are assumed). 0 is read as 1.
    pub moves_to_go: Option<u32>,
    /// Time kept back for latency: at most half the clock is kept.
    pub overhead: Duration,
}

impl Clock {
    /// `remaining` on the clock and `increment` a move, sudden death, with the
    /// [`DEFAULT_MOVE_OVERHEAD`].
    pub fn new(remaining: Duration, increment: Duration) -> Clock {
        Clock {
            remaining,
            increment,
            moves_to_go: None,
            overhead: DEFAULT_MOVE_OVERHEAD,
        }
    }

    /// The soft target and the hard limit of this move, counted from when the clock was read.
    /// Whole milliseconds: finer parts of the clock are dropped.
    pub fn budget(&self) -> (Duration, Duration) {
        let time = millis(self.remaining);
        let overhead = millis(self.overhead);
        // What may be spent at all: the clock less the overhead (at most half the clock).
        let available = time.saturating_sub(overhead.min(time / 2));
        let moves_to_go = u64::from(self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1));
        // The most one move may take: all but a tenth on the last move before the control,
        // otherwise half of what is available.
        let cap = if moves_to_go == 1 {
            available / 10 * 9
        } else {
            available / 2
        };
        let share = (available / moves_to_go).saturating_add(millis(self.increment) / 4 * 3);
        let soft = share.min(cap).max(1);
        let hard = share.saturating_mul(3).min(cap).max(soft).max(1);
        (Duration::from_millis(soft), Duration::from_millis(hard))
    }

    /// The [`budget`](Clock::budget) as search limits: [`Limits::time`].
    pub fn limits(&self) -> Limits {
        let (soft, hard) = self.budget();
        Limits::time(soft, hard)
    }
}

/// A fixed move time less the latency margin: a tenth of it, at most `overhead`, and at least
/// 1 ms left to think.
///
/// ```
/// use ponder::engine::movetime_less_overhead;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// assert_eq!(movetime_less_overhead(ms(100), ms(30)), ms(90));
/// assert_eq!(movetime_less_overhead(ms(1_000), ms(30)), ms(970));
/// ```
pub fn movetime_less_overhead(movetime: Duration, overhead: Duration) -> Duration {
    let movetime = millis(movetime);
    let keep = (movetime / 10).min(millis(overhead));
    Duration::from_millis(movetime.saturating_sub(keep).max(1))
}

/// Whole milliseconds of `time`, saturating.
fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    /// The budget of `time` ms with `increment` ms a move, `moves_to_go`, `overhead` ms kept.
    fn budget(time: u64, increment: u64, moves_to_go: Option<u32>, overhead: u64) -> (u64, u64) {
        let clock = Clock {
            remaining: Duration::from_millis(time),
            increment: Duration::from_millis(increment),
            moves_to_go,
            overhead: Duration::from_millis(overhead),
        };
        let (soft, hard) = clock.budget();
        (ms(soft), ms(hard))
    }

    #[test]
    fn the_hard_limit_leaves_the_clock_running() {
        for time in [0, 1, 5, 20, 50, 100, 1_000, 10_000, 300_000] {
            for increment in [0, 10, 100, 1_000] {
                for movestogo in [None, Some(1), Some(2), Some(40)] {
                    let (soft, hard) = budget(time, increment, movestogo, 30);
                    assert!(soft <= hard);
                    // Never more than the clock less a tenth, and never over half of it
                    // unless it is the last move before the control.
                    let limit = if movestogo == Some(1) {
                        time * 9 / 10
                    } else {
                        time / 2
                    };
                    assert!(hard <= limit.max(1), "{time} {increment} {movestogo:?}");
                }
            }
        }
        // Absurd clocks do not overflow.
        let (soft, hard) = budget(u64::MAX, u64::MAX, Some(0), u64::MAX);
        assert!(soft <= hard);
        let (soft, hard) = budget(u64::MAX, u64::MAX, Some(1), 0);
        assert!(soft <= hard);
        let huge = Clock::new(Duration::MAX, Duration::MAX).budget();
        assert!(huge.0 <= huge.1);
        // Sudden death 10 s + 0.1 s: about a twentieth of the clock and most of the
        // increment a move, at most three times that.
        let (soft, hard) = budget(10_000, 100, None, 30);
        assert!((500..=650).contains(&soft), "{soft}");
        assert!(hard <= 2_000);
    }

    #[test]
    fn the_budget_is_the_share_of_the_moves_left() {
        // 10 s less 30 ms over 20 moves: 498 ms, three times that at most.
        assert_eq!(budget(10_000, 0, None, 30), (498, 1_494));
        // The last move before the control may take all but a tenth of what is available.
        assert_eq!(budget(1_000, 0, Some(1), 100), (810, 810));
        // Two moves to go: half each at most.
        assert_eq!(budget(1_000, 0, Some(2), 0), (500, 500));
        // With no time at all, a millisecond (the search answers its first iteration).
        assert_eq!(budget(0, 0, None, 30), (1, 1));
    }

    #[test]
    fn a_movetime_keeps_a_tenth_at_most_the_overhead() {
        let ms = Duration::from_millis;
        assert_eq!(movetime_less_overhead(ms(100), ms(30)), ms(90));
        assert_eq!(movetime_less_overhead(ms(5_000), ms(30)), ms(4_970));
        assert_eq!(movetime_less_overhead(ms(1), ms(30)), ms(1));
        assert_eq!(movetime_less_overhead(ms(0), ms(30)), ms(1));
    }
}
