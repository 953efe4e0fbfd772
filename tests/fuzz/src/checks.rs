//! One function per fuzz target: each feeds its bytes to one parser of outside input and
//! checks a property of what comes out, beyond "no panic": a parsed position written back
//! parses to the same position, a parsed record replays legally move by move, a spec
//! written back reads the same, every UAI `go` gets one legal `bestmove`, every HTTP answer
//! is well formed (and a best move is legal), a file read back is the file written.
//!
//! Shared by the fuzz crate (`tests/fuzz`) and the ordinary test suite, which replays the
//! seed corpora and the regression inputs through these same functions.

use ponder::cli::serve::{
    AppState, GameLimits, RateLimiter, Registry, Reply, ServeConfig, answer, parse_body,
    replay_record, router,
};
use ponder::cli::uai::{Output, UaiArgs, UaiCommand, parse_command, run_session};
use ponder::games::GameConfig;
use ponder::games::ataxx::AtaxxMove;
use ponder::games::kalah::{KalahConfig, board_array, from_board_array, parse_trace, trace_string};
use ponder::players::PlayerSpec;
use ponder::search::Evaluators;
use ponder::{Ataxx, Game, GameRecord, GameSpec, Kalah, Oware, with_game};
use std::io::Write;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The game specs a target picks its configuration from, by its first byte.
const SPECS: &[&str] = &[
    "kalah",
    "kalah:pits=4,seeds=3",
    "kalah:pits=10,seeds=6,capture=empty",
    "kalah:pits=1,seeds=1",
    "oware",
    "oware:rules=awari",
    "oware:houses=3,seeds=2,rules=abapa",
    "oware:houses=10,seeds=12",
    "ataxx",
    "ataxx:walls=c3c5e3e5",
];

/// Splits off the first byte as a choice among `count`, the rest as text (lossy UTF-8).
fn choice_and_text(data: &[u8], count: usize) -> (usize, String) {
    match data.split_first() {
        Some((&first, rest)) => (
            usize::from(first) % count,
            String::from_utf8_lossy(rest).into_owned(),
        ),
        None => (0, String::new()),
    }
}

/// The spec of a choice among [`SPECS`] of game `name`.
fn spec_of(name: &str, choice: u8) -> GameSpec {
    let of_game: Vec<&&str> = SPECS.iter().filter(|s| s.starts_with(name)).collect();
    let text = of_game[usize::from(choice) % of_game.len()];
    text.parse().expect("the fuzz specs are valid")
}

/// Every move of `record` is legal where it was played and leads to its current position.
pub fn assert_replays<G: Game>(record: &GameRecord<G>) {
    let mut position = record.start();
    for (ply, &mv) in record.moves().iter().enumerate() {
        assert!(position.is_legal(mv), "ply {}: {mv} is not legal", ply + 1);
        position = position.play(mv);
    }
    assert_eq!(
        position.key(),
        record.current().key(),
        "the replay ends elsewhere"
    );
}

/// A parsed position (with its moves) replays legally; its text parses to the same
/// position, and writing that again gives the same text.
fn position_round_trip<G: Game>(spec: &GameSpec, text: &str) {
    let Ok(config) = G::config_from_spec(spec) else {
        return;
    };
    let Ok(record) = G::parse_position(&config, text) else {
        return;
    };
    assert_replays(&record);
    let current = record.current();
    let written = current.position_text();
    let again = G::parse_position(&config, &written)
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not parse: {e}"));
    assert_eq!(
        again.current().key(),
        current.key(),
        "{text:?} -> {written:?}"
    );
    assert_eq!(again.current().side_to_move(), current.side_to_move());
    assert_eq!(again.current().position_text(), written);
}

/// Game specs: a spec that reads writes back to text that reads the same; the game it names
/// configures without panicking, and its start position round-trips.
pub fn game_spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(spec) = text.parse::<GameSpec>() else {
        return;
    };
    let again: GameSpec = spec.to_string().parse().expect("a written spec reads");
    assert_eq!(again.to_string(), spec.to_string());
    assert_eq!(again.name(), spec.name());
    assert_eq!(again.params(), spec.params());
    let _: Result<(), ponder::GameError> = with_game!(spec, G => start_round_trip::<G>(&spec));
}

/// The start position of the game `spec` configures round-trips.
fn start_round_trip<G: Game>(spec: &GameSpec) -> Result<(), ponder::GameError> {
    let config = G::config_from_spec(spec)?;
    let start = G::start(&config)?;
    position_round_trip::<G>(spec, &start.position_text());
    Ok(())
}

/// Player specs: a spec that reads writes back to text that reads the same.
pub fn player_spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(spec) = text.parse::<PlayerSpec>() else {
        return;
    };
    let again: PlayerSpec = spec.to_string().parse().expect("a written spec reads");
    assert_eq!(again.kind(), spec.kind());
    assert_eq!(again.params(), spec.params());
}

/// Kalah traces: a trace that reads replays legally, and its moves written as a trace read
/// back to the same position.
pub fn kalah_trace(data: &[u8]) {
    let (choice, text) = choice_and_text(data, 4);
    let Ok(config) = KalahConfig::from_spec(&spec_of("kalah", choice as u8)) else {
        return;
    };
    let Ok(record) = parse_trace(config, &text) else {
        return;
    };
    assert_replays(&record);
    let trace = trace_string(record.moves());
    let again = parse_trace(config, &trace).expect("a written trace reads");
    assert_eq!(again.current().key(), record.current().key());
    // The position notation (array or trace) agrees.
    position_round_trip::<Kalah>(&spec_of("kalah", choice as u8), &text);
}

/// Kalah board arrays: the numbers (little-endian u32s) that make a position are exactly its
/// board array, and its text round-trips.
pub fn kalah_board(data: &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let Ok(config) = KalahConfig::from_spec(&spec_of("kalah", *first)) else {
        return;
    };
    let numbers: Vec<u32> = rest
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let Ok(position) = from_board_array(config, &numbers) else {
        return;
    };
    assert_eq!(board_array(&position), numbers);
    let spec = spec_of("kalah", *first);
    position_round_trip::<Kalah>(&spec, &position.position_text());
    // And the same numbers as text, the way a person types them.
    let text = numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    position_round_trip::<Kalah>(&spec, &text);
}

/// Oware positions (with moves): replay and text round trip.
pub fn oware_position(data: &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    position_round_trip::<Oware>(&spec_of("oware", *first), &String::from_utf8_lossy(rest));
}

/// Ataxx FENs: a FEN that reads writes back canonically to a FEN of the same position; the
/// game's position notation (FEN plus moves) replays legally and round-trips.
pub fn ataxx_fen(data: &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let text = String::from_utf8_lossy(rest);
    if let Ok(position) = text.parse::<Ataxx>() {
        let written = position.to_fen();
        let again: Ataxx = written.parse().expect("a written FEN reads");
        assert_eq!(again.key(), position.key(), "{text:?} -> {written:?}");
        assert_eq!(again.to_fen(), written);
    }
    position_round_trip::<Ataxx>(&spec_of("ataxx", *first), &text);
}

/// Ataxx moves: a move that reads writes back to a move that reads the same; in a position,
/// a move the game accepts is legal there.
pub fn ataxx_move(data: &[u8]) {
    let (first, rest) = data.split_first().unwrap_or((&0, &[]));
    let text = String::from_utf8_lossy(rest);
    if let Ok(mv) = AtaxxMove::from_str(&text) {
        let written = mv.to_string();
        assert_eq!(AtaxxMove::from_str(&written).ok(), Some(mv), "{text:?}");
    }
    let positions = [
        ponder::games::ataxx::START_FEN,
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1",
        "7/7/7/7/7/7/xxxxxxo x 3 20",
        "xxxxxxx/ooooooo/7/7/7/7/7 o 0 9",
    ];
    let position: Ataxx = positions[usize::from(*first) % positions.len()]
        .parse()
        .expect("valid");
    if let Ok(mv) = position.parse_move(&text) {
        assert!(position.is_legal(mv), "{text:?} read as the illegal {mv}");
    }
}

/// A writer shared between the session's threads and the check.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether the harness passes a line to the session: it leaves out what legitimately takes
/// long (`perft` deeper than 3, a table over 8 MiB, searches over 2000 ms or 1000 nodes with
/// no other limit): the session answers those too, only not within a fuzzer's patience.
fn cheap_uai_line(command: &UaiCommand) -> bool {
    match command {
        UaiCommand::Perft(depth) => *depth <= 3,
        UaiCommand::SetOption { name, value } => {
            let name = name.to_ascii_lowercase();
            !name.contains("hash")
                || value
                    .as_deref()
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .is_some_and(|mib| mib <= 8)
        }
        _ => true,
    }
}

/// A whole UAI session, one line per input line, through the protocol layer without a
/// process: every `go` is answered by exactly one `bestmove`, in order, and each best move
/// is legal in the position the `go` searched (or the null move where there is none).
pub fn uai_session(data: &[u8]) {
    let (choice, text) = choice_and_text(data, 3);
    let spec: GameSpec = ["ataxx", "kalah:pits=4,seeds=3", "oware"][choice]
        .parse()
        .expect("valid");
    with_game!(spec, G => uai_session_of::<G>(&spec, &text)).expect("the session ran");
}

fn uai_session_of<G: Evaluators + ponder::games::Perft>(
    spec: &GameSpec,
    text: &str,
) -> Result<(), ponder::GameError> {
    let config = G::config_from_spec(spec)?;
    let mut record = GameRecord::new(G::start(&config)?);
    let mut searched: Vec<G> = Vec::new();
    let mut input = String::new();
    // Clocks of at most 2 s, so that the session ends soon after its input.
    input.push_str("setoption name Hash value 1\n");
    for line in text.lines().take(64) {
        let Ok(command) = parse_command(line) else {
            input.push_str(line);
            input.push('\n');
            continue;
        };
        if !cheap_uai_line(&command) {
            continue;
        }
        match &command {
            UaiCommand::Quit => break,
            UaiCommand::NewGame => record = GameRecord::new(G::start(&config)?),
            UaiCommand::Position { fen, moves } => {
                if let Some(next) = replay_position::<G>(&config, fen.as_deref(), moves) {
                    record = next;
                }
            }
            UaiCommand::Go(_) => searched.push(record.current()),
            _ => {}
        }
        input.push_str(line);
        input.push('\n');
    }
    let captured = Captured::default();
    let output = Output::new(Box::new(captured.clone()));
    let args = UaiArgs::new(spec.clone());
    run_session::<G>(&args, std::io::Cursor::new(input.clone()), output).expect("ran");
    let bytes = captured.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let out = String::from_utf8(bytes).expect("the session writes UTF-8");
    let answers: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(
        answers.len(),
        searched.len(),
        "{} go, {} bestmove\ninput:\n{input}\noutput:\n{out}",
        searched.len(),
        answers.len()
    );
    for (position, answer) in searched.iter().zip(&answers) {
        let word = answer.split_whitespace().next().unwrap_or("");
        if position.outcome().is_some() {
            continue;
        }
        let mv = position
            .parse_move(word)
            .unwrap_or_else(|e| panic!("bestmove {word}: {e}\ninput:\n{input}"));
        assert!(
            position.is_legal(mv),
            "bestmove {word} is illegal\ninput:\n{input}"
        );
    }
    Ok(())
}

/// The record a `position` command names, or `None` when the session refuses it.
fn replay_position<G: Game>(
    config: &G::Config,
    fen: Option<&str>,
    moves: &[String],
) -> Option<GameRecord<G>> {
    let mut record = match fen {
        None => GameRecord::new(G::start(config).ok()?),
        Some(fen) => G::parse_position(config, fen).ok()?,
    };
    for text in moves {
        record.play_text(text).ok()?;
    }
    Some(record)
}

/// A server whose searches are cheap, whose games are few and evicted at once.
fn app() -> &'static ponder::cli::serve::Router {
    static APP: std::sync::OnceLock<ponder::cli::serve::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| {
        let slots = Arc::new(ponder::cli::serve::Semaphore::new(1));
        let config = ServeConfig {
            max_depth: 2,
            max_movetime: Duration::from_millis(20),
            max_nodes: 2_000,
            default_depth: 2,
            getmove_game: "kalah".parse().expect("valid"),
            getmove_player: "pvs:hash=1".parse().expect("valid"),
            hash_mib: 1,
            search_slots: slots.clone(),
            databases: Default::default(),
        };
        let limits = GameLimits {
            max_games: 16,
            max_pondering: 0,
            engine_mib: 2,
            memory_mib: 4,
            idle_expiry: Duration::from_secs(3600),
            finished_expiry: Duration::from_secs(3600),
            evict_after: Duration::ZERO,
            hard_time: Duration::from_millis(20),
            thinking_every: Duration::from_millis(100),
        };
        router(AppState {
            config,
            registry: Arc::new(Registry::new(limits, None, slots)),
            rate: Arc::new(RateLimiter::new(0)),
            max_body_bytes: 4096,
            ws_message_bytes: 1024,
        })
    })
}

/// The statuses the server answers.
const STATUSES: &[u16] = &[200, 201, 400, 403, 404, 405, 409, 411, 413, 503];

/// The answer to one request is well formed: a known status, never a server error; a JSON
/// error body is `{"error": "<message>"}`; every refusal says why; a best move is legal in
/// the position the answer names; a game's state offers only legal moves.
fn check_response(method: &str, target: &str, body: Vec<u8>) {
    let Some(reply) = answer(app(), method, target, body) else {
        return;
    };
    let Reply {
        status,
        content_type,
        body,
    } = &reply;
    assert!(
        STATUSES.contains(status),
        "status {status} for {method} {target:?}: {body}"
    );
    if *status >= 400 {
        assert!(!body.trim().is_empty(), "{status} without a message");
    }
    if !content_type.contains("json") {
        return;
    }
    let value: serde_json::Value = serde_json::from_str(body).expect("a JSON answer is JSON");
    if *status >= 400 {
        assert!(
            value["error"].is_string(),
            "a JSON error has a message: {value}"
        );
    } else if target.ends_with("/bestmove") {
        check_best_move(&value);
    } else if value["state"].is_object() {
        check_state(&value["state"]);
    } else if value["legal"].is_array() {
        check_state(&value);
    }
}

/// Every move a state offers is legal in the position it names, and only those.
fn check_state(state: &serde_json::Value) {
    let spec: GameSpec = state["spec"]
        .as_str()
        .expect("a spec")
        .parse()
        .expect("valid");
    let position = state["position"].as_str().expect("a position");
    let over = state["over"].as_bool().expect("over");
    for entry in state["legal"].as_array().expect("legal moves") {
        let mv = entry["move"].as_str().expect("a move");
        let legal: Result<bool, ponder::GameError> =
            with_game!(spec, G => is_legal_in::<G>(&spec, position, mv));
        assert_eq!(legal.ok(), Some(true), "{mv} offered in {position}");
        assert!(!over, "moves offered in a finished game");
    }
}

/// A bestmove answer's move is legal in the position it names.
fn check_best_move(value: &serde_json::Value) {
    let text = |key: &str| {
        value[key]
            .as_str()
            .unwrap_or_else(|| panic!("no {key}: {value}"))
    };
    let spec: GameSpec = text("game").parse().expect("the answer names its game");
    let position = text("position");
    let mv = text("move");
    let legal: Result<bool, ponder::GameError> =
        with_game!(spec, G => is_legal_in::<G>(&spec, position, mv));
    assert_eq!(
        legal.ok(),
        Some(true),
        "bestmove {mv} in {position}: {value}"
    );
}

/// Whether `mv` is legal in `position` of the game `spec` configures.
fn is_legal_in<G: Game>(
    spec: &GameSpec,
    position: &str,
    mv: &str,
) -> Result<bool, ponder::GameError> {
    let config = G::config_from_spec(spec)?;
    let current = G::parse_position(&config, position)?.current();
    Ok(current.parse_move(mv).is_ok_and(|m| current.is_legal(m)))
}

/// The methods a route target picks from, by its first byte.
const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE"];

/// Request routing and path parsing: a method (first byte), a target (to the first line
/// break), a body (the rest), through the whole router: every answer well formed
/// ([`check_response`]).
pub fn http_route(data: &[u8]) {
    let (choice, text) = choice_and_text(data, METHODS.len());
    let (target, body) = text.split_once('\n').unwrap_or((&text, ""));
    check_response(METHODS[choice], target, body.as_bytes().to_vec());
}

/// The JSON bodies of the routes, the route chosen by the first byte: a body the API's types
/// read writes back to JSON that reads the same; a record (create, load) replays move by move
/// and its replay replays to itself; a classroom or `/v1` request is answered well formed.
pub fn http_body(data: &[u8]) {
    use ponder::cli::serve::{
        CreateRequest, JoinRequest, LoadRequest, MoveRequest, OptionsRequest, TokenRequest,
    };
    let (choice, text) = choice_and_text(data, 8);
    let bytes = text.as_bytes();
    match choice {
        0 => {
            if let Some(request) = round_trip::<CreateRequest>(bytes) {
                check_replay(&ponder::cli::serve::GameRecordJson {
                    spec: request.spec,
                    position: request.position,
                    moves: Vec::new(),
                });
            }
        }
        1 => {
            if let Some(request) = round_trip::<LoadRequest>(bytes) {
                check_replay(&request.record);
            }
        }
        2 => drop(round_trip::<JoinRequest>(bytes)),
        3 => drop(round_trip::<MoveRequest>(bytes)),
        4 => drop(round_trip::<TokenRequest>(bytes)),
        5 => drop(round_trip::<OptionsRequest>(bytes)),
        6 => check_response("GET", &format!("/getmove/{text}"), Vec::new()),
        _ => {
            let (spec, body) = choice_and_text(bytes, SPECS.len());
            check_response(
                "POST",
                &format!("/v1/{}/bestmove", SPECS[spec]),
                body.into_bytes(),
            );
        }
    }
}

/// A body the type reads, written back and read again, is the same.
fn round_trip<T>(bytes: &[u8]) -> Option<T>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let value: T = parse_body(bytes).ok()?;
    let again: T = serde_json::from_slice(&serde_json::to_vec(&value).expect("writes"))
        .expect("what was read reads back");
    assert_eq!(again, value);
    Some(value)
}

/// A record that replays gives a canonical record that replays to itself.
fn check_replay(record: &ponder::cli::serve::GameRecordJson) {
    if let Ok(replayed) = replay_record(record) {
        assert_eq!(replayed.moves.len(), record.moves.len());
        assert_eq!(replay_record(&replayed).as_ref(), Ok(&replayed));
    }
}

/// A format for the header's own target.
const FUZZ_FILE: ponder::files::FileFormat =
    ponder::files::FileFormat::new(*b"PNDfuzz!", 1, 1 << 12, "fuzz file");

/// The safe-file header: bytes that pass the checks are exactly the file written for their
/// payload; any payload written reads back.
pub fn safe_file(data: &[u8]) {
    if let Ok(payload) = ponder::files::decode(data, &FUZZ_FILE) {
        assert_eq!(ponder::files::encode(&FUZZ_FILE, payload), data);
    }
    if data.len() as u64 <= FUZZ_FILE.max_payload {
        let file = ponder::files::encode(&FUZZ_FILE, data);
        assert_eq!(ponder::files::decode(&file, &FUZZ_FILE).ok(), Some(data));
    }
}

/// The payload to test of a file target: after a first byte of 0 the rest is a whole file
/// (header checked), otherwise the rest is the payload itself (so that the fuzzer reaches the
/// decoder without having to forge checksums).
fn payload_of<'a>(data: &'a [u8], format: &ponder::files::FileFormat) -> Option<&'a [u8]> {
    match data.split_first() {
        Some((0, file)) => ponder::files::decode(file, format).ok(),
        Some((_, payload)) => Some(payload),
        None => None,
    }
}

/// Saved games: a saved game that reads replays legally, and saved again reads back to the
/// same game.
pub fn saved_game(data: &[u8]) {
    let Some(payload) = payload_of(data, &ponder::cli::SAVED_GAME_FILE) else {
        return;
    };
    let Ok(saved) = ponder::cli::SavedGame::from_json(payload) else {
        return;
    };
    let Ok(spec) = saved.spec() else {
        return;
    };
    let _: Result<(), ponder::GameError> = with_game!(spec, G => saved_game_of::<G>(&spec, &saved));
}

fn saved_game_of<G: Game>(
    spec: &GameSpec,
    saved: &ponder::cli::SavedGame,
) -> Result<(), ponder::GameError> {
    let Ok(record) = saved.record::<G>() else {
        return Ok(());
    };
    assert_replays(&record);
    let again = ponder::cli::SavedGame::new(spec, Vec::new(), &record).expect("saves");
    let json = again.to_json().expect("writes");
    let read = ponder::cli::SavedGame::from_json(&json).expect("reads back");
    let back = read.record::<G>().expect("its record reads back");
    assert_eq!(back.moves(), record.moves());
    assert_eq!(back.current().key(), record.current().key());
    Ok(())
}

/// Awari endgame databases: a database that reads writes back to bytes that read to the
/// same database.
pub fn egdb_file(data: &[u8]) {
    let Some(payload) = payload_of(data, &ponder::games::oware::EGDB_FILE) else {
        return;
    };
    let Ok(egdb) = ponder::games::oware::Egdb::read_from(payload) else {
        return;
    };
    let mut written = Vec::new();
    egdb.write_to(&mut written).expect("writes to memory");
    let again = ponder::games::oware::Egdb::read_from(&written[..]).expect("reads back");
    assert_eq!(again, egdb);
    assert_eq!(again.stats(), egdb.stats());
}

/// Kalah endgame databases: a database that reads writes back to a payload that reads to the
/// same database.
pub fn kalah_egdb_file(data: &[u8]) {
    use ponder::games::kalah::KalahEgdb;
    let Some(payload) = payload_of(data, &ponder::games::kalah::egdb::KALAH_EGDB_FILE) else {
        return;
    };
    let Ok(egdb) = KalahEgdb::from_payload(payload) else {
        return;
    };
    let written = egdb.to_payload().expect("writes to memory");
    let again = KalahEgdb::from_payload(&written).expect("reads back");
    assert_eq!(again, egdb);
}

/// Opening books: bytes that read as a book of a game write back to the same bytes, read
/// again to the same book, and the book's advice at the start is legal there.
pub fn book_file(data: &[u8]) {
    book_file_of::<Kalah>(data);
    book_file_of::<Oware>(data);
    book_file_of::<Ataxx>(data);
}

fn book_file_of<G: Game>(data: &[u8]) {
    use ponder::book::{Book, BookAdvice, BookPolicy};
    let path = std::path::Path::new("fuzzed.book");
    let Ok(book) = Book::<G>::from_bytes(data, path, None) else {
        return;
    };
    let written = book.to_bytes().expect("writes to memory");
    let again = Book::<G>::from_bytes(&written, path, None).expect("reads back");
    assert_eq!(again.to_bytes().expect("writes to memory"), written);
    let Ok(start) = G::start(book.config()) else {
        return;
    };
    match book.advise(&start, Some(7), &BookPolicy::default()) {
        BookAdvice::Play(mv) => assert!(start.is_legal(mv)),
        BookAdvice::Avoid(moves) => assert!(moves.iter().all(|&mv| start.is_legal(mv))),
        BookAdvice::Search => {}
    }
}

/// Engine snapshots: bytes that read as a snapshot of a game (every node of its tree and
/// every table entry checked on the way in) write back to bytes that read again to the same
/// bytes, whose tree is rooted at the snapshot's current position.
pub fn engine_snapshot(data: &[u8]) {
    engine_snapshot_of::<Kalah>(data);
    engine_snapshot_of::<Oware>(data);
    engine_snapshot_of::<Ataxx>(data);
    engine_snapshot_of::<ponder::games::ataxx::seats::AtaxxSeats>(data);
}

/// The configuration of the seeds (`tests/fuzz/seeds/engine_snapshot/`): the default
/// evaluator with forward pruning, a tree of at most 1 MiB.
pub fn snapshot_fuzz_config() -> ponder::engine::EngineConfig {
    ponder::engine::EngineConfig {
        tree_mib: 1,
        hash_mib: 1,
        ..ponder::engine::EngineConfig::default()
    }
}

fn engine_snapshot_of<G: Evaluators>(data: &[u8]) {
    use ponder::engine::{EngineSnapshot, Fingerprint};
    let path = std::path::Path::new("fuzzed.snapshot");
    let config = snapshot_fuzz_config();
    let Ok(snapshot) = EngineSnapshot::<G>::from_bytes(data, path, &config, false) else {
        return;
    };
    let fingerprint = Fingerprint::of::<G>(&config, false);
    let written = snapshot.to_bytes(&fingerprint).expect("writes to memory");
    let again =
        EngineSnapshot::<G>::from_bytes(&written, path, &config, false).expect("reads back");
    assert_eq!(
        again.to_bytes(&fingerprint).expect("writes to memory"),
        written
    );
    assert_eq!(again.record(), snapshot.record());
    assert_eq!(again.tree_nodes(), snapshot.tree_nodes());
    assert_eq!(again.table_entries(), snapshot.table_entries());
}
