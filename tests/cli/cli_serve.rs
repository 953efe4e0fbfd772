//! `ponder serve` on 127.0.0.1: the classroom's `/getmove`, the JSON API, bad requests, and a
//! thousand concurrent good and bad requests that leave it answering.

use ponder::{Game, Kalah};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server on a free port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(["serve", "--port", "0", "--host", "127.0.0.1"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    fn raw(&self, raw: &[u8]) -> (u16, String) {
        raw_request(self.port, raw)
    }

    fn get(&self, path: &str) -> (u16, String) {
        get(self.port, path)
    }

    fn post(&self, path: &str, body: &str) -> (u16, String) {
        post(self.port, path, body)
    }
}

/// Sends `raw` to the server on `port` and returns (status, body).
fn raw_request(port: u16, raw: &[u8]) -> (u16, String) {
    {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(raw).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response).into_owned();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {text:?}"));
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        (status, body)
    }
}

fn get(port: u16, path: &str) -> (u16, String) {
    raw_request(
        port,
        format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").as_bytes(),
    )
}

fn post(port: u16, path: &str, body: &str) -> (u16, String) {
    raw_request(
        port,
            format!(
                "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `pit` is a legal move after `trace` (checked with ponder's Kalah, itself checked
/// against OpenSpiel).
fn legal_after(trace: &str, pit: &str) -> bool {
    let record = Kalah::parse_position(&Default::default(), trace).unwrap();
    record.current().parse_move(pit).is_ok()
}

#[test]
fn getmove_answers_legal_pits_like_the_classroom_remote_player() {
    let server = Server::start(&["--max-depth", "6"]);
    for trace in ["", "0", "25", "123551234220105241", "3210", "01234"] {
        for depth in [1, 5, 40] {
            let (status, body) = server.get(&format!("/getmove/{depth},{trace}"));
            assert_eq!(status, 200, "{trace}: {body}");
            // RemotePlayer does int(r.text).
            let pit: u32 = body.trim().parse().unwrap_or_else(|_| panic!("{body:?}"));
            assert!(legal_after(trace, &pit.to_string()), "{trace} -> {pit}");
        }
    }
}

#[test]
fn the_json_api_lists_games_and_answers_bestmove() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/v1/games");
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"kalah") && names.contains(&"ataxx"),
        "{names:?}"
    );

    let (status, body) = server.post("/v1/kalah/bestmove", r#"{"moves": ["2", "5"], "depth": 6}"#);
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let mv = answer["move"].as_str().unwrap();
    assert!(legal_after("25", mv), "{answer}");
    assert_eq!(answer["depth"], 6);
    assert_eq!(answer["pv"][0], answer["move"]);

    let (status, body) = server.post(
        "/v1/ataxx/bestmove",
        r#"{"position": "x5o/7/7/7/7/7/o5x x 0 1", "moves": "g2", "movetime": 50}"#,
    );
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert!(answer["move"].is_string());
    // A game spec with parameters in the path, percent-encoded or not.
    let (status, body) = server.post(
        "/v1/kalah%3Apits%3D4%2Cseeds%3D3/bestmove",
        r#"{"depth": 3}"#,
    );
    assert_eq!(status, 200, "{body}");
}

#[test]
fn bad_requests_get_a_status_and_a_message() {
    let server = Server::start(&[]);
    let cases: Vec<(u16, (u16, String))> = vec![
        (400, server.get("/getmove/x,1")),
        (400, server.get("/getmove/0,1")),
        (400, server.get("/getmove/5,9")),
        (400, server.get("/getmove/5,abc")),
        (400, server.get("/getmove/5")),
        (
            400,
            server.get("/getmove/5,0000000000000000000000000000000000000000000"),
        ),
        (404, server.get("/nope")),
        (404, server.get("/getmove/5,1/extra")),
        (405, server.post("/getmove/5,1", "")),
        (405, server.get("/v1/kalah/bestmove")),
        (400, server.post("/v1/kalah/bestmove", "{")),
        (
            400,
            server.post("/v1/kalah/bestmove", r#"{"depth": "deep"}"#),
        ),
        (400, server.post("/v1/kalah/bestmove", r#"{"colour": 1}"#)),
        (
            400,
            server.post("/v1/kalah/bestmove", r#"{"moves": ["9"]}"#),
        ),
        (
            400,
            server.post("/v1/kalah/bestmove", r#"{"position": "1,2,3"}"#),
        ),
        (
            400,
            server.post("/v1/kalah/bestmove", r#"{"eval": "nope"}"#),
        ),
        (404, server.post("/v1/chess/bestmove", "{}")),
        (400, server.post("/v1/kalah:pits=99/bestmove", "{}")),
        (400, server.raw(b"GET /%zz HTTP/1.1\r\n\r\n")),
        (
            411,
            server.raw(b"POST /v1/kalah/bestmove HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
        ),
        (
            413,
            server.raw(b"POST /v1/kalah/bestmove HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n"),
        ),
    ];
    for (expected, (status, body)) in cases {
        assert_eq!(status, expected, "{body}");
        assert!(!body.trim().is_empty(), "a message with {status}");
    }
    // A request line that is not HTTP is refused by the HTTP layer (hyper) itself, with a
    // status and no message.
    assert_eq!(server.raw(b"GARBAGE\r\n\r\n").0, 400);
    assert_eq!(server.get("/health").0, 200);
}

#[test]
fn a_thousand_concurrent_good_and_bad_requests_leave_it_answering() {
    let server = Server::start(&["--max-depth", "4", "--queue", "1024"]);
    let port = server.port;
    let threads: Vec<_> = (0..20)
        .map(|t| {
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                for i in 0..50 {
                    let (status, _) = match (t + i) % 5 {
                        0 => get(
                            port,
                            &format!("/getmove/4,{}", ["", "0", "25", "3210"][i % 4]),
                        ),
                        1 => get(port, "/getmove/5,9"),
                        2 => raw_request(port, b"\x00\x01garbage\r\n\r\n"),
                        3 => post(port, "/v1/kalah/bestmove", r#"{"depth": 3}"#),
                        _ => get(port, "/no/such/path"),
                    };
                    statuses.push(status);
                }
                statuses
            })
        })
        .collect();
    let mut ok = 0;
    for thread in threads {
        for status in thread.join().unwrap() {
            assert!([200, 400, 404].contains(&status), "{status}");
            ok += usize::from(status == 200);
        }
    }
    assert_eq!(ok, 400);
    // Idle connections that never send a request do not stop the others.
    let idle: Vec<TcpStream> = (0..8)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    let (status, body) = server.get("/getmove/5,0");
    assert_eq!(status, 200);
    assert!(legal_after("0", body.trim()));
    drop(idle);
    assert_eq!(server.get("/health").0, 200);
}

#[test]
fn getmove_can_answer_as_the_instructor() {
    // The classroom's test: alpha-beta to depth 2 with store-diff, first of the equal-best.
    let server = Server::start(&["--getmove-player", "instructor"]);
    assert_eq!(
        server.get("/getmove/2,123551234220105241"),
        (200, "0".to_string())
    );
}
