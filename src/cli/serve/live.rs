//! [`LiveGame`]: one server game's rules and engine, behind a trait object so that the
//! registry holds games of every kind. [`Live<G>`] implements it for every game and seat
//! count: the record ([`Played`]), the one engine of its bot seats (negamax for two seats,
//! the multi-player search for three and four), and the events the engine sends back
//! (thinking, replies).

use super::Semaphore;
use super::bots::{BotLevel, SeatedBot, engine_config, engine_limits, seated_bot};
use super::played::{Played, ServedRecord};
use super::types::{GameRecordJson, Hint, Position, Thinking, WsMessage};
use crate::book::SharedBook;
use crate::engine::{
    Engine, EngineConfig, EngineOption, Event, Knowledge, Limits, PonderInfo, SearchId,
};
use crate::eval::{SeatedGame, SeatedVisitor};
use crate::games::{Game, GameRecord, GameSpec, GameView, Seat};
use crate::players::{StopSignal, Turn, build_player_with, score_text};
use crate::search::multi::MultiSearch;
use crate::search::{Database, Evaluators};
use rand::seq::IndexedRandom;
use std::sync::Arc;
use std::time::Duration;

/// What a game's driver step needs from the server.
pub struct Drive<'a> {
    /// Each seat's bot level (`None`: a person).
    pub bots: &'a [Option<BotLevel>],
    /// Whether the engine may ponder now (the game's option and the server's grant).
    pub ponder: bool,
    /// The slots of concurrent searches.
    pub slots: &'a Arc<Semaphore>,
    /// The longest any search may take.
    pub hard_time: Duration,
    /// The seat that resigned, if one did.
    pub resigned: Option<usize>,
}

/// What a driver step did.
#[derive(Default)]
pub struct Driven {
    /// Whether the game changed (a bot moved).
    pub changed: bool,
    /// Messages for the game's watchers (thinking, replies, errors).
    pub messages: Vec<WsMessage>,
}

impl Driven {
    /// A bot's move: its `reply` message once `applied`, else the error.
    pub fn bot_moved(&mut self, reply: WsMessage, applied: Result<(), String>) {
        match applied {
            Ok(()) => {
                self.changed = true;
                self.messages.push(reply);
            }
            Err(error) => self.messages.push(WsMessage::Error {
                message: format!("internal error: the bot's move: {error}"),
            }),
        }
    }
}

/// A server game's rules and engine, whatever the game.
pub trait LiveGame: Send {
    /// The record side.
    fn played(&self) -> &dyn ServedRecord;
    /// The position part of a `state` (`resigned`: the seat that resigned, if any).
    fn position(&self, resigned: Option<usize>) -> Position {
        self.played().position(resigned)
    }
    /// The record: the start position given and the moves since.
    fn record(&self, spec: &GameSpec) -> GameRecordJson {
        self.played().record_json(spec)
    }
    /// The seat to move, `None` when the game is over by the rules.
    fn to_move(&self) -> Option<usize> {
        self.played().to_move()
    }
    /// Moves played.
    fn ply(&self) -> usize {
        self.played().ply()
    }
    /// The number of seats.
    fn seat_count(&self) -> usize {
        self.played().seat_count()
    }
    /// Plays a person's move, checked; the error says why it is refused.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes the last move back (a running search is stopped).
    fn undo(&mut self) -> Result<(), String>;
    /// Drives the bots: reads the engine's events, starts searches, plays their moves.
    fn drive(&mut self, drive: &Drive) -> Driven;
    /// Whether the engine ponders now.
    fn pondering(&self) -> bool;
    /// A search for a hint in the current position, run by the caller off the async threads.
    fn hint_job(&self, search: HintSearch) -> Box<dyn FnOnce() -> Result<Hint, String> + Send>;
    /// The latest thinking of the engine, if it thinks.
    fn thinking(&self) -> Option<Thinking>;
}

/// How a hint searches.
#[derive(Clone)]
pub struct HintSearch {
    /// The classroom routes' configuration (search slots, caps, table size).
    pub config: super::ServeConfig,
}

/// The `go` a bot is waiting for.
struct Pending {
    id: SearchId,
    seat: usize,
    _slot: super::OwnedPermit,
}

/// The rules and engine of one game `G`.
pub struct Live<G: Evaluators> {
    played: Played<G>,
    engine: Option<Engine<G>>,
    pending: Option<Pending>,
    /// Whether the engine pondered when the last person moved.
    pondered: bool,
    /// The depth the tree kept after the last move.
    kept_depth: u32,
    ponder_on: bool,
    /// The endgame database the engine and the quick bots consult.
    database: Option<Database<G>>,
    /// More than two seats: the bots are the multi-player search's ([`seated_bot`]).
    seated: bool,
    /// The deepest round the pondering on the person's turn completed (more than two seats:
    /// what the multi-player search's table keeps for the bot's reply).
    pondered_depth: u32,
}

impl<G: Evaluators> Live<G> {
    /// A game of `spec` from `position` (its notation; `None`: the start), with an engine of
    /// `engine_mib` MiB if `engine`, its searches consulting `database` and the engine
    /// `book`.
    pub fn new(
        spec: &GameSpec,
        position: Option<&str>,
        engine: bool,
        engine_mib: usize,
        (database, book): (Option<Database<G>>, Option<Arc<SharedBook<G>>>),
    ) -> Result<Live<G>, String> {
        let played: Played<G> = Played::new(spec, position)?;
        let seated = played.record.current().seat_count() > 2;
        let config = match seated {
            // The multi-player search keeps no tree: its table takes the memory.
            true => EngineConfig {
                hash_mib: engine_mib.max(1),
                tree_mib: 1,
                ..engine_config(engine_mib)
            },
            false => engine_config(engine_mib),
        };
        let engine = engine
            .then(|| {
                let mut knowledge = Knowledge::new();
                if let Some(database) = &database {
                    knowledge = knowledge.with_database(database.clone());
                }
                if let Some(book) = book {
                    knowledge = knowledge.with_book(book);
                }
                Engine::with_knowledge(played.record.clone(), config, knowledge)
            })
            .transpose()
            .map_err(|e| e.to_string())?;
        Ok(Live {
            played,
            engine,
            pending: None,
            pondered: false,
            kept_depth: 0,
            ponder_on: false,
            database,
            seated,
            pondered_depth: 0,
        })
    }

    fn set_ponder(&mut self, on: bool) {
        if let Some(engine) = &self.engine
            && on != self.ponder_on
        {
            engine.set_ponder(on);
            self.ponder_on = on;
            if !on {
                self.played.thinking = None;
            }
        }
    }

    /// Plays `mv` (legal) and tells the engine.
    fn apply(&mut self, mv: G::Move) -> Result<(), String> {
        self.played.apply(mv)?;
        if let Some(engine) = &self.engine {
            engine.send_move(mv);
        }
        Ok(())
    }

    fn read_events(&mut self, bots: &[Option<BotLevel>], driven: &mut Driven) {
        let Some(engine) = &self.engine else { return };
        let mut best = None;
        while let Some(event) = engine.try_recv() {
            match event {
                Event::Rerooted(info) if info.mv.is_some() => {
                    self.kept_depth = match self.seated {
                        true => self.pondered_depth,
                        false => info.kept_depth,
                    };
                }
                Event::Info(info) => {
                    if let Some(pending) = self.pending.as_ref().filter(|p| p.id == info.id) {
                        let search = &info.search;
                        self.played.thinking = Some(Thinking {
                            seat: pending.seat,
                            pondering: false,
                            depth: search.depth,
                            score: score_text(search.score.0),
                            pv: search.pv.iter().map(ToString::to_string).collect(),
                            nodes: search.nodes,
                            nps: search.nps,
                        });
                    }
                }
                Event::Ponder(PonderInfo::Started { .. }) => self.pondered_depth = 0,
                Event::Ponder(progress) if self.ponder_on => {
                    if let PonderInfo::Progress { depth, .. } = progress {
                        self.pondered_depth = self.pondered_depth.max(depth);
                    }
                    let bot = self.ponder_bot(bots).unwrap_or(0);
                    if let Some(thinking) = self.ponder_thinking(bot, progress) {
                        self.played.thinking = Some(thinking);
                    }
                }
                Event::BestMove(answer)
                    if self.pending.as_ref().is_some_and(|p| p.id == answer.id) =>
                {
                    best = Some(answer);
                }
                Event::Error(error) => driven.messages.push(WsMessage::Error {
                    message: format!("engine: {error}"),
                }),
                _ => {}
            }
        }
        if let Some(answer) = best {
            let pending = self.pending.take();
            if let (Some(pending), Some(mv)) = (pending, answer.mv) {
                self.bot_moved(pending.seat, mv, driven);
            }
        }
    }

    /// The bot the pondering on a person's turn is for: with two seats the first bot; with
    /// more, the seat that moves after the person, if a bot sits there (`None`: no pondering).
    fn ponder_bot(&self, bots: &[Option<BotLevel>]) -> Option<usize> {
        if !self.seated {
            return bots.iter().position(Option::is_some);
        }
        let position = self.played.record.current();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let next = position.play(*moves.first()?).side_to_move().index();
        bots.get(next).copied().flatten().map(|_| next)
    }

    /// Pondering's progress as `bot` sees it (the score turned to the bot's side; with more
    /// than two seats no score and no line: every reply is searched); `None` for pondering's
    /// other events.
    fn ponder_thinking(&self, bot: usize, info: PonderInfo<G>) -> Option<Thinking> {
        let line = info.seen_by(&self.played.record.current(), Seat::new(bot))?;
        let (score, pv) = match self.seated {
            true => (String::new(), Vec::new()),
            false => (
                score_text(line.score),
                line.line.iter().map(ToString::to_string).collect(),
            ),
        };
        Some(Thinking {
            seat: bot,
            pondering: true,
            depth: line.depth,
            score,
            pv,
            nodes: line.nodes,
            nps: (line.nodes as f64 / line.time.as_secs_f64().max(1e-3)) as u64,
        })
    }

    fn bot_moved(&mut self, seat: usize, mv: G::Move, driven: &mut Driven) {
        let reply = self.played.reply(seat, mv, self.pondered, self.kept_depth);
        // What was pondered served this reply only.
        (self.pondered, self.pondered_depth) = (false, 0);
        let applied = self.apply(mv);
        driven.bot_moved(reply, applied);
    }

    /// Starts the bot at `seat` on its move: a quick player moves at once, the engine when a
    /// search slot is free.
    fn start_bot(&mut self, seat: usize, level: BotLevel, drive: &Drive, driven: &mut Driven) {
        if self.seated {
            return self.start_seated_bot(seat, level, drive, driven);
        }
        if let Some(spec) = level.quick_player() {
            let stop = StopSignal::new();
            let chosen = build_player_with::<G>(&spec, rand::random(), self.database.clone())
                .map_err(|e| e.to_string())
                .and_then(|mut player| {
                    player
                        .choose(
                            &self.played.record,
                            Turn::with_limits(Default::default(), &stop),
                        )
                        .map_err(|e| e.to_string())
                });
            match chosen {
                Ok(choice) => self.bot_moved(seat, choice.mv, driven),
                Err(message) => driven.messages.push(WsMessage::Error { message }),
            }
            return;
        }
        let (BotLevel::Engine(level), Some(permit)) = (level, drive.slots.try_acquire_owned())
        else {
            return;
        };
        let (limits, tie_break) = engine_limits::<G>(level, drive.hard_time);
        self.start_go(seat, EngineOption::TieBreak(tie_break), limits, permit);
    }

    /// Starts the engine's `go` for the bot at `seat` under `option` (pondering off), holding
    /// the search slot `permit` until it answers.
    fn start_go(
        &mut self,
        seat: usize,
        option: EngineOption,
        limits: Limits,
        permit: super::OwnedPermit,
    ) {
        let Some(engine) = &self.engine else { return };
        engine.set_ponder(false);
        self.ponder_on = false;
        engine.set_option(option);
        let id = engine.go(limits);
        self.pending = Some(Pending {
            id,
            seat,
            _slot: permit,
        });
    }

    /// [`Live::start_bot`] at a table of more than two seats: a random bot moves at once, the
    /// others are the engine's multi-player search when a search slot is free.
    fn start_seated_bot(
        &mut self,
        seat: usize,
        level: BotLevel,
        drive: &Drive,
        driven: &mut Driven,
    ) {
        match seated_bot(level, drive.hard_time) {
            SeatedBot::Random => {
                let mut moves = Vec::new();
                self.played.record.legal_moves(&mut moves);
                if let Some(&mv) = moves.choose(&mut rand::rng()) {
                    self.bot_moved(seat, mv, driven);
                }
            }
            SeatedBot::Search(algorithm, limits) => {
                if let Some(permit) = drive.slots.try_acquire_owned() {
                    let option = EngineOption::SeatedAlgorithm(algorithm);
                    self.start_go(seat, option, limits, permit);
                }
            }
        }
    }
}

impl<G: Evaluators + GameView> LiveGame for Live<G> {
    fn played(&self) -> &dyn ServedRecord {
        &self.played
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.played.parse(text)?;
        let pondered = self.ponder_on;
        self.apply(mv)?;
        self.pondered = pondered;
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.ply() == 0 {
            return Err("no move to take back".to_string());
        }
        if self.pending.take().is_some()
            && let Some(engine) = &self.engine
        {
            engine.stop();
        }
        self.played.take_back()?;
        if let Some(engine) = &self.engine {
            engine.send(crate::engine::Command::SetPosition(
                self.played.record.clone(),
            ));
        }
        Ok(())
    }

    fn drive(&mut self, drive: &Drive) -> Driven {
        let mut driven = Driven::default();
        self.read_events(drive.bots, &mut driven);
        let to_move = self.to_move().filter(|_| drive.resigned.is_none());
        let bot =
            to_move.and_then(|seat| drive.bots.get(seat).copied().flatten().map(|b| (seat, b)));
        match bot {
            Some((seat, level)) if self.pending.is_none() => {
                self.start_bot(seat, level, drive, &mut driven)
            }
            Some(_) => {}
            None => {
                if self.pending.take().is_some()
                    && let Some(engine) = &self.engine
                {
                    engine.stop();
                }
                let for_bot = self.ponder_bot(drive.bots).is_some();
                self.set_ponder(drive.ponder && to_move.is_some() && for_bot);
            }
        }
        driven
    }

    fn pondering(&self) -> bool {
        self.ponder_on
    }

    fn hint_job(&self, search: HintSearch) -> Box<dyn FnOnce() -> Result<Hint, String> + Send> {
        let record = self.played.record.clone();
        let seated = self.seated;
        Box::new(move || {
            if seated {
                let position = record.current();
                G::visit_seated(SeatedHint { position, search })
                    .unwrap_or_else(|_| Err("internal error: not a seated game".to_string()))
            } else {
                hint::<G>(&record, &search)
            }
        })
    }

    fn thinking(&self) -> Option<Thinking> {
        self.played.thinking.clone()
    }
}

/// A hint: the medium level's search of the current position.
fn hint<G: Evaluators>(record: &GameRecord<G>, search: &HintSearch) -> Result<Hint, String> {
    if record.outcome().is_some() {
        return Err("the game is over".to_string());
    }
    let config = &search.config;
    let (limits, _) = engine_limits::<G>(crate::players::Level::Medium, config.max_movetime);
    let limits = crate::players::Limits {
        depth: limits.depth.map(|d| d.min(config.max_depth)),
        hard_time: Some(config.max_movetime),
        ..Default::default()
    };
    let spec = crate::players::PlayerSpec::named("pvs")
        .with("hash", &config.hash_mib.to_string())
        .with("tiebreak", "first");
    let (mv, choice) = super::routes::search::<G>(record, &spec, limits, config)?;
    Ok(Hint {
        mv,
        score: choice.thought.score.map(score_text).unwrap_or_default(),
        depth: choice.thought.depth,
    })
}

/// A hint at a table of more than two seats: the medium level's multi-player search of the
/// position on a table of the requests' size, within a search slot and the longest search
/// time.
struct SeatedHint<G: Game> {
    position: G,
    search: HintSearch,
}

impl<G: Game> SeatedVisitor<G> for SeatedHint<G> {
    type Output = Result<Hint, String>;

    fn visit(self) -> Result<Hint, String>
    where
        G: SeatedGame,
    {
        let (position, config) = (self.position, &self.search.config);
        if position.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        let level = BotLevel::Engine(crate::players::Level::Medium);
        let SeatedBot::Search(algorithm, limits) = seated_bot(level, config.max_movetime) else {
            return Err("internal error: the medium level does not search".to_string());
        };
        let _slot = config.search_slots.acquire();
        let entries = MultiSearch::<G>::entries_in(config.hash_mib as usize);
        let found = MultiSearch::new(entries).search(&position, algorithm, &limits);
        let mv = found
            .best
            .ok_or_else(|| "the search found no move".to_string())?;
        Ok(Hint {
            mv: mv.to_string(),
            score: format!("{:+}", found.value),
            depth: found.depth,
        })
    }
}
