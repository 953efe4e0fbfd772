//! The `ponder` binary on Ataxx for 2 to 4 seats (`ataxx:players=N`): perft and replay.

use super::cli_play::play;
use super::run::ponder;
use serde_json::Value;
use std::process::Command;

fn nodes(spec: &str, depth: &str) -> Vec<u64> {
    let output = ponder(&["perft", "--game", spec, "--depth", depth]);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            line.split(' ').nth(1).unwrap()["nodes=".len()..]
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn perft_counts_every_seat_count() {
    // Two seats: libataxx's counts (tests/data/ataxx_perft.tsv).
    assert_eq!(nodes("ataxx:players=2", "4"), [16, 256, 6460, 155_888]);
    // Three and four seats from the corners: 8 moves each for the first plies.
    assert_eq!(nodes("ataxx:players=4", "3"), [8, 64, 512]);
    assert_eq!(nodes("ataxx:players=3", "3"), [8, 64, 512]);
}

#[test]
fn replay_reports_legal_moves_ranks_and_every_seats_stones() {
    let output = ponder(&[
        "replay",
        "--game",
        "ataxx:players=3",
        "--moves",
        "a7c5 g7e5 g1e3 d4",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let plies = value["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    assert_eq!(plies[1]["legal"].as_array().unwrap().len(), 8);
    assert_eq!(plies[1]["move"], "g7e5");
    assert_eq!(value["result"]["scores"], serde_json::json!([4, 0, 0]));
    assert_eq!(value["result"]["ranks"], serde_json::json!([1, 2, 2]));
    assert_eq!(value["result"]["winner"], 0);
    let unfinished = ponder(&[
        "replay",
        "--game",
        "ataxx:players=4",
        "--moves",
        "b6",
        "--json",
    ]);
    let value: Value = serde_json::from_slice(&unfinished.stdout).unwrap();
    assert_eq!(value["result"], Value::Null);
    let illegal = ponder(&["replay", "--game", "ataxx:players=4", "--moves", "b6 b5"]);
    assert!(!illegal.status.success());
    assert!(String::from_utf8_lossy(&illegal.stderr).contains("ply 2"));
}

/// Every move text of the board (49 clones, the jumps, the pass): a scripted human that tries
/// them in turn plays the first legal one each turn.
fn every_move_text() -> String {
    let squares: Vec<(i32, i32)> = (1..=7).flat_map(|r| (0..7).map(move |f| (f, r))).collect();
    let name = |(f, r): (i32, i32)| format!("{}{r}", (b'a' + f as u8) as char);
    let mut words: Vec<String> = squares.iter().map(|&s| name(s)).collect();
    for &a in &squares {
        for &b in &squares {
            if (a.0 - b.0).abs().max((a.1 - b.1).abs()) == 2 {
                words.push(format!("{}{}", name(a), name(b)));
            }
        }
    }
    words.push("0000".to_string());
    words.join(" ")
}

#[test]
fn four_seats_play_to_the_end_with_a_scripted_human_and_pondering_bots() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args([
            "play",
            "--game",
            "ataxx:players=4",
            "--seats",
            "human,engine:nodes=2000,paranoid:nodes=2000,maxn:nodes=2000",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // One line of moves every 100 ms: the human's queue runs dry now and then, and the bots
    // ponder while it waits for the next line.
    let line = format!("{}\n", every_move_text());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..400 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    let result = text.lines().last().unwrap();
    assert!(result.starts_with("result: x rank "), "{result}");
    let pondered: Vec<u64> = text
        .lines()
        .filter_map(|line| line.strip_prefix("the bots pondered "))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        !pondered.is_empty(),
        "the bots pondered on the human's turns"
    );
    assert!(
        pondered.iter().any(|&nodes| nodes > 1000),
        "pondering searched while the human waited for input: {pondered:?}"
    );
    for seat in [
        "seat o (engine:nodes=2000) plays",
        "seat y (paranoid:nodes=2000) plays",
    ] {
        assert!(text.contains(seat), "{seat}");
    }
}

#[test]
fn seated_match_reports_ranks_and_scores() {
    let output = ponder(&[
        "match",
        "--game",
        "ataxx:players=4",
        "--a",
        "brs:nodes=300",
        "--b",
        "greedy",
        "--c",
        "paranoid:nodes=300",
        "--d",
        "maxn:nodes=300",
        "-n",
        "8",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let players = value["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    let mut points = 0.0;
    for player in players {
        assert_eq!(player["games"], 8);
        let rank = player["average_rank"].as_f64().unwrap();
        assert!((1.0..=4.0).contains(&rank));
        points += player["score"].as_f64().unwrap();
    }
    assert!((points - 2.0).abs() < 1e-9, "scores average 0.5: {points}");
}

#[test]
fn a_match_takes_only_the_options_of_its_seat_count() {
    let dir = std::env::temp_dir().join(format!("ponder-seated-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("file");
    let file = file.to_str().unwrap();
    let seated = [
        "match",
        "--game",
        "ataxx:players=3",
        "--a",
        "greedy",
        "--b",
        "brs:nodes=50",
        "--c",
        "engine:nodes=50",
    ];
    for (option, extra) in [
        ("--sprt", &["--sprt", "0,10"][..]),
        ("--shard", &["--shard", "0/2", "--part", file][..]),
        ("--book", &["--book", file][..]),
    ] {
        let output = ponder(&[&seated[..], extra].concat());
        assert!(!output.status.success(), "{option}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains(&format!("{option}: serves matches of two seats")),
            "{error}"
        );
    }
    assert!(
        !std::path::Path::new(file).exists(),
        "a refused option writes nothing"
    );
    let two = ponder(&[
        "match", "--game", "kalah", "--a", "random", "--b", "random", "--c", "random",
    ]);
    assert!(!two.status.success());
    assert!(String::from_utf8_lossy(&two.stderr).contains("--c, --d: players C and D"));
    // A summary file and the records, as for two seats: 3 openings of 3 seatings (8 games
    // asked for, rounded up), every player in every game.
    let out = dir.join("summary.json");
    let records = dir.join("records.jsonl");
    let output = ponder(
        &[
            &seated[..],
            &["-n", "8", "--out", out.to_str().unwrap()],
            &["--records", records.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = std::fs::read_to_string(&records)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 9);
    for line in &lines {
        let game = line["game"].as_u64().unwrap();
        // Game 3k + r: opening k, the players rotated r seats.
        assert_eq!(line["round"], game / 3);
        let first = ["greedy", "brs:nodes=50", "engine:nodes=50"][game as usize % 3];
        assert_eq!(line["seating"][0], first, "{line}");
        let ranks = line["ranks"].as_array().unwrap();
        assert_eq!(ranks.len(), 3);
        assert!(
            ranks.iter().any(|rank| rank == 1),
            "someone is first: {line}"
        );
    }
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(summary["seats"], 3);
    assert_eq!(summary["openings"], 3);
    assert_eq!(summary["players"][0]["player"], "greedy");
    assert_eq!(summary["players"][2]["player"], "engine:nodes=50");
    for player in summary["players"].as_array().unwrap() {
        assert_eq!(player["games"], 9, "{player}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn three_seats_take_the_commands_of_two_hint_undo_save_and_load() {
    let dir = std::env::temp_dir().join(format!("ponder-seated-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("three.game");
    let saved = saved.to_str().unwrap();
    let seats = [
        "--game",
        "ataxx:players=3",
        "--seats",
        "human,greedy,greedy",
    ];
    let script = format!("hint\nb6\nundo\nb6\nsave {saved}\nquit\n");
    let output = play(&seats, &script);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("hint: "), "{text}");
    assert!(text.contains("seat x (human) plays b6"), "{text}");
    // The human's move and both bots' replies are taken back.
    let taken = text
        .lines()
        .find_map(|l| l.strip_prefix("took back: "))
        .unwrap();
    assert_eq!(taken.split(' ').count(), 3, "{taken}");
    assert!(taken.starts_with("b6 "), "{taken}");
    assert!(text.contains("quit after 3 plies"), "{text}");
    // The JSON behind the file's header.
    let bytes = std::fs::read(saved).unwrap();
    let json = &bytes[bytes.iter().position(|&b| b == b'{').unwrap()..];
    let file: Value = serde_json::from_slice(json).unwrap();
    assert_eq!(file["game"], "ataxx:players=3");
    assert_eq!(
        file["seats"],
        serde_json::json!(["human", "greedy", "greedy"])
    );
    assert_eq!(file["record"]["moves"].as_array().unwrap().len(), 3);
    // Loaded, the game goes on where it was, the same seats at the table.
    let output = play(&["--load", saved], "quit\n");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("seat y (greedy)"), "{text}");
    assert!(text.contains("quit after 3 plies"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
