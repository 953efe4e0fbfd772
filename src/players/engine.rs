//! The engine thread as a player: a stored tree re-rooted after every move, and pondering on
//! the opponent's time.

use super::{Choice, Limits, Player, PlayerError, Thought, Turn, legal_moves};
use crate::engine::{Engine, EngineConfig, Event, Knowledge, PonderInfo};
use crate::games::GameRecord;
use crate::search::Evaluators;
use std::path::Path;

/// The [`Engine`] behind the [`Player`] trait. The engine is told every move (so it re-roots
/// its tree) and ponders while the other side is to move, when its configuration says so;
/// [`Player::pondering`] shows what it found so far.
pub struct EnginePlayer<G: Evaluators> {
    engine: Engine<G>,
    /// What the engine was made with, to restore it from a snapshot.
    setup: (EngineConfig, Knowledge<G>),
    limits: Limits,
    label: String,
    /// The record the engine was last given.
    known: Option<GameRecord<G>>,
    /// The latest pondering progress, while pondering.
    ponder: Option<Thought<G>>,
}

impl<G: Evaluators> EnginePlayer<G> {
    /// An engine with `config`, answering within `limits` unless a turn gives others. It
    /// starts on the default configuration's start position and is told the real game on its
    /// first move. An error when the engine cannot start (see [`Engine::new`]).
    pub fn new(
        config: EngineConfig,
        limits: Limits,
        label: String,
    ) -> Result<EnginePlayer<G>, PlayerError> {
        EnginePlayer::with_knowledge(config, limits, label, Knowledge::new())
    }

    /// [`EnginePlayer::new`] for an engine with `knowledge` (its evaluator and endgame
    /// database as values).
    pub fn with_knowledge(
        config: EngineConfig,
        limits: Limits,
        label: String,
        knowledge: Knowledge<G>,
    ) -> Result<EnginePlayer<G>, PlayerError> {
        let start = GameRecord::new(G::start(&Default::default())?);
        Ok(EnginePlayer {
            engine: Engine::with_knowledge(start, config.clone(), knowledge.clone())?,
            setup: (config, knowledge),
            limits,
            label,
            known: None,
            ponder: None,
        })
    }

    /// Tells the engine where the game stands: the new moves when the game went on from
    /// what it knows, the whole record otherwise.
    fn sync(&mut self, record: &GameRecord<G>) {
        if let Some(known) = &self.known {
            let old = known.moves().len();
            let extends = known.start() == record.start()
                && record.moves().len() >= old
                && record.moves()[..old] == *known.moves();
            if extends {
                for &mv in &record.moves()[old..] {
                    self.engine.send_move(mv);
                }
                self.known = Some(record.clone());
                return;
            }
        }
        self.engine
            .send(crate::engine::Command::SetPosition(record.clone()));
        self.known = Some(record.clone());
    }

    /// Takes in the pending events (pondering progress).
    fn drain(&mut self) {
        while let Some(event) = self.engine.try_recv() {
            take_ponder_event(&mut self.ponder, self.known.as_ref(), event);
        }
    }
}

/// Keeps pondering's progress in `ponder`, as the engine sees it: it ponders on the other
/// side's turn in the position it was last told (`known`).
fn take_ponder_event<G: Evaluators>(
    ponder: &mut Option<Thought<G>>,
    known: Option<&GameRecord<G>>,
    event: Event<G>,
) {
    let Event::Ponder(info) = event else { return };
    if let PonderInfo::Started { .. } = info {
        *ponder = None;
    }
    let Some(pondered) = known.map(GameRecord::current) else {
        return;
    };
    let engine = pondered.side_to_move().opponent();
    if let Some(line) = info.seen_by(&pondered, engine) {
        *ponder = Some(Thought {
            depth: line.depth,
            score: Some(line.score),
            exact: None,
            nodes: line.nodes,
            time: line.time,
            pv: line.line,
        });
    }
}

impl<G: Evaluators> Player<G> for EnginePlayer<G> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self) {
        self.engine.send(crate::engine::Command::NewGame);
        self.known = None;
        self.ponder = None;
    }

    fn choose(
        &mut self,
        record: &GameRecord<G>,
        mut turn: Turn<'_, G>,
    ) -> Result<Choice<G>, PlayerError> {
        legal_moves(record)?;
        self.sync(record);
        self.ponder = None;
        let limits = turn.limits.clone().unwrap_or_else(|| self.limits.clone());
        let stop = turn.stop;
        let EnginePlayer {
            engine,
            known,
            ponder,
            ..
        } = self;
        // The search's lines go to the front end; whatever else comes (pondering news of
        // before the search) is taken in as `pondering` would.
        let best = engine.best_move_with(limits, stop, |event| match event {
            Event::Info(info) => turn.report(&Thought {
                depth: info.search.depth,
                score: Some(info.search.score.0),
                exact: info.search.exact,
                nodes: info.search.nodes,
                time: info.search.time,
                pv: info.search.pv,
            }),
            other => take_ponder_event(ponder, known.as_ref(), other),
        })?;
        let mv = best.mv.ok_or(PlayerError::GameOver)?;
        let pv = match best.ponder {
            Some(reply) => vec![mv, reply],
            None => vec![mv],
        };
        Ok(Choice {
            mv,
            thought: Thought {
                depth: best.depth,
                score: Some(best.score),
                exact: best.exact,
                nodes: best.nodes,
                time: best.time,
                pv,
            },
        })
    }

    fn observe(&mut self, record: &GameRecord<G>, _my_turn: bool) {
        // The engine ponders by itself when the opponent is to move (if its configuration
        // says so); it only needs to know the moves.
        self.sync(record);
        self.ponder = None;
    }

    fn pondering(&mut self) -> Option<Thought<G>> {
        self.drain();
        self.ponder.clone()
    }

    fn stop_pondering(&mut self) {
        self.engine.stop();
        self.ponder = None;
    }

    fn save_state(&mut self, path: &Path) -> Result<bool, String> {
        self.engine.save_state(path).map_err(|e| e.to_string())?;
        Ok(true)
    }

    fn restore_state(&mut self, path: &Path, record: &GameRecord<G>) -> Result<bool, String> {
        let (config, knowledge) = self.setup.clone();
        let engine =
            Engine::restore(path, record.clone(), config, knowledge).map_err(|e| e.to_string())?;
        self.engine = engine;
        self.known = Some(record.clone());
        self.ponder = None;
        Ok(true)
    }
}
