//! Property tests of the Ataxx rules, keys and parsers on random positions.

use ponder::games::Perft;
use ponder::games::ataxx::{self, Ataxx, AtaxxConfig, AtaxxMove, Bitboard, MoveKind, Square};
use ponder::{Game, GameError, GameRecord, Seat};
use proptest::prelude::*;

/// A random board: each square empty, `x`, `o` or a blocker (weighted towards empty and
/// stones), a side, a clock around the 50-move limit and a fullmove number.
fn any_position() -> impl Strategy<Value = Ataxx> {
    (
        proptest::collection::vec(
            prop_oneof![4 => Just(0u8), 2 => Just(1), 2 => Just(2), 1 => Just(3)],
            49,
        ),
        any::<bool>(),
        prop_oneof![
            0u16..110,
            Just(99),
            Just(100),
            0u16..=ataxx::MAX_HALFMOVE_CLOCK
        ],
        0u32..500,
    )
        .prop_map(|(cells, o_to_move, clock, fullmove)| {
            let mut sets = [0u64; 4];
            for (index, cell) in cells.iter().enumerate() {
                sets[*cell as usize] |= 1 << index;
            }
            let bits = |b| Bitboard::from_bits(b).unwrap();
            let side = if o_to_move { Seat::SECOND } else { Seat::FIRST };
            Ataxx::new(
                bits(sets[1]),
                bits(sets[2]),
                bits(sets[3]),
                side,
                clock,
                fullmove,
            )
            .unwrap()
        })
}

/// A position reached by random legal play from the start of a random playable wall layout.
fn played_position() -> impl Strategy<Value = Ataxx> {
    (
        0u16..0x8000,
        proptest::collection::vec(any::<u16>(), 0..120),
    )
        .prop_map(|(mask, picks)| {
            let walls = ataxx::WallMask::new(mask << 1).unwrap();
            let config = AtaxxConfig::with_walls(walls).unwrap_or_default();
            let mut position = Ataxx::start(&config).unwrap();
            let mut moves = Vec::new();
            for pick in picks {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position = position.play_unchecked(moves[pick as usize % moves.len()]);
            }
            position
        })
}

fn positions() -> impl Strategy<Value = Ataxx> {
    prop_oneof![any_position(), played_position()]
}

/// A straightforward move generator, square by square, to compare with the bitboard one.
fn naive_moves(position: &Ataxx) -> Vec<String> {
    if position.outcome().is_some() {
        return Vec::new();
    }
    let side = position.side_to_move();
    let mine = position.stones(side);
    let empty = position.empty();
    let squares = || (0..49).filter_map(Square::from_index);
    let mut moves = Vec::new();
    for to in squares().filter(|&sq| empty.contains(sq)) {
        if squares().any(|from| mine.contains(from) && from.distance(to) == 1) {
            moves.push(to.to_string());
        }
        for from in squares().filter(|&from| mine.contains(from) && from.distance(to) == 2) {
            moves.push(format!("{from}{to}"));
        }
    }
    if moves.is_empty() {
        moves.push("0000".to_string());
    }
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn squares_are_conserved(position in positions()) {
        let x = position.stones(Seat::FIRST);
        let o = position.stones(Seat::SECOND);
        let blockers = position.blockers();
        let empty = position.empty();
        prop_assert_eq!(x.count() + o.count() + blockers.count() + empty.count(), 49);
        prop_assert_eq!(x.bits() & o.bits(), 0);
        prop_assert!(x.count() + o.count() <= 49 - blockers.count());
        prop_assert_eq!(position.scores(), [x.count(), o.count()]);
    }

    #[test]
    fn legal_moves_match_a_naive_generator(position in positions()) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        names.sort();
        prop_assert_eq!(&names, &naive_moves(&position));
        prop_assert_eq!(position.move_count(), moves.len() as u64);
        // Over exactly when there is no move; a pass only when nothing else is legal.
        prop_assert_eq!(moves.is_empty(), position.outcome().is_some());
        if moves.contains(&AtaxxMove::PASS) {
            prop_assert_eq!(moves.len(), 1);
            prop_assert!(position.must_pass());
        } else {
            prop_assert!(!position.must_pass());
        }
        let mut unique = names.clone();
        unique.dedup();
        prop_assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn playing_a_legal_move_conserves_squares(position in positions(), pick in any::<u16>()) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        prop_assume!(!moves.is_empty());
        let mv = moves[pick as usize % moves.len()];
        let side = position.side_to_move();
        let next = position.play_unchecked(mv);
        let before = position.scores();
        let after = next.scores();
        let (me, them) = (side.index(), side.opponent().index());
        prop_assert_eq!(next.side_to_move(), side.opponent());
        prop_assert_eq!(next.blockers(), position.blockers());
        prop_assert_eq!(position.try_play(mv), Ok(next));
        let captured = before[them] - after[them];
        match mv.kind() {
            MoveKind::Single => {
                prop_assert_eq!(after[me], before[me] + 1 + captured);
                prop_assert_eq!(next.empty().count() + 1, position.empty().count());
                prop_assert_eq!(next.halfmove_clock(), 0);
            }
            MoveKind::Double => {
                prop_assert_eq!(after[me], before[me] + captured);
                prop_assert_eq!(next.empty().count(), position.empty().count());
                prop_assert_eq!(next.halfmove_clock(), position.halfmove_clock() + 1);
            }
            MoveKind::Pass => {
                prop_assert_eq!(after, before);
                prop_assert_eq!(next.halfmove_clock(), position.halfmove_clock() + 1);
            }
        }
        prop_assert_eq!(after[0] + after[1], before[0] + before[1] + u32::from(mv.kind() == MoveKind::Single));
        let fullmove = position.fullmove_number() + u32::from(side == Seat::SECOND);
        prop_assert_eq!(next.fullmove_number(), fullmove);
        // Every legal move reads back from its notation.
        prop_assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
    }

    #[test]
    fn keys_round_trip_and_tell_positions_apart(a in positions(), b in positions()) {
        let decoded = Ataxx::from_key(&a.config(), &a.key()).unwrap();
        prop_assert_eq!(decoded, a);
        prop_assert_eq!(decoded.key(), a.key());
        prop_assert_eq!(a.key() == b.key(), a == b);
        // Changing any one thing changes the key.
        let other_side = Ataxx::new(
            a.stones(Seat::FIRST), a.stones(Seat::SECOND), a.blockers(),
            a.side_to_move().opponent(), a.halfmove_clock(), 1,
        ).unwrap();
        prop_assert_ne!(other_side.key(), a.key());
        let other_clock = Ataxx::new(
            a.stones(Seat::FIRST), a.stones(Seat::SECOND), a.blockers(),
            a.side_to_move(), a.halfmove_clock() ^ 1, 1,
        ).unwrap();
        prop_assert_ne!(other_clock.key(), a.key());
        let mut moves = Vec::new();
        a.legal_moves(&mut moves);
        for mv in moves {
            let next = a.play_unchecked(mv);
            prop_assert_ne!(next.key(), a.key());
            prop_assert_eq!(Ataxx::from_key(&next.config(), &next.key()).unwrap(), next);
        }
    }

    #[test]
    fn every_key_decodes_to_a_position(bytes in any::<[u8; 14]>()) {
        let key = ponder::Key::from_bytes(bytes);
        let position = Ataxx::from_key(&AtaxxConfig::default(), &key).unwrap();
        prop_assert_eq!(position.key(), key);
        let reread: Ataxx = position.position_text().parse().unwrap();
        prop_assert_eq!(reread, position);
    }

    #[test]
    fn fen_and_serde_round_trip(position in positions()) {
        let text = position.position_text();
        let back: Ataxx = text.parse().unwrap();
        prop_assert_eq!(back, position);
        prop_assert_eq!(back.fullmove_number(), position.fullmove_number());
        prop_assert_eq!(back.position_text(), text.clone());
        let json = serde_json::to_string(&position).unwrap();
        let back: Ataxx = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.position_text(), text);
    }

    #[test]
    fn specialised_and_generic_perft_agree(position in positions(), depth in 0u32..3) {
        prop_assert_eq!(
            ataxx::perft(&position, depth),
            ponder::perft(&GameRecord::new(position), depth)
        );
    }

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,80}") {
        let _ = text.parse::<Ataxx>();
        let _ = Ataxx::parse_position(&AtaxxConfig::default(), &text);
    }

    #[test]
    fn near_fens_are_refused_or_read_back(
        text in "[xo1-9/ XOwb-]{1,30}/[xo1-9/-]{1,30} [xoq] [0-9]{1,5} [0-9]{1,4}"
    ) {
        match text.parse::<Ataxx>() {
            Ok(position) => {
                let canonical = position.position_text();
                prop_assert_eq!(canonical.parse::<Ataxx>().unwrap(), position);
            }
            Err(e) => prop_assert!(matches!(e, GameError::Position(_))),
        }
    }

    #[test]
    fn move_parser_never_panics_and_accepts_only_legal_moves(
        position in positions(),
        text in prop_oneof!["\\PC{0,6}", "[a-h0-8]{2}", "[a-h0-8]{4}", Just("0000".to_string())],
    ) {
        let _ = text.parse::<AtaxxMove>();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        match position.parse_move(&text) {
            Ok(mv) => prop_assert!(moves.contains(&mv)),
            Err(GameError::MoveSyntax { .. }) => prop_assert!(text.parse::<AtaxxMove>().is_err()),
            Err(GameError::GameOver) => prop_assert!(moves.is_empty()),
            Err(GameError::IllegalMove { .. }) => {
                let mv: AtaxxMove = text.parse().unwrap();
                prop_assert!(!moves.contains(&mv));
            }
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }
}
