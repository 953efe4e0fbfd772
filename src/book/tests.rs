//! The book's file (round trip, refusals naming the file), its bounds, merges and choice.

use super::*;
use crate::games::kalah::{CaptureRule, KalahConfig};
use crate::{Ataxx, Game, GameRecord, Kalah, Outcome};
use std::path::PathBuf;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Kalah record of `moves` from the start.
fn line(moves: &str) -> GameRecord<Kalah> {
    let mut record = GameRecord::new(Kalah::start(&Default::default()).unwrap());
    record.play_all_text(moves).unwrap();
    record
}

fn book() -> Book<Kalah> {
    let mut book = Book::new(Default::default(), BookBounds::default());
    book.learn(&line("1 2 3"), Outcome::new(4), &[Some(10), None, Some(-3)]);
    book.learn(&line("1 5"), Outcome::new(-2), &[]);
    book
}

#[test]
fn a_book_round_trips_through_its_file_byte_for_byte() {
    let dir = scratch("round-trip");
    let path = dir.join("kalah.book");
    let original = book();
    original.save(&path).unwrap();
    let loaded = Book::<Kalah>::load(&path, Some(&Default::default())).unwrap();
    assert_eq!(loaded.len(), original.len());
    let start = Kalah::start(&Default::default()).unwrap();
    let first = &loaded.moves(&start.key())[0];
    assert_eq!((first.wins, first.losses, first.value()), (1, 1, Some(10)));
    assert_eq!(std::fs::read(&path).unwrap(), loaded.to_bytes().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_and_foreign_books_are_refused_with_the_file_named() {
    let dir = scratch("refused");
    let path = dir.join("bad.book");
    let bytes = book().to_bytes().unwrap();
    let refused = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        let error = Book::<Kalah>::load(&path, None).unwrap_err();
        assert!(error.to_string().contains("bad.book"), "{error}");
        let in_memory = Book::<Kalah>::from_bytes(bytes, &path, None).unwrap_err();
        assert!(in_memory.to_string().contains("bad.book"), "{in_memory}");
        error
    };
    refused(&bytes[..bytes.len() - 1]);
    refused(b"not a book at all, just some text");
    // Every single flipped byte is caught (by the header or the checksum).
    for at in (0..bytes.len()).step_by(7) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x20;
        refused(&damaged);
    }
    // A well-formed file of another configuration, another game.
    let small = KalahConfig::new(4, 3, CaptureRule::Classic).unwrap();
    Book::<Kalah>::new(small, BookBounds::default())
        .save(&path)
        .unwrap();
    let error = Book::<Kalah>::load(&path, Some(&Default::default())).unwrap_err();
    assert!(matches!(error, BookError::WrongConfig { .. }), "{error}");
    let error = Book::<Ataxx>::load(&path, None).unwrap_err();
    assert!(error.to_string().contains("bad.book"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_payload_that_breaks_the_books_rules_is_refused() {
    let path = PathBuf::from("twice.book");
    let start = Kalah::start(&Default::default()).unwrap();
    let moves = vec![BookMove::new(start.parse_move("1").unwrap())];
    let twice = (
        Kalah::NAME.to_string(),
        KalahConfig::default(),
        BookBounds::default(),
        vec![(start.key(), moves.clone()), (start.key(), moves)],
    );
    let bytes = crate::files::encode(&BOOK_FILE, &crate::files::encode_bincode(&twice).unwrap());
    let error = Book::<Kalah>::from_bytes(&bytes, &path, None).unwrap_err();
    assert!(
        matches!(&error, BookError::Invalid { reason, .. } if reason.contains("twice")),
        "{error}"
    );
}

/// Two different lines of at most four plies from the start that reach one position.
fn transposition<G: Game>() -> (GameRecord<G>, GameRecord<G>) {
    let mut seen: std::collections::HashMap<crate::Key, GameRecord<G>> = Default::default();
    let mut lines = vec![GameRecord::new(G::start(&Default::default()).unwrap())];
    for _ in 0..4 {
        let mut next = Vec::new();
        for record in lines {
            let mut moves = Vec::new();
            record.current().legal_moves(&mut moves);
            for mv in moves {
                let mut longer = record.clone();
                longer.try_play(mv).unwrap();
                if let Some(earlier) = seen.get(&longer.current().key()) {
                    if earlier.moves() != longer.moves() && longer.current().outcome().is_none() {
                        return (earlier.clone(), longer);
                    }
                }
                seen.insert(longer.current().key(), longer.clone());
                next.push(longer);
            }
        }
        lines = next;
    }
    panic!("no transposition within four plies")
}

#[test]
fn the_book_stays_within_its_bounds_and_merges_transpositions() {
    let bounds = BookBounds {
        max_positions: 2,
        max_plies: 10,
    };
    let mut small = Book::<Kalah>::new(Default::default(), bounds);
    assert_eq!(small.learn(&line("1 2 3 4"), Outcome::new(1), &[]), 2);
    assert_eq!(small.len(), 2);
    let plies = BookBounds {
        max_positions: 100,
        max_plies: 1,
    };
    let mut short = Book::<Kalah>::new(Default::default(), plies);
    assert_eq!(short.learn(&line("1 2 3 4"), Outcome::new(1), &[]), 1);
    // Two orders of moves that reach one position share its entry.
    let (a, b) = transposition::<Ataxx>();
    let mut shared = Book::<Ataxx>::new(Default::default(), BookBounds::default());
    let next = |record: &GameRecord<Ataxx>| {
        let mut longer = record.clone();
        let mut moves = Vec::new();
        record.current().legal_moves(&mut moves);
        longer.try_play(moves[0]).unwrap();
        longer
    };
    shared.learn(&next(&a), Outcome::new(1), &[]);
    shared.learn(&next(&b), Outcome::new(1), &[]);
    assert_eq!(shared.moves(&a.current().key())[0].games(), 2);
    // Merging adds the counts.
    let mut merged = book();
    merged.absorb(&book());
    let start = Kalah::start(&Default::default()).unwrap();
    assert_eq!(merged.moves(&start.key())[0].games(), 4);
}

#[test]
fn the_choice_is_seeded_and_keeps_to_the_moves_within_the_margin() {
    let start = Kalah::start(&Default::default()).unwrap();
    let mut book = Book::<Kalah>::new(Default::default(), BookBounds::default());
    let text = |mv| format!("{mv}");
    let mut legal = Vec::new();
    start.legal_moves(&mut legal);
    // Moves 0 and 1 scored alike, 2 a little worse, 3 lost.
    for (index, (wins, losses)) in [(20, 4), (21, 4), (10, 10), (0, 3)].into_iter().enumerate() {
        let entry = book.entry(start.key(), legal[index]).unwrap();
        entry.wins = wins;
        entry.losses = losses;
    }
    let policy = BookPolicy::default();
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        match book.advise(&start, Some(seed), &policy) {
            BookAdvice::Play(mv) => chosen.insert(text(mv)),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            book.advise(&start, Some(seed), &policy),
            book.advise(&start, Some(seed), &policy)
        );
    }
    assert_eq!(
        chosen,
        [text(legal[0]), text(legal[1])].into_iter().collect()
    );
    assert_eq!(
        book.advise(&start, None, &policy),
        BookAdvice::Play(legal[0])
    );
    // Exact values decide where every move has one: only the best.
    for (index, mv) in legal.iter().enumerate() {
        book.entry(start.key(), *mv).unwrap().exact = Some(if index == 4 { 8 } else { -2 });
    }
    for seed in 0..16 {
        assert_eq!(
            book.advise(&start, Some(seed), &policy),
            BookAdvice::Play(legal[4])
        );
    }
}
