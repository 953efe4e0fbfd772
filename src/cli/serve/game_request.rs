//! [`GameRequest`]: what a request to one game of the game API carries, read by one
//! extractor instead of three in every handler.

use super::error::Body;
use super::state::AppState;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// A request to `/api/games/<code>/...` with a JSON body: the server's state, the game's
/// code from the path and the body (read as [`Body`] reads it), in that order.
pub struct GameRequest<T> {
    /// What every handler shares.
    pub state: AppState,
    /// The game's code.
    pub code: String,
    /// The request's body.
    pub body: T,
}

impl<T: DeserializeOwned> FromRequest<AppState> for GameRequest<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Path(code) = Path::<String>::from_request_parts(&mut parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Body(body) = Body::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(GameRequest {
            state: state.clone(),
            code,
            body,
        })
    }
}
