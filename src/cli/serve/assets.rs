//! The browser game's files (`src/cli/serve/web/`), embedded in the binary: nothing is read
//! from disk or fetched at run time. `GET /` serves `index.html`, `GET /assets/<path>` the rest.

/// Every embedded file: its path under `web/`, its bytes, its content type.
const FILES: &[(&str, &[u8], &str)] = &[
    ("index.html", include_bytes!("web/index.html"), HTML),
    ("style.css", include_bytes!("web/style.css"), CSS),
    ("icon.svg", include_bytes!("web/icon.svg"), SVG),
    ("app.js", include_bytes!("web/app.js"), JS),
    ("api.js", include_bytes!("web/api.js"), JS),
    ("board.js", include_bytes!("web/board.js"), JS),
    ("game.js", include_bytes!("web/game.js"), JS),
    ("newgame.js", include_bytes!("web/newgame.js"), JS),
    ("options.js", include_bytes!("web/options.js"), JS),
    ("tutorial.js", include_bytes!("web/tutorial.js"), JS),
    ("achievements.js", include_bytes!("web/achievements.js"), JS),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The embedded file at `path` (without the leading `/`; `""` is `index.html`): its bytes and
/// content type, or `None` when no such file is embedded.
pub fn asset(path: &str) -> Option<(&'static [u8], &'static str)> {
    let path = if path.is_empty() { "index.html" } else { path };
    FILES
        .iter()
        .find(|(name, _, _)| *name == path)
        .map(|&(_, bytes, content_type)| (bytes, content_type))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for (name, _, _) in FILES {
            assert!(
                seen.iter().any(|s| s == name),
                "{name} is embedded but unused"
            );
        }
    }

    #[test]
    fn the_root_is_the_page_and_unknown_paths_are_none() {
        let (page, content_type) = asset("").expect("index");
        assert_eq!(content_type, HTML);
        assert!(page.starts_with(b"<!doctype html>"));
        assert_eq!(asset("app.js").map(|a| a.1), Some(JS));
        assert!(asset("../Cargo.toml").is_none());
        assert!(asset("nothing.js").is_none());
    }
}
