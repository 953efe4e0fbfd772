//! Parts of `ponder serve` tested without a server: the browser game's embedded files and
//! the shelf of databases the server opened. (The server's code is left out of the library's
//! unit-test build, so its tests live here.)

use ponder::cli::serve::{DatabaseShelf, asset, asset_names};
use ponder::games::kalah::{CaptureRule, Kalah, KalahConfig, KalahEgdb};
use ponder::games::oware::Oware;
use std::sync::Arc;

/// The local files a text refers to: `/assets/<file>` in the page, `./<file>` in imports.
fn references(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (marker, end) in [("\"/assets/", '"'), ("from './", '\'')] {
        let mut rest = text;
        while let Some(start) = rest.find(marker) {
            rest = &rest[start + marker.len()..];
            let name: String = rest.chars().take_while(|&c| c != end).collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn every_file_the_page_refers_to_is_embedded() {
    let mut pending = vec!["index.html".to_string()];
    let mut seen = Vec::new();
    while let Some(path) = pending.pop() {
        if seen.contains(&path) {
            continue;
        }
        let (bytes, _) = asset(&path).unwrap_or_else(|| panic!("{path} is not embedded"));
        let text = std::str::from_utf8(bytes).expect("text asset");
        pending.extend(references(text));
        seen.push(path);
    }
    assert!(seen.len() >= 10, "only {seen:?} reached from index.html");
    for name in asset_names() {
        assert!(
            seen.iter().any(|s| s == name),
            "{name} is embedded but unused"
        );
    }
}

#[test]
fn the_root_is_the_page_and_unknown_paths_are_none() {
    let (page, content_type) = asset("").expect("index");
    assert_eq!(content_type, "text/html; charset=utf-8");
    assert!(page.starts_with(b"<!doctype html>"));
    assert_eq!(
        asset("app.js").map(|a| a.1),
        Some("text/javascript; charset=utf-8")
    );
    assert!(asset("../Cargo.toml").is_none());
    assert!(asset("nothing.js").is_none());
}

#[test]
fn each_game_finds_only_its_own_databases() {
    let config = KalahConfig::new(6, 4, CaptureRule::Classic).unwrap();
    let mut shelf = DatabaseShelf::default();
    assert!(shelf.for_game::<Kalah>().is_none());
    shelf.add::<Kalah>(Arc::new(KalahEgdb::build(config, 2, 1, |_| {}).unwrap()));
    assert!(shelf.for_game::<Kalah>().is_some());
    assert!(shelf.for_game::<Oware>().is_none());
}
