//! The browser game's API for Ataxx of three and four seats (`ataxx:players=N`) on a real
//! `ponder serve`: one person against three bots to the end, refusals that leave the game as
//! it was, two remote people joining by code, and a game that survives a restart.

use super::cli_serve::Server;
use super::cli_web::{
    Socket, call, create, messages, play, post, reload, start, state, state_dir, watch,
};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Waits until seat `seat` is to move or the game is over; the state then.
fn wait_for(server: &Server, code: &str, token: &str, seat: usize) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, game) = state(server, code, Some(token));
        assert_eq!(status, 200, "{game}");
        if game["over"] == true || game["to_move"] == json!(seat) {
            return game;
        }
        assert!(Instant::now() < until, "the bots did not move: {game}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The ranks the stones give: equal stones share a rank, the next skips as many places.
fn ranks_of(scores: &[u64]) -> Vec<u64> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|o| *o > s).count() as u64)
        .collect()
}

fn numbers(value: &Value) -> Vec<u64> {
    serde_json::from_value(value.clone()).expect("a list of numbers")
}

/// The person plays their first legal move whenever it is their turn; refusals on the way.
fn play_to_the_end(server: &Server, code: &str, token: &str, socket: &mut Socket) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut game = wait_for(server, code, token, 0);
    let mut turns = 0;
    while game["over"] != true {
        if turns == 1 {
            // Think a while: the bots ponder on the person's time.
            seen.extend(messages(socket, Duration::from_millis(500)));
            let (status, refused) = play(server, code, token, "a1a3");
            assert_eq!(status, 400, "{refused}");
            assert!(refused["error"].as_str().unwrap().contains("a1a3"));
            let (_, same) = state(server, code, Some(token));
            assert_eq!(
                same["version"], game["version"],
                "a refusal changes nothing"
            );
        }
        let mv = game["legal"][0]["move"].as_str().unwrap().to_string();
        if game["legal"].as_array().unwrap().len() == 1 && mv == "0000" {
            assert_eq!(game["legal"][0]["cells"], json!([]));
        }
        let (status, after) = play(server, code, token, &mv);
        assert_eq!(status, 200, "{after}");
        turns += 1;
        game = wait_for(server, code, token, 0);
        seen.extend(messages(socket, Duration::from_millis(1)));
    }
    seen.extend(messages(socket, Duration::from_millis(300)));
    seen
}

#[test]
fn one_person_plays_three_bots_to_the_end() {
    let dir = state_dir("seats4");
    let server = start(&dir, &["--max-pondering", "1"]);
    let (status, catalog) = call(&server, "GET", "/api/catalog", None, None);
    assert_eq!(
        (status, catalog["max_seats"]["ataxx"].clone()),
        (200, json!(4))
    );
    let seats = json!([
        { "kind": "human" },
        { "kind": "engine", "level": "easy" },
        { "kind": "engine", "level": "greedy" },
        { "kind": "engine", "level": "easy" },
    ]);
    let (code, token, game) = create(&server, "ataxx:players=4", seats);
    assert_eq!(game["board"]["seats"], 4);
    assert_eq!(game["board"]["rows"][0], "x.....o");
    assert_eq!(game["board"]["rows"][6], "z.....y");
    assert_eq!(game["to_move"], 0);
    // Not the bots' moves: a person moves only for their own seat.
    let mut socket = watch(&server, &code, Some(&token));
    assert_eq!(play(&server, &code, &token, "b6").0, 200);
    assert_eq!(
        play(&server, &code, &token, "f6").0,
        403,
        "seat 2 is to move"
    );
    // Undo goes back to the person's last turn, past the bots' replies.
    let game = wait_for(&server, &code, &token, 0);
    assert_eq!(game["ply"], 4, "{game}");
    let (status, undone) = post(
        &server,
        &format!("/api/games/{code}/undo"),
        json!({ "token": token }),
    );
    assert_eq!((status, undone["ply"].clone()), (200, json!(0)), "{undone}");
    let seen = play_to_the_end(&server, &code, &token, &mut socket);
    let (_, end) = state(&server, &code, Some(&token));
    let result = &end["result"];
    let scores = numbers(&result["scores"]);
    assert_eq!(scores.len(), 4, "{end}");
    assert_eq!(numbers(&result["ranks"]), ranks_of(&scores), "{end}");
    assert_eq!(end["to_move"], Value::Null);
    for seat in 1..4 {
        assert!(
            seen.iter()
                .any(|m| m["type"] == "reply" && m["seat"] == seat),
            "no reply of seat {seat}"
        );
    }
    assert!(
        seen.iter()
            .any(|m| m["type"] == "thinking" && m["pondering"] == true),
        "no pondering shown"
    );
    assert!(
        seen.iter()
            .any(|m| m["type"] == "reply" && m["pondered"] == true),
        "no reply after pondering"
    );
    let people =
        json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let record = reload(&server, &code, people);
    assert_eq!(record["spec"], "ataxx:players=4");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn two_remote_people_join_a_three_seat_game_by_code() {
    let dir = state_dir("seats3");
    let server = start(&dir, &[]);
    let seats = json!([{ "kind": "human" }, { "kind": "remote" }, { "kind": "remote" }]);
    let (code, alice, game) = create(&server, "ataxx:players=3,walls=0x0400", seats);
    assert_eq!(game["board"]["seats"], 3);
    let join = |seat: Value| {
        post(
            &server,
            &format!("/api/games/{code}/join"),
            json!({ "seat": seat }),
        )
    };
    let (status, bob) = join(json!(null));
    assert_eq!((status, bob["seat"].clone()), (200, json!(1)), "{bob}");
    let (status, carol) = join(json!(2));
    assert_eq!((status, carol["seat"].clone()), (200, json!(2)), "{carol}");
    assert_eq!(join(json!(null)).0, 409, "no open seat");
    let bob = bob["token"].as_str().unwrap().to_string();
    let carol = carol["token"].as_str().unwrap().to_string();
    let mut spectator = watch(&server, &code, None);
    assert_eq!(play(&server, &code, &bob, "f6").0, 403, "seat 1 is to move");
    let (status, hint) = post(
        &server,
        &format!("/api/games/{code}/hint"),
        json!({ "token": alice }),
    );
    assert_eq!(status, 200, "{hint}");
    let legal: Vec<&Value> = game["legal"].as_array().unwrap().iter().collect();
    assert!(legal.iter().any(|m| m["move"] == hint["move"]), "{hint}");
    assert!(hint["depth"].as_u64().unwrap() >= 1, "{hint}");
    assert_eq!(play(&server, &code, &alice, "b6").0, 200);
    assert_eq!(
        play(&server, &code, &carol, "f1").0,
        403,
        "seat 2 is to move"
    );
    assert_eq!(play(&server, &code, &bob, "f6").0, 200);
    assert_eq!(play(&server, &code, &carol, "f1").0, 200);
    let (_, after) = state(&server, &code, Some(&carol));
    assert_eq!(after["you"], json!([2]));
    assert_eq!(after["moves"], json!(["b6", "f6", "f1"]));
    assert_eq!(after["to_move"], 0);
    assert_eq!(after["scores"], json!([2, 2, 2]));
    let seen = messages(&mut spectator, Duration::from_millis(300));
    assert!(
        seen.iter().filter(|m| m["type"] == "state").count() >= 3,
        "{seen:?}"
    );
    // Undo needs every person; a resignation ends the game with the seat last.
    let undo = post(
        &server,
        &format!("/api/games/{code}/undo"),
        json!({ "token": bob }),
    );
    assert_eq!(undo.0, 409);
    let (status, over) = post(
        &server,
        &format!("/api/games/{code}/resign"),
        json!({ "token": bob }),
    );
    assert_eq!(status, 200, "{over}");
    // Seats 1 and 3 hold two stones each: they share the first rank, Bob ranks last.
    assert_eq!(over["scores"], json!([2, 2, 2]), "{over}");
    assert_eq!(over["result"]["ranks"], json!([1, 3, 1]), "{over}");
    assert_eq!(play(&server, &code, &alice, "c6").0, 409);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_four_seat_game_survives_a_restart() {
    let dir = state_dir("seats-restart");
    let server = start(&dir, &[]);
    let seats = json!([
        { "kind": "human" },
        { "kind": "engine", "level": "easy" },
        { "kind": "remote" },
        { "kind": "engine", "level": "greedy" },
    ]);
    let (code, alice, _) = create(&server, "ataxx:players=4", seats);
    let (_, joined) = post(&server, &format!("/api/games/{code}/join"), json!({}));
    let bob = joined["token"].as_str().unwrap().to_string();
    assert_eq!(play(&server, &code, &alice, "b6").0, 200);
    let before = wait_for(&server, &code, &bob, 2);
    assert_eq!(before["ply"], 2);
    std::thread::sleep(Duration::from_millis(300));
    drop(server);
    let server = start(&dir, &[]);
    let (status, after) = state(&server, &code, Some(&bob));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["you"], json!([2]));
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["position"], before["position"]);
    let mv = after["legal"][0]["move"].as_str().unwrap().to_string();
    assert_eq!(play(&server, &code, &bob, &mv).0, 200);
    // The restored bot (seat 4) moves, and it is the person's turn again.
    let again = wait_for(&server, &code, &alice, 0);
    assert_eq!(again["ply"], 4, "{again}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A bot's search runs in slices: its thinking (depth, score, best move, nodes) streams
/// while it searches, then its reply.
#[test]
fn a_bots_search_streams_its_thinking() {
    let dir = state_dir("seats-thinking");
    let server = start(&dir, &["--max-movetime", "400"]);
    let seats = json!([
        { "kind": "human" },
        { "kind": "engine", "level": "hard" },
        { "kind": "engine", "level": "greedy" },
    ]);
    let (code, token, _) = create(&server, "ataxx:players=3", seats);
    let mut socket = watch(&server, &code, Some(&token));
    assert_eq!(play(&server, &code, &token, "b6").0, 200);
    let game = wait_for(&server, &code, &token, 0);
    assert_eq!(game["ply"], 3, "{game}");
    let seen = messages(&mut socket, Duration::from_millis(300));
    let searching = seen
        .iter()
        .find(|m| m["type"] == "thinking" && m["pondering"] == false)
        .unwrap_or_else(|| panic!("no thinking of the search: {seen:?}"));
    assert_eq!(searching["seat"], 1);
    assert!(searching["depth"].as_u64().unwrap() >= 1, "{searching}");
    assert_eq!(searching["pv"].as_array().unwrap().len(), 1, "{searching}");
    assert!(searching["nodes"].as_u64().unwrap() > 0, "{searching}");
    let reply = seen.iter().find(|m| m["type"] == "reply" && m["seat"] == 1);
    let reply = reply.unwrap_or_else(|| panic!("no reply: {seen:?}"));
    assert!(reply["reply_ms"].as_u64().unwrap() >= 300, "{reply}");
    let _ = std::fs::remove_dir_all(dir);
}
