//! Ataxx rules, notation, walls, keys and specs.
//!
//! The results and legal moves of edge positions come from python-ataxx
//! (tests/data/ataxx_results.tsv, built on libataxx's own result tests); the rest checks the
//! notation and the seed design's formats as documented.

use ponder::games::Perft;
use ponder::games::ataxx::{Ataxx, AtaxxConfig, AtaxxMove, MoveKind, Square, WallMask};
use ponder::{Game, GameError, GameSpec, Key, Outcome, Seat};

fn fen(text: &str) -> Ataxx {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted_legal(position: &Ataxx) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.sort();
    names
}

#[test]
fn results_and_legal_moves_match_python_ataxx() {
    let mut rows = 0;
    for line in include_str!("../data/ataxx_results.tsv").lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [start, mv, after, result, over, legal] = fields[..] else {
            panic!("bad row {line:?}");
        };
        let mut position = fen(start);
        if !mv.is_empty() {
            let parsed = position
                .parse_move(mv)
                .unwrap_or_else(|e| panic!("{start} {mv}: {e}"));
            position = position.play_unchecked(parsed);
        }
        assert_eq!(position.position_text(), after, "{start} {mv}");
        let outcome = position.outcome();
        assert_eq!(outcome.is_some(), over == "true", "{after}: game over?");
        let expected = match outcome.map(|o| o.margin().signum()) {
            None => "*",
            Some(1) => "1-0",
            Some(-1) => "0-1",
            Some(_) => "1/2-1/2",
        };
        assert_eq!(expected, result, "{after}: result");
        let expected_legal: Vec<&str> = legal.split_whitespace().collect();
        assert_eq!(
            sorted_legal(&position),
            expected_legal,
            "{after}: legal moves"
        );
        assert_eq!(
            position.move_count(),
            expected_legal.len() as u64,
            "{after}"
        );
        rows += 1;
    }
    assert!(rows >= 40);
}

#[test]
fn outcome_margins() {
    // Stones decide when a side is gone or nobody can move, even at the 50-move limit.
    assert_eq!(
        fen("x6/7/7/7/7/7/7 x 100 1").outcome(),
        Some(Outcome::new(1))
    );
    assert_eq!(
        fen("7/7/7/7/-------/-------/xxxxooo x 100 1").outcome(),
        Some(Outcome::new(1))
    );
    assert_eq!(
        fen("7/7/7/7/-------/-------/xxx-ooo o 0 1").outcome(),
        Some(Outcome::DRAW)
    );
    // The 50-move rule is a draw whatever the stones.
    assert_eq!(
        fen("xxo4/7/7/7/7/7/7 x 100 1").outcome(),
        Some(Outcome::DRAW)
    );
    assert_eq!(
        fen("xxxx3/o6/7/7/7/7/7 o 130 9").outcome(),
        Some(Outcome::DRAW)
    );
    assert_eq!(fen("x5o/7/7/7/7/7/o5x x 99 1").outcome(), None);
    // A double move at clock 99 that takes the last stone wins: 2 stones to none.
    let position = fen("7/7/7/7/2o4/7/x6 x 99 1");
    let next = position.play_unchecked(position.parse_move("a1b3").unwrap());
    assert_eq!(next.halfmove_clock(), 100);
    assert_eq!(next.outcome(), Some(Outcome::new(2)));
    assert_eq!(next.scores(), [2, 0]);
}

#[test]
fn clocks_follow_the_tools() {
    let start = fen("x5o/7/7/7/7/7/o5x x 7 3");
    let single = start.play_unchecked(start.parse_move("b7").unwrap());
    assert_eq!((single.halfmove_clock(), single.fullmove_number()), (0, 3));
    let double = single.play_unchecked(single.parse_move("g7e5").unwrap());
    assert_eq!((double.halfmove_clock(), double.fullmove_number()), (1, 4));
    let pass_position = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 5 10");
    assert_eq!(sorted_legal(&pass_position), ["0000"]);
    assert!(pass_position.must_pass());
    let passed = pass_position.play_unchecked(AtaxxMove::PASS);
    assert_eq!(
        passed.position_text(),
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 6 10"
    );
    let after_o = passed.play_unchecked(passed.parse_move("a4").unwrap());
    assert_eq!(
        after_o.position_text(),
        "7/7/7/o6/ooooooo/ooooooo/xxxxxxx x 0 11"
    );
}

#[test]
fn captures_turn_every_neighbour() {
    let position = fen("7/7/2ooo2/2o1o2/2ooo2/7/x5x x 0 1");
    let mv = position.parse_move("a1c3").unwrap_err();
    assert!(matches!(mv, GameError::IllegalMove { .. }), "{mv}");
    let position = fen("7/7/2ooo2/2o1o2/2ooo2/3x3/7 x 0 1");
    let next = position.play_unchecked(position.parse_move("d2d4").unwrap());
    assert_eq!(next.position_text(), "7/7/2xxx2/2xxx2/2xxx2/7/7 o 1 1");
    assert_eq!(next.outcome(), Some(Outcome::new(9)));
    assert_eq!(
        position.move_order_hint(position.parse_move("c2").unwrap()),
        5
    );
    assert_eq!(
        position.move_order_hint(position.parse_move("d2d4").unwrap()),
        15
    );
    assert!(
        position.move_order_hint(position.parse_move("d1").unwrap())
            < position.move_order_hint(position.parse_move("d2b3").unwrap())
    );
}

#[test]
fn fen_round_trips_and_aliases() {
    for text in [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 13 7",
        "7/7/7/7/-------/-------/x5o x 0 1",
        "xoxoxox/oxoxoxo/7/7/7/7/3x3 o 100 4000000000",
        "7/7/7/7/7/7/7 x 8191 0",
    ] {
        let position = fen(text);
        assert_eq!(position.position_text(), text);
        let record = Ataxx::parse_position(&AtaxxConfig::default(), text).unwrap();
        assert_eq!(record.current().position_text(), text);
        assert_eq!(
            serde_json::to_string(&position).unwrap(),
            format!("\"{text}\"")
        );
        let back: Ataxx = serde_json::from_str(&format!("\"{text}\"")).unwrap();
        assert_eq!(back.position_text(), text);
    }
    // What both tools also read: other letters, split digits, missing fields, startpos.
    assert_eq!(
        fen("X5O/7/7/7/7/7/O5X").position_text(),
        "x5o/7/7/7/7/7/o5x x 0 1"
    );
    assert_eq!(
        fen("b5w/34/7/7/7/7/w5b W").position_text(),
        "x5o/7/7/7/7/7/o5x o 0 1"
    );
    assert_eq!(fen("startpos").position_text(), "x5o/7/7/7/7/7/o5x x 0 1");
    assert_eq!(
        fen("  x5o/7/7/7/7/7/o5x   o  3 ").position_text(),
        "x5o/7/7/7/7/7/o5x o 3 1"
    );
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let cases = [
        ("x5o/7/7/7/8/7/o5x x 0 1", "rank 3 has 8 files"),
        ("x5o/7/7/7/7/7/o4x x 0 1", "rank 1 has 6 files"),
        ("x5o/7/7/7/7/7/o5xx x 0 1", "rank 1 has 8 files"),
        ("x5o/7/7/7/7/7 x 0 1", "the board has 6 ranks"),
        ("x5o/7/7/7/7/7/o5x/7 x 0 1", "the board has 8 ranks"),
        ("x5o/7/7/7/7/7/o5x z 0 1", "side to move \"z\""),
        ("x5o/7/7/7/7/7/o5x x ten 1", "halfmove clock \"ten\""),
        ("x5o/7/7/7/7/7/o5x x 8192 1", "halfmove clock \"8192\""),
        ("x5o/7/7/7/7/7/o5x x +3 1", "halfmove clock \"+3\""),
        ("x5o/7/7/7/7/7/o5x x 0 -1", "fullmove number \"-1\""),
        ("x5o/7/7/7/7/7/o5x x 0 1 extra", "5 fields"),
        (
            "x5o/7/7/7/7/7/o5q x 0 1",
            "rank 1: unexpected character 'q'",
        ),
        (
            "x5o/7/7/é6/7/7/o5x x 0 1",
            "rank 4: unexpected character 'é'",
        ),
        ("", "empty FEN"),
    ];
    for (text, message) in cases {
        let err = text.parse::<Ataxx>().unwrap_err();
        assert!(matches!(err, GameError::Position(_)), "{text}: {err:?}");
        assert!(err.to_string().contains(message), "{text}: {err}");
        let err = Ataxx::parse_position(&AtaxxConfig::default(), text).unwrap_err();
        assert!(err.to_string().contains(message), "{text}: {err}");
        assert!(serde_json::from_str::<Ataxx>(&format!("{text:?}")).is_err());
    }
}

#[test]
fn positions_with_moves() {
    let config = AtaxxConfig::default();
    let record =
        Ataxx::parse_position(&config, "x5o/7/7/7/7/7/o5x x 0 1 moves g2 a1a3 0000").unwrap_err();
    // The pass is illegal at ply 3: the error names the ply.
    assert!(
        matches!(record, GameError::AtPly { index: 3, .. }),
        "{record}"
    );
    let record = Ataxx::parse_position(&config, "startpos moves g2 a1a3").unwrap();
    assert_eq!(record.moves().len(), 2);
    assert_eq!(record.current().position_text(), "x5o/7/7/7/o6/6x/6x x 1 2");
    let walls = Ataxx::config_from_spec(&"ataxx:walls=0x0400".parse().unwrap()).unwrap();
    let record = Ataxx::parse_position(&walls, "startpos").unwrap();
    assert_eq!(
        record.current().position_text(),
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
    );
}

#[test]
fn move_notation() {
    for text in ["g2", "a1a3", "a1c3", "g7e5", "0000"] {
        let mv: AtaxxMove = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
        assert_eq!(serde_json::to_string(&mv).unwrap(), format!("\"{text}\""));
        let back: AtaxxMove = serde_json::from_str(&format!("\"{text}\"")).unwrap();
        assert_eq!(back, mv);
    }
    let jump: AtaxxMove = "b2d4".parse().unwrap();
    assert_eq!(jump.kind(), MoveKind::Double);
    assert_eq!(jump.from(), Some("b2".parse::<Square>().unwrap()));
    assert_eq!(jump.to(), Some("d4".parse::<Square>().unwrap()));
    assert_eq!("null".parse::<AtaxxMove>().unwrap(), AtaxxMove::PASS);
    // libataxx's list of strings that are not moves.
    for text in [
        "g8", "g0", "h1", "e", "1", "g1g4", "g1g1", "00000", "g1f2", "f1f2", "f2g1", "f2f1", "\n",
        "\t", " ", "", "G2", "a1a3 ", "é1", "a1é",
    ] {
        assert!(text.parse::<AtaxxMove>().is_err(), "{text:?}");
        assert!(serde_json::from_str::<AtaxxMove>(&format!("{text:?}")).is_err());
        let start = Ataxx::start(&AtaxxConfig::default()).unwrap();
        assert!(matches!(
            start.parse_move(text),
            Err(GameError::MoveSyntax { .. })
        ));
    }
    let err = "a1a2".parse::<AtaxxMove>().unwrap_err().to_string();
    assert!(err.contains("write it as a2"), "{err}");
}

#[test]
fn illegal_moves_say_why() {
    let start = fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
    let reason = |text: &str| match start.parse_move(text) {
        Err(GameError::IllegalMove { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(reason("d4"), "no x stone is next to d4");
    assert_eq!(reason("c3"), "c3 holds a blocker");
    assert_eq!(reason("g7"), "g7 holds a o stone");
    assert_eq!(reason("c1e3"), "e3 holds a blocker");
    assert_eq!(reason("c1c3"), "c3 holds a blocker");
    assert_eq!(reason("b1b3"), "b1 holds no x stone");
    assert!(reason("0000").contains("a pass is legal only without one"));
    let pass = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    assert!(
        matches!(pass.parse_move("a4"), Err(GameError::IllegalMove { reason, .. }) if reason.contains("must pass"))
    );
    assert_eq!(pass.parse_move("0000").unwrap(), AtaxxMove::PASS);
    let over = fen("x5o/7/7/7/7/7/o5x x 100 1");
    assert_eq!(over.parse_move("b7"), Err(GameError::GameOver));
    assert_eq!(
        over.try_play("b7".parse().unwrap()),
        Err(GameError::GameOver)
    );
    assert!(!over.is_legal("b7".parse().unwrap()));
    assert!(start.is_legal("b7".parse().unwrap()));
    assert!(!start.is_legal("d4".parse().unwrap()));
}

#[test]
fn wall_masks_mirror_into_four_quadrants() {
    // The libataxx layouts "4 corners" and "4 sides" are masks 0x0400 (c5) and 0x4800 (d5, c4).
    let start = |mask: u16| {
        let config = AtaxxConfig::with_walls(WallMask::new(mask).unwrap()).unwrap();
        Ataxx::start(&config).unwrap().position_text()
    };
    assert_eq!(start(0x0400), "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
    assert_eq!(start(0x4800), "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1");
    // The seed's examples, square by square from the definition.
    assert_eq!(start(0x7888), "x2-2o/3-3/3-3/---1---/3-3/3-3/o2-2x x 0 1");
    assert_eq!(start(0x01A2), "x-3-o/1-1-1-1/-5-/7/-5-/1-1-1-1/o-3-x x 0 1");
    assert_eq!(
        start(0x8124),
        "x1-1-1o/1-3-1/-5-/3-3/-5-/1-3-1/o1-1-1x x 0 1"
    );
    // Shared bits stand for fewer squares: 3 (d7) two, 15 (d4) one, 5 (b6) four.
    assert_eq!(WallMask::new(1 << 3).unwrap().blockers().count(), 2);
    assert_eq!(WallMask::new(1 << 15).unwrap().blockers().count(), 1);
    assert_eq!(WallMask::new(1 << 5).unwrap().blockers().count(), 4);
    for mask in WallMask::all() {
        assert_eq!(WallMask::from_blockers(mask.blockers()), Some(mask));
    }
    assert_eq!(
        WallMask::from_blockers(fen("7/7/7/7/7/7/-6 x").blockers()),
        None
    );
}

#[test]
fn wall_layouts_and_playability() {
    assert_eq!(WallMask::all().count(), 1 << 15);
    assert!(WallMask::all().all(|m| m.bits() & 1 == 0));
    // The seed design: it takes at least 8 walls to shut the players in; the 8 squares around
    // a corner (bits 1, 2, 4, 5, 6, 8, 9, 10) do it.
    let locked: Vec<WallMask> = WallMask::all()
        .filter(|m| !m.leaves_both_players_a_move())
        .collect();
    assert!(locked.iter().all(|m| m.bits().count_ones() >= 8));
    assert!(locked.iter().all(|m| m.bits() & 0x0776 == 0x0776));
    assert_eq!(locked.len(), 1 << 7);
    assert_eq!(WallMask::playable().count(), (1 << 15) - (1 << 7));
    for mask in [0x7888, 0x01A2, 0x8124] {
        assert!(WallMask::new(mask).unwrap().leaves_both_players_a_move());
    }
    // Each playable layout gives both sides a first move.
    for mask in WallMask::playable().step_by(97) {
        let position = Ataxx::start(&AtaxxConfig::with_walls(mask).unwrap()).unwrap();
        assert!(position.move_count() > 0 && !position.must_pass());
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let after = position.play_unchecked(moves[0]);
        assert!(after.outcome().is_some() || !after.must_pass(), "{mask}");
    }
}

#[test]
fn specs_and_bad_masks() {
    let config = |text: &str| Ataxx::config_from_spec(&text.parse::<GameSpec>().unwrap());
    assert_eq!(config("ataxx").unwrap(), AtaxxConfig::default());
    for spec in [
        "ataxx:walls=0x7888",
        "ataxx:walls=30856",
        "ataxx:walls=0b0111100010001000",
    ] {
        assert_eq!(
            config(spec).unwrap().walls(),
            Some(WallMask::new(0x7888).unwrap())
        );
    }
    assert_eq!(
        config("ataxx:walls=0x7888").unwrap().to_string(),
        "ataxx:walls=0x7888"
    );
    assert_eq!(config("ataxx:walls=0").unwrap().to_string(), "ataxx");
    let err = |text: &str| config(text).unwrap_err();
    for (spec, message) in [
        ("ataxx:walls=0x0001", "bit 0 blocks a7, g7, a1 and g1"),
        ("ataxx:walls=0x7889", "bit 0 blocks"),
        ("ataxx:walls=0x0776", "walled in"),
        ("ataxx:walls=0xFFFE", "walled in"),
        ("ataxx:walls=0x10000", "expected a 16-bit mask"),
        ("ataxx:walls=-2", "expected a 16-bit mask"),
        ("ataxx:walls=+2", "expected a 16-bit mask"),
        ("ataxx:walls=wall", "expected a 16-bit mask"),
        ("ataxx:size=7", "no parameter \"size\""),
    ] {
        let e = err(spec);
        assert!(matches!(e, GameError::Spec(_)), "{spec}: {e:?}");
        assert!(e.to_string().contains(message), "{spec}: {e}");
        assert!(!e.to_string().contains('\n'));
    }
    // A configuration read back from JSON is checked, and a start needs free corners.
    let json = serde_json::to_string(&config("ataxx:walls=0x8124").unwrap()).unwrap();
    let back: AtaxxConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back.walls(), Some(WallMask::new(0x8124).unwrap()));
    assert!(serde_json::from_str::<AtaxxConfig>(r#"{"blockers": 1125899906842624}"#).is_err());
    let corner: AtaxxConfig = serde_json::from_str(r#"{"blockers": 1}"#).unwrap();
    assert!(matches!(Ataxx::start(&corner), Err(GameError::Spec(_))));
    // A position reports its own blockers.
    assert_eq!(
        fen("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1").config().walls(),
        Some(WallMask::new(0x4800).unwrap())
    );
}

#[test]
fn key_layout_is_the_documented_one() {
    // Start position: row 0 (rank 7) = x . . . . . o = 1 | 2 << 12; row 6 (rank 1) =
    // o . . . . . x = 2 | 1 << 12; x to move and clock 0 leave the spare bits clear.
    let start = Ataxx::start(&AtaxxConfig::default()).unwrap();
    let mut bytes = [0u8; 14];
    bytes[0..2].copy_from_slice(&(1u16 | 2 << 12).to_le_bytes());
    bytes[12..14].copy_from_slice(&(2u16 | 1 << 12).to_le_bytes());
    assert_eq!(start.key(), Key::from_bytes(bytes));
    // o to move, clock 5 (binary 101): spare bits 0..13 = 1 | 5 << 1 = 0b1011, two per row.
    let other = fen("x5o/7/7/7/7/7/o5x o 5 9");
    bytes[1] |= 0b11 << 6; // spare bits 0-1 = 0b11
    bytes[3] |= 0b10 << 6; // spare bits 2-3 = 0b10
    assert_eq!(other.key(), Key::from_bytes(bytes));
    // Blockers are 3.
    let blocked = fen("-5-/7/7/7/7/7/7 x 0 1");
    let mut bytes = [0u8; 14];
    bytes[0..2].copy_from_slice(&(3u16 | 3 << 12).to_le_bytes());
    assert_eq!(blocked.key(), Key::from_bytes(bytes));
    // Decoding gives the position back, with fullmove number 1.
    let decoded = Ataxx::from_key(&other.config(), &other.key()).unwrap();
    assert_eq!(decoded, other);
    assert_eq!(decoded.position_text(), "x5o/7/7/7/7/7/o5x o 5 1");
}

#[test]
fn display_draws_a_labelled_board() {
    let text = fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").to_string();
    let expected = "  a b c d e f g\n\
                    7 x . . . . . o 7\n\
                    6 . . . . . . . 6\n\
                    5 . . # . # . . 5\n\
                    4 . . . . . . . 4\n\
                    3 . . # . # . . 3\n\
                    2 . . . . . . . 2\n\
                    1 o . . . . . x 1\n  \
                    a b c d e f g\n\
                    x to move, halfmove clock 0, fullmove 1; stones x 2, o 2";
    assert_eq!(text, expected);
    let over = fen("x6/7/7/7/7/7/7 o 3 2").to_string();
    assert!(over.ends_with("game over: x wins by 1"), "{over}");
}

#[test]
fn scores_evaluation_and_seats() {
    let position = fen("xxx4/o6/7/7/7/7/7 o 0 1");
    assert_eq!(position.scores(), [3, 1]);
    assert_eq!(position.side_to_move(), Seat::SECOND);
    assert_eq!(position.evaluate(), -2);
    assert_eq!(fen("xxx4/o6/7/7/7/7/7 x 0 1").evaluate(), 2);
    assert_eq!(<Ataxx as Game>::NAME, "ataxx");
    const { assert!(!<Ataxx as Perft>::TERMINAL_IS_LEAF) };
    assert!(ponder::games::GAME_NAMES.contains(&"ataxx"));
}

/// What `ponder perft --game SPEC --depth D` does, through the game registry.
fn perft_of_spec<G: Perft>(spec: &GameSpec, depth: u32) -> Result<u64, GameError> {
    let config = G::config_from_spec(spec)?;
    Ok(ponder::perft(
        &ponder::GameRecord::new(G::start(&config)?),
        depth,
    ))
}

#[test]
fn the_registry_runs_ataxx_specs() {
    let run = |text: &str, depth| -> Result<u64, GameError> {
        let spec: GameSpec = text.parse()?;
        ponder::with_game!(spec, G => perft_of_spec::<G>(&spec, depth))
    };
    // python-ataxx's count for the 0x7888 layout (tests/data/ataxx_walls_perft.tsv).
    assert_eq!(run("ataxx:walls=0x7888", 4), Ok(102_364));
    assert_eq!(run("ataxx", 3), Ok(6460));
    assert!(matches!(
        run("ataxx:walls=0x0001", 1),
        Err(GameError::Spec(_))
    ));
}
