//! Ataxx for 2 to 4 seats: with two seats, move for move the two-player game (itself checked
//! against libataxx and python-ataxx in `ataxx_games`/`ataxx_perft`); the rules' corner
//! cases by hand; the notation and keys round-trip.

use ponder::games::Perft;
use ponder::games::ataxx::Ataxx;
use ponder::games::ataxx::seats::{AtaxxSeats, SeatsConfig};
use ponder::{Game, GameRecord, GameSpec, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn config(spec: &str) -> SeatsConfig {
    AtaxxSeats::config_from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

fn record(spec: &str, text: &str) -> GameRecord<AtaxxSeats> {
    AtaxxSeats::parse_position(&config(spec), text).unwrap()
}

/// Perft over the two-player game's moves with a finished position counted as one leaf at
/// any depth: the multi-seat game's convention, on the other implementation's rules.
fn two_player_leaf_perft(position: &Ataxx, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|&mv| two_player_leaf_perft(&position.play(mv), depth - 1))
        .sum()
}

fn moves_of<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn two_seats_perft_equals_the_two_player_game() {
    for walls in ["ataxx", "ataxx:walls=0x0400", "ataxx:walls=0x7888"] {
        let two: GameSpec = walls.parse().unwrap();
        let start = Ataxx::start(&Ataxx::config_from_spec(&two).unwrap()).unwrap();
        let separator = if walls == "ataxx" { ":" } else { "," };
        let seats = record(&format!("{walls}{separator}players=2"), "startpos");
        for depth in 0..=5 {
            assert_eq!(
                ponder::perft(&seats, depth),
                two_player_leaf_perft(&start, depth),
                "{walls} depth {depth}"
            );
        }
    }
}

/// A random game of `spec`, as the positions before each ply and the moves played.
fn random_game(
    spec: &str,
    seed: u64,
) -> Vec<(AtaxxSeats, Option<ponder::games::ataxx::AtaxxMove>)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = AtaxxSeats::start(&config(spec)).unwrap();
    let mut moves = Vec::new();
    let mut game = Vec::new();
    loop {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            game.push((position, None));
            return game;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.push((position, Some(mv)));
        position = position.play(mv);
    }
}

#[test]
fn two_seats_play_the_two_player_game_move_for_move() {
    for seed in 0..300 {
        let spec = if seed % 3 == 0 {
            "ataxx:players=2,walls=0x7888"
        } else {
            "ataxx:players=2"
        };
        let game = random_game(spec, seed);
        let mut two = Ataxx::parse_position(&Default::default(), &game[0].0.to_string())
            .unwrap()
            .current();
        for (ply, (seats, mv)) in game.iter().enumerate() {
            let at = format!("seed {seed} ply {ply}");
            assert_eq!(seats.to_string(), two.to_fen(), "{at}");
            assert_eq!(moves_of(seats), moves_of(&two), "{at}");
            assert_eq!(seats.outcome(), two.outcome(), "{at}");
            assert_eq!(seats.scores(), two.scores(), "{at}");
            assert_eq!(seats.side_to_move(), two.side_to_move(), "{at}");
            assert_eq!(seats.evaluate(), two.evaluate(), "{at}");
            assert_eq!(seats.move_count(), moves_of(seats).len() as u64, "{at}");
            if let Some(mv) = mv {
                assert_eq!(seats.move_order_hint(*mv), two.move_order_hint(*mv), "{at}");
                two = two.play(*mv);
            }
        }
    }
}

#[test]
fn notation_and_keys_round_trip_for_every_seat_count() {
    let specs = [
        "ataxx:players=2",
        "ataxx:players=3",
        "ataxx:players=4",
        "ataxx:players=3,walls=0x7888",
        "ataxx:players=4,walls=0x0400",
    ];
    for (index, spec) in specs.iter().enumerate() {
        let config = config(spec);
        let mut seen = std::collections::HashMap::new();
        for seed in 0..40 {
            for (position, _) in random_game(spec, 1000 * index as u64 + seed) {
                let text = position.to_string();
                let back = AtaxxSeats::parse_position(&config, &text)
                    .unwrap()
                    .current();
                assert_eq!(back, position, "{spec}: {text}");
                assert_eq!(back.to_string(), text);
                let wide = position.wide_key();
                assert_eq!(
                    AtaxxSeats::from_wide_key(&config, wide).unwrap(),
                    position,
                    "{text}"
                );
                if position.players() < 4 {
                    assert_eq!(position.key().to_u128(), wide);
                    assert_eq!(
                        AtaxxSeats::from_key(&config, &position.key()).unwrap(),
                        position
                    );
                } else {
                    assert!(wide >> 112 != 0 || wide < 1 << 112);
                }
                let json = serde_json::to_string(&position).unwrap();
                assert_eq!(
                    serde_json::from_str::<AtaxxSeats>(&json)
                        .unwrap()
                        .to_string(),
                    text
                );
                if let Some(other) = seen.insert(wide, position) {
                    assert_eq!(other, position, "two positions share key {wide:x}");
                }
            }
        }
    }
}

#[test]
fn start_positions_and_seat_order() {
    let start = |spec| record(spec, "startpos").current();
    assert_eq!(
        start("ataxx:players=2").to_string(),
        "x5o/7/7/7/7/7/o5x x 0 1"
    );
    assert_eq!(
        start("ataxx:players=3").to_string(),
        "x5o/7/7/7/7/7/6y x 0 1"
    );
    assert_eq!(
        start("ataxx:players=4").to_string(),
        "x5o/7/7/7/7/7/z5y x 0 1"
    );
    assert_eq!(
        start("ataxx:players=4,walls=0x0400").to_string(),
        "x5o/7/2-1-2/7/2-1-2/7/z5y x 0 1"
    );
    let game = record("ataxx:players=4", "startpos moves b6 f6 f2 b2 a7c5");
    let seats: Vec<usize> = game
        .positions()
        .iter()
        .map(|p| p.side_to_move().index())
        .collect();
    assert_eq!(seats, [0, 1, 2, 3, 0, 1]);
    assert_eq!(
        game.current().to_string(),
        "6o/1x3o1/2x4/7/7/1z3y1/z5y o 1 2"
    );
}

#[test]
fn a_seat_without_stones_is_skipped_and_the_last_one_left_wins() {
    // Seat 1 jumps to c5, seat 2 to e5, seat 3 to e3; c5d4 takes e5 and e3: seats 2 and 3
    // are out and the game is over after four plies.
    let game = record("ataxx:players=3", "startpos moves a7c5 g7e5 g1e3 d4");
    let end = game.current();
    assert_eq!(end.stone_counts(), [4, 0, 0, 0]);
    assert!(end.outcome().is_some());
    assert_eq!(end.ranks(), Some([1, 2, 2, 0]));
    assert!(moves_of(&end).is_empty());
    // With four seats seat 4 plays on; seats 2 and 3 are skipped from now on.
    let game = record("ataxx:players=4", "startpos moves a7c5 g7e5 g1e3 a2 d4");
    let position = game.current();
    assert_eq!(position.side_to_move(), Seat::new(3));
    assert!(position.outcome().is_none());
    let next = position.play(position.parse_move("b3").unwrap());
    assert_eq!(next.side_to_move(), Seat::FIRST);
    assert_eq!(next.to_string(), "7/7/2x1x2/3x3/1z2x2/z6/z6 x 0 3");
}

#[test]
fn a_seat_with_stones_and_no_move_must_pass() {
    // y on a1 is walled in by x stones and has no empty square within two steps.
    let config = config("ataxx:players=3");
    let position = AtaxxSeats::parse_position(&config, "x5o/7/7/7/xxx4/xxx4/yxx4 y 7 9")
        .unwrap()
        .current();
    assert_eq!(moves_of(&position), ["0000"]);
    assert_eq!(ponder::perft(&GameRecord::new(position), 1), 1);
    let next = position.play(position.parse_move("0000").unwrap());
    assert_eq!(next.to_string(), "x5o/7/7/7/xxx4/xxx4/yxx4 x 8 10");
    assert!(position.parse_move("b2").is_err());
}

#[test]
fn the_clock_counts_every_ply_and_draws_at_100() {
    let config = config("ataxx:players=3");
    let at = |text: &str| AtaxxSeats::parse_position(&config, text).unwrap().current();
    let position = at("x5o/7/7/7/7/7/6y x 98 40");
    let jumped = position.play(position.parse_move("a7c5").unwrap());
    assert_eq!(jumped.halfmove_clock(), 99);
    assert!(jumped.outcome().is_none());
    let cloned = position.play(position.parse_move("b6").unwrap());
    assert_eq!(cloned.halfmove_clock(), 0);
    let drawn = jumped.play(jumped.parse_move("g7e5").unwrap());
    assert_eq!(drawn.halfmove_clock(), 100);
    assert!(moves_of(&drawn).is_empty());
    assert_eq!(drawn.ranks(), Some([1, 1, 1, 0]));
    // At the clock limit the seats holding stones share the draw; a seat out is last.
    let four = AtaxxSeats::parse_position(
        &self::config("ataxx:players=4"),
        "xx4o/7/7/7/7/7/6y x 100 60",
    )
    .unwrap()
    .current();
    assert_eq!(four.ranks(), Some([1, 1, 1, 4]));
}

#[test]
fn ranks_share_equal_stones() {
    let config = config("ataxx:players=4");
    // A full board: no empty square, ranked by stones 20, 20, 5, 4.
    let rows = [
        "xxxxxxx", "xxxxxxx", "oooooox", "ooooooo", "ooooooo", "yyyyyzz", "zz-----",
    ];
    let text = format!("{} x 3 50", rows.join("/"));
    let position = AtaxxSeats::parse_position(&config, &text)
        .unwrap()
        .current();
    assert_eq!(position.stone_counts(), [15, 20, 5, 4]);
    assert_eq!(position.ranks(), Some([2, 1, 3, 4]));
    let tied = AtaxxSeats::parse_position(
        &config,
        "xxxxxxx/xxxxxxx/ooooooo/ooooooo/yyyyyyy/zzzzzzz/zzzzzzz x 0 1",
    )
    .unwrap()
    .current();
    assert_eq!(tied.ranks(), Some([1, 1, 4, 1]));
}

#[test]
fn bad_notation_is_refused_with_a_reason() {
    let err = |spec: &str, text: &str| {
        AtaxxSeats::parse_position(&config(spec), text)
            .unwrap_err()
            .to_string()
    };
    assert!(
        err("ataxx:players=3", "x5o/7/7/7/7/7/z5y x 0 1")
            .contains("rank 1: unexpected character 'z'")
    );
    assert!(err("ataxx:players=3", "x5o/7/7/7/7/7/6y z 0 1").contains("seat to move \"z\""));
    assert!(err("ataxx:players=3", "x5o/7/7/7/7/7/6y x 101 1").contains("halfmove clock"));
    assert!(
        err("ataxx:players=3", "x5o/7/7/7/7/7/6o y 0 1")
            .contains("seat y is to move but has no stones")
    );
    assert!(err("ataxx:players=4", "x5o/7/7/7/7/7/z4y x 0 1").contains("rank 1 has 6 files"));
    assert!(AtaxxSeats::config_from_spec(&"ataxx:players=1".parse().unwrap()).is_err());
    assert!(AtaxxSeats::config_from_spec(&"ataxx:players=3,pits=4".parse().unwrap()).is_err());
}

/// The second implementation's data (`tests/data/README.md`).
fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn perft_matches_the_set_based_reimplementation() {
    let text = data("ataxx_seats_perft.tsv");
    let mut rows = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [spec, depth, nodes] = fields[..] else {
            panic!("bad row {line}")
        };
        let start = record(spec, "startpos");
        assert_eq!(
            ponder::perft(&start, depth.parse().unwrap()),
            nodes.parse::<u64>().unwrap(),
            "{spec} depth {depth}"
        );
        rows += 1;
    }
    assert_eq!(rows, 34);
}

#[test]
fn random_games_replay_as_the_set_based_reimplementation_plays_them() {
    let text = data("ataxx_seats_games.jsonl");
    let mut games = 0;
    for line in text.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let spec = game["spec"].as_str().unwrap();
        let mut position = record(spec, "startpos").current();
        for (ply, entry) in game["plies"].as_array().unwrap().iter().enumerate() {
            let mut legal = moves_of(&position);
            legal.sort();
            let expected: Vec<&str> = entry["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            assert_eq!(legal, expected, "{spec} seed {} ply {ply}", game["seed"]);
            position = position.play(
                position
                    .parse_move(entry["move"].as_str().unwrap())
                    .unwrap(),
            );
        }
        assert!(moves_of(&position).is_empty(), "{spec}: the game is over");
        assert!(position.ranks().is_some());
        let scores: Vec<u32> = (0..position.seat_count())
            .map(|s| position.seat_score(Seat::new(s)))
            .collect();
        let expected: Vec<u32> = game["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(scores, expected, "{spec} seed {}", game["seed"]);
        games += 1;
    }
    assert_eq!(games, 36);
}
