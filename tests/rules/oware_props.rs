//! Property tests over random games of random sizes under both rule sets: seeds are
//! conserved, keys round-trip and tell positions apart, the feeding rule never starves an
//! opponent who could be fed, the notation and serde round-trip, and no input panics.

use ponder::games::Perft;
use ponder::games::oware::{OwareConfig, OwareMove, Rules};
use ponder::{Game, GameRecord, Key, Oware, Seat};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// Sizes and rules to draw from (houses, seeds a house).
/// 7 to 10 houses use the packed key layout, 9 and 10 the sowing loop past 16 pits.
const SIZES: [(u32, u32); 11] = [
    (6, 4),
    (6, 2),
    (3, 3),
    (4, 2),
    (2, 3),
    (5, 5),
    (6, 1),
    (7, 3),
    (8, 3),
    (9, 1),
    (10, 1),
];

fn config_strategy() -> impl Strategy<Value = OwareConfig> {
    (0..SIZES.len(), any::<bool>()).prop_map(|(size, awari)| {
        let (houses, seeds) = SIZES[size];
        let rules = if awari { Rules::Awari } else { Rules::Abapa };
        OwareConfig::new(rules, houses, seeds).unwrap()
    })
}

/// A random game (until it ends or `plies` moves), as a record.
fn random_game(config: OwareConfig, seed: u64, plies: usize) -> GameRecord<Oware> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut record = GameRecord::new(Oware::start(&config).unwrap());
    let mut moves = Vec::new();
    for _ in 0..plies {
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        record.try_play(mv).unwrap();
    }
    record
}

/// Whether the opponent of `position`'s mover has seeds after `mv`.
fn feeds(position: &Oware, mv: OwareMove) -> bool {
    let opponent = position.side_to_move().opponent();
    position.play_unchecked(mv).seeds_on_row(opponent) > 0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn seeds_are_conserved(config in config_strategy(), seed in any::<u64>(), plies in 0usize..300) {
        let record = random_game(config, seed, plies);
        for position in record.positions() {
            let captured = position.captured(Seat::FIRST) + position.captured(Seat::SECOND);
            prop_assert_eq!(position.seeds_in_play() + captured, config.total_seeds());
            if position.outcome().is_some() {
                let scores = position.scores();
                prop_assert_eq!(scores[0] + scores[1], config.total_seeds());
            }
        }
        let scores = record.scores();
        prop_assert!(scores[0] + scores[1] <= config.total_seeds());
    }

    #[test]
    fn keys_round_trip_and_tell_positions_apart(config in config_strategy(), seed in any::<u64>()) {
        let record = random_game(config, seed, 400);
        let mut seen: HashMap<Key, Oware> = HashMap::new();
        for position in record.positions() {
            let key = position.key();
            prop_assert_eq!(Oware::from_key(&config, &key).unwrap(), *position);
            // Also every child of every position.
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let child = position.play_unchecked(mv);
                let child_key = child.key();
                prop_assert_eq!(Oware::from_key(&config, &child_key).unwrap(), child);
                if let Some(other) = seen.insert(child_key, child) {
                    prop_assert_eq!(other, child, "two positions share a key");
                }
            }
            if let Some(other) = seen.insert(key, *position) {
                prop_assert_eq!(other, *position, "two positions share a key");
            }
        }
    }

    #[test]
    fn the_feeding_rule_never_starves_a_feedable_opponent(
        config in config_strategy(),
        seed in any::<u64>(),
    ) {
        let record = random_game(config, seed, 400);
        let mut moves = Vec::new();
        for position in record.positions() {
            position.legal_moves(&mut moves);
            let me = position.side_to_move();
            let candidates: Vec<OwareMove> = (0..config.houses() as u8)
                .map(OwareMove::new)
                .filter(|mv| position.row(me)[mv.index()] > 0)
                .collect();
            let feedable = candidates.iter().any(|&mv| feeds(position, mv));
            if position.end().is_none() && feedable {
                for &mv in &moves {
                    prop_assert!(feeds(position, mv), "{:?} starves with {}", position, mv);
                }
            }
            // Every legal move sows a non-empty house of the mover.
            for &mv in &moves {
                prop_assert!(candidates.contains(&mv));
            }
            prop_assert_eq!(position.move_count(), moves.len() as u64);
            prop_assert_eq!(moves.is_empty(), position.outcome().is_some());
        }
    }

    /// The legal moves are exactly what the rules define through the moves' results: Abapa,
    /// the non-empty houses (those reaching the opponent's row when it is empty); Awari, the
    /// non-empty houses that leave the opponent a seed, or all of them when none does.
    #[test]
    fn legal_moves_follow_the_definitions(config in config_strategy(), seed in any::<u64>()) {
        let record = random_game(config, seed, 400);
        let mut moves = Vec::new();
        for position in record.positions() {
            position.legal_moves(&mut moves);
            if position.outcome().is_some() {
                prop_assert!(moves.is_empty());
                continue;
            }
            let me = position.side_to_move();
            let houses = config.houses();
            let non_empty: Vec<OwareMove> = (0..houses as u8)
                .map(OwareMove::new)
                .filter(|mv| position.row(me)[mv.index()] > 0)
                .collect();
            let expected: Vec<OwareMove> = match config.rules() {
                Rules::Abapa => {
                    let starving = position.seeds_on_row(me.opponent()) == 0;
                    non_empty
                        .iter()
                        .copied()
                        .filter(|mv| !starving || position.row(me)[mv.index()] as usize >= houses - mv.index())
                        .collect()
                }
                Rules::Awari => {
                    let feeding: Vec<OwareMove> =
                        non_empty.iter().copied().filter(|&mv| feeds(position, mv)).collect();
                    if feeding.is_empty() { non_empty.clone() } else { feeding }
                }
            };
            prop_assert_eq!(&moves, &expected, "{:?}", position);
        }
    }

    #[test]
    fn notation_and_serde_round_trip(config in config_strategy(), seed in any::<u64>(), plies in 0usize..200) {
        let record = random_game(config, seed, plies);
        let position = record.current();
        let text = position.position_text();
        let parsed = Oware::parse_position(&config, &text).unwrap();
        prop_assert_eq!(parsed.current(), position);
        let json = serde_json::to_string(&position).unwrap();
        prop_assert_eq!(serde_json::from_str::<Oware>(&json).unwrap(), position);
        let saved = serde_json::to_string(&record).unwrap();
        let loaded: GameRecord<Oware> = serde_json::from_str(&saved).unwrap();
        prop_assert_eq!(loaded.current(), position);
        prop_assert_eq!(loaded.is_repetition(), record.is_repetition());
        // Moves read back from their display, as indices and as letters.
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        for mv in moves {
            prop_assert_eq!(position.parse_move(&mv.to_string()).unwrap(), mv);
            let letter = mv.letter(position.side_to_move()).to_string();
            prop_assert_eq!(position.parse_move(&letter).unwrap(), mv);
        }
    }

    #[test]
    fn random_text_never_panics(text in ".{0,80}") {
        let config = OwareConfig::default();
        let _ = Oware::parse_position(&config, &text);
        let start = Oware::start(&config).unwrap();
        let _ = start.parse_move(&text);
        let _ = serde_json::from_str::<Oware>(&text);
        let _ = Oware::config_from_spec(&match text.parse() {
            Ok(spec) => spec,
            Err(_) => return Ok(()),
        });
    }

    #[test]
    fn near_valid_positions_never_panic(
        counts in proptest::collection::vec(0u32..400, 0..15),
        scores in proptest::collection::vec(0u32..400, 0..3),
        side in 0u32..3,
        slash in 0usize..14,
    ) {
        let mut board: Vec<String> = counts.iter().map(u32::to_string).collect();
        if slash <= board.len() {
            board.insert(slash, "/".into());
        }
        let text = format!(
            "{} {} {side}",
            board.join(",").replace(",/,", "/"),
            scores.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
        );
        for config in [OwareConfig::default(), OwareConfig::new(Rules::Awari, 3, 2).unwrap()] {
            if let Ok(record) = Oware::parse_position(&config, &text) {
                let position = record.current();
                prop_assert_eq!(Oware::parse_position(&config, &position.position_text()).unwrap().current(), position);
            }
        }
    }

    #[test]
    fn random_keys_are_refused_or_round_trip(bytes in any::<[u8; 14]>(), config in config_strategy()) {
        let key = Key::from_bytes(bytes);
        if let Ok(position) = Oware::from_key(&config, &key) {
            prop_assert_eq!(position.key(), key);
        }
    }

    #[test]
    fn illegal_moves_leave_the_record_unchanged(config in config_strategy(), seed in any::<u64>(), index in 0u8..=255) {
        let mut record = random_game(config, seed, 50);
        let before = record.clone();
        let mv = OwareMove::new(index);
        let legal = record.current().is_legal(mv) && record.outcome().is_none();
        let result = record.try_play(mv);
        prop_assert_eq!(result.is_ok(), legal);
        if !legal {
            prop_assert_eq!(&record, &before);
        }
        // play never panics, even on an illegal move.
        let _ = before.current().play_unchecked(mv);
    }
}

/// Deserializing a position checks it.
#[test]
fn invalid_serialized_positions_are_refused() {
    let start = Oware::start(&OwareConfig::default()).unwrap();
    let json = serde_json::to_string(&start).unwrap();
    assert!(serde_json::from_str::<Oware>(&json).is_ok());
    let bad_total = json.replace("\"captured\":[0,0]", "\"captured\":[1,0]");
    assert!(serde_json::from_str::<Oware>(&bad_total).is_err());
    let bad_side = json.replace("\"to_move\":0", "\"to_move\":2");
    assert!(serde_json::from_str::<Oware>(&bad_side).is_err());
    let bad_size = json.replace("\"houses\":6", "\"houses\":40");
    assert!(serde_json::from_str::<Oware>(&bad_size).is_err());
    let short_row = json.replace("[4,4,4,4,4,4]", "[4,4,4,4,4]");
    assert!(serde_json::from_str::<Oware>(&short_row).is_err());
}
