//! A fixed-step 60 fps game loop playing the engine against a scripted opponent, the way a
//! game embeds ponder: the loop never waits for the engine; it polls the engine's events
//! once a frame with `try_recv`, sends commands (each a channel send), does its own frame
//! work, and sleeps until the next frame. The engine searches (and ponders while the
//! opponent thinks) on its own thread, pinned to the last core; the loop runs on core 0.
//!
//! At the end it prints percentiles of the frame work time, of the time spent in engine
//! calls per frame, and of the frame start lateness, and the frames over 17 ms with their
//! cause. On Linux every engine call is also watched for blocking: the thread's voluntary
//! context switches during the call (a wait on a lock or a channel) are counted, and its CPU
//! time; a call that takes long on the wall clock without either was preempted by the OS
//! (other processes), not held up by the engine.
//!
//! ```text
//! cargo run --release --example game_loop -- [--auto] [--game kalah] [--seconds 20]
//!     [--movetime 400] [--work-ms 4] [--no-ponder]
//! ```

use ponder::engine::{Engine, EngineConfig, Event, Limits, TieBreak};
use ponder::search::Evaluators;
use ponder::{GameError, GameRecord, GameSpec, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

const FRAME: Duration = Duration::from_nanos(16_666_667);

/// The calling thread's CPU time and voluntary context switches (Linux; zero elsewhere).
#[derive(Copy, Clone, Default)]
struct ThreadClock {
    cpu: Duration,
    voluntary_switches: i64,
}

#[cfg(target_os = "linux")]
fn thread_clock() -> ThreadClock {
    // SAFETY: both calls only write into the structs passed, which are fully initialised.
    unsafe {
        let mut time: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time);
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_THREAD, &mut usage);
        ThreadClock {
            cpu: Duration::new(time.tv_sec as u64, time.tv_nsec as u32),
            voluntary_switches: usage.ru_nvcsw,
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn thread_clock() -> ThreadClock {
    ThreadClock::default()
}

/// What the engine calls of a frame cost the game loop.
#[derive(Copy, Clone, Default)]
struct CallCost {
    wall: Duration,
    cpu: Duration,
    voluntary_switches: i64,
}

/// Runs one engine call, adding what it cost to `cost`.
fn engine_call<T>(cost: &mut CallCost, call: impl FnOnce() -> T) -> T {
    let before = thread_clock();
    let wall = Instant::now();
    let result = call();
    let elapsed = wall.elapsed();
    let after = thread_clock();
    cost.wall += elapsed;
    cost.cpu += after.cpu.saturating_sub(before.cpu);
    cost.voluntary_switches += after.voluntary_switches - before.voluntary_switches;
    result
}

struct Args {
    game: String,
    seconds: f64,
    movetime: u64,
    work_ms: f64,
    ponder: bool,
}

/// Pins the calling thread to the first core it may run on (Linux; elsewhere a no-op).
#[cfg(target_os = "linux")]
fn pin_to_first_core() {
    // SAFETY: an all-zero `cpu_set_t` is a valid empty set; the calls only touch sets we own.
    unsafe {
        let size = std::mem::size_of::<libc::cpu_set_t>();
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 {
            return;
        }
        if let Some(first) = (0..libc::CPU_SETSIZE as usize).find(|&c| libc::CPU_ISSET(c, &allowed))
        {
            let mut only: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(first, &mut only);
            libc::sched_setaffinity(0, size, &only);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn pin_to_first_core() {}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "kalah".to_string(),
        seconds: 20.0,
        movetime: 400,
        work_ms: 4.0,
        ponder: true,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        let number = |text: String| text.parse::<f64>().map_err(|_| format!("{word}: a number"));
        match word.as_str() {
            "--game" => args.game = value()?,
            "--seconds" => args.seconds = number(value()?)?,
            "--movetime" => args.movetime = number(value()?)? as u64,
            "--work-ms" => args.work_ms = number(value()?)?,
            "--no-ponder" => args.ponder = false,
            "--auto" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// Busy work standing in for the game's update and render.
fn frame_work(duration: Duration) {
    let start = Instant::now();
    let mut x = 0u64;
    while start.elapsed() < duration {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn print_row(name: &str, unit: &str, values: &mut [f64]) {
    values.sort_by(f64::total_cmp);
    println!(
        "{name:<28} p50 {:>8.3}  p90 {:>8.3}  p99 {:>8.3}  p99.9 {:>8.3}  max {:>8.3} {unit}",
        percentile(values, 0.5),
        percentile(values, 0.9),
        percentile(values, 0.99),
        percentile(values, 0.999),
        values.last().copied().unwrap_or(0.0)
    );
}

fn run<G: Evaluators>(spec: &GameSpec, args: &Args) -> Result<(), GameError> {
    let config = G::config_from_spec(spec)?;
    let start = G::start(&config)?;
    // The game loop keeps core 0; the engine pins its search thread to the last core.
    pin_to_first_core();
    let engine = Engine::new(
        GameRecord::new(start),
        EngineConfig {
            ponder: args.ponder,
            tie_break: TieBreak::Random { seed: 7 },
            ..EngineConfig::default()
        },
    )
    .map_err(|e| GameError::Position(e.to_string()))?;
    let mut rng = SmallRng::seed_from_u64(7);
    let mut record = GameRecord::new(start);
    let engine_seat = start.side_to_move();
    let mut pending_go: Option<u64> = None;
    // The opponent thinks for a number of frames, then moves.
    let mut opponent_frames_left: Option<u32> = None;
    let mut frame_work_ms = Vec::new();
    let mut engine_call_us = Vec::new();
    let mut engine_cpu_us = Vec::new();
    let mut blocking_calls = 0i64;
    let mut lateness_ms = Vec::new();
    let mut late_frames = Vec::new();
    let mut moves_played = 0;
    let mut games = 1;
    let mut search_frames = 0u64;
    let frames = (args.seconds / FRAME.as_secs_f64()).ceil() as u64;
    let loop_start = Instant::now();
    let mut moves = Vec::new();
    for frame in 0..frames {
        let scheduled = loop_start + FRAME * frame as u32;
        let frame_start = Instant::now();
        lateness_ms.push(
            frame_start
                .saturating_duration_since(scheduled)
                .as_secs_f64()
                * 1e3,
        );
        let mut cost = CallCost::default();
        // 1. Poll the engine: never blocks.
        loop {
            let event = engine_call(&mut cost, || engine.try_recv());
            match event {
                Some(Event::BestMove(best)) if Some(best.id) == pending_go => {
                    pending_go = None;
                    if let Some(mv) = best.mv {
                        engine_call(&mut cost, || engine.send_move(mv));
                        record.try_play(mv)?;
                        moves_played += 1;
                    }
                }
                Some(_) => {}
                None => break,
            }
        }
        // 2. Game logic.
        if record.outcome().is_some() {
            record = GameRecord::new(start);
            engine_call(&mut cost, || engine.send(ponder::engine::Command::NewGame));
            games += 1;
        }
        let to_move = record.current().side_to_move();
        if to_move == engine_seat {
            search_frames += 1;
            if pending_go.is_none() {
                let limits = Limits::movetime(Duration::from_millis(args.movetime));
                pending_go = Some(engine_call(&mut cost, || engine.go(limits)));
            }
        } else {
            let left = opponent_frames_left.get_or_insert_with(|| rng.random_range(20..90));
            if *left == 0 {
                opponent_frames_left = None;
                record.legal_moves(&mut moves);
                if let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) {
                    engine_call(&mut cost, || engine.send_move(mv));
                    record.try_play(mv)?;
                    moves_played += 1;
                }
            } else {
                *left -= 1;
            }
        }
        // 3. The game's own frame work.
        frame_work(Duration::from_secs_f64(args.work_ms / 1e3));
        let work = frame_start.elapsed();
        frame_work_ms.push(work.as_secs_f64() * 1e3);
        engine_call_us.push(cost.wall.as_secs_f64() * 1e6);
        engine_cpu_us.push(cost.cpu.as_secs_f64() * 1e6);
        blocking_calls += cost.voluntary_switches;
        let total = work + frame_start.saturating_duration_since(scheduled);
        if total > Duration::from_millis(17) {
            late_frames.push((frame, total, cost));
        }
        // 4. Wait for the next frame.
        let next = loop_start + FRAME * (frame as u32 + 1);
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        }
    }
    println!(
        "{spec}: {frames} frames at 60 fps, {moves_played} moves in {games} game(s), engine budget {} ms, pondering {}, frame work {} ms; the engine's side to move in {search_frames} frames",
        args.movetime,
        if args.ponder { "on" } else { "off" },
        args.work_ms
    );
    print_row("frame work (ms)", "ms", &mut frame_work_ms);
    print_row("engine calls per frame (us)", "us", &mut engine_call_us);
    print_row("  of which CPU time (us)", "us", &mut engine_cpu_us);
    print_row("frame start lateness (ms)", "ms", &mut lateness_ms);
    // A frame is late because of the engine if its engine calls blocked (a voluntary
    // context switch) or used a millisecond of CPU.
    let by_engine = late_frames
        .iter()
        .filter(|(_, _, cost)| cost.voluntary_switches > 0 || cost.cpu > Duration::from_millis(1))
        .count();
    println!(
        "engine calls that blocked (voluntary context switches inside them): {blocking_calls}"
    );
    println!(
        "frames over 17 ms: {} ({} caused by the engine, {} by the rest of the frame or the OS)",
        late_frames.len(),
        by_engine,
        late_frames.len() - by_engine
    );
    for (frame, total, cost) in late_frames.iter().take(5) {
        println!(
            "  frame {frame}: {:.2} ms late+work, engine calls {:.1} us wall, {:.1} us CPU",
            total.as_secs_f64() * 1e3,
            cost.wall.as_secs_f64() * 1e6,
            cost.cpu.as_secs_f64() * 1e6
        );
    }
    // How fast `stop` is answered: a running search answers its best move, pondering its
    // stopped status.
    let mut think_stop_ms = Vec::new();
    let mut ponder_stop_ms = Vec::new();
    for round in 0..20u64 {
        while engine.try_recv().is_some() {}
        let id = engine.go(Limits::infinite());
        std::thread::sleep(Duration::from_millis(30 + 7 * round));
        let stop = Instant::now();
        engine.stop();
        loop {
            match engine.recv_timeout(Duration::from_secs(5)) {
                Some(Event::BestMove(best)) if best.id == id => {
                    think_stop_ms.push(stop.elapsed().as_secs_f64() * 1e3);
                    break;
                }
                Some(_) => {}
                None => break,
            }
        }
        // Pondering starts when the engine is idle with pondering on.
        engine.set_ponder(true);
        std::thread::sleep(Duration::from_millis(30 + 7 * round));
        let stop = Instant::now();
        engine.stop();
        loop {
            match engine.recv_timeout(Duration::from_secs(5)) {
                Some(Event::Ponder(ponder::engine::PonderInfo::Stopped { .. })) => {
                    ponder_stop_ms.push(stop.elapsed().as_secs_f64() * 1e3);
                    break;
                }
                Some(_) => {}
                None => break,
            }
        }
    }
    print_row("stop -> best move (ms)", "ms", &mut think_stop_ms);
    print_row("stop -> pondering stopped (ms)", "ms", &mut ponder_stop_ms);
    let quit = Instant::now();
    drop(engine);
    println!(
        "engine dropped (threads joined) in {:.2} ms",
        quit.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("game_loop: {message}");
            std::process::exit(2);
        }
    };
    let result = args
        .game
        .parse::<GameSpec>()
        .and_then(|spec| with_game!(spec, G => run::<G>(&spec, &args)));
    if let Err(error) = result {
        eprintln!("game_loop: {error}");
        std::process::exit(1);
    }
}
