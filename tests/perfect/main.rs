//! The perfect level with an endgame database loaded: on 200 positions from played games that
//! the database covers (Kalah, and Oware under the computer-Awari rules), the move it plays
//! keeps the exact game-theoretic value, and it reports that value exactly.
//!
//! The values come from the databases, which are checked against reference data elsewhere:
//! the Kalah database against the published solved margins (`tests/search/search_solve.rs`,
//! `tests/data/kalah_solved.tsv`), the Awari database against Lincke's published statistics
//! (`tests/data/awari_egdb_stats.csv`).
//!
//! One test binary of its own: installing a database changes every search of the process.

use ponder::engine::{Command, Engine, EngineConfig, Event, Limits};
use ponder::games::kalah::{self, KalahConfig, KalahEgdb};
use ponder::games::oware::{Egdb, OwareConfig, Rules, egdb as loaded_egdb};
use ponder::players::{PlayerSpec, StopSignal, Turn, build_player};
use ponder::{Game, GameRecord, Kalah, Oware};

/// Positions each test judges.
const POSITIONS: usize = 200;

/// The exact final margin for `position`'s mover after `mv`, by `exact` (the database).
fn exact_after<G: Game>(position: &G, mv: G::Move, exact: &dyn Fn(&G) -> Option<i32>) -> i32 {
    let child = position.play(mv);
    let me = position.side_to_move();
    if let Some(outcome) = child.outcome() {
        return outcome.margin_for(me);
    }
    let margin = exact(&child).expect("the database covers every position below a covered one");
    if child.side_to_move() == me {
        margin
    } else {
        -margin
    }
}

/// Covered positions from games between a shallow randomised search and a random player,
/// every covered position of each game until the game ends, `POSITIONS` in all.
fn covered_positions<G: ponder::search::Evaluators>(
    start: G,
    exact: &dyn Fn(&G) -> Option<i32>,
) -> Vec<G> {
    let stop = StopSignal::new();
    let mut found = Vec::new();
    for game in 0u64.. {
        let mut players = [
            build_player::<G>(&"pvs:depth=3,tiebreak=random".parse().unwrap(), game).unwrap(),
            build_player::<G>(&PlayerSpec::named("random"), game + 1000).unwrap(),
        ];
        let mut record = GameRecord::new(start);
        while record.outcome().is_none() {
            let position = record.current();
            if exact(&position).is_some() {
                found.push(position);
                if found.len() == POSITIONS {
                    return found;
                }
            }
            let seat = position.side_to_move().index() ^ (game as usize & 1);
            let choice = players[seat].choose(&record, Turn::quiet(&stop)).unwrap();
            record.try_play(choice.mv).unwrap();
        }
    }
    unreachable!()
}

/// Plays the perfect level on every position (from a fresh record: the database knows no
/// history) and checks that its move keeps the exact value and that it reports that value.
fn perfect_keeps_the_value<G: ponder::search::Evaluators>(
    positions: &[G],
    exact: &dyn Fn(&G) -> Option<i32>,
) {
    let stop = StopSignal::new();
    let spec: PlayerSpec = "perfect:depth=2".parse().unwrap();
    let mut player = build_player::<G>(&spec, 7).unwrap();
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for position in positions {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let best = moves
            .iter()
            .map(|&mv| exact_after(position, mv, exact))
            .max()
            .unwrap();
        assert_eq!(Some(best), exact(position), "{}", position.position_text());
        player.new_game();
        let choice = player
            .choose(&GameRecord::new(*position), Turn::quiet(&stop))
            .unwrap();
        let kept = exact_after(position, choice.mv, exact);
        assert_eq!(
            kept,
            best,
            "{}: the perfect level played {} (value {kept}), the best is {best}",
            position.position_text(),
            choice.mv
        );
        assert_eq!(
            choice.thought.exact,
            Some(best),
            "the exact value is reported"
        );
        match best.signum() {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
    }
    // The positions are not all of one kind.
    assert!(won > 0 && lost > 0, "won {won}, drawn {drawn}, lost {lost}");
}

/// The engine thread probes the database too: on covered positions its info events and its
/// answer carry the exact value, distinct from the score.
fn engine_reports_exact<G: ponder::search::Evaluators>(
    positions: &[G],
    exact: &dyn Fn(&G) -> Option<i32>,
) {
    let config = EngineConfig {
        hash_mib: 4,
        ponder: false,
        pin_thread: false,
        ..EngineConfig::default()
    };
    let engine = Engine::new(GameRecord::new(positions[0]), config).expect("the engine starts");
    for position in positions.iter().take(10) {
        engine.send(Command::SetPosition(GameRecord::new(*position)));
        let mut infos = 0;
        let best = engine
            .best_move_with(Limits::nodes(20_000), &StopSignal::new(), |event| {
                if let Event::Info(info) = event {
                    assert_eq!(info.search.exact, exact(position));
                    infos += 1;
                }
            })
            .unwrap_or_else(|error| panic!("engine error: {error}"));
        assert_eq!(best.exact, exact(position));
        assert!(infos > 0);
    }
}

#[test]
fn perfect_level_keeps_kalah_values() {
    let config = KalahConfig::default();
    let egdb = KalahEgdb::build(config, 14, 2, |_| {}).unwrap();
    kalah::egdb::install(egdb);
    let installed = kalah::egdb::installed().unwrap();
    let exact = |position: &Kalah| {
        installed
            .value(position)
            .map(|gain| position.store_difference() + gain)
    };
    let positions = covered_positions(Kalah::new(config), &exact);
    perfect_keeps_the_value(&positions, &exact);
    engine_reports_exact(&positions, &exact);
}

#[test]
fn perfect_level_keeps_awari_values() {
    let config = OwareConfig::new(Rules::Awari, 6, 4).unwrap();
    loaded_egdb::install(Egdb::build_with(6, 12, 2, |_| {}).unwrap());
    let installed = loaded_egdb::installed().unwrap();
    let exact = |position: &Oware| {
        let me = position.side_to_move();
        installed.value(position).map(|gain| {
            position.captured(me) as i32 - position.captured(me.opponent()) as i32 + gain
        })
    };
    let positions = covered_positions(Oware::start(&config).unwrap(), &exact);
    perfect_keeps_the_value(&positions, &exact);
    engine_reports_exact(&positions, &exact);
}
