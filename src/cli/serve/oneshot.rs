//! Answers one request in process, without a socket: what the fuzz targets and the tests
//! drive the router with.

use super::reply::Reply;
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, header};
use tower::ServiceExt;

thread_local! {
    /// The calling thread's runtime, kept from one request to the next as a server keeps
    /// its own: its blocking threads are reused rather than one started and ended for every
    /// request. (A runtime a request made the fuzz targets start tens of thousands of
    /// threads in a campaign; once the kernel's thread ids wrapped, LeakSanitizer no longer
    /// found live threads by their reused ids and reported what they held as leaked:
    /// `docs/reliability.md`.)
    static RUNTIME: Option<tokio::runtime::Runtime> = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .ok();
}

/// Answers `method target` with `body` through `app` on the calling thread's runtime; `None`
/// when the method or target cannot form a request (the HTTP layer refuses those before
/// routing) or no runtime can start.
pub fn answer(app: &Router, method: &str, target: &str, body: Vec<u8>) -> Option<Reply> {
    let method = Method::from_bytes(method.as_bytes()).ok()?;
    let request = Request::builder()
        .method(method)
        .uri(target)
        .header(header::CONTENT_LENGTH, body.len())
        .body(Body::from(body))
        .ok()?;
    let app = app.clone();
    RUNTIME.with(|runtime| {
        runtime.as_ref()?.block_on(async move {
            let response = app.oneshot(request).await.ok()?;
            let status = response.status().as_u16();
            let content_type = match response.headers().get(header::CONTENT_TYPE) {
                Some(v) if v.as_bytes().starts_with(b"application/json") => "application/json",
                Some(v) if v.as_bytes().starts_with(b"text/html") => "text/html; charset=utf-8",
                _ => "text/plain; charset=utf-8",
            };
            let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
                .await
                .ok()?;
            Some(Reply {
                status,
                content_type,
                body: String::from_utf8_lossy(&bytes).into_owned(),
            })
        })
    })
}

/// Replays `record` (checked move by move) and writes it back as the server would save it.
pub fn replay_record(
    record: &super::GameRecordJson,
) -> Result<super::GameRecordJson, super::ApiError> {
    let spec: crate::games::GameSpec = record.spec.parse()?;
    Ok(super::session::build_game(&spec, record, false, 0, &Default::default())?.record(&spec))
}
