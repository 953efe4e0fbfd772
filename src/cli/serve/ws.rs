//! `GET /api/games/<code>/ws`: a game's live updates (`state` after every change, the
//! engine's `thinking`, bots' `reply`, `error`). Clients send nothing; oversized frames close
//! the socket.

use super::error::ApiError;
use super::registry::{Notice, Slot, message_text};
use super::state::AppState;
use super::types::WsMessage;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State as Extract};
use axum::response::Response;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The upgrade: the game must exist; the token (optional) marks its seats connected.
pub async fn upgrade(
    Extract(state): Extract<AppState>,
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = state.registry.get(&code)?;
    let token = query.get("token").cloned();
    let limit = state.ws_message_bytes;
    Ok(upgrade
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| watch(socket, slot, token)))
}

/// Marks the token's seats connected (+1) or not (-1); whether anything changed.
fn connect(slot: &Slot, token: Option<&str>, delta: i32) -> bool {
    let mut session = slot.session.lock();
    let seats = session.seats_of(token);
    for &seat in &seats {
        let connected = &mut session.seats[seat].connected;
        *connected = connected.saturating_add_signed(delta);
    }
    session.last_active = std::time::Instant::now();
    !seats.is_empty()
}

/// The state as this socket's token sees it.
fn state_text(slot: &Slot, token: Option<&str>) -> Arc<str> {
    let state = slot.session.lock().state(token);
    message_text(&WsMessage::State {
        state: Box::new(state),
    })
}

async fn watch(mut socket: WebSocket, slot: Arc<Slot>, token: Option<String>) {
    let mut notices = slot.notices.subscribe();
    if connect(&slot, token.as_deref(), 1) {
        let _ = slot.notices.send(Notice::Changed);
    }
    let mut send = Some(state_text(&slot, token.as_deref()));
    loop {
        if let Some(text) = send.take()
            && socket
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_err()
        {
            break;
        }
        tokio::select! {
            notice = notices.recv() => match notice {
                Ok(Notice::Changed) | Err(RecvError::Lagged(_)) => {
                    send = Some(state_text(&slot, token.as_deref()));
                }
                Ok(Notice::Message(text)) => send = Some(text),
                Err(RecvError::Closed) => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    if connect(&slot, token.as_deref(), -1) {
        let _ = slot.notices.send(Notice::Changed);
    }
}
