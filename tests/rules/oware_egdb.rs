//! The Awari endgame database against Lincke's published statistics
//! (`tests/data/awari_egdb_stats.csv`).

use ponder::games::BoardParts;
use ponder::games::oware::egdb::{Egdb, EgdbStats};
use ponder::games::oware::{OwareConfig, Rules};
use ponder::{Game, GameRecord, Oware, Seat};
use std::collections::BTreeMap;

/// The published counts: seeds -> value -> boards.
fn reference() -> BTreeMap<u32, BTreeMap<i32, u64>> {
    let text = include_str!("../data/awari_egdb_stats.csv");
    let mut table: BTreeMap<u32, BTreeMap<i32, u64>> = BTreeMap::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.trim().split(',').collect();
        assert_eq!(fields.len(), 3, "bad line {line:?}");
        table
            .entry(fields[0].parse().unwrap())
            .or_default()
            .insert(fields[1].parse().unwrap(), fields[2].parse().unwrap());
    }
    table
}

fn check_against_reference(stats: &EgdbStats, max_seeds: u32) {
    let reference = reference();
    for seeds in 0..=max_seeds {
        let expected = &reference[&seeds];
        let ours: BTreeMap<i32, u64> = stats
            .rows()
            .iter()
            .filter(|row| row.0 == seeds)
            .map(|&(_, value, count)| (value, count))
            .collect();
        assert_eq!(&ours, expected, "value counts for {seeds} seeds");
    }
}

#[test]
fn statistics_match_lincke_up_to_8_seeds() {
    let egdb = Egdb::build(8).unwrap();
    assert_eq!(egdb.max_seeds(), 8);
    check_against_reference(&egdb.stats(), 8);
}

/// `cargo test --profile ci --test library -- rules::oware_egdb --ignored` (about a minute for 16 seeds on 2
/// cores; the reference goes to 20).
#[test]
#[ignore]
fn statistics_match_lincke_up_to_16_seeds() {
    let egdb = Egdb::build(16).unwrap();
    check_against_reference(&egdb.stats(), 16);
}

#[test]
fn save_and_load_round_trip() {
    let egdb = Egdb::build(5).unwrap();
    let mut bytes = Vec::new();
    egdb.write_to(&mut bytes).unwrap();
    let loaded = Egdb::read_from(&bytes[..]).unwrap();
    assert_eq!(loaded, egdb);
    assert_eq!(loaded.stats(), egdb.stats());
    let path = std::env::temp_dir().join(format!("ponder-egdb-test-{}.bin", std::process::id()));
    egdb.save(&path).unwrap();
    assert_eq!(Egdb::load(&path).unwrap(), egdb);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn corrupt_files_are_refused() {
    let egdb = Egdb::build(3).unwrap();
    let mut bytes = Vec::new();
    egdb.write_to(&mut bytes).unwrap();
    // Truncated.
    assert!(Egdb::read_from(&bytes[..bytes.len() - 1]).is_err());
    // A value out of range: the last byte is the value of the last board of 3 seeds.
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 100;
    let error = Egdb::read_from(&bad[..]).unwrap_err().to_string();
    assert!(error.contains("impossible value"), "{error}");
    // A wrong tag.
    let mut bad = bytes.clone();
    bad[8] ^= 0xff;
    assert!(Egdb::read_from(&bad[..]).is_err());
    // Garbage, and an absurd length prefix, must not allocate wildly or panic.
    assert!(Egdb::read_from(&[0xffu8; 64][..]).is_err());
    assert!(Egdb::read_from(&[][..]).is_err());
}

/// Damaged database files (truncated, corrupted, of another format, claiming a huge size)
/// are refused with an error naming the file; the old file survives a refused write.
#[test]
fn damaged_database_files_are_refused_with_the_file_named() {
    let egdb = Egdb::build(3).unwrap();
    let dir = std::env::temp_dir().join(format!("ponder-egdb-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("awari.egdb");
    egdb.save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();
    let mut damaged: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() - 3].to_vec()),
        ("truncated header", good[..10].to_vec()),
        ("empty", Vec::new()),
    ];
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 0x40;
    damaged.push(("checksum", flipped));
    let mut other = good.clone();
    other[..8].copy_from_slice(b"PNDgame!");
    damaged.push(("magic", other));
    let mut huge = good.clone();
    huge[12..20].copy_from_slice(&u64::MAX.to_le_bytes());
    damaged.push(("over the limit", huge));
    // The old, headerless format.
    let mut bare = Vec::new();
    egdb.write_to(&mut bare).unwrap();
    damaged.push(("magic", bare));
    for (expected, bytes) in &damaged {
        let file = dir.join("damaged.egdb");
        std::fs::write(&file, bytes).unwrap();
        let message = Egdb::load(&file).unwrap_err().to_string();
        assert!(message.contains("damaged.egdb"), "{message}");
        let said = match *expected {
            "truncated" => "truncated",
            "truncated header" => "too short",
            "empty" => "too short",
            "checksum" => "checksum",
            "magic" => "not this kind of file",
            _ => "over the limit",
        };
        assert!(message.contains(said), "{expected}: {message}");
    }
    assert_eq!(Egdb::load(&path).unwrap(), egdb);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Found by fuzzing (`egdb_file`): a format tag whose length prefix claims 32 GiB made
/// bincode allocate that much before reading it (the process aborted).
#[test]
fn a_huge_tag_length_is_refused_without_allocating() {
    let mut bytes = (1u64 << 35).to_le_bytes().to_vec();
    bytes.extend_from_slice(b"ponder-awari-egdb-1");
    bytes.extend_from_slice(&6u32.to_le_bytes());
    bytes.extend_from_slice(&0u64.to_le_bytes());
    let error = Egdb::read_from(&bytes[..]).unwrap_err().to_string();
    assert!(error.contains("not a database"), "{error}");
}

#[test]
fn sizes_beyond_the_builder_are_refused() {
    assert!(Egdb::build(200).is_err());
    assert!(Egdb::build_with(0, 3, 1, |_| {}).is_err());
    assert!(Egdb::build_with(11, 3, 1, |_| {}).is_err());
}

/// Every board of `seeds` seeds of a small database, as an Awari position with the first
/// player to move (the other seeds already captured by the first player).
fn positions_of_layer(config: OwareConfig, seeds: u32) -> Vec<Oware> {
    let houses = config.houses();
    let mut boards = Vec::new();
    let mut board = vec![0u8; 2 * houses];
    fill(&mut boards, &mut board, 0, seeds);
    boards.sort_by_key(|b| rank_of(b));
    boards
        .iter()
        .map(|board| {
            let captured = config.total_seeds() - seeds;
            Oware::from_parts(
                config,
                BoardParts {
                    rows: [&board[..houses], &board[houses..]],
                    banked: [captured, 0],
                    to_move: Seat::FIRST,
                },
            )
            .unwrap()
        })
        .collect()
}

/// The database value of a position against an exhaustive search of the game itself (Awari
/// rules, the history-based repetition rule: the first repetition ends the game with the seeds
/// split evenly), on boards small enough for the search to end.
#[test]
fn values_agree_with_exhaustive_search_of_the_game_on_tiny_boards() {
    for (houses, seeds_per_house, max_seeds) in [(2u32, 2u32, 3u32), (3, 1, 3), (6, 1, 2)] {
        let config = OwareConfig::new(Rules::Awari, houses, seeds_per_house).unwrap();
        let egdb = Egdb::build_with(houses as usize, max_seeds, 1, |_| {}).unwrap();
        for seeds in 0..=max_seeds {
            let layer = egdb.layer(seeds).unwrap();
            for (rank, position) in positions_of_layer(config, seeds).into_iter().enumerate() {
                let captured = config.total_seeds() - seeds;
                assert_eq!(egdb.value(&position), Some(i32::from(layer[rank])));
                let searched = search(&mut GameRecord::new(position)) - captured as i32;
                assert_eq!(searched, i32::from(layer[rank]), "{position:?}");
            }
        }
    }
}

/// The database against a plain, slow fixpoint computation of the same values over the game's
/// own move generator: for each threshold t, the positions whose mover can force at least t
/// (reach an exit worth t or more) and those whose opponent can force at most -t, iterated
/// until nothing changes.
#[test]
fn values_agree_with_a_naive_fixpoint_over_the_game_rules() {
    for (houses, seeds_per_house, max_seeds) in [(2u32, 3u32, 9u32), (3, 2, 7), (6, 1, 5)] {
        let config = OwareConfig::new(Rules::Awari, houses, seeds_per_house).unwrap();
        let egdb = Egdb::build_with(houses as usize, max_seeds, 2, |_| {}).unwrap();
        let mut solved: std::collections::HashMap<ponder::Key, i32> = Default::default();
        for seeds in 0..=max_seeds {
            let layer = positions_of_layer(config, seeds);
            let values = naive_layer(&layer, seeds as i32, &solved);
            for (rank, (position, value)) in layer.iter().zip(&values).enumerate() {
                assert_eq!(
                    i32::from(egdb.layer(seeds).unwrap()[rank]),
                    *value,
                    "{position:?}"
                );
                solved.insert(canonical(position), *value);
            }
        }
    }
}

/// The key of a position with the first player to move, its row first, nothing captured by
/// the second player: how the naive solver names boards.
fn canonical(position: &Oware) -> ponder::Key {
    let config = position.configuration();
    let mine = position.row(position.side_to_move()).to_vec();
    let theirs = position.row(position.side_to_move().opponent()).to_vec();
    let seeds = position.seeds_in_play();
    Oware::from_parts(
        *config,
        BoardParts {
            rows: [&mine, &theirs],
            banked: [config.total_seeds() - seeds, 0],
            to_move: Seat::FIRST,
        },
    )
    .unwrap()
    .key()
}

fn naive_layer(
    layer: &[Oware],
    seeds: i32,
    solved: &std::collections::HashMap<ponder::Key, i32>,
) -> Vec<i32> {
    let index: std::collections::HashMap<ponder::Key, usize> = layer
        .iter()
        .enumerate()
        .map(|(i, p)| (canonical(p), i))
        .collect();
    // Each position's moves: Ok(exit value) or Err(child index in this layer).
    let moves: Vec<Vec<Result<i32, usize>>> = layer
        .iter()
        .map(|position| {
            let mut list = Vec::new();
            position.legal_moves(&mut list);
            list.into_iter()
                .map(|mv| {
                    let child = position.play_unchecked(mv);
                    let taken = seeds - child.seeds_in_play() as i32;
                    if taken > 0 {
                        Ok(taken - solved[&canonical(&child)])
                    } else {
                        Err(index[&canonical(&child)])
                    }
                })
                .collect()
        })
        .collect();
    let mut value = vec![0; layer.len()];
    for t in 1..=seeds {
        let mut win = vec![false; layer.len()];
        let mut lose = vec![false; layer.len()];
        loop {
            let mut changed = false;
            for p in 0..layer.len() {
                if !win[p]
                    && moves[p].iter().any(|m| match *m {
                        Ok(exit) => exit >= t,
                        Err(child) => lose[child],
                    })
                {
                    win[p] = true;
                    changed = true;
                }
                if !lose[p]
                    && moves[p].iter().all(|m| match *m {
                        Ok(exit) => exit <= -t,
                        Err(child) => win[child],
                    })
                {
                    lose[p] = true; // no moves at all: the opponent takes everything
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for p in 0..layer.len() {
            if win[p] {
                value[p] = t;
            } else if lose[p] {
                value[p] = -t;
            }
        }
    }
    value
}

/// The mover's final margin under perfect play, by plain negamax over the record (with the
/// repetition rule).
fn search(record: &mut GameRecord<Oware>) -> i32 {
    let current = record.current();
    if let Some(outcome) = record.outcome() {
        return outcome.margin_for(current.side_to_move());
    }
    let mut moves = Vec::new();
    record.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        record.try_play(mv).unwrap();
        best = best.max(-search(record));
        record.undo().unwrap();
    }
    best
}

fn fill(out: &mut Vec<Vec<u8>>, board: &mut Vec<u8>, pit: usize, left: u32) {
    if pit == board.len() - 1 {
        board[pit] = left as u8;
        out.push(board.clone());
        return;
    }
    for seeds in 0..=left {
        board[pit] = seeds as u8;
        fill(out, board, pit + 1, left - seeds);
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn rank_of(board: &[u8]) -> u64 {
    let mut bar = 0u64;
    let mut rank = 0;
    for (index, &seeds) in board[..board.len() - 1].iter().enumerate() {
        bar += u64::from(seeds);
        rank += binomial(bar + index as u64, index as u64 + 1);
    }
    rank
}

/// Every board of `seeds` seeds of a small board as an Abapa position with the first player to
/// move and `m` seeds to capture before passing half (the captured seeds set to match).
fn abapa_positions(config: OwareConfig, seeds: u32, m: u32) -> Vec<Oware> {
    let houses = config.houses();
    let half = config.total_seeds() / 2;
    let mut boards = Vec::new();
    let mut board = vec![0u8; 2 * houses];
    fill(&mut boards, &mut board, 0, seeds);
    boards
        .iter()
        .map(|board| {
            let mine = half - m;
            let theirs = config.total_seeds() - seeds - mine;
            Oware::from_parts(
                config,
                BoardParts {
                    rows: [&board[..houses], &board[houses..]],
                    banked: [mine, theirs],
                    to_move: Seat::FIRST,
                },
            )
            .unwrap()
        })
        .collect()
}

/// Abapa: the database's bounds against an exhaustive search of the game itself (majority
/// end, grand slam, feeding, the first repetition since the last capture ending the game with
/// the rows banked) from every position with no earlier position to repeat: the searched value
/// lies within the bounds, and equals them where they meet.
#[test]
fn abapa_bounds_hold_the_exhaustive_search_of_the_game_on_tiny_boards() {
    for (houses, seeds_per_house, max_seeds) in [(2u32, 3u32, 5u32), (3, 2, 3), (6, 1, 2)] {
        let config = OwareConfig::new(Rules::Abapa, houses, seeds_per_house).unwrap();
        let egdb = Egdb::build_for(Rules::Abapa, houses as usize, max_seeds, 2, |_| {}).unwrap();
        let (mut exact, mut all) = (0, 0);
        for seeds in 0..=max_seeds {
            for m in 0..=seeds {
                for position in abapa_positions(config, seeds, m) {
                    let view = position.mover_view();
                    let board = &view[..2 * houses as usize];
                    let (lo, hi) = egdb.bounds_of_board(board, m).unwrap();
                    let captured = position.captured(Seat::FIRST) as i32
                        - position.captured(Seat::SECOND) as i32;
                    let searched = search(&mut GameRecord::new(position)) - captured;
                    assert!(
                        lo <= searched && searched <= hi,
                        "{position:?}: {lo} {searched} {hi}"
                    );
                    assert_eq!(egdb.value(&position), (lo == hi).then_some(lo));
                    exact += usize::from(lo == hi);
                    all += 1;
                }
            }
        }
        // 266 of 630 on 2 houses a side: cycles leave many tiny positions only bounded.
        assert!(3 * exact > all, "{exact} of {all} exact on {houses} houses");
    }
}

/// A sharded Abapa build (every layer in 3 parts, merged in any order) is the single build, byte
/// for byte; the file round-trips and is refused as an Awari database.
#[test]
fn abapa_shards_merge_into_the_single_build() {
    let whole = Egdb::build_for(Rules::Abapa, 3, 7, 2, |_| {}).unwrap();
    let mut merged = Egdb::empty_for(Rules::Abapa, 3).unwrap();
    for _ in 0..=7 {
        let mut parts: Vec<_> = (0..3)
            .map(|i| {
                merged
                    .build_part(ponder::egdb::Shard::new(i, 3).unwrap(), 1)
                    .unwrap()
            })
            .collect();
        parts.reverse();
        merged.merge(parts).unwrap();
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    whole.write_to(&mut a).unwrap();
    merged.write_to(&mut b).unwrap();
    assert_eq!(a, b);
    // A missing shard is refused.
    let part = merged
        .build_part(ponder::egdb::Shard::new(0, 2).unwrap(), 1)
        .unwrap();
    assert!(merged.clone().merge(vec![part]).is_err());
    let dir = std::env::temp_dir().join(format!("ponder-abapa-egdb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("abapa.egdb");
    whole.save(&path).unwrap();
    assert_eq!(Egdb::load_rules(&path, Rules::Abapa).unwrap(), whole);
    assert!(Egdb::load(&path).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Abapa: the database against OpenSpiel's `oware` (`tests/data/oware_abapa_openspiel.csv`,
/// made by `scripts/oware_abapa_reference.py`: positions directly after a capture in seeded
/// random OpenSpiel games, each solved to the end by exhaustive minimax over OpenSpiel's own
/// states). The final margin OpenSpiel finds lies within the bounds and equals exact values.
#[test]
fn abapa_values_agree_with_openspiel_games_solved_to_the_end() {
    let egdb = Egdb::build_for(Rules::Abapa, 6, 6, 2, |_| {}).unwrap();
    let config = OwareConfig::default();
    let text = include_str!("../data/oware_abapa_openspiel.csv");
    let (mut checked, mut exact) = (0, 0);
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(',').collect();
        let row =
            |i: usize| -> Vec<u8> { fields[i].split(' ').map(|s| s.parse().unwrap()).collect() };
        let number = |i: usize| -> u32 { fields[i].parse().unwrap() };
        let to_move = Seat::new(number(4) as usize);
        let captured = [number(2), number(3)];
        let parts = BoardParts {
            rows: [&row(0), &row(1)],
            banked: captured,
            to_move,
        };
        let position = Oware::from_parts(config, parts).unwrap();
        let margin: i32 = fields[5].parse().unwrap();
        let gained =
            margin - (captured[to_move.index()] as i32 - captured[1 - to_move.index()] as i32);
        let view = position.mover_view();
        let m = 24 - captured[to_move.index()];
        let (lo, hi) = egdb.bounds_of_board(&view[..12], m).unwrap();
        assert!(lo <= gained && gained <= hi, "{line}: {lo} {gained} {hi}");
        if lo == hi {
            exact += 1;
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} reference positions");
    assert!(exact > 0);
}
