//! The Universal Ataxx Interface's commands, read from one line of text.
//!
//! UAI is UCI with `uai`/`uaiok`. Parsing never panics: a line that is not a command, or a
//! command with malformed arguments, is an error that says what was wrong (the session notes
//! it on standard error and carries on).

use crate::engine::{Clock, Limits, movetime_less_overhead};
use crate::games::Seat;
use std::time::Duration;

/// The parameters of `go`. Negative clock times (a GUI that lets a clock run below zero) are
/// read as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// The limits `go` sets directly: `depth`, `nodes`, `movetime` (as sent, before the
    /// overhead is kept back) and `infinite`.
    pub fixed: Limits,
    /// Each player's clock, by seat: x's (the first player's: UAI's `btime`, `binc`) first,
    /// then o's (`wtime`, `winc`).
    pub clocks: [SideClock; 2],
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Think on the opponent's time, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Words that were not understood (noted, then ignored), e.g. `simulations 100`.
    pub ignored: Vec<String>,
    /// Parameters whose value was missing or not a number (noted, then ignored).
    pub malformed: Vec<String>,
}

/// One player's clock as `go` gives it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SideClock {
    /// Its remaining time: UAI's `btime` for x, `wtime` for o.
    pub time: Option<Duration>,
    /// Its increment: `binc` for x, `winc` for o.
    pub increment: Option<Duration>,
}

impl GoParams {
    /// Whether any limit is given (a `go` without one searches until `stop`, as in UCI).
    pub fn has_limit(&self) -> bool {
        self.clocks.iter().any(|clock| clock.time.is_some())
            || self.fixed.movetime.is_some()
            || self.fixed.depth.is_some()
            || self.fixed.nodes.is_some()
    }

    /// The engine's [`Clock`] of `side`, keeping `overhead` for latency, when `go` gives its
    /// time (`movestogo` applies to either side).
    pub fn clock(&self, side: Seat, overhead: Duration) -> Option<Clock> {
        let clock = self.clocks[side.index()];
        Some(Clock {
            remaining: clock.time?,
            increment: clock.increment.unwrap_or_default(),
            moves_to_go: self.movestogo,
            overhead,
        })
    }

    /// The engine's limits for this `go` by `side`, keeping `overhead` for latency: the
    /// mover's [`clock`](GoParams::clock) to a budget by the engine's [`Clock`], `movetime`
    /// less the margin of [`movetime_less_overhead`], `depth` and `nodes` as they are.
    /// Infinite when the command sets no limit, or for `go ponder` (`ponderhit` then applies
    /// the clock: call this again with `ponder` off): search until `stop`.
    pub fn limits(&self, side: Seat, overhead: Duration) -> Limits {
        let mut limits = Limits {
            depth: self.fixed.depth,
            nodes: self.fixed.nodes,
            ..Limits::default()
        };
        if self.fixed.infinite || self.ponder || !self.has_limit() {
            limits.infinite = true;
            return limits;
        }
        limits.movetime = self
            .fixed
            .movetime
            .map(|movetime| movetime_less_overhead(movetime, overhead));
        if let Some(clock) = self.clock(side, overhead) {
            let (soft, hard) = clock.budget();
            limits.soft_time = Some(soft);
            limits.hard_time = Some(hard);
        }
        limits
    }
}

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UaiCommand {
    /// `uai`: identify and list the options.
    Uai,
    /// `isready`: answer `readyok` once the engine has taken in every earlier command (at once
    /// while searching: a running search is not waited for).
    IsReady,
    /// `uainewgame`: forget the last game.
    NewGame,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `position startpos|fen <fen> [moves <m>...]`.
    Position {
        /// The FEN, `None` for `startpos`.
        fen: Option<String>,
        /// Moves to play from it.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`: the opponent played the move being pondered.
    PonderHit,
    /// `quit`.
    Quit,
    /// `perft <depth>`: count the leaves (a debugging aid python-ataxx can send).
    Perft(u32),
    /// `debug on|off` and other commands that need no answer.
    Ignored(String),
    /// An empty line.
    Empty,
}

/// Reads one line. `Err` says what is wrong with it.
pub fn parse_command(line: &str) -> Result<UaiCommand, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(UaiCommand::Empty);
    };
    match first {
        "uai" => Ok(UaiCommand::Uai),
        "isready" => Ok(UaiCommand::IsReady),
        "uainewgame" => Ok(UaiCommand::NewGame),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map(UaiCommand::Go),
        "stop" => Ok(UaiCommand::Stop),
        "ponderhit" => Ok(UaiCommand::PonderHit),
        "quit" => Ok(UaiCommand::Quit),
        "perft" => match rest {
            [depth] => depth
                .parse::<u32>()
                .ok()
                .filter(|d| *d <= 32)
                .map(UaiCommand::Perft)
                .ok_or_else(|| format!("perft {depth}: expected a depth from 0 to 32")),
            _ => Err("perft takes one depth".to_string()),
        },
        "debug" | "register" => Ok(UaiCommand::Ignored(first.to_string())),
        other => Err(format!("unknown command {:?}", truncate(other))),
    }
}

/// At most 40 characters of `text`, for messages.
fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}

fn parse_setoption(rest: &[&str]) -> Result<UaiCommand, String> {
    let ["name", tail @ ..] = rest else {
        return Err("setoption: expected `setoption name <name> [value <value>]`".to_string());
    };
    let split = tail.iter().position(|&w| w == "value");
    let (name_words, value_words) = match split {
        Some(index) => (&tail[..index], Some(&tail[index + 1..])),
        None => (tail, None),
    };
    if name_words.is_empty() {
        return Err("setoption: the option's name is missing".to_string());
    }
    Ok(UaiCommand::SetOption {
        name: name_words.join(" "),
        value: value_words.map(|words| words.join(" ")),
    })
}

fn parse_position(rest: &[&str]) -> Result<UaiCommand, String> {
    let moves_at = rest.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(index) => (&rest[..index], &rest[index + 1..]),
        None => (rest, &[][..]),
    };
    let fen = match head {
        ["startpos"] => None,
        ["fen", fen @ ..] if !fen.is_empty() => Some(fen.join(" ")),
        ["fen"] => return Err("position fen: the FEN is missing".to_string()),
        _ => {
            return Err(
                "position: expected `position startpos|fen <fen> [moves <move>...]`".to_string(),
            );
        }
    };
    Ok(UaiCommand::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_go(rest: &[&str]) -> Result<GoParams, String> {
    let mut params = GoParams::default();
    let mut words = rest.iter().copied().peekable();
    while let Some(word) = words.next() {
        let known = matches!(
            word,
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth" | "nodes"
        );
        if known {
            // A value that is not a number is noted and skipped: `go` still gets its answer.
            let value = words.next_if(|w| parse_number(w).is_some());
            let Some(value) = value.and_then(parse_number) else {
                params.malformed.push(word.to_string());
                continue;
            };
            // Times are capped at about 35 years: deadlines must stay representable.
            let time = Some(Duration::from_millis(value.clamp(0, MAX_TIME_MS) as u64));
            // UAI names x (the first player) `b` and o `w`, as UCI names its colours.
            let [x, o] = &mut params.clocks;
            match word {
                "btime" => x.time = time,
                "wtime" => o.time = time,
                "binc" => x.increment = time,
                "winc" => o.increment = time,
                "movestogo" => params.movestogo = Some(value.clamp(0, 10_000) as u32),
                "movetime" => params.fixed.movetime = time,
                "depth" => params.fixed.depth = Some(value.clamp(1, 1000) as u32),
                _ => params.fixed.nodes = Some(value.max(1) as u64),
            }
            continue;
        }
        match word {
            "infinite" => params.fixed.infinite = true,
            "ponder" => params.ponder = true,
            other => {
                // An unknown parameter and its value, if it has one (`simulations 100`).
                let mut ignored = truncate(other);
                if let Some(value) = words.next_if(|w| parse_number(w).is_some()) {
                    ignored = format!("{ignored} {value}");
                }
                params.ignored.push(ignored);
            }
        }
    }
    Ok(params)
}

/// The largest time a `go` parameter is read as, in milliseconds (2^40 ms, about 35 years).
const MAX_TIME_MS: i64 = 1 << 40;

/// A whole number, or a decimal one rounded down (some clients send fractional
/// milliseconds); `None` for anything else.
fn parse_number(text: &str) -> Option<i64> {
    if let Ok(value) = text.parse::<i64>() {
        return Some(value);
    }
    let value = text.parse::<f64>().ok().filter(|v| v.is_finite())?;
    Some(value.floor().clamp(i64::MIN as f64, i64::MAX as f64) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    /// `time` ms left, no increment.
    fn side_clock(time: u64) -> SideClock {
        SideClock {
            time: Some(Duration::from_millis(time)),
            increment: None,
        }
    }

    #[test]
    fn the_movers_clock_is_used() {
        let params = GoParams {
            clocks: [side_clock(60_000), side_clock(1_000)],
            ..GoParams::default()
        };
        let overhead = Duration::from_millis(30);
        let x = params.limits(Seat::FIRST, overhead);
        let o = params.limits(Seat::SECOND, overhead);
        assert!(x.hard_time > o.hard_time);
        assert!(ms(o.hard_time.unwrap()) <= 500);
        // 60 s less 30 ms over the 20 moves assumed: 2998 ms, three times that at most.
        assert_eq!(x.soft_time.map(ms), Some(2_998));
        assert_eq!(x.hard_time.map(ms), Some(8_994));
    }

    #[test]
    fn movetime_keeps_a_margin_and_go_alone_is_infinite() {
        let overhead = Duration::from_millis(30);
        let params = GoParams {
            fixed: Limits::movetime(Duration::from_millis(100)),
            ..GoParams::default()
        };
        assert_eq!(
            params.limits(Seat::FIRST, overhead).movetime,
            Some(Duration::from_millis(90))
        );
        assert!(GoParams::default().limits(Seat::FIRST, overhead).infinite);
        let depth = GoParams {
            fixed: Limits::depth(4),
            ..GoParams::default()
        };
        let limits = depth.limits(Seat::SECOND, overhead);
        assert_eq!(limits.depth, Some(4));
        assert!(!limits.infinite);
        let ponder = GoParams {
            clocks: [side_clock(1_000), SideClock::default()],
            ponder: true,
            ..GoParams::default()
        };
        assert!(ponder.limits(Seat::FIRST, overhead).infinite);
    }

    #[test]
    fn commands_are_read() {
        assert_eq!(parse_command("uai"), Ok(UaiCommand::Uai));
        assert_eq!(parse_command("  isready  "), Ok(UaiCommand::IsReady));
        assert_eq!(parse_command(""), Ok(UaiCommand::Empty));
        assert_eq!(
            parse_command("setoption name Hash value 32"),
            Ok(UaiCommand::SetOption {
                name: "Hash".into(),
                value: Some("32".into())
            })
        );
        assert_eq!(
            parse_command("setoption name Move Overhead value 10"),
            Ok(UaiCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("10".into())
            })
        );
        assert_eq!(
            parse_command("position fen x5o/7/7/7/7/7/o5x x 0 1 moves g2 a1a3"),
            Ok(UaiCommand::Position {
                fen: Some("x5o/7/7/7/7/7/o5x x 0 1".into()),
                moves: vec!["g2".into(), "a1a3".into()]
            })
        );
        assert_eq!(
            parse_command("position startpos"),
            Ok(UaiCommand::Position {
                fen: None,
                moves: vec![]
            })
        );
        let Ok(UaiCommand::Go(go)) =
            parse_command("go btime 1000 wtime -20 binc 100 winc 100 nodes 5 simulations 5")
        else {
            panic!("go not read");
        };
        let ms = Duration::from_millis;
        assert_eq!(
            go.clocks,
            [
                SideClock {
                    time: Some(ms(1000)),
                    increment: Some(ms(100))
                },
                SideClock {
                    time: Some(ms(0)),
                    increment: Some(ms(100))
                }
            ]
        );
        assert_eq!(go.fixed.nodes, Some(5));
        assert_eq!(go.ignored, vec!["simulations 5".to_string()]);
        let Ok(UaiCommand::Go(go)) = parse_command("go wtime 2640.85 btime x depth") else {
            panic!("go not read");
        };
        assert_eq!(go.clocks[1].time, Some(ms(2640)));
        assert_eq!(go.malformed, vec!["btime".to_string(), "depth".to_string()]);
    }

    #[test]
    fn malformed_commands_are_errors() {
        for bad in [
            "position",
            "position fen",
            "position banana",
            "setoption",
            "setoption name",
            "setoption value 3",
            "perft",
            "perft -1",
            "fly",
        ] {
            assert!(parse_command(bad).is_err(), "{bad:?}");
        }
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Words a UAI line is likely to contain, to reach deep into the parser.
    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("uai".to_string()),
            Just("go".to_string()),
            Just("position".to_string()),
            Just("fen".to_string()),
            Just("startpos".to_string()),
            Just("moves".to_string()),
            Just("setoption".to_string()),
            Just("name".to_string()),
            Just("value".to_string()),
            Just("wtime".to_string()),
            Just("btime".to_string()),
            Just("movestogo".to_string()),
            Just("depth".to_string()),
            Just("infinite".to_string()),
            Just("perft".to_string()),
            "-?[0-9]{0,25}(\\.[0-9]{0,5})?",
            "\\PC{0,12}",
        ]
    }

    proptest! {
        #[test]
        fn any_line_parses_or_errs_without_panicking(line in "\\PC{0,200}") {
            let _ = parse_command(&line);
        }

        #[test]
        fn command_like_lines_parse_or_err_without_panicking(words in prop::collection::vec(word(), 0..12)) {
            let line = words.join(" ");
            if let Ok(UaiCommand::Go(go)) = parse_command(&line) {
                // Whatever was read is in range, and the budget made of it is sound.
                prop_assert!(go.fixed.depth.is_none_or(|d| (1..=1000).contains(&d)));
                prop_assert!(go.fixed.nodes.is_none_or(|n| n >= 1));
                for side in [Seat::FIRST, Seat::SECOND] {
                    let limits = go.limits(side, Duration::from_millis(30));
                    let start = std::time::Instant::now();
                    for deadline in [limits.soft_time, limits.hard_time, limits.movetime].into_iter().flatten() {
                        prop_assert!(start.checked_add(deadline).is_some());
                        prop_assert!(limits.soft_time <= limits.hard_time || limits.hard_time.is_none());
                    }
                }
            }
        }
    }
}
