//! What the server answers: the classroom's `GET /getmove/<depth>,<trace>` and the JSON API.

use super::reply::Reply as Response;
use crate::games::{GameRecord, GameSpec};
use crate::players::{Limits, PlayerSpec, StopSignal, Turn, build_player_with};
use crate::search::Evaluators;
use crate::{games::GAME_NAMES, with_game};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Duration;

/// The server's limits and defaults.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The deepest search a request may ask for (deeper requests are capped).
    pub max_depth: u32,
    /// The longest a request may search, whatever its budget.
    pub max_movetime: Duration,
    /// The most nodes a request may search.
    pub max_nodes: u64,
    /// The depth of a request that names no budget.
    pub default_depth: u32,
    /// The game `/getmove` plays (the classroom's Kalah(6,4)).
    pub getmove_game: GameSpec,
    /// The player `/getmove` asks (its depth comes from the request).
    pub getmove_player: PlayerSpec,
    /// The table size of each request's search, MiB.
    pub hash_mib: u32,
    /// Searches allowed to run at the same time.
    pub search_slots: std::sync::Arc<super::Semaphore>,
    /// The endgame databases the searches consult.
    pub databases: std::sync::Arc<super::DatabaseShelf>,
}

/// The routes of `GET /routes`, the classroom API and the JSON API's.
pub const ROUTES: &str = "ponder move server\n\
GET  /                          the browser game\n\
GET  /getmove/<depth>,<trace>   the Kalah move for a classroom trace, as a pit index\n\
GET  /v1/games                  the games, their start positions and evaluators\n\
POST /v1/<game>/bestmove        {\"position\": ..., \"moves\": [...], \"depth\": d | \"movetime\": ms | \"nodes\": n}\n\
GET  /health                    ok\n\
/api/...                        the browser game's API (docs/web-api.md)\n";

fn shorten(text: &str) -> String {
    text.chars().take(60).collect()
}

/// `GET /getmove/<depth>,<trace>`: the classroom RemotePlayer's request (searches: call it
/// off the async threads).
pub fn getmove(argument: &str, config: &ServeConfig) -> Response {
    let Some((depth_text, trace)) = argument.split_once(',') else {
        return Response::error(
            400,
            "expected /getmove/<depth>,<trace>, e.g. /getmove/5,0123",
            false,
        );
    };
    let depth = match depth_text.trim().parse::<u32>() {
        Ok(depth) if depth >= 1 => depth.min(config.max_depth),
        _ => {
            return Response::error(
                400,
                format!(
                    "depth {:?}: expected a whole number from 1",
                    shorten(depth_text)
                ),
                false,
            );
        }
    };
    let spec = config.getmove_game.clone();
    let result: Result<Result<Response, String>, crate::GameError> =
        with_game!(spec, G => Ok(getmove_for::<G>(&spec, trace.trim(), depth, config)));
    match result {
        Ok(Ok(response)) => response,
        Ok(Err(message)) => Response::error(400, message, false),
        Err(e) => Response::error(500, format!("the server's --getmove-game: {e}"), false),
    }
}

fn getmove_for<G: Evaluators>(
    spec: &GameSpec,
    trace: &str,
    depth: u32,
    config: &ServeConfig,
) -> Result<Response, String> {
    if !trace.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "trace {:?}: a trace is one digit per move",
            shorten(trace)
        ));
    }
    let game_config = G::config_from_spec(spec).map_err(|e| e.to_string())?;
    let record = G::parse_position(&game_config, trace).map_err(|e| format!("trace: {e}"))?;
    if record.outcome().is_some() {
        return Err("the game is over after this trace: there is no move to make".to_string());
    }
    let limits = Limits {
        depth: Some(depth),
        hard_time: Some(config.max_movetime),
        ..Limits::default()
    };
    let mut player_spec = config
        .getmove_player
        .clone()
        .with_default("tiebreak", "first");
    if crate::players::takes_hash(player_spec.kind()) {
        player_spec = player_spec.with_default("hash", &config.hash_mib.to_string());
    }
    let choice = search::<G>(&record, &player_spec, limits, config)?;
    Ok(Response::text(200, choice.0))
}

/// Searches `record` with the player `spec` names; the move, checked legal, and the choice.
pub fn search<G: Evaluators>(
    record: &GameRecord<G>,
    spec: &PlayerSpec,
    limits: Limits,
    config: &ServeConfig,
) -> Result<(String, crate::players::Choice<G>), String> {
    let mut player = build_player_with::<G>(spec, 1, config.databases.for_game::<G>())
        .map_err(|e| e.to_string())?;
    let _slot = config.search_slots.acquire();
    let stop = StopSignal::new();
    let choice = player
        .choose(record, Turn::with_limits(limits, &stop))
        .map_err(|e| e.to_string())?;
    if !record.current().is_legal(choice.mv) {
        return Err(format!(
            "internal error: the search chose the illegal move {}",
            choice.mv
        ));
    }
    Ok((choice.mv.to_string(), choice))
}

/// `GET /v1/games`.
pub fn games() -> Response {
    let mut list = Vec::new();
    for name in GAME_NAMES {
        let spec = GameSpec::named(name);
        let entry: Result<Value, crate::GameError> = with_game!(spec, G => game_entry::<G>(&spec));
        if let Ok(entry) = entry {
            list.push(entry);
        }
    }
    Response::json(200, &json!({ "games": list }))
}

fn game_entry<G: Evaluators>(spec: &GameSpec) -> Result<Value, crate::GameError> {
    let start = G::start(&G::config_from_spec(spec)?)?;
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    Ok(json!({
        "name": G::NAME,
        "config": serde_json::to_value(start.config()).unwrap_or(Value::Null),
        "start": start.position_text(),
        "start_moves": moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
    }))
}

/// The body of `POST /v1/<game>/bestmove`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BestMoveRequest {
    /// The position in the game's notation (default: the start).
    #[serde(default)]
    position: Option<String>,
    /// Moves played from it: a list or a space-separated string.
    #[serde(default)]
    moves: Option<MoveList>,
    /// Search this many plies.
    #[serde(default)]
    depth: Option<u32>,
    /// Search this many milliseconds.
    #[serde(default)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[serde(default)]
    nodes: Option<u64>,
    /// The evaluator's name.
    #[serde(default)]
    eval: Option<String>,
    /// `first` (default) or `random` among equal-best moves.
    #[serde(default)]
    tiebreak: Option<String>,
    /// The seed of a random tie-break.
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum MoveList {
    List(Vec<Value>),
    Text(String),
}

impl MoveList {
    fn words(&self) -> Vec<String> {
        match self {
            MoveList::List(values) => values
                .iter()
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect(),
            MoveList::Text(text) => text.split_whitespace().map(str::to_string).collect(),
        }
    }
}

/// `POST /v1/<game>/bestmove` (searches: call it off the async threads).
pub fn bestmove(game: &str, body: &[u8], config: &ServeConfig) -> Response {
    let spec: GameSpec = match game.parse() {
        Ok(spec) => spec,
        Err(e) => return Response::error(400, e.to_string(), true),
    };
    let request: BestMoveRequest = match serde_json::from_slice(body) {
        Ok(request) => request,
        Err(e) => {
            return Response::error(
                400,
                format!("the body is not a bestmove request: {e}"),
                true,
            );
        }
    };
    let result = with_game!(spec, G => bestmove_for::<G>(&spec, &request, config)
        .map_err(BestMoveError::Bad));
    match result {
        Ok(value) => Response::json(200, &value),
        Err(BestMoveError::Bad(message)) => Response::error(400, message, true),
        Err(BestMoveError::Game(e)) => Response::error(404, e.to_string(), true),
    }
}

enum BestMoveError {
    Bad(String),
    Game(crate::GameError),
}

impl From<crate::GameError> for BestMoveError {
    fn from(error: crate::GameError) -> BestMoveError {
        BestMoveError::Game(error)
    }
}

fn bestmove_for<G: Evaluators>(
    spec: &GameSpec,
    request: &BestMoveRequest,
    config: &ServeConfig,
) -> Result<Value, String> {
    let game_config = G::config_from_spec(spec).map_err(|e| e.to_string())?;
    let mut record = match &request.position {
        Some(text) => {
            G::parse_position(&game_config, text).map_err(|e| format!("position: {e}"))?
        }
        None => GameRecord::new(G::start(&game_config).map_err(|e| e.to_string())?),
    };
    if let Some(moves) = &request.moves {
        for (index, word) in moves.words().iter().enumerate() {
            record
                .play_text(word)
                .map_err(|e| format!("moves: {}", e.at("ply", index + 1)))?;
        }
    }
    if record.outcome().is_some() {
        return Err("the game is over: there is no move to make".to_string());
    }
    let capped_movetime = request
        .movetime
        .map(|ms| Duration::from_millis(ms.max(1)).min(config.max_movetime));
    let depth = match (request.depth, request.movetime, request.nodes) {
        (Some(depth), _, _) => Some(depth.clamp(1, config.max_depth)),
        (None, None, None) => Some(config.default_depth.min(config.max_depth)),
        _ => None,
    };
    let limits = Limits {
        depth,
        movetime: capped_movetime,
        nodes: request.nodes.map(|n| n.clamp(1, config.max_nodes)),
        hard_time: Some(config.max_movetime),
        ..Limits::default()
    };
    let mut player_spec = PlayerSpec::named("pvs")
        .with("hash", &config.hash_mib.to_string())
        .with("tiebreak", request.tiebreak.as_deref().unwrap_or("first"));
    if let Some(eval) = &request.eval {
        player_spec = player_spec.with("eval", eval);
    }
    if let Some(seed) = request.seed {
        player_spec = player_spec.with("seed", &seed.to_string());
    }
    let (mv, choice) = search::<G>(&record, &player_spec, limits, config)?;
    let thought = &choice.thought;
    Ok(json!({
        "game": spec.to_string(),
        "position": record.current().position_text(),
        "move": mv,
        "score": thought.score,
        "score_text": thought.score_text(),
        "exact": thought.exact,
        "depth": thought.depth,
        "pv": thought.pv.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "nodes": thought.nodes,
        "time_ms": thought.time.as_millis() as u64,
    }))
}
