//! `ponder serve` killed with SIGKILL in the middle of a game against its engine keeps the
//! bot's engine: restarted, it restores the engine's snapshot (saved with the game), and the
//! bot's next search starts from the depth the restored tree kept after the person's move
//! (`kept_depth` of its reply), where a server whose snapshot is gone starts from nothing.

use super::cli_web::{Socket, create, messages, play, start, state, state_dir, watch};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};

/// Plays the person's first legal move in game `code` and waits for the bot's reply on
/// `socket`: the reply message. The reply is on disk by the time anyone is told of it (a
/// crash right after it loses nothing).
fn move_and_reply(
    server: &super::cli_serve::Server,
    dir: &Path,
    code: &str,
    token: &str,
    socket: &mut Socket,
) -> Value {
    let (_, game) = state(server, code, Some(token));
    assert_eq!(game["to_move"], json!(0), "{game}");
    let mv = game["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, after) = play(server, code, token, &mv);
    assert_eq!(status, 200, "{after}");
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let replies = messages(socket, Duration::from_millis(200));
        if let Some(reply) = replies.into_iter().find(|m| m["type"] == "reply") {
            let on_disk = saved_moves(dir, code);
            assert_eq!(
                on_disk,
                game["moves"].as_array().unwrap().len() + 2,
                "{reply}"
            );
            return reply;
        }
    }
    panic!("no reply from the bot in game {code}");
}

/// How many moves the game `code` saved in `dir` holds.
fn saved_moves(dir: &Path, code: &str) -> usize {
    let file = dir.join(format!("{code}.game"));
    let payload = ponder::files::load_bytes(&file, &ponder::cli::serve::SAVED_GAME).unwrap();
    let saved: Value = serde_json::from_slice(&payload).unwrap();
    saved["record"]["moves"].as_array().unwrap().len()
}

/// Waits until the engine's snapshot of game `code` exists and has not changed for a
/// moment (it is written after the game).
fn snapshot_settles(dir: &Path, code: &str) {
    let path = dir.join(format!("{code}.engine"));
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut last = None;
    while Instant::now() < deadline {
        let now = std::fs::metadata(&path)
            .ok()
            .map(|m| (m.len(), m.modified().ok()));
        if now.is_some() && now == last {
            return;
        }
        last = now;
        std::thread::sleep(Duration::from_millis(300));
    }
    panic!("no snapshot {}", path.display());
}

#[test]
fn a_bot_keeps_its_engine_through_a_sigkill() {
    let dir = state_dir("sigkill");
    // No pondering: whatever the bot's tree holds after the restart comes from the snapshot.
    let options = ["--max-pondering", "0"];
    let server = start(&dir, &options);
    let seats = json!([{ "kind": "human" }, { "kind": "engine", "level": "medium" }]);
    let (code, token, _) = create(&server, "oware", seats);
    let mut socket = watch(&server, &code, Some(&token));
    let first = move_and_reply(&server, &dir, &code, &token, &mut socket);
    assert_eq!(
        first["kept_depth"],
        json!(0),
        "a new engine keeps nothing: {first}"
    );
    snapshot_settles(&dir, &code);
    // Child::kill is SIGKILL: nothing is written on the way out.
    drop(socket);
    drop(server);

    let server = start(&dir, &options);
    let mut socket = watch(&server, &code, Some(&token));
    let restored = move_and_reply(&server, &dir, &code, &token, &mut socket);
    let kept = restored["kept_depth"].as_u64().unwrap();
    assert!(
        kept >= 2,
        "the restored engine starts from its depth: {restored}"
    );
    snapshot_settles(&dir, &code);
    drop(socket);
    drop(server);

    // Without its snapshot the restarted server's engine starts from nothing.
    std::fs::remove_file(dir.join(format!("{code}.engine"))).unwrap();
    let server = start(&dir, &options);
    let mut socket = watch(&server, &code, Some(&token));
    let cold = move_and_reply(&server, &dir, &code, &token, &mut socket);
    assert_eq!(cold["kept_depth"], json!(0), "{cold}");
    drop(socket);
    drop(server);

    // A corrupt snapshot is refused (the server says so and goes on with a fresh engine).
    snapshot_settles(&dir, &code);
    let path = dir.join(format!("{code}.engine"));
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    std::fs::write(&path, bytes).unwrap();
    let server = start(&dir, &options);
    let (status, game) = state(&server, &code, Some(&token));
    assert_eq!(status, 200, "{game}");
    let mut socket = watch(&server, &code, Some(&token));
    let fresh = move_and_reply(&server, &dir, &code, &token, &mut socket);
    assert_eq!(fresh["kept_depth"], json!(0), "{fresh}");
    let _ = std::fs::remove_dir_all(&dir);
}
