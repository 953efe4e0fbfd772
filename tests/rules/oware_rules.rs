//! Named rule cases for both rule sets: grand slams, the feeding rule, repetitions, the
//! majority end, and the notation. The Abapa positions come from OpenSpiel games (the game and
//! ply are named); the Awari expectations follow the computer-Awari rules (Lincke 2002,
//! appendix A).

use ponder::games::Perft;
use ponder::games::oware::{End, OwareConfig, OwareMove, Rules};
use ponder::{Game, GameError, GameRecord, Oware, Seat};

fn config(rules: Rules) -> OwareConfig {
    OwareConfig::default().with_rules(rules)
}

fn record(rules: Rules, text: &str) -> GameRecord<Oware> {
    Oware::parse_position(&config(rules), text).unwrap()
}

fn position(rules: Rules, text: &str) -> Oware {
    record(rules, text).current()
}

fn legal(position: &Oware) -> Vec<usize> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|m| m.index()).collect()
}

fn play(position: &Oware, index: u8) -> Oware {
    position.try_play(OwareMove::new(index)).unwrap()
}

// --- Grand slam -----------------------------------------------------------------------------

/// OpenSpiel game seed 119 (`oware_openspiel_games.jsonl`), ply 53: the second player's
/// house 4 (2 seeds) ends in the first player's house 0, making 3: that would capture all
/// the first player's seeds, so under Abapa it is legal and captures nothing.
#[test]
fn abapa_grand_slam_is_legal_and_captures_nothing() {
    let before = position(Rules::Abapa, "2,0,0,0,0,0/4,5,1,6,2,5 14,9 1");
    assert_eq!(legal(&before), [0, 1, 2, 3, 4, 5]);
    assert_eq!(before.captures(OwareMove::new(4)), 0);
    // House 1 (5 seeds) is a grand slam too.
    assert_eq!(before.captures(OwareMove::new(1)), 0);
    // OpenSpiel's next observation: `0 | 14 9 | 3 0 0 0 0 0 4 5 1 6 0 6`.
    let after = play(&before, 4);
    assert_eq!(after.position_text(), "3,0,0,0,0,0/4,5,1,6,0,6 14,9 0");
    assert!(!after.resets_repetition(&before));
}

/// The same position under Awari: the two grand slams (houses 1 and 4) are illegal because
/// other moves leave the first player seeds.
#[test]
fn awari_grand_slam_is_illegal_when_another_move_feeds() {
    let before = position(Rules::Awari, "2,0,0,0,0,0/4,5,1,6,2,5 14,9 1");
    assert_eq!(legal(&before), [0, 2, 3, 5]);
    let error = before.parse_move("4").unwrap_err();
    assert!(matches!(error, GameError::IllegalMove { .. }), "{error}");
    assert!(before.try_play(OwareMove::new(1)).is_err());
}

/// A forced grand slam: the first player's only move captures both of the second player's
/// seeds. Awari: it is legal and captures; the second player then cannot move and the game
/// ends. Abapa: it captures nothing, and the second player, unable to feed, ends the game
/// with each side taking its own row.
#[test]
fn forced_grand_slam_under_both_rule_sets() {
    let text = "0,0,0,0,0,2/1,1,0,0,0,0 22,22 0";

    let awari = position(Rules::Awari, text);
    assert_eq!(legal(&awari), [5]);
    let after = play(&awari, 5);
    assert_eq!(after.position_text(), "0,0,0,0,0,0/0,0,0,0,0,0 26,22 1");
    assert_eq!(after.end(), Some(End::NoMoves));
    assert_eq!(after.outcome().unwrap().margin(), 4);
    assert_eq!(after.scores(), [26, 22]);

    let abapa = position(Rules::Abapa, text);
    assert_eq!(legal(&abapa), [5]);
    let after = play(&abapa, 5);
    assert_eq!(after.position_text(), "0,0,0,0,0,0/2,2,0,0,0,0 22,22 1");
    // The second player must feed and cannot: each takes their own row.
    assert_eq!(after.end(), Some(End::NoMoves));
    assert_eq!(after.scores(), [22, 26]);
    assert_eq!(after.outcome().unwrap().margin(), -4);
}

// --- Feeding ---------------------------------------------------------------------------------

/// OpenSpiel game seed 104, ply 97: the first player has no seeds, so the second player must
/// play a house that reaches them (3 or 5; houses 0 and 1 stop short). Awari agrees.
#[test]
fn must_feed_under_both_rule_sets() {
    for rules in [Rules::Abapa, Rules::Awari] {
        let before = position(rules, "0,0,0,0,0,0/5,1,0,3,0,2 20,17 1");
        assert_eq!(legal(&before), [3, 5], "{rules}");
        assert_eq!(before.move_count(), 2);
        let error = before.parse_move("0").unwrap_err().to_string();
        assert!(error.contains("does not give them any"), "{error}");
        // OpenSpiel's next observation after house 5: `0 | 20 17 | 1 1 0 0 0 0 5 1 0 3 0 0`.
        assert_eq!(
            play(&before, 5).position_text(),
            "1,1,0,0,0,0/5,1,0,3,0,0 20,17 0"
        );
    }
}

/// OpenSpiel game seed 102 ends here: the second player has no seeds and no house of the first
/// player reaches them. Abapa: the game ends, each side banks its own row (30-18, OpenSpiel's
/// final scores). Awari: any move is legal; the second player then cannot move and the first
/// takes every seed left, the same 30-18.
#[test]
fn cannot_feed_under_both_rule_sets() {
    let text = "1,1,2,1,1,0/0,0,0,0,0,0 24,18 0";

    let abapa = position(Rules::Abapa, text);
    assert!(legal(&abapa).is_empty());
    assert_eq!(abapa.end(), Some(End::NoMoves));
    assert_eq!(abapa.scores(), [30, 18]);
    assert_eq!(abapa.outcome().unwrap().margin(), 12);
    assert_eq!(
        abapa.parse_move("0").unwrap_err().to_string(),
        "illegal move 0: the game is over (no_moves)"
    );

    let awari = position(Rules::Awari, text);
    assert_eq!(legal(&awari), [0, 1, 2, 3, 4]);
    assert_eq!(awari.outcome(), None);
    let after = play(&awari, 4);
    assert_eq!(after.end(), Some(End::NoMoves));
    assert_eq!(after.scores(), [30, 18]);
    assert_eq!(after.outcome().unwrap().margin(), 12);
}

// --- Repetition ------------------------------------------------------------------------------

/// OpenSpiel game seed 220, from its last capture: the twelfth move repeats a position, the
/// game ends and each side banks its own row (25-23, OpenSpiel's final scores). Under Awari
/// the same moves are legal and the same repetition ends the game with the seeds left split
/// evenly: the margin is the captured 24-21.
#[test]
fn repetition_under_both_rule_sets() {
    let start = "0,0,1,0,0,0/1,0,0,0,0,1 24,21 1 moves 0 2 1 3 5 4 2 5 3 0 4";
    for (rules, scores, margin) in [(Rules::Abapa, [25, 23], 2), (Rules::Awari, [24, 21], 3)] {
        let mut game = record(rules, start);
        assert_eq!(game.outcome(), None, "{rules}");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert_eq!(moves, [OwareMove::new(1)], "{rules}");
        game.try_play(OwareMove::new(1)).unwrap();
        assert!(game.is_repetition(), "{rules}");
        assert_eq!(
            game.current().outcome(),
            None,
            "{rules}: not over by the position alone"
        );
        assert_eq!(game.outcome().unwrap().margin(), margin, "{rules}");
        assert_eq!(game.scores(), scores, "{rules}");
        game.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(game.try_play(OwareMove::new(0)), Err(GameError::GameOver));
    }
}

/// One house a side (OpenSpiel `oware(num_houses_per_player=1,num_seeds_per_house=3)`): every
/// move sends all the seeds across, and the third position repeats the first one after the
/// opening move. OpenSpiel ends it 0-6; under Awari it is a draw.
#[test]
fn one_house_cycle_under_both_rule_sets() {
    for (rules, scores) in [(Rules::Abapa, [0, 6]), (Rules::Awari, [0, 0])] {
        let config = OwareConfig::new(rules, 1, 3).unwrap();
        let game = Oware::parse_position(&config, "start moves 0 0 0").unwrap();
        assert!(game.is_repetition(), "{rules}");
        assert_eq!(game.scores(), scores, "{rules}");
        let partial = Oware::parse_position(&config, "start moves 0 0").unwrap();
        assert_eq!(partial.outcome(), None);
        assert!(Oware::parse_position(&config, "start moves 0 0 0 0").is_err());
    }
}

// --- Majority --------------------------------------------------------------------------------

/// A capture of 4 takes the first player to 26 of 48. Abapa: the game ends and the seed left
/// goes to its row's owner (26-22). Awari: play goes on to the end.
#[test]
fn majority_ends_abapa_but_not_awari() {
    let text = "0,0,0,0,0,2/1,1,0,1,0,0 22,21 0";
    let abapa = play(&position(Rules::Abapa, text), 5);
    assert_eq!(abapa.end(), Some(End::Majority));
    assert!(legal(&abapa).is_empty());
    assert_eq!(abapa.move_count(), 0);
    assert_eq!(abapa.scores(), [26, 22]);
    assert_eq!(abapa.outcome().unwrap().margin(), 4);

    let awari = play(&position(Rules::Awari, text), 5);
    assert_eq!(awari.end(), None);
    assert_eq!(awari.scores(), [26, 21]);
    assert_eq!(legal(&awari), [3]);
}

/// Both players at exactly half is a finished draw under Abapa.
#[test]
fn half_each_is_a_draw_under_abapa() {
    let even = position(Rules::Abapa, "0,0,0,0,0,0/0,0,0,0,0,0 24,24 0");
    assert_eq!(even.end(), Some(End::Majority));
    assert_eq!(even.outcome().unwrap().margin(), 0);
    let awari = position(Rules::Awari, "0,0,0,0,0,0/0,0,0,0,0,0 24,24 0");
    assert_eq!(awari.end(), Some(End::NoMoves));
    assert_eq!(awari.outcome().unwrap().margin(), 0);
}

// --- Sowing ----------------------------------------------------------------------------------

/// A lap of 12 or more seeds skips the house it started from; the last seed of 13 from the
/// first player's house 5 lands in the second player's house 1.
#[test]
fn laps_skip_the_origin_house() {
    for rules in [Rules::Abapa, Rules::Awari] {
        let before = position(rules, "0,0,0,0,0,13/1,2,1,0,0,0 15,16 0");
        let after = play(&before, 5);
        // Every other house +1, then houses A and B +1 more: A = 3 and B = 4 capture nothing
        // (B has 4), so nothing is taken.
        assert_eq!(
            after.position_text(),
            "1,1,1,1,1,0/3,4,2,1,1,1 15,16 1",
            "{rules}"
        );
        let before = position(rules, "0,0,0,0,0,12/1,1,1,0,0,0 17,16 0");
        let after = play(&before, 5);
        // 11 seeds round, the 12th in house A (now 3): captured. B holds 2, before it there is
        // nothing (A is the first house of the row).
        assert_eq!(
            after.position_text(),
            "1,1,1,1,1,0/0,2,2,1,1,1 20,16 1",
            "{rules}"
        );
    }
}

/// Captures chain backwards over consecutive houses of 2 or 3 and stop at the opponent's
/// first house, never crossing into the mover's own row.
#[test]
fn captures_chain_backwards_within_the_opponent_row() {
    // 3 seeds from house f: A=2, B=3, C=2 (all 2-3): the chain C, B, A captures 7; D keeps 5.
    let before = position(Rules::Abapa, "1,0,0,0,0,3/1,2,1,5,0,0 20,15 0");
    let after = play(&before, 5);
    assert_eq!(after.position_text(), "1,0,0,0,0,0/0,0,0,5,0,0 27,15 1");
    // A house of 4 breaks the chain.
    let before = position(Rules::Abapa, "1,0,0,0,0,3/1,3,1,5,0,0 20,14 0");
    let after = play(&before, 5);
    assert_eq!(after.position_text(), "1,0,0,0,0,0/2,4,0,5,0,0 22,14 1");
}

// --- Notation --------------------------------------------------------------------------------

#[test]
fn notation_reads_and_writes_positions() {
    let start = Oware::start(&OwareConfig::default()).unwrap();
    assert_eq!(start.position_text(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0");
    assert_eq!(start.to_string(), start.position_text());
    assert_eq!(position(Rules::Abapa, "start"), start);
    let board = format!("{start:#}");
    assert!(
        board.contains("first player: 0 captured (to move)"),
        "{board}"
    );
    let small = OwareConfig::new(Rules::Awari, 3, 2).unwrap();
    let text = "0,3,1/2,0,1 3,2 1";
    let parsed = Oware::parse_position(&small, text).unwrap().current();
    assert_eq!(parsed.position_text(), text);
    assert_eq!(parsed.row(Seat::SECOND), &[2, 0, 1]);
    assert_eq!(parsed.side_to_move(), Seat::SECOND);
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let config = OwareConfig::default();
    let cases = [
        ("", "empty"),
        ("4,4,4,4,4,4,4,4,4,4,4,4 0,0 0", "`/`"),
        (
            "4,4,4,4,4/4,4,4,4,4,4 0,0 0",
            "expected 6 comma-separated counts, found 5",
        ),
        (
            "4,4,4,4,4,x/4,4,4,4,4,4 0,0 0",
            "entry 6: \"x\" is not a whole number",
        ),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0,0 2", "side to move"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0,0", "missing the side"),
        ("4,4,4,4,4,4/4,4,4,4,4,4", "missing the scores"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 1,0 0", "holds 49 seeds"),
        ("4,4,4,4,4,300/4,4,4,4,4,4 0,0 0", "300 seeds"),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 extra",
            "unexpected \"extra\"",
        ),
        ("start moves 0 9", "ply 2"),
        (
            "start moves 0 1 0",
            "ply 3: illegal move 0: the first player's house 0 is empty",
        ),
    ];
    for (text, needle) in cases {
        let error = Oware::parse_position(&config, text)
            .unwrap_err()
            .to_string();
        assert!(error.contains(needle), "{text:?}: {error}");
    }
}

#[test]
fn moves_read_as_indices_or_letters() {
    let start = Oware::start(&OwareConfig::default()).unwrap();
    assert_eq!(start.parse_move("2").unwrap(), OwareMove::new(2));
    assert_eq!(start.parse_move("c").unwrap(), OwareMove::new(2));
    let error = start.parse_move("C").unwrap_err().to_string();
    assert!(error.contains("second player"), "{error}");
    assert!(
        start
            .parse_move("6")
            .unwrap_err()
            .to_string()
            .contains("does not exist")
    );
    assert!(start.parse_move("").is_err());
    assert!(start.parse_move("-1").is_err());
    assert!(start.parse_move("é").is_err());
    let second = play(&start, 0);
    assert_eq!(second.parse_move("F").unwrap(), OwareMove::new(5));
    assert!(second.parse_move("f").is_err());
    assert_eq!(OwareMove::new(5).letter(Seat::SECOND), 'F');
}

#[test]
fn specs_configure_and_refuse_sizes() {
    let spec = |text: &str| Oware::config_from_spec(&text.parse().unwrap());
    assert_eq!(spec("oware").unwrap(), OwareConfig::default());
    assert_eq!(spec("oware:rules=awari").unwrap().rules(), Rules::Awari);
    assert_eq!(spec("oware:houses=10,seeds=1").unwrap().houses(), 10);
    assert_eq!(spec("oware:seeds=21").unwrap().total_seeds(), 252);
    for (text, needle) in [
        ("oware:houses=11,seeds=1", "does not fit"),
        ("oware:seeds=22", "does not fit"),
        ("oware:houses=0", "at least one house"),
        ("oware:seeds=0", "at least one seed"),
        ("oware:houses=2,seeds=100", "at most 255"),
        ("oware:rules=kalah", "must be one of"),
        ("oware:pits=6", "no parameter"),
        ("oware:houses=x", "not a whole number"),
    ] {
        let error = spec(text).unwrap_err().to_string();
        assert!(error.contains(needle), "{text}: {error}");
    }
}

#[test]
fn evaluations_are_from_the_movers_view() {
    let position = position(Rules::Abapa, "1,2,0,4,4,4/4,4,4,4,2,1 6,8 0");
    // (2·6 + 2) − (2·8 + 2): each row has two houses holding 1 or 2 seeds.
    assert_eq!(position.awale_evaluation(), -4);
    // Material: 2·(6 − 8) + (15 − 19).
    assert_eq!(position.evaluate(), -8);
    let flipped = self::position(Rules::Abapa, "1,2,0,4,4,4/4,4,4,4,2,1 6,8 1");
    assert_eq!(flipped.awale_evaluation(), 4);
    assert_eq!(flipped.evaluate(), 8);
}
