//! Property tests of Kalah: conservation, keys, undo, traces, and hostile input.

use ponder::games::kalah::{
    CaptureRule, Kalah, KalahBoard, KalahConfig, KalahMove, board_array, from_board_array,
};
use ponder::{Game, GameRecord, GameSpec};
use proptest::prelude::*;

fn config() -> impl Strategy<Value = KalahConfig> {
    (1usize..=6, 1usize..=6, any::<bool>()).prop_map(|(pits, seeds, empty)| {
        let capture = if empty {
            CaptureRule::Empty
        } else {
            CaptureRule::Classic
        };
        KalahConfig::new(pits, seeds, capture).unwrap()
    })
}

/// A game of random legal moves from the start of a random configuration.
fn game() -> impl Strategy<Value = GameRecord<Kalah>> {
    (config(), prop::collection::vec(any::<u16>(), 0..80)).prop_map(|(config, picks)| {
        let mut record = GameRecord::new(Kalah::new(config));
        let mut moves = Vec::new();
        for pick in picks {
            record.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            record.try_play(moves[pick as usize % moves.len()]).unwrap();
        }
        record
    })
}

fn total(position: &Kalah) -> u32 {
    board_array(position).iter().rev().skip(1).sum()
}

proptest! {
    #[test]
    fn seeds_are_conserved(record in game()) {
        for position in record.positions() {
            prop_assert_eq!(total(position) as usize, position.kalah_config().total_seeds());
        }
    }

    #[test]
    fn keys_round_trip(record in game()) {
        for position in record.positions() {
            let back = Kalah::from_key(&position.kalah_config(), &position.key()).unwrap();
            prop_assert_eq!(back, *position);
        }
    }

    #[test]
    fn keys_differ_exactly_when_positions_differ(a in game(), picks in prop::collection::vec(any::<u16>(), 0..80)) {
        // A second game of the same configuration.
        let config = a.start().kalah_config();
        let mut b = GameRecord::new(Kalah::new(config));
        let mut moves = Vec::new();
        for pick in picks {
            b.legal_moves(&mut moves);
            if moves.is_empty() { break; }
            b.try_play(moves[pick as usize % moves.len()]).unwrap();
        }
        for x in a.positions() {
            for y in b.positions() {
                prop_assert_eq!(x.key() == y.key(), x == y);
            }
        }
    }

    #[test]
    fn undo_restores_exactly(record in game()) {
        let mut board = KalahBoard::from_trace(record.start().kalah_config(), &ponder::games::kalah::trace_string(record.moves())).unwrap();
        let positions = record.positions().to_vec();
        for expected in positions.iter().rev().skip(1) {
            board.undo_move().unwrap();
            prop_assert_eq!(board.position(), *expected);
        }
        prop_assert!(board.undo_move().is_err());
        prop_assert_eq!(board.trace(), "");
    }

    #[test]
    fn traces_and_board_arrays_round_trip(record in game()) {
        let config = record.start().kalah_config();
        let trace = ponder::games::kalah::trace_string(record.moves());
        let board = KalahBoard::from_trace(config, &trace).unwrap();
        prop_assert_eq!(board.trace(), trace);
        prop_assert_eq!(board.position(), record.current());
        let array = board.board();
        prop_assert_eq!(from_board_array(config, &array).unwrap(), record.current());
        let text = record.current().position_text();
        prop_assert_eq!(Kalah::parse_position(&config, &text).unwrap().current(), record.current());
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord<Kalah> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, record);
    }

    #[test]
    fn a_failed_move_changes_nothing(record in game(), pit in 0usize..12) {
        let mut board = KalahBoard::from_trace(record.start().kalah_config(), &ponder::games::kalah::trace_string(record.moves())).unwrap();
        let before = board.clone();
        if board.make_move(pit).is_err() {
            prop_assert_eq!(board, before);
        } else {
            prop_assert!(before.valid_moves(None).contains(&pit));
        }
    }

    #[test]
    fn hostile_text_never_panics(text in ".{0,40}", spec in "[a-z]{0,6}(:[a-z]{0,6}=[0-9a-z]{0,4}(,[a-z]{0,6}=[0-9a-z]{0,4})?)?") {
        let config = KalahConfig::default();
        let _ = Kalah::parse_position(&config, &text);
        let _ = Kalah::new(config).parse_move(&text);
        let _ = KalahBoard::from_trace(config, &text);
        if let Ok(spec) = spec.parse::<GameSpec>() {
            let _ = Kalah::config_from_spec(&spec);
        }
        let _ = serde_json::from_str::<GameRecord<Kalah>>(&text);
    }

    #[test]
    fn hostile_board_arrays_are_refused_or_consistent(array in prop::collection::vec(0u32..60, 0..20)) {
        if let Ok(position) = from_board_array(KalahConfig::default(), &array) {
            prop_assert_eq!(board_array(&position), array);
            prop_assert_eq!(total(&position), 48);
        }
    }

    #[test]
    fn hostile_keys_are_refused_or_round_trip(bytes in any::<[u8; 14]>(), config in config()) {
        let key = ponder::Key::from_bytes(bytes);
        if let Ok(position) = Kalah::from_key(&config, &key) {
            prop_assert_eq!(position.key(), key);
            prop_assert_eq!(total(&position) as usize, config.total_seeds());
        }
    }
}

#[test]
fn the_classroom_board_works_as_specified() {
    let board = KalahBoard::from_trace(KalahConfig::default(), "123551234220105241").unwrap();
    assert_eq!(board.turn(), ponder::Seat::SECOND);
    assert_eq!(board.valid_moves(None), vec![0, 2, 3]);
    assert_eq!(board.valid_moves(Some(&[3, 9, 2])), vec![3, 2, 0]);
    assert_eq!(board.board().len(), 15);
    assert!(!board.is_game_over());
    let err = KalahBoard::from_trace(KalahConfig::default(), "12x").unwrap_err();
    assert_eq!(
        err.to_string(),
        "trace character 3: invalid move \"x\": a trace holds one digit per move"
    );
    let err = KalahBoard::from_trace(KalahConfig::default(), "16").unwrap_err();
    assert_eq!(
        err.to_string(),
        "trace character 2: illegal move 6: pit 6 is out of range 0..5"
    );
    let mv = KalahMove::new(0);
    assert_eq!(serde_json::to_string(&mv).unwrap(), "0");
}
