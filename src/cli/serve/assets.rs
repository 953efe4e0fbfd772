//! The page's files, embedded in the binary (this minimal version is replaced by the page's
//! own at merge).

/// The file at `path` (without the leading `/`; `""` is `index.html`): its bytes and type.
pub fn asset(path: &str) -> Option<(&'static [u8], &'static str)> {
    match path {
        "" | "index.html" => Some((include_bytes!("web/index.html"), "text/html; charset=utf-8")),
        _ => None,
    }
}
