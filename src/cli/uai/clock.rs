//! Time management: from a `go` command's clocks to a search budget that never loses on time.
//!
//! The clock a move is charged to is the mover's: `btime`/`binc` for x (the first player),
//! `wtime`/`winc` for o. The budget is a soft target (no new iteration after it) and a hard
//! limit (the search unwinds at it, within a few milliseconds). The hard limit always leaves
//! the move overhead (pipe and GUI latency) and at least half the clock untouched unless it is
//! the last move before the time control, so the clock can never run out: the increment only
//! ever adds.

use super::protocol::GoParams;
use crate::games::Seat;
use crate::players::Limits;
use std::time::Duration;

/// Moves assumed left in the game when the GUI does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u64 = 20;

/// The budget for a `go` by `side`, with `overhead_ms` kept for latency. Infinite limits
/// when the command sets none, or for `go ponder` (`ponderhit` then applies the clock: call
/// this again without `ponder`): search until `stop`.
///
/// For example, 10 s left and 100 ms increment: about 0.6 s a move, never more than 1.8 s.
pub fn go_limits(params: &GoParams, side: Seat, overhead_ms: u64) -> Limits {
    let mut limits = Limits {
        depth: params.depth,
        nodes: params.nodes,
        ..Limits::default()
    };
    if params.infinite || params.ponder {
        // Pondering searches until ponderhit (then the clock applies) or stop.
        limits.infinite = true;
        return limits;
    }
    if let Some(movetime) = params.movetime {
        // Keep a tenth (at most the overhead) for latency.
        let keep = (movetime / 10).min(overhead_ms);
        limits.movetime = Some(Duration::from_millis(movetime.saturating_sub(keep).max(1)));
    }
    let (time, increment) = if side == Seat::FIRST {
        (params.btime, params.binc)
    } else {
        (params.wtime, params.winc)
    };
    if let Some(time) = time {
        let (soft, hard) =
            clock_budget(time, increment.unwrap_or(0), params.movestogo, overhead_ms);
        limits.soft_time = Some(soft);
        limits.hard_time = Some(hard);
    }
    if !params.has_limit() {
        limits.infinite = true;
    }
    limits
}

/// The soft target and the hard limit for one move with `time` ms on the clock, `increment`
/// ms added after the move, `movestogo` moves to the next time control (if any).
pub fn clock_budget(
    time: u64,
    increment: u64,
    movestogo: Option<u32>,
    overhead_ms: u64,
) -> (Duration, Duration) {
    // What may be spent at all: the clock less the overhead (at most half the clock).
    let available = time.saturating_sub(overhead_ms.min(time / 2));
    let moves_to_go = movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| u64::from(m).max(1));
    // The most one move may take: all but a tenth on the last move before the control,
    // otherwise half of what is available.
    let cap = if moves_to_go == 1 {
        available / 10 * 9
    } else {
        available / 2
    };
    let share = (available / moves_to_go).saturating_add(increment / 4 * 3);
    let soft = share.min(cap).max(1);
    let hard = share.saturating_mul(3).min(cap).max(soft).max(1);
    (Duration::from_millis(soft), Duration::from_millis(hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    #[test]
    fn the_movers_clock_is_used() {
        let params = GoParams {
            btime: Some(60_000),
            wtime: Some(1_000),
            ..GoParams::default()
        };
        let x = go_limits(&params, Seat::FIRST, 30);
        let o = go_limits(&params, Seat::SECOND, 30);
        assert!(x.hard_time > o.hard_time);
        assert!(ms(o.hard_time.unwrap()) <= 500);
    }

    #[test]
    fn the_hard_limit_leaves_the_clock_running() {
        for time in [0, 1, 5, 20, 50, 100, 1_000, 10_000, 300_000] {
            for increment in [0, 10, 100, 1_000] {
                for movestogo in [None, Some(1), Some(2), Some(40)] {
                    let (soft, hard) = clock_budget(time, increment, movestogo, 30);
                    assert!(soft <= hard);
                    // Never more than the clock less a tenth, and never over half of it
                    // unless it is the last move before the control.
                    let limit = if movestogo == Some(1) {
                        time * 9 / 10
                    } else {
                        time / 2
                    };
                    assert!(ms(hard) <= limit.max(1), "{time} {increment} {movestogo:?}");
                }
            }
        }
        // Absurd clocks do not overflow.
        let (soft, hard) = clock_budget(u64::MAX, u64::MAX, Some(0), u64::MAX);
        assert!(soft <= hard);
        let (soft, hard) = clock_budget(u64::MAX, u64::MAX, Some(1), 0);
        assert!(soft <= hard);
        // Sudden death 10 s + 0.1 s: about a twentieth of the clock and most of the
        // increment a move, at most three times that.
        let (soft, hard) = clock_budget(10_000, 100, None, 30);
        assert!((500..=650).contains(&ms(soft)), "{soft:?}");
        assert!(ms(hard) <= 2_000);
    }

    #[test]
    fn movetime_keeps_a_margin_and_go_alone_is_infinite() {
        let params = GoParams {
            movetime: Some(100),
            ..GoParams::default()
        };
        assert_eq!(
            go_limits(&params, Seat::FIRST, 30).movetime,
            Some(Duration::from_millis(90))
        );
        assert!(go_limits(&GoParams::default(), Seat::FIRST, 30).infinite);
        let depth = GoParams {
            depth: Some(4),
            ..GoParams::default()
        };
        let limits = go_limits(&depth, Seat::SECOND, 30);
        assert_eq!(limits.depth, Some(4));
        assert!(!limits.infinite);
    }
}
