//! The server's router: the page, the classroom's `/getmove`, the JSON API `/v1`, the game
//! API `/api` and its WebSocket, behind the request limits (rate per client, body size,
//! `Content-Length` required on bodies) and a `Connection: close` unless the client asks to
//! keep the connection alive.

use super::error::ApiError;
use super::reply::Reply;
use super::routes;
use super::state::AppState;
use super::{api, assets, ws};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::net::{IpAddr, Ipv4Addr};

/// The client's address, put on each request by the connection loop.
#[derive(Copy, Clone, Debug)]
pub struct Peer(pub IpAddr);

/// The whole router.
pub fn router(state: AppState) -> Router {
    // One game's routes, below `/api/games/{code}` (the API's fallbacks answer for them).
    let game = Router::new()
        .route("/", get(api::get_state))
        .route("/join", post(api::join))
        .route("/move", post(api::play))
        .route("/undo", post(api::undo))
        .route("/resign", post(api::resign))
        .route("/hint", post(api::hint))
        .route("/options", post(api::options))
        .route("/record", get(api::record))
        .route("/ws", get(ws::upgrade));
    let api = Router::new()
        .route("/catalog", get(api::catalog))
        .route("/preview", get(api::preview))
        .route("/games", post(api::create))
        .route("/games/load", post(api::load))
        .nest("/games/{code}", game)
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_wrong_method);
    let routes = Router::new()
        .route("/", get(|| page("")).fallback(use_get))
        .route(
            "/assets/{*path}",
            get(|Path(path): Path<String>| page_owned(path)).fallback(use_get),
        )
        .route("/g/{code}", get(|| page("")).fallback(use_get))
        .route(
            "/health",
            get(|| async { Reply::text(200, "ok\n") }).fallback(use_get),
        )
        .route(
            "/routes",
            get(|| async { Reply::text(200, routes::ROUTES) }).fallback(use_get),
        )
        .route("/getmove/{argument}", get(getmove).fallback(use_get))
        .route(
            "/v1/games",
            get(|| async { routes::games() }).fallback(use_get),
        )
        .route("/v1/{game}/bestmove", post(bestmove).fallback(use_post))
        .nest("/api", api)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(state.max_body_bytes))
        .with_state(state.clone());
    // The guard wraps the whole router, so that it sees every path whole (a layer of the
    // router itself would see nested paths without their prefix).
    Router::new()
        .fallback_service(routes)
        .layer(middleware::from_fn_with_state(state, guard))
}

/// A file of the page.
async fn page(path: &'static str) -> Response {
    page_owned(path.to_string()).await
}

async fn page_owned(path: String) -> Response {
    match assets::asset(&path) {
        Some((bytes, content_type)) => (
            [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
            bytes,
        )
            .into_response(),
        None => Reply::text(404, format!("no asset {:?}", shorten(&path))).into_response(),
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(60).collect()
}

async fn use_get(method: Method) -> Reply {
    Reply::error(405, format!("{method} is not allowed here: use GET"), false)
}

async fn use_post(method: Method) -> Reply {
    Reply::error(405, format!("{method} is not allowed here: use POST"), true)
}

async fn api_not_found(request: Request) -> ApiError {
    ApiError::new(
        404,
        format!(
            "no such API path {:?}; see docs/web-api.md",
            shorten(request.uri().path())
        ),
    )
}

async fn api_wrong_method(method: Method) -> ApiError {
    ApiError::new(405, format!("{method} is not allowed here"))
}

/// Any other path: 404, or 400 when the path's percent-encoding is malformed.
async fn not_found(request: Request) -> Reply {
    let path = request.uri().path();
    if percent_decode(path).is_none() {
        return Reply::text(400, "malformed percent-encoding in the path");
    }
    Reply::error(
        404,
        format!(
            "no such path {:?}; see GET /routes for the routes",
            shorten(path)
        ),
        false,
    )
}

/// `GET /getmove/<depth>,<trace>`: searched off the async threads.
async fn getmove(State(state): State<AppState>, Path(argument): Path<String>) -> Reply {
    let config = state.config.clone();
    tokio::task::spawn_blocking(move || routes::getmove(&argument, &config))
        .await
        .unwrap_or_else(|_| Reply::text(500, "internal error"))
}

/// `POST /v1/<game>/bestmove`: searched off the async threads.
async fn bestmove(State(state): State<AppState>, Path(game): Path<String>, body: Bytes) -> Reply {
    let config = state.config.clone();
    tokio::task::spawn_blocking(move || routes::bestmove(&game, &body, &config))
        .await
        .unwrap_or_else(|_| Reply::error(500, "internal error", true))
}

/// Whether `path` is the game API's, whose requests are limited per client (the classroom
/// routes keep their own limits: search slots and time caps).
fn json_api_path(path: &str) -> bool {
    path.starts_with("/api")
}

/// The limits every request passes (see [`admit`]); then, on every answer, refusals included,
/// `Connection: close` unless the client asked to keep it alive, and the CORS header.
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let keep_alive = request
        .headers()
        .get(header::CONNECTION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("keep-alive") || v.contains("upgrade")
        });
    let mut response = match admit(&state, request).await {
        Ok(request) => next.run(request).await,
        Err(refusal) => refusal,
    };
    if !keep_alive {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

/// The request if it passes the client's rate on the game API and carries a `Content-Length`
/// on any body (no chunked uploads) within the size limit; else the refusal to send.
async fn admit(state: &AppState, request: Request) -> Result<Request, Response> {
    let json = json_api_path(request.uri().path()) || request.uri().path().starts_with("/v1");
    let client = request
        .extensions()
        .get::<Peer>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.0);
    let headers = request.headers();
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if json_api_path(request.uri().path()) && !state.rate.allow(client) {
        if length.is_some_and(|n| n <= state.max_body_bytes as u64) {
            // Read the body, so that closing does not reset the connection before the
            // client has read the answer.
            let _ = axum::body::to_bytes(request.into_body(), state.max_body_bytes).await;
        }
        return Err(Reply::error(429, "too many requests: slow down", json).into_response());
    }
    let chunked = headers.contains_key(header::TRANSFER_ENCODING);
    if chunked || (request.method() == Method::POST && length.is_none()) {
        return Err(
            Reply::error(411, "a request body needs a Content-Length", json).into_response(),
        );
    }
    if length.is_some_and(|n| n > state.max_body_bytes as u64) {
        return Err(Reply::error(
            413,
            format!("the body is larger than {} bytes", state.max_body_bytes),
            json,
        )
        .into_response());
    }
    Ok(request)
}

/// Decodes `%XX` escapes; `None` when an escape is malformed or the result is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = std::str::from_utf8(bytes.get(index + 1..index + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}
