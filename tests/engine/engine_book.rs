//! The book learns: a scripted opponent that repeats a line beating the engine out of book
//! wins at first, and stops winning with it after a few games once the engine's book has
//! learned from the losses. The same games with the book's learning switched off are all
//! lost, the same way: what changed is the learning.

use crate::{my_turn, quiet_config};
use ponder::book::{Book, BookBounds, SharedBook};
use ponder::engine::{Knowledge, Limits};
use ponder::matches::{PlayedGame, play_game};
use ponder::players::{
    Choice, EnginePlayer, Player, PlayerError, PlayerSpec, StopSignal, Thought, Turn, build_player,
};
use ponder::{Game, GameRecord, Kalah};
use std::sync::Arc;

/// Games played with the book (the line must stop winning within the first [`STOPS_BY`]).
const GAMES: usize = 10;

/// The game (counted from 0) by which the line must have stopped winning: a move is given
/// up after two losses, so the engine needs a few games to leave the line and find a
/// deviation that holds.
const STOPS_BY: usize = 6;

/// The engine under test: a shallow search, deterministic (first of equal-best moves), with
/// `book`.
fn weak_engine(book: &Arc<SharedBook<Kalah>>) -> EnginePlayer<Kalah> {
    let config = quiet_config();
    let knowledge = Knowledge::new().with_book(book.clone());
    EnginePlayer::with_knowledge(config, Limits::depth(2), "weak".into(), knowledge).unwrap()
}

/// Plays `script` while the game follows it, and like `fallback` once it leaves it.
struct Scripted {
    script: Vec<<Kalah as Game>::Move>,
    fallback: Box<dyn Player<Kalah>>,
}

impl Player<Kalah> for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(
        &mut self,
        record: &GameRecord<Kalah>,
        turn: Turn<'_, Kalah>,
    ) -> Result<Choice<Kalah>, PlayerError> {
        let played = record.moves();
        let on_script = played.len() < self.script.len() && self.script.starts_with(played);
        if on_script {
            return Ok(Choice {
                mv: self.script[played.len()],
                thought: Thought::empty(),
            });
        }
        self.fallback.choose(record, turn)
    }
}

fn player(spec: &str) -> Box<dyn Player<Kalah>> {
    build_player::<Kalah>(&spec.parse::<PlayerSpec>().unwrap(), 0).unwrap()
}

fn start() -> GameRecord<Kalah> {
    GameRecord::new(Kalah::start(&Default::default()).unwrap())
}

/// A game of the engine (first seat) against the scripted line.
fn game(book: &Arc<SharedBook<Kalah>>, script: &[<Kalah as Game>::Move]) -> PlayedGame<Kalah> {
    let mut engine = weak_engine(book);
    let mut opponent = Scripted {
        script: script.to_vec(),
        // Off the line, the opponent is no stronger than the engine.
        fallback: player("pvs:depth=2,tiebreak=first"),
    };
    play_game(start(), [&mut engine, &mut opponent], &StopSignal::new()).unwrap()
}

/// The engine's result (first seat): 1 win, 0 draw, -1 loss.
fn result(played: &PlayedGame<Kalah>) -> i32 {
    played.outcome.margin().signum()
}

fn empty_book() -> SharedBook<Kalah> {
    SharedBook::new(Book::new(Default::default(), BookBounds::default()))
}

#[test]
fn a_line_that_beats_the_engine_stops_winning_once_the_book_learns() {
    let _turn = my_turn();
    // The line: a deeper search beats the engine out of book.
    let out_of_book = Arc::new(empty_book().learning(false));
    let mut engine = weak_engine(&out_of_book);
    let mut strong = player("pvs:depth=8,tiebreak=first");
    let won = play_game(start(), [&mut engine, strong.as_mut()], &StopSignal::new()).unwrap();
    assert_eq!(result(&won), -1, "the deeper search beats the engine");
    let script = won.record.moves().to_vec();

    // Without learning the line wins every time, the same way.
    for _ in 0..GAMES {
        let played = game(&out_of_book, &script);
        assert_eq!(played.record.moves(), script.as_slice());
        assert_eq!(result(&played), -1);
    }

    // With learning it wins the first game, then stops winning within a few.
    let book = Arc::new(empty_book());
    let results: Vec<(i32, bool)> = (0..GAMES)
        .map(|_| {
            let played = game(&book, &script);
            (result(&played), played.record.moves() == script.as_slice())
        })
        .collect();
    assert_eq!(
        results[0],
        (-1, true),
        "the line wins before the book learns"
    );
    let stopped = results
        .iter()
        .position(|&(result, _)| result >= 0)
        .unwrap_or_else(|| panic!("the line kept winning: {results:?}"));
    assert!(stopped <= STOPS_BY, "{results:?}");
    // It kept to the line while one loss left room for doubt.
    assert_eq!(results[1], (-1, true), "{results:?}");
    // Once a game is not lost, the book keeps to it: the line never wins again.
    assert!(
        results[stopped..]
            .iter()
            .all(|&(result, line)| result >= 0 && !line),
        "{results:?}"
    );
    // What it learned is in the book: the opening move of the line lost.
    let learned = book.snapshot();
    let first = learned
        .moves(&start().current().key())
        .iter()
        .find(|m| m.mv == script[0])
        .expect("the line's first move is in the book");
    assert!(first.losses >= 1, "{first:?}");
}
