//! Oware perft against OpenSpiel's `oware` (Abapa rules): from the start for depths 1..10
//! (`tests/data/oware_perft.tsv`), and from the starts of other sizes and from positions
//! reached by play, with their repetition history (`tests/data/oware_openspiel_perft.tsv`).

use ponder::games::oware::{OwareConfig, Rules};
use ponder::{Game, GameRecord, Oware, perft};

#[test]
fn start_position_depths_1_to_10() {
    let record = GameRecord::new(Oware::start(&OwareConfig::default()).unwrap());
    let mut rows = 0;
    for line in include_str!("../data/oware_perft.tsv").lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], "oware");
        let depth: u32 = fields[1].parse().unwrap();
        let nodes: u64 = fields[2].parse().unwrap();
        assert_eq!(perft(&record, depth), nodes, "perft({depth})");
        rows += 1;
    }
    assert_eq!(rows, 10);
}

#[test]
fn other_sizes_and_positions_reached_by_play() {
    let mut rows = 0;
    for line in include_str!("../data/oware_openspiel_perft.tsv")
        .lines()
        .skip(1)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let houses: u32 = fields[0].parse().unwrap();
        let seeds: u32 = fields[1].parse().unwrap();
        let config = OwareConfig::new(Rules::Abapa, houses, seeds).unwrap();
        let moves = if fields[2] == "-" { "" } else { fields[2] };
        let mut record = GameRecord::new(Oware::start(&config).unwrap());
        record.play_all_text(moves).unwrap();
        let depth: u32 = fields[3].parse().unwrap();
        let nodes: u64 = fields[4].parse().unwrap();
        assert_eq!(
            perft(&record, depth),
            nodes,
            "oware {houses}x{seeds} after [{moves}] perft({depth})"
        );
        rows += 1;
    }
    assert!(rows > 200, "{rows} rows");
}

/// `parse_position` with `start moves ...` keeps the repetition history: the counts equal
/// OpenSpiel's for the same moves, which differ from the counts of the bare position.
#[test]
fn parse_position_with_moves_keeps_the_history() {
    let mut checked = 0;
    for line in include_str!("../data/oware_openspiel_perft.tsv")
        .lines()
        .skip(1)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[2] == "-" {
            continue;
        }
        let config = OwareConfig::new(
            Rules::Abapa,
            fields[0].parse().unwrap(),
            fields[1].parse().unwrap(),
        )
        .unwrap();
        let record = Oware::parse_position(&config, &format!("start moves {}", fields[2])).unwrap();
        let depth: u32 = fields[3].parse().unwrap();
        let nodes: u64 = fields[4].parse().unwrap();
        assert_eq!(perft(&record, depth), nodes, "{line}");
        checked += 1;
    }
    assert!(checked > 50);
    // A position deep in a cycle: with its history the repetition comes sooner.
    let config = OwareConfig::new(Rules::Abapa, 6, 4).unwrap();
    let with_history = Oware::parse_position(
        &config,
        "0,0,1,0,0,0/1,0,0,0,0,1 24,21 1 moves 0 2 1 3 5 4 2 5 3 0 4",
    )
    .unwrap();
    let bare = Oware::parse_position(&config, &with_history.current().position_text()).unwrap();
    assert_ne!(perft(&with_history, 6), perft(&bare, 6));
}
