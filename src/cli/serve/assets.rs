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

/// The paths of every embedded file (under `web/`).
pub fn asset_names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|&(name, _, _)| name)
}
