//! The browser game's API (`docs/web-api.md`) on a real `ponder serve`: a game against the
//! engine with its live thinking and replies over the WebSocket, a network game between two
//! tokens, every refusal (wrong token, wrong turn, illegal move, caps, sizes, rates), expiry,
//! and games that survive a restart.

use super::cli_serve::{Server, raw_request};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A fresh state directory for one test.
pub(crate) fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A server keeping its games in `dir`, with `extra` options.
pub(crate) fn start(dir: &std::path::Path, extra: &[&str]) -> Server {
    let mut args = vec!["--state-dir", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    Server::start(&args)
}

/// (status, JSON body).
pub(crate) fn call(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let token = token
        .map(|t| format!("X-Seat-Token: {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\n{token}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, text) = raw_request(server.port, request.as_bytes());
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text:?}"));
    (status, value)
}

pub(crate) fn post(server: &Server, path: &str, body: Value) -> (u16, Value) {
    call(server, "POST", path, Some(body), None)
}

/// Creates a game; (code, first token, state).
pub(crate) fn create(server: &Server, spec: &str, seats: Value) -> (String, String, Value) {
    let (status, created) = post(
        server,
        "/api/games",
        json!({ "spec": spec, "seats": seats }),
    );
    assert_eq!(status, 201, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let token = created["tokens"][0]["token"]
        .as_str()
        .unwrap_or("")
        .to_string();
    (code, token, created["state"].clone())
}

pub(crate) fn state(server: &Server, code: &str, token: Option<&str>) -> (u16, Value) {
    call(server, "GET", &format!("/api/games/{code}"), None, token)
}

pub(crate) fn play(server: &Server, code: &str, token: &str, mv: &str) -> (u16, Value) {
    post(
        server,
        &format!("/api/games/{code}/move"),
        json!({ "token": token, "move": mv }),
    )
}

pub(crate) type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

pub(crate) fn watch(server: &Server, code: &str, token: Option<&str>) -> Socket {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let url = format!("ws://127.0.0.1:{}/api/games/{code}/ws{query}", server.port);
    let (socket, _) = tungstenite::connect(url).expect("the WebSocket opens");
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
    }
    socket
}

/// The messages waiting on `socket` (reading for at most `wait`).
pub(crate) fn messages(socket: &mut Socket, wait: Duration) -> Vec<Value> {
    let until = Instant::now() + wait;
    let mut out = Vec::new();
    while Instant::now() < until {
        match socket.read() {
            Ok(Message::Text(text)) => out.push(serde_json::from_str(&text).unwrap()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
    }
    out
}

#[test]
fn a_game_against_the_engine_streams_thinking_and_replies() {
    let dir = state_dir("engine");
    let server = start(&dir, &["--max-pondering", "1"]);
    let seats = json!([{ "kind": "human" }, { "kind": "engine", "level": "easy" }]);
    let (code, token, mut game) = create(&server, "ataxx", seats);
    assert_eq!(game["you"], json!([0]));
    let mut socket = watch(&server, &code, Some(&token));
    let mut seen = Vec::new();
    let mut my_moves = 0;
    while !game["over"].as_bool().unwrap() && my_moves < 6 {
        // Think a little: the engine ponders meanwhile.
        seen.extend(messages(&mut socket, Duration::from_millis(600)));
        let (_, now) = state(&server, &code, Some(&token));
        game = now;
        if game["to_move"] == json!(0) {
            let mv = game["legal"][0]["move"].as_str().unwrap().to_string();
            let (status, after) = play(&server, &code, &token, &mv);
            assert_eq!(status, 200, "{after}");
            my_moves += 1;
        }
    }
    seen.extend(messages(&mut socket, Duration::from_millis(1500)));
    let kinds: Vec<&str> = seen.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"state"), "{kinds:?}");
    let replies: Vec<&Value> = seen.iter().filter(|m| m["type"] == "reply").collect();
    assert!(replies.len() >= 3, "{kinds:?}");
    for reply in &replies {
        assert_eq!(reply["seat"], 1);
        assert!(
            reply["reply_ms"].is_u64() && reply["kept_depth"].is_u64(),
            "{reply}"
        );
    }
    assert!(replies.iter().any(|r| r["pondered"] == true), "{replies:?}");
    let pondering = seen
        .iter()
        .find(|m| m["type"] == "thinking" && m["pondering"] == true);
    let pondering = pondering.unwrap_or_else(|| panic!("no pondering shown: {kinds:?}"));
    assert!(
        pondering["depth"].as_u64().unwrap() >= 1
            && !pondering["pv"].as_array().unwrap().is_empty()
    );
    // Every move of the record replays: the server's moves are the legal ones it offered.
    let record = reload(
        &server,
        &code,
        json!([{"kind": "human"}, {"kind": "human"}]),
    );
    assert_eq!(record["spec"], "ataxx");
}

/// Loads game `code`'s record into a new game with `seats` (201: every move replays); the
/// record.
pub(crate) fn reload(server: &Server, code: &str, seats: Value) -> Value {
    let path = format!("/api/games/{code}/record");
    let (_, record) = call(server, "GET", &path, None, None);
    let body = json!({ "record": record, "seats": seats });
    let (status, loaded) = post(server, "/api/games/load", body);
    assert_eq!(status, 201, "{loaded}");
    record
}

#[test]
fn a_network_game_checks_every_token_and_turn() {
    let dir = state_dir("network");
    let server = start(&dir, &[]);
    let (code, alice, _) = create(
        &server,
        "kalah",
        json!([{ "kind": "human" }, { "kind": "remote" }]),
    );
    let (status, joined) = post(&server, &format!("/api/games/{code}/join"), json!({}));
    assert_eq!(status, 200, "{joined}");
    let bob = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["seat"], 1);
    assert_ne!(alice, bob);
    assert_eq!(
        post(&server, &format!("/api/games/{code}/join"), json!({})).0,
        409
    );
    // A spectator sees the game, holds no seat, and cannot move.
    let (status, seen) = state(&server, &code, None);
    assert_eq!((status, seen["you"].clone()), (200, json!([])));
    let mut spectator = watch(&server, &code, None);
    // Bob cannot move for Alice; a forged token cannot move at all.
    assert_eq!(play(&server, &code, &bob, "3").0, 403);
    assert_eq!(
        play(&server, &code, "0123456789abcdef0123456789abcdef", "3").0,
        403
    );
    assert_eq!(play(&server, &code, &alice, "9").0, 400);
    assert_eq!(play(&server, &code, &alice, "x").0, 400);
    assert_eq!(play(&server, &code, &alice, "3").0, 200);
    assert_eq!(play(&server, &code, &alice, "3").0, 403, "not Alice's turn");
    assert_eq!(play(&server, &code, &bob, "0").0, 200);
    let (status, after) = state(&server, &code, Some(&bob));
    assert_eq!(
        (status, after["you"].clone(), after["moves"].clone()),
        (200, json!([1]), json!(["3", "0"]))
    );
    let seen = messages(&mut spectator, Duration::from_millis(500));
    assert!(
        seen.iter().filter(|m| m["type"] == "state").count() >= 2,
        "{seen:?}"
    );
    // Undo needs every person: two tokens play here.
    assert_eq!(
        post(
            &server,
            &format!("/api/games/{code}/undo"),
            json!({ "token": alice })
        )
        .0,
        409
    );
    // Alice (seat 1) resigns: Bob wins whatever the stores hold.
    let (status, resigned) = post(
        &server,
        &format!("/api/games/{code}/resign"),
        json!({ "token": alice }),
    );
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(resigned["result"]["ranks"], json!([2, 1]), "{resigned}");
    let (status, over) = play(&server, &code, &bob, "1");
    assert_eq!(status, 409, "{over}");
    assert!(over["error"].is_string());
}

#[test]
fn bad_requests_are_refused_with_a_message() {
    let dir = state_dir("refusals");
    let server = start(&dir, &["--max-body", "1024"]);
    let cases = [
        (
            400,
            post(
                &server,
                "/api/games",
                json!({ "spec": "chess", "seats": [] }),
            ),
        ),
        (
            400,
            post(
                &server,
                "/api/games",
                json!({ "spec": "kalah", "seats": [{ "kind": "human" }] }),
            ),
        ),
        (
            400,
            post(
                &server,
                "/api/games",
                json!({ "spec": "kalah", "seats": [], "colour": 1 }),
            ),
        ),
        (
            400,
            post(
                &server,
                "/api/games",
                json!({ "spec": "kalah", "seats": [{ "kind": "engine", "level": "godlike" }, { "kind": "human" }] }),
            ),
        ),
        (
            400,
            post(
                &server,
                "/api/games/load",
                json!({ "record": { "spec": "kalah", "moves": ["2", "9"] }, "seats": [{ "kind": "human" }, { "kind": "human" }] }),
            ),
        ),
        (
            400,
            call(
                &server,
                "GET",
                "/api/preview?spec=ataxx:walls=0xzz",
                None,
                None,
            ),
        ),
        (404, call(&server, "GET", "/api/games/NOSUCH", None, None)),
        (
            404,
            post(
                &server,
                "/api/games/NOSUCH/move",
                json!({ "token": "a", "move": "1" }),
            ),
        ),
        (404, call(&server, "GET", "/api/nothing", None, None)),
        (
            404,
            call(&server, "GET", "/api/games/NOSUCH/nothing", None, None),
        ),
        (405, call(&server, "DELETE", "/api/games", None, None)),
        (
            405,
            call(&server, "DELETE", "/api/games/NOSUCH/move", None, None),
        ),
        (
            405,
            call(&server, "POST", "/api/games/NOSUCH/record", None, None),
        ),
        (
            413,
            post(
                &server,
                "/api/games",
                json!({ "spec": "x".repeat(2000), "seats": [] }),
            ),
        ),
    ];
    for (expected, (status, body)) in cases {
        assert_eq!(status, expected, "{body}");
        assert!(!body["error"].as_str().unwrap().is_empty(), "{body}");
    }
    let (status, text) =
        server.raw(b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
    assert_eq!(status, 411, "{text}");
    assert_eq!(state(&server, "NOSUCH", None).0, 404);
    assert_eq!(server.get("/health").0, 200);
}

#[test]
fn requests_per_client_are_limited() {
    let dir = state_dir("rate");
    let server = start(&dir, &["--rate", "2"]);
    let statuses: Vec<u16> = (0..40)
        .map(|_| call(&server, "GET", "/api/catalog", None, None).0)
        .collect();
    assert!(
        statuses.contains(&200) && statuses.contains(&429),
        "{statuses:?}"
    );
    // A refusal closes the connection like any other answer (a client reading to the end
    // of the stream is not left waiting).
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .write_all(b"GET /api/catalog HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    let mut refusal = String::new();
    let _ = stream.read_to_string(&mut refusal);
    let refusal = refusal.to_ascii_lowercase();
    assert!(
        refusal.starts_with("http/1.1 429") && refusal.contains("connection: close"),
        "{refusal:?}"
    );
    // The classroom's routes keep their own limits.
    assert_eq!(server.get("/getmove/2,0").0, 200);
}

#[test]
fn the_caps_refuse_or_drop_the_oldest_idle_game() {
    let dir = state_dir("caps");
    let server = start(&dir, &["--max-games", "2", "--evict-after", "3600"]);
    let seats = json!([{ "kind": "human" }, { "kind": "human" }]);
    create(&server, "kalah", seats.clone());
    create(&server, "kalah", seats.clone());
    let (status, body) = post(
        &server,
        "/api/games",
        json!({ "spec": "kalah", "seats": seats }),
    );
    assert_eq!(status, 503, "{body}");
    drop(server);

    let dir = state_dir("memory");
    let server = start(
        &dir,
        &[
            "--game-memory",
            "4",
            "--memory",
            "8",
            "--evict-after",
            "3600",
        ],
    );
    let bots = json!([{ "kind": "human" }, { "kind": "engine", "level": "easy" }]);
    create(&server, "oware", bots.clone());
    create(&server, "oware", bots.clone());
    let (status, body) = post(
        &server,
        "/api/games",
        json!({ "spec": "oware", "seats": bots }),
    );
    assert_eq!(status, 503, "{body}");
    drop(server);

    let dir = state_dir("evict");
    let server = start(&dir, &["--max-games", "1", "--evict-after", "0"]);
    let (first, _, _) = create(&server, "kalah", seats.clone());
    let (second, _, _) = create(&server, "kalah", seats);
    assert_eq!(state(&server, &first, None).0, 404);
    assert_eq!(state(&server, &second, None).0, 200);
}

#[test]
fn finished_games_expire() {
    let dir = state_dir("expiry");
    let server = start(&dir, &["--finished-expiry", "1"]);
    let (code, token, _) = create(
        &server,
        "kalah",
        json!([{ "kind": "human" }, { "kind": "human" }]),
    );
    assert_eq!(
        post(
            &server,
            &format!("/api/games/{code}/resign"),
            json!({ "token": token })
        )
        .0,
        200
    );
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(state(&server, &code, None).0, 404);
}

#[test]
fn an_oversized_websocket_message_closes_only_that_socket() {
    let dir = state_dir("wsmessage");
    let server = start(&dir, &["--ws-message", "64"]);
    let (code, _, _) = create(
        &server,
        "kalah",
        json!([{ "kind": "human" }, { "kind": "remote" }]),
    );
    let mut socket = watch(&server, &code, None);
    assert_eq!(
        messages(&mut socket, Duration::from_millis(300))[0]["type"],
        "state"
    );
    let _ = socket.send(Message::Text("x".repeat(1000).into()));
    let deadline = Instant::now() + Duration::from_secs(5);
    let closed = loop {
        match socket.read() {
            Ok(Message::Close(_))
            | Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                break true;
            }
            Err(tungstenite::Error::Io(e))
                if e.kind() != std::io::ErrorKind::WouldBlock
                    && e.kind() != std::io::ErrorKind::TimedOut =>
            {
                break true;
            }
            Err(tungstenite::Error::Protocol(_)) => break true,
            _ if Instant::now() > deadline => break false,
            _ => {}
        }
    };
    assert!(closed, "the socket stays open");
    assert_eq!(state(&server, &code, None).0, 200);
}

#[test]
fn games_and_tokens_survive_a_restart() {
    let dir = state_dir("restart");
    let server = start(&dir, &[]);
    let (code, alice, _) = create(
        &server,
        "oware",
        json!([{ "kind": "human" }, { "kind": "remote" }]),
    );
    let (_, joined) = post(
        &server,
        &format!("/api/games/{code}/join"),
        json!({ "seat": 1 }),
    );
    let bob = joined["token"].as_str().unwrap().to_string();
    assert_eq!(play(&server, &code, &alice, "2").0, 200);
    let (_, before) = state(&server, &code, Some(&bob));
    // Saving is asynchronous: give it a moment, then kill the server.
    std::thread::sleep(Duration::from_millis(300));
    drop(server);
    let server = start(&dir, &[]);
    let (status, after) = state(&server, &code, Some(&bob));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["you"], json!([1]));
    assert_eq!(after["position"], before["position"]);
    assert_eq!(
        play(&server, &code, &alice, "1").0,
        403,
        "not Alice's turn after the restart"
    );
    assert_eq!(play(&server, &code, &bob, "1").0, 200);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every choice the catalog offers the new-game screen is a spec the server accepts: each
/// Kalah capture rule and size, each Oware rule set, and a sample of the wall masks.
#[test]
fn every_catalog_choice_is_a_game_the_server_starts() {
    let dir = state_dir("catalog");
    let server = start(&dir, &[]);
    let (status, catalog) = call(&server, "GET", "/api/catalog", None, None);
    assert_eq!(status, 200, "{catalog}");
    let games = catalog["games"].as_array().expect("a list of games");
    let options = |name: &str, key: &str| -> Vec<String> {
        let game = games
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("{name} missing from {catalog}"));
        game["options"][key]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has no {key}: {game}"))
            .iter()
            .map(|v| v.to_string().trim_matches('"').to_string())
            .collect()
    };
    let mut specs: Vec<String> = Vec::new();
    for capture in options("kalah", "capture") {
        for pits in options("kalah", "pits") {
            specs.push(format!("kalah:pits={pits},seeds=4,capture={capture}"));
        }
    }
    for rules in options("oware", "rules") {
        specs.push(format!("oware:rules={rules}"));
    }
    let walls = catalog["ataxx_walls"].as_array().expect("wall layouts");
    for wall in walls.iter().step_by(walls.len() / 8 + 1) {
        specs.push(format!("ataxx:walls={}", wall["mask"].as_str().unwrap()));
    }
    for spec in specs {
        let (status, state) = call(
            &server,
            "GET",
            &format!("/api/preview?spec={spec}"),
            None,
            None,
        );
        assert_eq!(status, 200, "{spec}: {state}");
        assert!(!state["legal"].as_array().unwrap().is_empty(), "{spec}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
