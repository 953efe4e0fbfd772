//! The shared players: the seed designs' baselines do what their designs say, random and
//! greedy players are seeded and legal, bad specs are refused.

use ponder::games::{Ataxx, Oware};
use ponder::players::{Player, PlayerSpec, StopSignal, Turn, build_player};
use ponder::{Game, GameRecord, Kalah, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

fn player<G: ponder::search::Evaluators>(spec: &str, seed: u64) -> Box<dyn Player<G>> {
    build_player::<G>(&spec.parse::<PlayerSpec>().unwrap(), seed).unwrap()
}

fn choose<G: ponder::search::Evaluators>(
    player: &mut dyn Player<G>,
    record: &GameRecord<G>,
) -> G::Move {
    player
        .choose(record, Turn::quiet(&StopSignal::new()))
        .unwrap()
        .mv
}

/// Random positions of a game: `count` records of a few random plies from the start.
fn positions<G: Game>(count: usize, seed: u64) -> Vec<GameRecord<G>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    (0..count)
        .filter_map(|_| {
            let mut record = GameRecord::new(G::start(&Default::default()).unwrap());
            for _ in 0..rng.random_range(0..30) {
                record.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                record
                    .try_play(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
            record.outcome().is_none().then_some(record)
        })
        .collect()
}

#[test]
fn the_instructor_passes_the_classroom_test() {
    // The classroom spec's test: alpha-beta to depth 2 with the store difference plays pit 0
    // after this trace.
    let record = Kalah::parse_position(&Default::default(), "123551234220105241").unwrap();
    let mut instructor = player::<Kalah>("instructor:depth=2", 1);
    assert_eq!(choose(instructor.as_mut(), &record).to_string(), "0");
    assert!(
        instructor
            .name()
            .starts_with("instructor (alphabeta:depth=2,eval=store-diff")
    );
    let full = player::<Kalah>("instructor", 1);
    assert!(full.name().contains("depth=5"), "{}", full.name());
}

/// The Pookie Pookie AI's rule, computed here from the stone counts: the mover's stones minus
/// the opponent's after the move, minus 1 for a jump.
fn pookie_value(position: &Ataxx, mv: <Ataxx as Game>::Move) -> i64 {
    let mover = position.side_to_move().index();
    let scores = position.play_unchecked(mv).scores();
    let jump = i64::from(mv.from().is_some_and(|from| Some(from) != mv.to()));
    i64::from(scores[mover]) - i64::from(scores[1 - mover]) - jump
}

#[test]
fn pookie_plays_a_best_move_by_its_rule_and_varies_among_equals() {
    let mut varied = false;
    let mut moves = Vec::new();
    for record in positions::<Ataxx>(40, 11) {
        let position = record.current();
        record.legal_moves(&mut moves);
        if moves.len() == 1 {
            continue;
        }
        let best = moves
            .iter()
            .map(|&mv| pookie_value(&position, mv))
            .max()
            .unwrap();
        let equal_best: BTreeSet<String> = moves
            .iter()
            .filter(|&&mv| pookie_value(&position, mv) == best)
            .map(ToString::to_string)
            .collect();
        let mut chosen = BTreeSet::new();
        for seed in 0..24 {
            let mut pookie = player::<Ataxx>("pookie", seed);
            let mv = choose(pookie.as_mut(), &record).to_string();
            assert!(
                equal_best.contains(&mv),
                "{mv} not in {equal_best:?} at {position}"
            );
            chosen.insert(mv);
        }
        varied |= chosen.len() > 1;
        if equal_best.len() == 1 {
            assert_eq!(chosen.len(), 1);
        }
    }
    assert!(varied, "random among equal-best should vary somewhere");
}

#[test]
fn awale_is_alpha_beta_to_depth_ten_with_the_seed_evaluator() {
    let awale = player::<Oware>("awale", 1);
    assert!(
        awale
            .name()
            .starts_with("awale (alphabeta:depth=10,eval=seed"),
        "{}",
        awale.name()
    );
    for record in positions::<Oware>(6, 5) {
        let mut awale = player::<Oware>("awale", 1);
        let mut same = player::<Oware>("alphabeta:depth=10,eval=seed,tiebreak=first", 1);
        assert_eq!(
            choose(awale.as_mut(), &record),
            choose(same.as_mut(), &record)
        );
    }
}

#[test]
fn random_players_are_seeded_and_cover_the_legal_moves() {
    let record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
    let mut seen = BTreeSet::new();
    for seed in 0..64 {
        let a = choose(player::<Kalah>("random", seed).as_mut(), &record);
        let b = choose(
            player::<Kalah>(&format!("random:seed={seed}"), 999).as_mut(),
            &record,
        );
        assert_eq!(
            a, b,
            "seed={seed} in the spec overrides the front end's seed"
        );
        seen.insert(a.to_string());
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
}

#[test]
fn greedy_takes_the_best_one_ply_move() {
    // Ataxx: from the start every single move gains one stone and every jump none: greedy by
    // the stone difference plays a single move.
    let record = GameRecord::new(Ataxx::start(&Default::default()).unwrap());
    for seed in 0..8 {
        let mv = choose(player::<Ataxx>("greedy:eval=game", seed).as_mut(), &record);
        assert_eq!(mv.from(), None, "{mv} is not a single move");
    }
    // Kalah: pit 0's one seed lands in the empty pit 1 and captures the 10 seeds opposite
    // (11 to the store); pit 5 only banks one seed (with an extra move).
    let record =
        Kalah::parse_position(&Default::default(), "1,0,0,0,0,1,20,0,0,0,0,10,1,15,0").unwrap();
    assert_eq!(record.current().side_to_move(), Seat::FIRST);
    for seed in 0..8 {
        let mv = choose(
            player::<Kalah>("greedy:eval=store-diff", seed).as_mut(),
            &record,
        );
        assert_eq!(mv.to_string(), "0");
    }
}

#[test]
fn bad_specs_are_refused_with_the_reason() {
    for (spec, reason) in [
        ("nobody", "unknown player"),
        ("random:depth=3", "no parameter"),
        ("pvs:depth=0", "must be from 1"),
        ("pvs:movetime=abc", "not a whole number"),
        ("pvs:tiebreak=sometimes", "must be one of"),
        ("greedy:eval=nope", "unknown evaluator"),
        ("engine:threads=0", "must be from 1"),
        ("engine:pin=2", "must be one of"),
        ("pookie:pruning=maybe", "must be one of"),
    ] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let error = build_player::<Kalah>(&spec, 0)
            .err()
            .expect("refused")
            .to_string();
        assert!(error.contains(reason), "{spec}: {error}");
    }
}
