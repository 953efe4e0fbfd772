//! Perft against libataxx, python-ataxx and Zataxx (tests/data/ataxx_perft.tsv) and against
//! python-ataxx on wall layouts (tests/data/ataxx_walls_perft.tsv).
//!
//! Rows up to 150 million leaves (the start position to depth 6 among them) run in the normal
//! suite, in about a second in release; the deeper ones (depth 7 rows and the start position
//! at depth 8, about two minutes) run with
//! `cargo test --profile ci --test library -- rules::ataxx_perft --ignored`.

use ponder::games::ataxx::{self, Ataxx, AtaxxConfig};
use ponder::{Game, GameRecord};

/// Rows at most this large run in the normal suite.
const QUICK_NODES: u64 = 150_000_000;

struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn reference_rows() -> Vec<Row> {
    include_str!("../data/ataxx_perft.tsv")
        .lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Row {
                fen: fields[0].to_string(),
                depth: fields[1].parse().expect("a depth"),
                nodes: fields[2].parse().expect("a node count"),
            }
        })
        .collect()
}

fn check(row: &Row) {
    let record = Ataxx::parse_position(&AtaxxConfig::default(), &row.fen)
        .unwrap_or_else(|e| panic!("{}: {e}", row.fen));
    assert_eq!(
        ataxx::perft(&record.current(), row.depth),
        row.nodes,
        "ataxx::perft {} depth {}",
        row.fen,
        row.depth
    );
    // The generic perft (through the Game trait) must agree, where it is quick enough.
    if row.nodes <= QUICK_NODES {
        assert_eq!(
            ponder::perft(&record, row.depth),
            row.nodes,
            "ponder::perft {} depth {}",
            row.fen,
            row.depth
        );
    }
}

#[test]
fn reference_perft_quick_rows() {
    let rows = reference_rows();
    assert_eq!(rows.len(), 91);
    let quick: Vec<&Row> = rows.iter().filter(|r| r.nodes <= QUICK_NODES).collect();
    // The start position to depth 6, the blocker layouts, passes and the 50-move edges.
    assert!(
        quick
            .iter()
            .any(|r| r.fen == ataxx::START_FEN && r.depth == 6)
    );
    assert!(quick.iter().any(|r| r.fen.contains(" 100 ")));
    assert!(quick.iter().any(|r| r.fen.contains(" 99 ")));
    for row in quick {
        check(row);
    }
}

#[test]
#[ignore = "deep perft: cargo test --profile ci --test library -- rules::ataxx_perft --ignored"]
fn reference_perft_deep_rows() {
    for row in reference_rows().iter().filter(|r| r.nodes > QUICK_NODES) {
        check(row);
    }
}

#[test]
fn wall_layout_perft_matches_python_ataxx() {
    let mut rows = 0;
    for line in include_str!("../data/ataxx_walls_perft.tsv")
        .lines()
        .skip(1)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [walls, fen, depth, nodes] = fields[..] else {
            panic!("bad row {line:?}");
        };
        let depth: u32 = depth.parse().expect("a depth");
        let nodes: u64 = nodes.parse().expect("a node count");
        // The layout from the mask, when it is a playable one, is the FEN's board.
        let spec = format!("ataxx:walls={walls}").parse().expect("a spec");
        match Ataxx::config_from_spec(&spec) {
            Ok(config) => {
                let start = Ataxx::start(&config).expect("a start position");
                assert_eq!(start.position_text(), fen, "walls={walls}");
                assert_eq!(ponder::perft(&GameRecord::new(start), depth), nodes);
            }
            Err(e) => {
                // Refused layouts are exactly the ones where nobody can move.
                assert_eq!(nodes, 0, "walls={walls} refused: {e}");
                assert!(e.to_string().contains("walled in"), "{e}");
            }
        }
        check(&Row {
            fen: fen.to_string(),
            depth,
            nodes,
        });
        rows += 1;
    }
    assert!(rows >= 50);
}
