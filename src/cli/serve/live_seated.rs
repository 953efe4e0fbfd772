//! [`LiveSeated`]: a server game of Ataxx for more than two seats (`ataxx:players=N`): the
//! record ([`Played`]) and one [`SeatedEngine`] for every bot at the table, driven without
//! ever waiting for it.
//!
//! The engine runs one job at a time and answers each with one event; the driver polls
//! (`SeatedEngine::try_event`) and asks for stops without waiting. A bot's search runs in
//! slices of [`SLICE`] (each a `go` with the budget left; the table keeps what the earlier
//! slices found, so the next one resumes), and pondering on a person's time too, so that
//! the watchers see the depth, score and nodes as they grow.

use super::OwnedPermit;
use super::bots::{SeatedBot, seated_bot};
use super::live::{Drive, Driven, HintSearch, LiveGame};
use super::played::{Played, PlayedGame};
use super::types::{Hint, Thinking};
use crate::engine::{SeatedEngine, SeatedEvent};
use crate::games::ataxx::seats::AtaxxSeats;
use crate::games::{Game, GameSpec};
use crate::search::Limits;
use crate::search::multi::{MultiAlgorithm, MultiOutcome, MultiSearch};
use rand::seq::IndexedRandom;
use std::time::{Duration, Instant};

/// How long one slice of a search or of pondering runs before the driver reads its progress.
const SLICE: Duration = Duration::from_millis(100);

/// Bytes of one slot of the multi-player table, an upper bound (a 16-byte key, four
/// utilities, depth, bound and move, aligned to 16), to size the table from MiB.
const SLOT_BYTES: usize = 64;

/// The slots of a table of `mib` MiB.
fn table_entries(mib: usize) -> usize {
    (mib.max(1) << 20) / SLOT_BYTES
}

/// A bot's search over its slices.
struct Search {
    seat: usize,
    algorithm: MultiAlgorithm,
    /// The whole search's limits.
    limits: Limits,
    started: Instant,
    nodes: u64,
    /// The latest slice's answer with a move.
    best: Option<MultiOutcome<<AtaxxSeats as Game>::Move>>,
    _slot: OwnedPermit,
}

/// What the engine thread is doing.
enum Job {
    /// Nothing.
    Idle,
    /// A slice of a bot's search.
    Search(Search),
    /// A slice of pondering, started then; whether it was asked to stop.
    Ponder(Instant, bool),
    /// A job no longer wanted, asked to stop: its event is awaited.
    Stopping,
}

/// Pondering's progress over a person's turn.
#[derive(Copy, Clone, Default)]
struct Pondered {
    nodes: u64,
    depth: u32,
    time: Duration,
    /// Pondering ended by itself (every round done): not started again on this turn.
    done: bool,
}

/// A server game of multi-seat Ataxx.
pub struct LiveSeated {
    played: Played<AtaxxSeats>,
    engine: Option<SeatedEngine<AtaxxSeats>>,
    job: Job,
    /// Pondering on the current person's turn.
    pondered: Option<Pondered>,
    /// What was pondered before the last person's move: for the next bot's reply.
    kept: Option<u32>,
}

impl LiveSeated {
    /// A game of `spec` from `position` (`None`: the start), with an engine whose table
    /// takes `engine_mib` MiB if `engine`.
    pub fn new(
        spec: &GameSpec,
        position: Option<&str>,
        engine: bool,
        engine_mib: usize,
    ) -> Result<LiveSeated, String> {
        let played = Played::new(spec, position)?;
        let engine = match engine {
            true => Some(
                SeatedEngine::spawn(table_entries(engine_mib))
                    .map_err(|e| format!("cannot start the engine: {e}"))?,
            ),
            false => None,
        };
        Ok(LiveSeated {
            played,
            engine,
            job: Job::Idle,
            pondered: None,
            kept: None,
        })
    }

    /// Stops the running job, without waiting.
    fn stop(&mut self) {
        if let Some(engine) = &mut self.engine
            && !matches!(self.job, Job::Idle | Job::Stopping)
        {
            engine.request_stop();
            self.job = Job::Stopping;
        }
    }

    /// Reads the engine's events: a search slice's answer (the bot moves when its budget is
    /// spent), a pondering slice's progress.
    fn read_events(&mut self, driven: &mut Driven) {
        while let Some(event) = self.engine.as_mut().and_then(SeatedEngine::try_event) {
            match (std::mem::replace(&mut self.job, Job::Idle), event) {
                (Job::Search(search), SeatedEvent::BestMove(outcome)) => {
                    self.sliced(search, outcome, driven)
                }
                (Job::Ponder(_, asked), SeatedEvent::Pondered { nodes, depth }) => {
                    let pondered = self.pondered.get_or_insert_default();
                    pondered.done = !asked;
                    pondered.nodes += nodes;
                    pondered.depth = pondered.depth.max(depth);
                    pondered.time = self.played.turn_started.elapsed();
                }
                (Job::Stopping, SeatedEvent::Pondered { depth, .. }) if self.kept.is_some() => {
                    self.kept = self.kept.max(Some(depth));
                }
                _ => {}
            }
        }
    }

    /// A search slice answered: go on with the budget left, or play the move found.
    fn sliced(
        &mut self,
        mut search: Search,
        outcome: MultiOutcome<<AtaxxSeats as Game>::Move>,
        driven: &mut Driven,
    ) {
        search.nodes += outcome.nodes;
        if outcome.best.is_some() {
            search.best = Some(outcome);
        }
        let elapsed = search.started.elapsed();
        if let Some(best) = search.best {
            self.played.thinking = Some(Thinking {
                seat: search.seat,
                pondering: false,
                depth: best.depth,
                score: format!("{:+}", best.value),
                pv: best.best.iter().map(ToString::to_string).collect(),
                nodes: search.nodes,
                nps: (search.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
            });
        }
        let limits = &search.limits;
        let time_left = limits.hard_time.map(|t| t.saturating_sub(elapsed));
        let spent = limits.depth.is_some_and(|depth| outcome.depth >= depth)
            || limits.nodes.is_some_and(|nodes| search.nodes >= nodes)
            || time_left.is_some_and(|t| t.is_zero())
            || search.algorithm == MultiAlgorithm::Greedy;
        if !spent && let Some(engine) = &mut self.engine {
            let slice = Limits {
                nodes: limits.nodes.map(|nodes| nodes - search.nodes),
                hard_time: Some(time_left.map_or(SLICE, |t| t.min(SLICE))),
                ..limits.clone()
            };
            if engine.start_go(&self.played.record.current(), search.algorithm, slice) {
                self.job = Job::Search(search);
                return;
            }
        }
        let mv = search
            .best
            .and_then(|b| b.best)
            .or_else(|| self.first_move());
        if let Some(mv) = mv {
            self.bot_moved(search.seat, mv, driven);
        }
    }

    fn first_move(&self) -> Option<<AtaxxSeats as Game>::Move> {
        let mut moves = Vec::new();
        self.played.record.legal_moves(&mut moves);
        moves.first().copied()
    }

    fn bot_moved(&mut self, seat: usize, mv: <AtaxxSeats as Game>::Move, driven: &mut Driven) {
        let kept = self.kept.take();
        let reply = self
            .played
            .reply(seat, mv, kept.is_some(), kept.unwrap_or(0));
        let applied = self.played.apply(mv);
        self.pondered = None;
        driven.bot_moved(reply, applied);
    }

    /// Starts the bot at `seat` on its move: a random one moves at once, a search when a
    /// search slot is free.
    fn start_bot(&mut self, seat: usize, drive: &Drive, driven: &mut Driven) {
        let Some(level) = drive.bots.get(seat).copied().flatten() else {
            return;
        };
        match seated_bot(level, drive.hard_time) {
            SeatedBot::Random => {
                let mut moves = Vec::new();
                self.played.record.legal_moves(&mut moves);
                if let Some(&mv) = moves.choose(&mut rand::rng()) {
                    self.bot_moved(seat, mv, driven);
                }
            }
            SeatedBot::Search(algorithm, limits) => {
                let (Some(engine), Some(slot)) =
                    (&mut self.engine, drive.slots.try_acquire_owned())
                else {
                    return;
                };
                let slice = Limits {
                    hard_time: Some(limits.hard_time.map_or(SLICE, |t| t.min(SLICE))),
                    ..limits.clone()
                };
                if engine.start_go(&self.played.record.current(), algorithm, slice) {
                    self.job = Job::Search(Search {
                        seat,
                        algorithm,
                        limits,
                        started: Instant::now(),
                        nodes: 0,
                        best: None,
                        _slot: slot,
                    });
                }
            }
        }
    }

    /// On a person's turn: ponders in slices while allowed and the seat next in order (of
    /// those holding stones) is a bot, for that bot.
    fn ponder(&mut self, drive: &Drive, to_move: usize) {
        let stones = self.played.record.current().stone_counts();
        let seats = drive.bots.len();
        let next = (1..seats)
            .map(|step| (to_move + step) % seats)
            .find(|&seat| stones[seat] > 0);
        let bot = next.filter(|&seat| drive.bots[seat].is_some());
        let allowed = drive.ponder && bot.is_some();
        let done = self.pondered.is_some_and(|p| p.done);
        match (&mut self.job, &mut self.engine) {
            (Job::Ponder(since, asked), Some(engine))
                if !*asked && (!allowed || since.elapsed() >= SLICE) =>
            {
                engine.request_stop();
                *asked = true;
            }
            (Job::Idle, Some(engine)) if allowed && !done => {
                let algorithm = SeatedEngine::<AtaxxSeats>::DEFAULT_ALGORITHM;
                engine.ponder(&self.played.record.current(), algorithm);
                self.job = Job::Ponder(Instant::now(), false);
            }
            _ => {}
        }
        self.played.thinking = match (allowed, bot, self.pondered) {
            (true, Some(seat), progress) => {
                let progress = progress.unwrap_or_default();
                Some(Thinking {
                    seat,
                    pondering: true,
                    depth: progress.depth,
                    score: String::new(),
                    pv: Vec::new(),
                    nodes: progress.nodes,
                    nps: (progress.nodes as f64 / progress.time.as_secs_f64().max(1e-3)) as u64,
                })
            }
            _ => None,
        };
    }
}

impl LiveGame for LiveSeated {
    fn played(&self) -> &dyn PlayedGame {
        &self.played
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.played.parse(text)?;
        let pondering = matches!(self.job, Job::Ponder(..)) || self.pondered.is_some();
        self.played.apply(mv)?;
        self.kept = pondering.then(|| self.pondered.map_or(0, |p| p.depth));
        self.pondered = None;
        self.stop();
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        self.played.take_back()?;
        self.stop();
        self.pondered = None;
        self.kept = None;
        Ok(())
    }

    fn drive(&mut self, drive: &Drive) -> Driven {
        let mut driven = Driven::default();
        self.read_events(&mut driven);
        let to_move = self.to_move().filter(|_| drive.resigned.is_none());
        match to_move {
            None => {
                self.stop();
                self.played.thinking = None;
            }
            Some(seat) if drive.bots.get(seat).copied().flatten().is_some() => match self.job {
                Job::Idle => self.start_bot(seat, drive, &mut driven),
                Job::Ponder(..) => self.stop(),
                Job::Search(_) | Job::Stopping => {}
            },
            Some(seat) => self.ponder(drive, seat),
        }
        driven
    }

    fn pondering(&self) -> bool {
        matches!(self.job, Job::Ponder(..))
    }

    fn hint_job(&self, search: HintSearch) -> Box<dyn FnOnce() -> Result<Hint, String> + Send> {
        let position = self.played.record.current();
        Box::new(move || hint(&position, &search))
    }

    fn thinking(&self) -> Option<Thinking> {
        self.played.thinking.clone()
    }
}

/// A hint: the medium level's search of `position` on a table of the requests' size,
/// within a search slot and the longest search time.
fn hint(position: &AtaxxSeats, search: &HintSearch) -> Result<Hint, String> {
    if position.outcome().is_some() {
        return Err("the game is over".to_string());
    }
    let config = &search.config;
    let level = crate::players::Level::Medium;
    let SeatedBot::Search(algorithm, limits) =
        seated_bot(super::bots::BotLevel::Engine(level), config.max_movetime)
    else {
        return Err("internal error: the medium level does not search".to_string());
    };
    let _slot = config.search_slots.acquire();
    let mut multi = MultiSearch::new(table_entries(config.hash_mib as usize));
    let found = multi.search(position, algorithm, &limits);
    let mv = found
        .best
        .ok_or_else(|| "the search found no move".to_string())?;
    Ok(Hint {
        mv: mv.to_string(),
        score: format!("{:+}", found.value),
        depth: found.depth,
    })
}
