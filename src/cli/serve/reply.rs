//! [`Reply`]: a finished answer (status, content type, body), what the classroom routes and
//! the JSON API return, and how errors look: `{"error": "..."}` on the JSON routes, a line
//! of text on the classroom's.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An answer to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    /// A plain-text answer (an error's text ends with a newline).
    pub fn text(status: u16, body: impl Into<String>) -> Reply {
        let mut body = body.into();
        if !body.ends_with('\n') && status != 200 {
            body.push('\n');
        }
        Reply {
            status,
            content_type: "text/plain; charset=utf-8",
            body,
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string() + "\n",
        }
    }

    /// An error as JSON `{"error": message}` or as text, as the route prefers.
    pub fn error(status: u16, message: impl Into<String>, json: bool) -> Reply {
        let message = message.into();
        if json {
            Reply::json(status, &serde_json::json!({ "error": message }))
        } else {
            Reply::text(status, message)
        }
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, self.body).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        response
    }
}
