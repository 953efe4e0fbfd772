//! What every handler of the HTTP server shares: its limits and the live games.

use super::limits::RateLimiter;
use super::registry::Registry;
use super::routes::ServeConfig;
use std::sync::Arc;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The classroom and JSON API's limits (and the hints').
    pub config: ServeConfig,
    /// The live games.
    pub registry: Arc<Registry>,
    /// Requests per client.
    pub rate: Arc<RateLimiter>,
    /// The largest request body, bytes.
    pub max_body_bytes: usize,
    /// The largest WebSocket message, bytes.
    pub ws_message_bytes: usize,
}
