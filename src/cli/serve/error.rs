//! [`ApiError`]: a refused API request, answered as a 4xx (or 5xx) with `{"error": ...}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A refused request: the status and a message saying what and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// What was wrong.
    pub message: String,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request is malformed or the move illegal.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// 403: the token does not allow it.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(403, message)
    }

    /// 404: no such game.
    pub fn not_found(code: &str) -> ApiError {
        let code: String = code.chars().take(16).collect();
        ApiError::new(
            404,
            format!("no game {code:?} (finished and abandoned games expire)"),
        )
    }

    /// 409: not possible in the game's state.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(409, message)
    }

    /// 503: the server is at a cap.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(503, message)
    }
}

impl From<crate::GameError> for ApiError {
    fn from(error: crate::GameError) -> ApiError {
        ApiError::bad(error.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        (
            status,
            axum::Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// A JSON request body, read whatever its `Content-Type`: a body that is not the route's
/// JSON is a 400 `{"error": ...}` naming what is wrong, one over the size limit a 413.
pub struct Body<T>(pub T);

/// Reads a route's JSON body (strict: the types refuse unknown fields).
pub fn parse_body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("the request body: {e}")))
}

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|e| ApiError::new(e.status().as_u16(), e.body_text()))?;
        parse_body(&bytes).map(Body)
    }
}
