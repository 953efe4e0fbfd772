//! Paired games for code that plays its own engines (the examples' Elo modes): each pair's
//! random opening played twice, A first then A second, tallied from A's side.

use super::{Tally, random_opening};
use crate::games::{Game, GameRecord};

/// Plays `pairs` pairs of games: pair `i` starts from `random_opening(start, plies, seed, i)`
/// and `play(opening, a_first, pair)` plays one game from it, returning A's result (1, 0 or
/// -1, by sign). The first error stops the match and is returned.
pub fn play_pairs<G: Game, E>(
    start: &GameRecord<G>,
    pairs: u64,
    plies: usize,
    seed: u64,
    mut play: impl FnMut(&GameRecord<G>, bool, u64) -> Result<i32, E>,
) -> Result<Tally, E> {
    let mut tally = Tally::default();
    for pair in 0..pairs {
        let opening = random_opening(start, plies, seed, pair);
        let first = play(&opening, true, pair)?;
        let second = play(&opening, false, pair)?;
        tally.add_game(first);
        tally.add_game(second);
        tally.add_pair(first, second);
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::play_pairs;
    use crate::games::{Game, GameRecord, Kalah};

    #[test]
    fn each_opening_is_played_with_both_colours_and_tallied_by_pairs() {
        let start = GameRecord::new(Kalah::start(&Default::default()).unwrap());
        let mut seen = Vec::new();
        // A wins every game as the first player and loses every game as the second.
        let tally = play_pairs(&start, 3, 2, 7, |opening, a_first, pair| {
            seen.push((opening.clone(), a_first, pair));
            Ok::<i32, ()>(if a_first { 1 } else { -1 })
        })
        .unwrap();
        assert_eq!((tally.wins, tally.draws, tally.losses), (3, 0, 3));
        assert_eq!(tally.pairs, [0, 0, 3, 0, 0]);
        assert_eq!(seen.len(), 6);
        for game in seen.chunks(2) {
            assert_eq!(game[0].0, game[1].0, "one opening a pair");
            assert_eq!((game[0].1, game[1].1), (true, false));
            assert_eq!(game[0].0.moves().len(), 2);
        }
        let stop = play_pairs(
            &start,
            3,
            2,
            7,
            |_, a_first, _| if a_first { Ok(1) } else { Err("stop") },
        );
        assert_eq!(stop, Err("stop"));
    }
}
