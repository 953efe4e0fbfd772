//! Help texts written from the lists the parsers read, so that a name added to a list shows
//! in the help at once: the player kinds ([`PLAYER_KINDS`]) and the search techniques a
//! comparison may leave out ([`crate::search::TECHNIQUES`]).

use crate::players::PLAYER_KINDS;
use crate::search::technique_names;

/// `--without`'s help: the technique names.
pub(super) fn without_help() -> String {
    format!(
        "Forward-pruning techniques to leave out, `+`-separated ({}), for comparisons",
        technique_names()
    )
}

/// `--a`'s help: the player kinds, each with what it is.
pub(super) fn player_help() -> String {
    let kinds: Vec<String> = PLAYER_KINDS
        .iter()
        .map(|(kind, what)| format!("`{kind}`: {what}"))
        .collect();
    format!(
        "Player A: a kind with optional `:key=value,...` parameters (e.g. `pvs:depth=8`). \
         Kinds: {}. Techniques for `without=`: {}",
        kinds.join("; "),
        technique_names()
    )
}
