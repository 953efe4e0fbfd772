//! The browser game's REST handlers (`docs/web-api.md`): catalog, preview, create, join,
//! state, move, undo, resign, hint, options, record, load.

use super::error::ApiError;
use super::error::Body;
use super::game_request::GameRequest;
use super::live::HintSearch;
use super::registry::Slot;
use super::session::build_game;
use super::state::AppState;
use super::types::{
    CreateRequest, GameRecordJson, JoinRequest, LoadRequest, MoveRequest, OptionsRequest, State,
    TokenRequest,
};
use crate::games::{GAME_NAMES, GameSpec, Seat};
use axum::Json;
use axum::extract::{Path, Query, State as Extract};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// An API answer.
pub type ApiResult<T> = Result<T, ApiError>;

/// The seats at most of each game the server plays: Ataxx up to four (`ataxx:players=N`),
/// the others two.
fn max_seats(name: &str) -> usize {
    if name == "ataxx" { Seat::MAX } else { 2 }
}

/// `GET /api/catalog`.
pub async fn catalog() -> Json<Value> {
    let games: Vec<Value> = GAME_NAMES
        .iter()
        .map(|name| json!({ "name": name, "spec": name, "options": game_options(name) }))
        .collect();
    static WALLS: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
    let walls = WALLS.get_or_init(|| {
        crate::games::ataxx::WallMask::playable()
            .map(|mask| {
                let hex = format!("0x{:04x}", mask.bits());
                let name = if mask.bits() == 0 {
                    "none".to_string()
                } else {
                    hex.clone()
                };
                json!({ "name": name, "mask": hex })
            })
            .collect()
    });
    let seats: serde_json::Map<String, Value> = GAME_NAMES
        .iter()
        .map(|name| (name.to_string(), json!(max_seats(name))))
        .collect();
    Json(json!({
        "games": games,
        "levels": super::bots::LEVELS,
        "ataxx_walls": walls,
        "max_seats": seats,
    }))
}

/// The parameters a game's spec takes, for the new-game screen.
fn game_options(name: &str) -> Value {
    match name {
        "kalah" => {
            json!({ "pits": [3, 4, 5, 6], "seeds": [3, 4, 5, 6], "capture": ["classic", "empty"] })
        }
        "oware" => json!({ "rules": ["abapa", "awari"] }),
        "ataxx" => json!({ "walls": "ataxx_walls" }),
        _ => json!({}),
    }
}

/// `GET /api/preview?spec=...`: the start position's state, without a code.
pub async fn preview(Query(query): Query<HashMap<String, String>>) -> ApiResult<Json<State>> {
    let spec_text = query
        .get("spec")
        .ok_or_else(|| ApiError::bad("expected ?spec=<game spec>"))?;
    let spec: GameSpec = spec_text.parse()?;
    let record = GameRecordJson {
        spec: spec.to_string(),
        position: query.get("position").cloned(),
        moves: Vec::new(),
    };
    let position = build_game(&spec, &record, false, 0, &Default::default())?.position(None);
    Ok(Json(State {
        code: None,
        spec: spec.to_string(),
        seats: Vec::new(),
        you: Vec::new(),
        version: 0,
        ponder: false,
        thinking: None,
        position,
    }))
}

async fn created(
    state: &AppState,
    created: super::registry::Created,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let token = created.tokens.first().map(|t| t.token.clone());
    let game_state = created.slot.session.lock().state(token.as_deref());
    saved(state, &created.slot).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "code": created.code,
            "link": format!("/g/{}", created.code),
            "tokens": created.tokens,
            "state": game_state,
        })),
    ))
}

/// Writes the changed game to disk and tells its watchers, before the request is
/// answered: a player's `200` means the change survives a crash.
async fn saved(state: &AppState, slot: &Arc<Slot>) -> ApiResult<()> {
    let registry = state.registry.clone();
    let slot = slot.clone();
    blocking(move || {
        registry.changed(&slot, &[]);
        Ok(())
    })
    .await
}

/// `POST /api/games`.
pub async fn create(
    Extract(state): Extract<AppState>,
    Body(request): Body<CreateRequest>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let record = GameRecordJson {
        spec: request.spec,
        position: request.position,
        moves: Vec::new(),
    };
    let registry = state.registry.clone();
    let made = blocking(move || registry.create(&record, &request.seats, request.ponder)).await?;
    created(&state, made).await
}

/// `POST /api/games/load`.
pub async fn load(
    Extract(state): Extract<AppState>,
    Body(request): Body<LoadRequest>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let registry = state.registry.clone();
    let made =
        blocking(move || registry.create(&request.record, &request.seats, request.ponder)).await?;
    created(&state, made).await
}

/// Runs `job` (which may build or drop engines) off the async threads.
async fn blocking<T: Send + 'static>(
    job: impl FnOnce() -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|_| ApiError::new(500, "internal error"))?
}

/// `POST /api/games/<code>/join`.
pub async fn join(
    Extract(state): Extract<AppState>,
    Path(code): Path<String>,
    body: axum::body::Bytes,
) -> ApiResult<Json<Value>> {
    let slot = state.registry.get(&code)?;
    let request: JoinRequest = if body.iter().all(u8::is_ascii_whitespace) {
        JoinRequest::default()
    } else {
        super::error::parse_body(&body)?
    };
    let (seat, token, game_state) = {
        let mut session = slot.session.lock();
        let (seat, token) = session.join(request.seat)?;
        let game_state = session.state(Some(&token));
        (seat, token, game_state)
    };
    saved(&state, &slot).await?;
    Ok(Json(
        json!({ "seat": seat, "token": token, "state": game_state }),
    ))
}

/// The `X-Seat-Token` header.
fn header_token(headers: &HeaderMap) -> Option<&str> {
    headers.get("x-seat-token").and_then(|v| v.to_str().ok())
}

/// `GET /api/games/<code>`.
pub async fn get_state(
    Extract(state): Extract<AppState>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<State>> {
    let slot = state.registry.get(&code)?;
    let session = slot.session.lock();
    Ok(Json(session.state(header_token(&headers))))
}

/// Applies `change` to `request`'s game with `token`'s rights, then answers the new state.
async fn change<T>(
    request: &GameRequest<T>,
    token: &str,
    change: impl FnOnce(&mut super::session::Session) -> ApiResult<()>,
) -> ApiResult<Json<State>> {
    let slot: Arc<Slot> = request.state.registry.get(&request.code)?;
    let game_state = {
        let mut session = slot.session.lock();
        change(&mut session)?;
        session.state(Some(token))
    };
    saved(&request.state, &slot).await?;
    Ok(Json(game_state))
}

/// `POST /api/games/<code>/move`.
pub async fn play(request: GameRequest<MoveRequest>) -> ApiResult<Json<State>> {
    let MoveRequest { token, mv } = &request.body;
    change(&request, token, |s| s.play(token, mv)).await
}

/// `POST /api/games/<code>/undo`.
pub async fn undo(request: GameRequest<TokenRequest>) -> ApiResult<Json<State>> {
    let token = &request.body.token;
    change(&request, token, |s| s.undo(token)).await
}

/// `POST /api/games/<code>/resign`.
pub async fn resign(request: GameRequest<TokenRequest>) -> ApiResult<Json<State>> {
    let token = &request.body.token;
    change(&request, token, |s| s.resign(token)).await
}

/// `POST /api/games/<code>/options`.
pub async fn options(request: GameRequest<OptionsRequest>) -> ApiResult<Json<State>> {
    let OptionsRequest { token, ponder } = &request.body;
    change(&request, token, |s| {
        if s.seats_of(Some(token)).is_empty() {
            return Err(ApiError::forbidden("this token holds no seat of this game"));
        }
        if let Some(ponder) = *ponder {
            s.ponder = ponder;
        }
        s.touch();
        Ok(())
    })
    .await
}

/// `POST /api/games/<code>/hint`: the medium level's search of the position.
pub async fn hint(request: GameRequest<TokenRequest>) -> ApiResult<Json<super::types::Hint>> {
    let slot = request.state.registry.get(&request.code)?;
    let job = {
        let session = slot.session.lock();
        if session.seats_of(Some(&request.body.token)).is_empty() {
            return Err(ApiError::forbidden("this token holds no seat of this game"));
        }
        if session.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        session.game.hint_job(HintSearch {
            config: request.state.config.clone(),
        })
    };
    let hint = blocking(move || job().map_err(ApiError::bad)).await?;
    Ok(Json(hint))
}

/// `GET /api/games/<code>/record`.
pub async fn record(
    Extract(state): Extract<AppState>,
    Path(code): Path<String>,
) -> ApiResult<Json<GameRecordJson>> {
    let slot = state.registry.get(&code)?;
    let session = slot.session.lock();
    Ok(Json(session.game.record(&session.spec)))
}
