//! From a [`PlayerSpec`] to a player of a game.

use super::EnginePlayer;
use super::searching::{algorithm_of, label_params};
use super::{
    GreedyPlayer, Level, Limits, Player, PlayerError, PlayerSpec, RandomPlayer, SearchPlayer,
    level_params,
};
use crate::book::SharedBook;
use crate::engine::{EngineConfig, Knowledge, MAX_THREADS};
use crate::games::unknown_name;
use crate::search::{Database, Evaluators, SearchOptions, TieBreak, evaluator_by_name};
use std::sync::Arc;

/// Every player kind a spec may name, with what it is.
pub const PLAYER_KINDS: &[(&str, &str)] = &[
    ("random", "a uniformly random legal move [seed=S]"),
    (
        "greedy",
        "the best move one ply ahead by an evaluator [eval=NAME, tiebreak=random|first, seed=S]",
    ),
    (
        "pvs",
        "the search: iterative deepening PVS with the table [depth=D | movetime=MS | nodes=N, eval=NAME, tiebreak=first|random, seed=S, threads=T, hash=MIB, pruning=on|off, without=TECHNIQUE+..., tune=NAME:VALUE+...]",
    ),
    (
        "alphabeta",
        "fixed-depth alpha-beta in natural order, no table [as pvs]",
    ),
    (
        "minimax",
        "plain fixed-depth minimax, the slow oracle [as pvs]",
    ),
    (
        "engine",
        "the engine thread: PVS with a stored tree re-rooted after every move, pondering on the opponent's time [as pvs, ponder=on|off]",
    ),
    (
        "instructor",
        "the classroom's instructor AI: alpha-beta depth 5 with store-diff (Kalah) [as alphabeta]",
    ),
    (
        "awale",
        "the Awale article's AI: alpha-beta depth 10 with its seed evaluator (Oware) [as alphabeta]",
    ),
    (
        "perfect",
        "perfect play where the endgame database it is given covers the position (Kalah; Oware; --egdb FILE): exact PVS, 1 s a move [as pvs]",
    ),
    (
        "pookie",
        "the Pookie Pookie AI: one ply, stone difference with a jump penalty, random among equal-best (Ataxx) [as alphabeta]",
    ),
];

/// The parameters a searching player accepts.
const SEARCH_KEYS: &[&str] = &[
    "depth", "movetime", "nodes", "eval", "tiebreak", "seed", "threads", "hash", "pruning",
    "without", "tune",
];

/// The parameters the engine player accepts.
const ENGINE_KEYS: &[&str] = &[
    "depth", "movetime", "nodes", "eval", "tiebreak", "seed", "threads", "hash", "pruning",
    "ponder", "tree", "pin",
];

/// The named baselines as the searching spec they stand for.
fn baseline(kind: &str) -> Option<(&'static str, &'static [(&'static str, &'static str)])> {
    match kind {
        "instructor" => Some((
            "alphabeta",
            &[
                ("depth", "5"),
                ("eval", "store-diff"),
                ("tiebreak", "first"),
            ],
        )),
        "awale" => Some((
            "alphabeta",
            &[("depth", "10"), ("eval", "seed"), ("tiebreak", "first")],
        )),
        "perfect" => Some((
            "pvs",
            &[
                ("movetime", "1000"),
                ("pruning", "off"),
                ("tiebreak", "first"),
            ],
        )),
        "pookie" => Some((
            "alphabeta",
            &[("depth", "1"), ("eval", "seed"), ("tiebreak", "random")],
        )),
        _ => None,
    }
}

/// Builds the player `spec` names, for game `G`. `seed` seeds its random choices unless the
/// spec gives `seed=`; front ends derive it from their own seed so that runs repeat.
///
/// ```
/// use ponder::players::{build_player, PlayerSpec};
/// use ponder::Kalah;
/// let spec: PlayerSpec = "instructor".parse().unwrap();
/// let player = build_player::<Kalah>(&spec, 0).unwrap();
/// assert_eq!(player.name(), "instructor (alphabeta:depth=5,eval=store-diff,tiebreak=first)");
/// assert!(build_player::<Kalah>(&"pvs:depth=0".parse().unwrap(), 0).is_err());
/// assert!(build_player::<Kalah>(&"chess".parse().unwrap(), 0).is_err());
/// ```
pub fn build_player<G: Evaluators>(
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    build_player_with(spec, seed, None)
}

/// [`build_player`] for a player whose searches consult `database` (an endgame database:
/// the positions it covers are scored exactly; the `perfect` level plays them perfectly).
/// Players that do not search ignore it.
pub fn build_player_with<G: Evaluators>(
    spec: &PlayerSpec,
    seed: u64,
    database: Option<Database<G>>,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    let seed = spec.get_u64("seed", 0..=u64::MAX)?.unwrap_or(seed);
    match spec.kind() {
        "random" => {
            spec.check_keys(&["seed"])?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            spec.check_keys(&["seed", "tiebreak", "eval"])?;
            let random = random_tiebreak(spec, true)?;
            let name = spec.get("eval").unwrap_or("default");
            let evaluator = evaluator_by_name::<G>(name).map_err(|e| spec.error(e.to_string()))?;
            Ok(Box::new(GreedyPlayer::<G>::new(
                name,
                Arc::new(move |position, last| evaluator.evaluate(position, last)),
                random.then_some(seed),
            )))
        }
        kind => {
            if let Some((algorithm, params)) = baseline(kind) {
                let mut full = PlayerSpec::named(algorithm);
                for (key, value) in spec.params() {
                    full = full.with(key, value);
                }
                for (key, value) in params.iter() {
                    if !(matches!(*key, "depth" | "movetime") && has_budget(spec)) {
                        full = full.with_default(key, value);
                    }
                }
                let player = build_searcher::<G>(&full, seed, database)?;
                return Ok(Box::new(Named {
                    name: format!("{kind} ({})", player.name()),
                    inner: player,
                }));
            }
            if kind == "engine" {
                return build_engine::<G>(spec, seed, database, None);
            }
            if algorithm_of(kind).is_some() {
                return build_searcher::<G>(spec, seed, database);
            }
            Err(spec.error(unknown_name(
                "player",
                kind,
                PLAYER_KINDS.iter().map(|(kind, _)| kind),
            )))
        }
    }
}

/// [`build_player_with`] for a player that also consults `book`, an opening book (probed
/// before each search, learning from each finished game): only the engine player (`engine`)
/// takes one; any other kind with a book is refused.
pub fn build_player_with_book<G: Evaluators>(
    spec: &PlayerSpec,
    seed: u64,
    database: Option<Database<G>>,
    book: Option<Arc<SharedBook<G>>>,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    match book {
        None => build_player_with(spec, seed, database),
        Some(book) if spec.kind() == "engine" => build_engine(spec, seed, database, Some(book)),
        Some(_) => Err(spec
            .error("an opening book is probed by the engine: use an engine player (engine:...)")),
    }
}

/// Whether a player kind has a transposition table (takes `hash=`).
pub fn takes_hash(kind: &str) -> bool {
    matches!(kind, "pvs" | "alphabeta" | "minimax" | "engine")
        || matches!(kind, "instructor" | "awale" | "pookie")
}

/// Whether the spec sets a budget of its own.
fn has_budget(spec: &PlayerSpec) -> bool {
    ["depth", "movetime", "nodes"]
        .iter()
        .any(|key| spec.get(key).is_some())
}

/// The budget a spec sets, or `default` when it sets none.
pub(crate) fn spec_limits(spec: &PlayerSpec, default: Limits) -> Result<Limits, PlayerError> {
    if !has_budget(spec) {
        return Ok(default);
    }
    Ok(Limits {
        depth: spec.get_u64("depth", 1..=128)?.map(|d| d as u32),
        nodes: spec.get_u64("nodes", 1..=u64::MAX)?,
        movetime: spec.get_millis("movetime")?,
        ..Limits::default()
    })
}

/// The search options a spec sets.
pub(crate) fn spec_options(
    spec: &PlayerSpec,
    algorithm: &str,
) -> Result<SearchOptions, PlayerError> {
    let defaults = SearchOptions::default();
    let algorithm = algorithm.parse().map_err(|e: String| spec.error(e))?;
    Ok(SearchOptions {
        algorithm,
        eval: spec.get("eval").unwrap_or("default").to_string(),
        threads: threads(spec, defaults.threads)?,
        hash_mib: mib(spec, "hash", defaults.hash_mib)?,
        forward_pruning: spec.get_switch("pruning")?.unwrap_or(true),
        without: spec.get("without").unwrap_or("").to_string(),
        tune: spec.get("tune").unwrap_or("").to_string(),
        ..defaults
    })
}

/// The search options of a `pvs`, `alphabeta` or `minimax` spec (its budget aside).
pub fn search_options_of(spec: &PlayerSpec) -> Result<SearchOptions, PlayerError> {
    if algorithm_of(spec.kind()).is_none() {
        return Err(spec.error("expected pvs, alphabeta or minimax"));
    }
    spec.check_keys(SEARCH_KEYS)?;
    spec_options(spec, spec.kind())
}

/// A searching player (`pvs`, `alphabeta`, `minimax`).
fn build_searcher<G: Evaluators>(
    spec: &PlayerSpec,
    seed: u64,
    database: Option<Database<G>>,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    spec.check_keys(SEARCH_KEYS)?;
    let options = spec_options(spec, spec.kind())?;
    let limits = spec_limits(spec, default_limits::<G>())?;
    let random = random_tiebreak(spec, false)?;
    let player =
        SearchPlayer::<G>::with_database(options, limits, random.then_some(seed), database)
            .map_err(|e| spec.error(e.to_string()))?;
    Ok(Box::new(player))
}

/// The engine thread (`engine`): random tie-break unless `tiebreak=first`, pondering only
/// with `ponder=on`, the search thread pinned to a core only with `pin=on`.
fn build_engine<G: Evaluators>(
    spec: &PlayerSpec,
    seed: u64,
    database: Option<Database<G>>,
    book: Option<Arc<SharedBook<G>>>,
) -> Result<Box<dyn Player<G>>, PlayerError> {
    spec.check_keys(ENGINE_KEYS)?;
    let defaults = EngineConfig::default();
    let random = random_tiebreak(spec, true)?;
    let eval = spec.get("eval").unwrap_or("default").to_string();
    // Check the evaluator's name now: the engine would only report it as an error event.
    evaluator_by_name::<G>(&eval).map_err(|e| spec.error(e.to_string()))?;
    let config = EngineConfig {
        hash_mib: mib(spec, "hash", defaults.hash_mib)?,
        tree_mib: mib(spec, "tree", defaults.tree_mib)?,
        ponder: spec.get_switch("ponder")?.unwrap_or(false),
        tie_break: if random {
            TieBreak::Random { seed }
        } else {
            TieBreak::First
        },
        eval,
        forward_pruning: spec.get_switch("pruning")?.unwrap_or(true),
        pin_thread: spec.get_switch("pin")?.unwrap_or(false),
        threads: threads(spec, defaults.threads)?,
        ..defaults
    };
    let limits = spec_limits(spec, default_limits::<G>())?;
    let label = engine_label(&config, &limits);
    let mut knowledge = Knowledge::new();
    if let Some(database) = database {
        knowledge = knowledge.with_database(database);
    }
    if let Some(book) = book {
        knowledge = knowledge.with_book(book);
    }
    Ok(Box::new(EnginePlayer::<G>::with_knowledge(
        config, limits, label, knowledge,
    )?))
}

/// `engine:depth=8,eval=default,tiebreak=random,ponder=on`
fn engine_label(config: &EngineConfig, limits: &Limits) -> String {
    let random = config.tie_break != TieBreak::First;
    let mut parts = label_params(limits, &config.eval, random);
    if config.threads > 1 {
        parts.push(format!("threads={}", config.threads));
    }
    parts.push(format!(
        "ponder={}",
        if config.ponder { "on" } else { "off" }
    ));
    format!("engine:{}", parts.join(","))
}

/// The spec's `threads=T` (1 to [`MAX_THREADS`]), or `default`.
fn threads(spec: &PlayerSpec, default: usize) -> Result<usize, PlayerError> {
    Ok(spec
        .get_u64("threads", 1..=MAX_THREADS as u64)?
        .map_or(default, |t| t as usize))
}

/// Parameter `key` as a size in MiB (1 to 65,536), or `default`.
/// A size in MiB (`hash`, `tree`) from the spec, refused when it is over the machine's
/// physical memory: the allocation would fail and abort the process, or be killed later.
fn mib(spec: &PlayerSpec, key: &str, default: usize) -> Result<usize, PlayerError> {
    let mib = spec
        .get_u64(key, 1..=65_536)?
        .map_or(default, |mib| mib as usize);
    match crate::search::physical_memory_mib() {
        Some(total) if mib as u64 > total => Err(spec.error(format!(
            "{key}={mib} MiB is more than this machine's memory ({total} MiB)"
        ))),
        _ => Ok(mib),
    }
}

/// Whether the spec's `tiebreak=first|random` asks for a random choice among equal-best moves
/// (`random` when it does not say).
fn random_tiebreak(spec: &PlayerSpec, random: bool) -> Result<bool, PlayerError> {
    Ok(match spec.get_choice("tiebreak", &["first", "random"])? {
        Some(choice) => choice == "random",
        None => random,
    })
}

/// The budget of a searching player whose spec gives none: the game's `medium` level.
pub fn default_limits<G: Evaluators>() -> Limits {
    let spec = level_params::<G>(Level::Medium)
        .into_iter()
        .fold(PlayerSpec::named("pvs"), |spec, (k, v)| spec.with(k, &v));
    spec_limits(&spec, Limits::depth(8)).unwrap_or_else(|_| Limits::depth(8))
}

/// A player under another name (the baselines).
struct Named<G: Evaluators> {
    name: String,
    inner: Box<dyn Player<G>>,
}

impl<G: Evaluators> Player<G> for Named<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.inner.new_game();
    }
    fn choose(
        &mut self,
        record: &crate::GameRecord<G>,
        turn: super::Turn<'_, G>,
    ) -> Result<super::Choice<G>, PlayerError> {
        self.inner.choose(record, turn)
    }
    fn observe(&mut self, record: &crate::GameRecord<G>, my_turn: bool) {
        self.inner.observe(record, my_turn);
    }
    fn pondering(&mut self) -> Option<super::Thought<G>> {
        self.inner.pondering()
    }
    fn stop_pondering(&mut self) {
        self.inner.stop_pondering();
    }
}
