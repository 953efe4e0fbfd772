//! The architecture, checked: arrows point one way between the layers, and no two files import
//! each other (directly or round a longer loop).
//!
//! The layers, lowest first (a module may use its own layer and the ones below):
//!
//! | rank | modules | what they are |
//! |---|---|---|
//! | 0 | `files`, `memory`, `egdb` | file formats, memory figures, endgame-database indexing |
//! | 1 | `games` (its own files) | the `Game` trait and its vocabulary |
//! | 2 | `eval` | what a game plugs into the search: evaluators, selectivity, multi-seat view |
//! | 3 | `games::<game>` | one folder per game: rules, notation, evaluators |
//! | 4 | `search`, `perft`, `book` | game-agnostic search; the opening book |
//! | 5 | `engine` | the engine thread, its tree and pondering |
//! | 6 | `players`, `matches` | players built from specs, matches between them |
//! | 7 | `fit` | fitting evaluations from self-play |
//! | 8 | `cli` | the command line and the servers |
//!
//! The check reads `src/` as text: every `use` tree and every `crate::`/`super::`/`self::`
//! path outside comments and `#[cfg(test)]` modules names a module; its file is an edge. A
//! file's edges to the files of its own ancestors and descendants (a module and its
//! submodules, which re-export each other) are not import cycles and are left out of that
//! check.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path below the crate root, one segment a module (`["search", "pvs"]`).
type ModulePath = Vec<String>;

/// The layer of a module, or `None` for the crate root and modules no layer names.
fn rank(module: &[String]) -> Option<u32> {
    let first = module.first()?.as_str();
    let game_folder = first == "games" && module.len() >= 2 && GAME_FOLDERS.contains(&&*module[1]);
    Some(match first {
        _ if game_folder => 3,
        "files" | "memory" | "egdb" => 0,
        "games" => 1,
        "eval" => 2,
        "search" | "perft" | "book" => 4,
        "engine" => 5,
        "players" | "matches" => 6,
        "fit" => 7,
        "cli" => 8,
        _ => return None,
    })
}

/// The games' folders under `src/games/` (declared by the registry macro).
const GAME_FOLDERS: &[&str] = &["kalah", "oware", "ataxx"];

/// The source tree: each module's file and the modules it names.
struct Tree {
    uses: BTreeMap<ModulePath, BTreeSet<ModulePath>>,
}

impl Tree {
    /// Reads every `.rs` file below `root` (the crate's `src/`).
    fn read(root: &Path) -> Tree {
        let mut files = Vec::new();
        collect_files(root, &mut files);
        let modules: BTreeMap<ModulePath, String> = files
            .iter()
            .map(|path| {
                let text = fs::read_to_string(path).expect("a source file is readable");
                (module_of(root, path), text)
            })
            .collect();
        Tree::from_sources(&modules)
    }

    /// The tree of `sources` (module path to source text).
    fn from_sources(sources: &BTreeMap<ModulePath, String>) -> Tree {
        let mut uses = BTreeMap::new();
        for (module, text) in sources {
            let named: BTreeSet<ModulePath> = named_paths(text)
                .into_iter()
                .filter_map(|path| absolute(module, &path))
                .filter_map(|path| longest_module(sources, &path))
                .filter(|target| target != module)
                .collect();
            uses.insert(module.clone(), named);
        }
        Tree { uses }
    }

    /// Every import that points to a higher layer, as `from -> to`.
    fn upward_imports(&self) -> Vec<String> {
        let mut wrong = Vec::new();
        for (from, targets) in &self.uses {
            for to in targets {
                if let (Some(low), Some(high)) = (rank(from), rank(to))
                    && high > low
                {
                    wrong.push(format!("{} -> {}", from.join("::"), to.join("::")));
                }
            }
        }
        wrong
    }

    /// The groups of files that import each other round a loop (strongly connected
    /// components of more than one file), leaving out edges between a module and its own
    /// ancestors or descendants.
    fn cycles(&self) -> Vec<Vec<String>> {
        let related = |a: &ModulePath, b: &ModulePath| a.starts_with(b) || b.starts_with(a);
        let graph: BTreeMap<&ModulePath, Vec<&ModulePath>> = self
            .uses
            .iter()
            .map(|(from, targets)| {
                let edges = targets.iter().filter(|to| !related(from, to)).collect();
                (from, edges)
            })
            .collect();
        strongly_connected(&graph)
            .into_iter()
            .filter(|group| group.len() > 1)
            .map(|group| {
                let mut names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
                names.sort();
                names
            })
            .collect()
    }
}

/// Every `.rs` file below `dir`.
fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The module a file declares: `src/search/pvs.rs` is `search::pvs`, `src/search/mod.rs`
/// is `search`, `src/lib.rs` the root.
fn module_of(root: &Path, path: &Path) -> ModulePath {
    let relative = path.strip_prefix(root).expect("below src/");
    let mut module: ModulePath = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        module.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        module.pop();
    }
    module
}

/// The paths a source text names: each leaf of each `use` tree and each `crate::`, `super::`
/// or `self::` path elsewhere, outside comments and test modules.
fn named_paths(text: &str) -> Vec<Vec<String>> {
    let code = strip_tests(&strip_comments(text));
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = drop_renames(&after[..end]);
        // The word `use` in a string or a macro is not a `use` declaration.
        if is_use_tree(&tree) {
            expand_use_tree(&[], &tree, &mut paths);
        }
        rest = &after[end..];
    }
    for start in ["crate::", "$crate::", "super::", "self::"] {
        let mut rest = code.as_str();
        while let Some(at) = find_word(rest, start.trim_end_matches("::")) {
            let tail = &rest[at..];
            if tail.starts_with(start) {
                let end = tail
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(tail.len());
                paths.push(split_path(&tail[..end]));
            }
            rest = &rest[at + 1..];
        }
    }
    paths
}

/// Where `word` starts in `text` as a whole word.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `a::b::c` as its segments.
fn split_path(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A `use` tree without white space and without its renames (`a::{b as c, d}` is
/// `a::{b,d}`).
fn drop_renames(tree: &str) -> String {
    let mut out = String::new();
    let mut words = tree.split_whitespace();
    while let Some(word) = words.next() {
        if word == "as" {
            // The new name, with whatever punctuation follows it (`c,` or `c}`).
            let renamed = words.next().unwrap_or_default();
            out.extend(renamed.chars().filter(|c| matches!(c, ',' | '{' | '}')));
        } else {
            out.push_str(word);
        }
    }
    out
}

/// Whether `tree` (without white space) has the shape of a `use` tree: path characters and
/// balanced braces.
fn is_use_tree(tree: &str) -> bool {
    let mut depth = 0i32;
    for c in tree.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if c.is_alphanumeric() || matches!(c, '_' | ':' | ',' | '*' | '$') => {}
            _ => return false,
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0 && !tree.is_empty()
}

/// Expands a `use` tree without white space (`a::{b,c::{d,e}}`) into its leaves' paths.
fn expand_use_tree(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let Some(open) = tree.find('{') else {
        let mut path = prefix.to_vec();
        path.extend(split_path(tree));
        out.push(path);
        return;
    };
    let mut head = prefix.to_vec();
    head.extend(split_path(&tree[..open]));
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand_use_tree(&head, &inner[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        expand_use_tree(&head, &inner[start..], out);
    }
}

/// `text` without `//` comments (doc comments included) and `/* */` blocks. String literals
/// are kept as they are: a path inside one is rare and only adds an edge.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else {
            let c = rest.chars().next().unwrap_or_default();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// `text` up to its first `#[cfg(test)]` module (test modules close a file in this crate;
/// they may reach anywhere).
fn strip_tests(text: &str) -> String {
    let mut from = 0;
    while let Some(found) = text[from..].find("#[cfg(test)]") {
        let at = from + found;
        let after = text[at + "#[cfg(test)]".len()..].trim_start();
        if after.starts_with("mod ") {
            return text[..at].to_string();
        }
        from = at + 1;
    }
    text.to_string()
}

/// `path` (as written in `module`) from the crate root, or `None` for a path outside the
/// crate (`std::`, a dependency, a local name).
fn absolute(module: &ModulePath, path: &[String]) -> Option<ModulePath> {
    let mut base = match path.first()?.as_str() {
        "crate" | "$crate" => Vec::new(),
        "self" | "super" => module.clone(),
        _ => return None,
    };
    let mut rest = path;
    if matches!(rest[0].as_str(), "crate" | "$crate" | "self") {
        rest = &rest[1..];
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The longest prefix of `path` that is a module of the tree: the file `path` names.
fn longest_module(sources: &BTreeMap<ModulePath, String>, path: &ModulePath) -> Option<ModulePath> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| sources.contains_key(prefix))
}

/// Tarjan's strongly connected components of `graph`.
fn strongly_connected<'a>(
    graph: &BTreeMap<&'a ModulePath, Vec<&'a ModulePath>>,
) -> Vec<Vec<&'a ModulePath>> {
    struct State<'a> {
        index: BTreeMap<&'a ModulePath, usize>,
        low: BTreeMap<&'a ModulePath, usize>,
        stack: Vec<&'a ModulePath>,
        on_stack: BTreeSet<&'a ModulePath>,
        groups: Vec<Vec<&'a ModulePath>>,
    }
    fn visit<'a>(
        node: &'a ModulePath,
        graph: &BTreeMap<&'a ModulePath, Vec<&'a ModulePath>>,
        state: &mut State<'a>,
    ) {
        let number = state.index.len();
        state.index.insert(node, number);
        state.low.insert(node, number);
        state.stack.push(node);
        state.on_stack.insert(node);
        for &next in graph.get(node).into_iter().flatten() {
            if !state.index.contains_key(next) {
                visit(next, graph, state);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut group = Vec::new();
            while let Some(member) = state.stack.pop() {
                state.on_stack.remove(member);
                group.push(member);
                if member == node {
                    break;
                }
            }
            state.groups.push(group);
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for &node in graph.keys() {
        if !state.index.contains_key(node) {
            visit(node, graph, &mut state);
        }
    }
    state.groups
}

/// The crate's own `src/`.
fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Fails with `what` and one line per finding unless there are none.
fn assert_none(what: &str, findings: Vec<String>) {
    assert!(findings.is_empty(), "{what}:\n{}", findings.join("\n"));
}

#[test]
fn imports_point_down_the_layers() {
    let wrong = Tree::read(&source_root()).upward_imports();
    assert_none(
        "imports against the layers (src/architecture.rs lists them)",
        wrong,
    );
}

#[test]
fn no_two_files_import_each_other() {
    let cycles = Tree::read(&source_root()).cycles();
    let lines = cycles.iter().map(|group| group.join(" <-> ")).collect();
    assert_none("file-level import cycles", lines);
}

/// A small tree written for the test: `(module path, source)`.
fn tree_of(files: &[(&str, &str)]) -> Tree {
    let sources = files
        .iter()
        .map(|(module, text)| (split_path(module), text.to_string()))
        .collect();
    Tree::from_sources(&sources)
}

#[test]
fn a_game_that_imports_the_search_is_caught() {
    let tree = tree_of(&[
        ("games", "mod kalah;"),
        ("games::kalah", "use crate::search::{Limits, pvs::Late};"),
        ("search", "pub mod pvs;"),
        ("search::pvs", "use crate::games::Game;"),
    ]);
    assert_eq!(
        tree.upward_imports(),
        ["games::kalah -> search", "games::kalah -> search::pvs"]
    );
}

#[test]
fn paths_in_code_comments_and_tests_are_told_apart() {
    let tree = tree_of(&[
        ("games", ""),
        (
            "eval",
            "// crate::engine::Engine\nfn f() -> crate::games::Seat { todo!() }\n\
             #[cfg(test)]\nmod tests { use crate::cli::Cli; }",
        ),
        ("engine", "fn g() { let _ = super::eval::f(); }"),
        ("cli", ""),
    ]);
    assert!(tree.upward_imports().is_empty());
    assert_eq!(
        tree.uses[&split_path("engine")],
        BTreeSet::from([split_path("eval")])
    );
}

#[test]
fn two_siblings_that_import_each_other_are_a_cycle_but_a_parent_and_child_are_not() {
    let tree = tree_of(&[
        (
            "engine",
            "mod handle; mod controller; pub use handle::Engine;",
        ),
        ("engine::handle", "use super::controller::Controller;"),
        (
            "engine::controller",
            "use super::handle::Engine; use super::Engine;",
        ),
    ]);
    assert_eq!(
        tree.cycles(),
        [vec![
            "engine::controller".to_string(),
            "engine::handle".to_string()
        ]]
    );
}
