//! `ponder.Engine`: the engine on its own threads (it thinks, and ponders while the player
//! thinks), for a game loop: `go` then `poll` once a frame, or a blocking `best_move` that
//! releases the GIL.

use crate::answer::{BestMove, Info};
use crate::errors::{game_error, search_error, value_error};
use crate::games::{ByGame, Family, MoveArg, Position, PyGame, by_game, new_record, wrap_record};
use crate::limits::{finite_limits, limits};
use ponder::GameRecord;
use ponder::book::{BookBounds, SharedBook};
use ponder::engine::{
    Command, Engine, EngineConfig, EngineOption, Event, IterationInfo, Knowledge, Limits,
    OPTION_NAMES, SearchId,
};
use ponder::search::evaluator_by_name;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How long a blocking wait sleeps between looks at Python's signals (Ctrl-C).
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// An engine of game `G` with the position it was told, as Python drives it.
pub struct Driven<G: PyGame> {
    engine: Engine<G>,
    /// The engine's position: every move is checked here before it is sent.
    record: GameRecord<G>,
    /// The running `go`, until its answer is read.
    pending: Option<SearchId>,
    /// The latest completed depth of the running (or last) `go`.
    info: Option<IterationInfo<G>>,
    /// The latest depth pondering completed, since the last move.
    pondered: Option<Info>,
}

/// The engines family.
pub struct Engines;

impl Family for Engines {
    type Of<G: PyGame> = Driven<G>;
}

/// The engine, on its own threads.
///
/// `Engine(game="kalah", position=None, pin_thread=False, egdb=None, book=None, book_frozen=False, own_book=False, **options)`: `egdb` is
/// the path of an endgame database file of the game (built by `ponder solve --save` or the
/// cache, opened memory-mapped; `ValueError` names a file that is not one); `book` an opening
/// book file (`ponder book build`; a new one is made there when there is none), which the engine
/// plays from and learns from after each game it finishes (`book_frozen=True`: never written);
/// `own_book=True` (without `book`) the game's own book, frozen (Kalah(6,4), classic capture:
/// the `perfect` level's exact book; `ValueError` for a game without one); options are the
/// engine's (`hash`, `tree`, `ponder`, `ponder_mode`, `reuse_tree`, `tie_break`, `seed`,
/// `eval`, `forward_pruning`, `tree_min_depth`, `threads`); pondering is on by default.
#[pyclass(module = "ponder._ponder", name = "Engine")]
pub struct PyEngine {
    driven: ByGame<Engines>,
}

impl<G: PyGame> Driven<G> {
    fn start(
        record: GameRecord<G>,
        config: EngineConfig,
        files: &KnowledgeFiles,
    ) -> PyResult<Driven<G>> {
        evaluator_by_name::<G>(&config.eval).map_err(search_error)?;
        let game_config = record.current().config();
        let mut knowledge = Knowledge::new();
        if let Some(path) = &files.egdb {
            let database = G::open_database(&game_config, path)
                .map_err(|error| value_error(error.to_string()))?;
            knowledge = knowledge.with_database(database);
        }
        if let Some(path) = &files.book {
            let book = SharedBook::open(path, &game_config, BookBounds::default())
                .map_err(|error| value_error(error.to_string()))?;
            knowledge = knowledge.with_book(Arc::new(book.learning(!files.book_frozen)));
        } else if files.own_book {
            let book = SharedBook::own(&game_config)
                .map_err(|error| value_error(error.to_string()))?
                .ok_or_else(|| {
                    value_error(format!("own_book: no book of its own for {}", G::NAME))
                })?;
            knowledge = knowledge.with_book(Arc::new(book));
        }
        Ok(Driven {
            engine: Engine::with_knowledge(record.clone(), config, knowledge)
                .map_err(|error| value_error(error.to_string()))?,
            record,
            pending: None,
            info: None,
            pondered: None,
        })
    }

    fn go(&mut self, limits: Limits) -> SearchId {
        let id = self.engine.go(limits);
        self.pending = Some(id);
        self.info = None;
        id
    }

    /// Takes in one event: the answer to the pending `go` when this is it.
    fn take(&mut self, event: Event<G>) -> PyResult<Option<BestMove>> {
        match event {
            Event::Info(info) if Some(info.id) == self.pending => self.info = Some(info),
            Event::BestMove(best) if Some(best.id) == self.pending => {
                self.pending = None;
                return Ok(Some(BestMove::from(&best)));
            }
            Event::Ponder(progress) => {
                // Pondering runs on the player's turn: its score is the engine's, the seat
                // that moved last.
                let pondered = self.record.current();
                let engine_seat = pondered.side_to_move().opponent();
                if let Some(line) = progress.seen_by(&pondered, engine_seat) {
                    self.pondered = Some(Info::pondering(&line));
                }
            }
            Event::Error(error) => return Err(value_error(error.to_string())),
            _ => {}
        }
        Ok(None)
    }

    fn poll(&mut self) -> PyResult<Option<BestMove>> {
        while let Some(event) = self.engine.try_recv() {
            if let Some(best) = self.take(event)? {
                return Ok(Some(best));
            }
        }
        Ok(None)
    }

    fn wait(&mut self, py: Python<'_>) -> PyResult<BestMove> {
        // The answer to the `go` that `go()` started (Python's `go` then `wait`, or
        // `best_move`): `Engine::best_move` starts a `go` of its own, and Python's signals
        // (Ctrl-C) are looked at only while holding the GIL, between short waits.
        loop {
            let engine = &self.engine;
            match py.allow_threads(|| engine.recv_timeout(SIGNAL_CHECK)) {
                Some(event) => {
                    if let Some(best) = self.take(event)? {
                        return Ok(best);
                    }
                }
                None if self.pending.is_none() => {
                    return Err(value_error("no search is running"));
                }
                None => {}
            }
            if let Err(interrupt) = py.check_signals() {
                self.engine.stop();
                return Err(interrupt);
            }
        }
    }

    fn send_move(&mut self, mv: &MoveArg) -> PyResult<()> {
        let mv = mv.parse(&self.record)?;
        self.record.try_play(mv).map_err(game_error)?;
        self.engine.send_move(mv);
        self.pondered = None;
        Ok(())
    }

    fn set_position(&mut self, record: GameRecord<G>) {
        self.record = record.clone();
        self.engine.send(Command::SetPosition(record));
    }
}

/// The engine's options from Python's keywords: `forward_pruning=True` is the engine's
/// `ForwardPruning` option.
fn config(options: Option<&Bound<'_, PyDict>>) -> PyResult<EngineConfig> {
    let mut config = EngineConfig {
        pin_thread: false,
        ..EngineConfig::default()
    };
    for (name, value) in options.into_iter().flatten() {
        let name: String = name.extract()?;
        let value = value.str()?.to_string();
        EngineOption::parse(&name.replace('_', ""), &value)
            .map_err(|error| {
                value_error(format!(
                    "{error}; as keywords: {}",
                    OPTION_NAMES
                        .iter()
                        .map(|(name, _)| snake_case(name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?
            .apply(&mut config);
    }
    Ok(config)
}

/// An option's name as a Python keyword: `PonderMode` is `ponder_mode`.
fn snake_case(name: &str) -> String {
    let mut keyword = String::with_capacity(name.len() + 4);
    for (index, ch) in name.chars().enumerate() {
        if ch.is_ascii_uppercase() && index > 0 {
            keyword.push('_');
        }
        keyword.push(ch.to_ascii_lowercase());
    }
    keyword
}

/// What an engine opens as its knowledge: an endgame database and an opening book (a file,
/// or the game's own).
struct KnowledgeFiles {
    egdb: Option<PathBuf>,
    book: Option<PathBuf>,
    book_frozen: bool,
    /// The game's own book (`own_book=True`), where no `book` file is given.
    own_book: bool,
}

fn start<G: PyGame>(
    record: GameRecord<G>,
    config: EngineConfig,
    files: &KnowledgeFiles,
) -> PyResult<ByGame<Engines>> {
    Ok(G::wrap::<Engines>(Driven::start(record, config, files)?))
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (
        game = "kalah", position = None, pin_thread = false, egdb = None, book = None,
        book_frozen = false, own_book = false, **options
    ))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        game: &str,
        position: Option<&Bound<'_, PyAny>>,
        pin_thread: bool,
        egdb: Option<PathBuf>,
        book: Option<PathBuf>,
        book_frozen: bool,
        own_book: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyEngine> {
        let record = match position {
            None => new_record(game, None).map_err(game_error)?,
            Some(given) => match given.downcast::<Position>() {
                Ok(position) => position.get().record.clone(),
                Err(_) => {
                    new_record(game, Some(&given.extract::<String>()?)).map_err(game_error)?
                }
            },
        };
        let config = EngineConfig {
            pin_thread,
            ..config(options)?
        };
        let files = KnowledgeFiles {
            egdb,
            book,
            book_frozen,
            own_book,
        };
        Ok(PyEngine {
            driven: by_game!(record, record => start(record, config, &files)?),
        })
    }

    /// Starts a search of the engine's position (`depth` plies, `movetime` seconds, `nodes`;
    /// none of them: until `stop`); returns its number. Read the answer with `poll`.
    #[pyo3(signature = (depth = None, movetime = None, nodes = None))]
    fn go(
        &mut self,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<u64> {
        let limits = limits(depth, movetime, nodes)?;
        Ok(by_game!(&mut self.driven, driven => driven.go(limits)))
    }

    /// The answer of the running `go` if it has come, else `None`; never blocks. Call it once
    /// a frame. `ValueError` if the engine refused a command.
    fn poll(&mut self) -> PyResult<Option<BestMove>> {
        by_game!(&mut self.driven, driven => driven.poll())
    }

    /// Searches the engine's position within the limits (at least one) and answers, waiting
    /// with the GIL released. Ctrl-C stops the search and raises `KeyboardInterrupt`.
    #[pyo3(signature = (depth = None, movetime = None, nodes = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<BestMove> {
        let limits = finite_limits(depth, movetime, nodes)?;
        by_game!(&mut self.driven, driven => {
            driven.go(limits);
            driven.wait(py)
        })
    }

    /// Waits for the answer of the running `go` (the GIL released).
    fn wait(&mut self, py: Python<'_>) -> PyResult<BestMove> {
        by_game!(&mut self.driven, driven => driven.wait(py))
    }

    /// Tells the engine a move by either side (its notation, or a number); `ValueError` when
    /// it is illegal in the engine's position. With pondering on, the engine then thinks on
    /// the player's time.
    fn send_move(&mut self, r#move: MoveArg) -> PyResult<()> {
        by_game!(&mut self.driven, driven => driven.send_move(&r#move))
    }

    /// Sets the engine's position (a `Position` of the engine's game).
    fn set_position(&mut self, position: &Position) -> PyResult<()> {
        by_game!(&mut self.driven, driven => {
            let record = same_game(driven, &position.record)?;
            driven.set_position(record);
            Ok(())
        })
    }

    /// Stops the running search (its answer comes within milliseconds) or the pondering.
    fn stop(&self) {
        by_game!(&self.driven, driven => driven.engine.stop())
    }

    /// Switches pondering on or off.
    fn set_ponder(&self, on: bool) {
        by_game!(&self.driven, driven => driven.engine.set_ponder(on))
    }

    /// The engine's position.
    #[getter]
    fn position(&self) -> Position {
        by_game!(&self.driven, driven => Position { record: wrap_record(driven.record.clone()) })
    }

    /// The latest completed depth of the running (or last) search, or `None`.
    #[getter]
    fn info(&self) -> Option<Info> {
        by_game!(&self.driven, driven => driven.info.as_ref().map(Info::from_engine))
    }

    /// The latest depth pondering completed since the last move, as seen by `poll` (which
    /// takes in the engine's reports), or `None`: its `pv` starts with the reply pondered
    /// (none when the whole position is pondered), its score is the engine's, its `id` 0.
    #[getter]
    fn ponder_info(&self) -> Option<Info> {
        by_game!(&self.driven, driven => driven.pondered.clone())
    }

    /// Whether a `go` is running (its answer not read yet).
    #[getter]
    fn thinking(&self) -> bool {
        by_game!(&self.driven, driven => driven.pending.is_some())
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) {
        self.stop();
    }
}

/// `record` as a record of `driven`'s game; `ValueError` for a position of another game.
fn same_game<G: PyGame>(
    _driven: &Driven<G>,
    record: &crate::games::AnyRecord,
) -> PyResult<GameRecord<G>> {
    let any = record.clone();
    by_game!(any, record => {
        let boxed: Box<dyn std::any::Any> = Box::new(record);
        match boxed.downcast::<GameRecord<G>>() {
            Ok(record) => Ok(*record),
            Err(_) => Err(value_error(format!("the position is not a {} position", G::NAME))),
        }
    })
}
