//! `ponder solve` against Lincke's published Awari endgame statistics (tests/data/README.md).

use super::run::ponder;
use std::process::Command;

#[test]
fn solve_prints_the_published_statistics_up_to_eight_seeds() {
    let output = Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args([
            "solve",
            "--game",
            "oware:rules=awari",
            "--egdb",
            "8",
            "--csv",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let ours = String::from_utf8(output.stdout).unwrap();
    let reference: Vec<&str> = include_str!("../data/awari_egdb_stats.csv")
        .lines()
        .filter(|line| {
            line.split(',')
                .next()
                .and_then(|seeds| seeds.parse::<u32>().ok())
                .is_none_or(|seeds| seeds <= 8)
        })
        .collect();
    assert_eq!(ours.lines().collect::<Vec<_>>(), reference);
}

#[test]
fn solve_refuses_other_games_and_sizes_without_panicking() {
    for game in ["ataxx", "oware:rules=awari,houses=5", "oware:houses=5"] {
        let output = Command::new(env!("CARGO_BIN_EXE_ponder"))
            .args(["solve", "--game", game, "--egdb", "4"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{game}");
    }
}

#[test]
fn solve_builds_the_abapa_database_and_its_shards_merge_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("ponder-cli-abapa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let whole = ponder(&[
        "solve",
        "--game",
        "oware",
        "--egdb",
        "5",
        "--save",
        &path("w5"),
    ]);
    assert!(whole.status.success());
    assert!(String::from_utf8_lossy(&whole.stdout).contains("Abapa endgame database"));
    let base = ponder(&[
        "solve",
        "--game",
        "oware",
        "--egdb",
        "4",
        "--save",
        &path("b4"),
    ]);
    assert!(base.status.success());
    for i in 0..3 {
        let shard = format!("{i}/3");
        let part = path(&format!("p{i}"));
        let args = ["solve", "--game", "oware", "--egdb", "5", "--shard", &shard];
        let output = ponder(&[&args[..], &["--base", &path("b4"), "--save", &part]].concat());
        assert!(output.status.success(), "{output:?}");
    }
    let (p0, p1, p2) = (path("p0"), path("p1"), path("p2"));
    let merged = ponder(&[
        "merge",
        "--base",
        &path("b4"),
        "--out",
        &path("m5"),
        &p2,
        &p0,
        &p1,
    ]);
    assert!(merged.status.success(), "{merged:?}");
    assert_eq!(
        std::fs::read(path("w5")).unwrap(),
        std::fs::read(path("m5")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh cache directory for one test, never the user's own.
fn temp_cache(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ponder-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `ponder solve` of `game` with its database cached in `cache`.
fn solve_with_cache(game: &str, cache: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ponder"))
        .args(["solve", "--game", game, "--hash", "8"])
        .env("PONDER_CACHE_DIR", cache)
        .output()
        .unwrap()
}

#[test]
fn solve_prints_the_kalah_margin_and_builds_its_database_in_the_cache_once() {
    // Irving, Donkers and Uiterwijk (2000), Table 9: Kalah(4,3), empty capture, +8.
    let game = "kalah:pits=4,seeds=3,capture=empty";
    let cache = temp_cache("once");
    let file = cache.join("kalah-4pits-empty-23seeds.egdb");
    let first = solve_with_cache(game, &cache);
    assert!(first.status.success(), "{first:?}");
    let text = String::from_utf8(first.stdout).unwrap();
    assert!(text.lines().any(|line| line == "value +8"), "{text}");
    assert!(text.lines().any(|line| line.starts_with("line ")), "{text}");
    assert!(String::from_utf8_lossy(&first.stderr).contains("building"));
    let built = std::fs::metadata(&file).unwrap().modified().unwrap();
    let second = solve_with_cache(game, &cache);
    assert!(second.status.success(), "{second:?}");
    assert!(
        String::from_utf8(second.stdout)
            .unwrap()
            .contains("value +8\n")
    );
    let log = String::from_utf8_lossy(&second.stderr).into_owned();
    assert!(!log.contains("building"), "{log}");
    assert_eq!(std::fs::metadata(&file).unwrap().modified().unwrap(), built);
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_damaged_cached_database_is_reported_and_rebuilt() {
    // Kalah(3,3), classic: +2 (tests/data/kalah_solved.tsv).
    let game = "kalah:pits=3,seeds=3";
    let cache = temp_cache("damaged");
    std::fs::create_dir_all(&cache).unwrap();
    let file = cache.join("kalah-3pits-classic-17seeds.egdb");
    std::fs::write(&file, b"PNDkalah and then nothing useful").unwrap();
    let output = solve_with_cache(game, &cache);
    assert!(output.status.success(), "{output:?}");
    let log = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(log.contains("rebuilding"), "{log}");
    assert!(log.contains("building the endgame database"), "{log}");
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("value +2\n")
    );
    let again = solve_with_cache(game, &cache);
    assert!(!String::from_utf8_lossy(&again.stderr).contains("building"));
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_database_built_in_four_shards_and_merged_is_the_single_build() {
    let dir = std::env::temp_dir().join(format!("ponder-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let game = "kalah:pits=6,capture=empty";
    for (seeds, name) in [("10", "single.bin"), ("9", "base.bin")] {
        let output = ponder(&[
            "solve",
            "--game",
            game,
            "--egdb",
            seeds,
            "--egdb-only",
            "--save",
            &path(name),
        ]);
        assert!(output.status.success(), "{output:?}");
    }
    // Four shards of layer 10 as concurrent processes.
    let children: Vec<_> = (0..4)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_ponder"))
                .args(["solve", "--game", game, "--egdb", "10", "--threads", "1"])
                .args(["--base", &path("base.bin"), "--shard", &format!("{i}/4")])
                .args(["--save", &path(&format!("part{i}.bin"))])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let mut merge = vec!["merge", "--base"];
    let base = path("base.bin");
    let merged = path("merged.bin");
    let parts: Vec<String> = (0..4)
        .rev()
        .map(|i| path(&format!("part{i}.bin")))
        .collect();
    merge.extend([base.as_str(), "--out", merged.as_str()]);
    merge.extend(parts.iter().map(String::as_str));
    assert!(ponder(&merge).status.success());
    let single = std::fs::read(dir.join("single.bin")).unwrap();
    assert_eq!(std::fs::read(dir.join("merged.bin")).unwrap(), single);
    // A missing shard is an error, not a short database.
    merge.pop();
    assert_eq!(ponder(&merge).status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_player_with_the_database_keeps_every_value() {
    // The perfect level: any search consulting the database keeps the exact value of the
    // positions it covers (judged by the same database, built independently of the search).
    let output = ponder(&[
        "accuracy",
        "--game",
        "kalah:pits=4,seeds=3",
        "--player",
        "pvs:depth=1",
        "--positions",
        "200",
        "--egdb",
        "10",
        "--player-egdb",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("200/200 keep the value"), "{text}");
    // Without it, a random player does not.
    let output = ponder(&[
        "accuracy",
        "--game",
        "kalah:pits=4,seeds=3",
        "--player",
        "random",
        "--positions",
        "200",
        "--egdb",
        "10",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("200/200"), "{text}");
}

#[test]
fn solve_proves_an_ataxx_endgame() {
    // One empty square, f1: x's clone there captures o's last three stones (f2, g2, g1) and
    // fills the board, 49 to 0.
    let output = ponder(&[
        "solve",
        "--game",
        "ataxx",
        "--position",
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxoo/xxxxx1o x 0 1",
        "--nodes",
        "100000",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("value +49 (win by 49)\nline f1\n"), "{text}");
}
