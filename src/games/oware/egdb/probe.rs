//! The database the search consults in play: installed once per process, read by every Oware
//! evaluator's [`crate::eval::Evaluator::exact_margin`].

use super::Egdb;
use crate::games::oware::{Oware, Rules};
use std::sync::OnceLock;

/// The installed database.
static LOADED: OnceLock<Egdb> = OnceLock::new();

/// Makes `egdb` the database every Oware evaluator consults (so the search scores the
/// positions it covers exactly); the first database installed stays. Returns whether this
/// one was installed.
pub fn install(egdb: Egdb) -> bool {
    LOADED.set(egdb).is_ok()
}

/// The installed database, if any.
pub fn installed() -> Option<&'static Egdb> {
    LOADED.get()
}

/// Whether the installed database's values hold only where no earlier position can be
/// repeated: Abapa's (its first repetition ends the game, so a value depends on the path);
/// not Awari's, which are the published values of the computer-Awari rules (a cycle splits
/// the seeds left), whatever came before. `true` without a database.
#[inline]
pub fn values_need_fresh_history() -> bool {
    LOADED.get().is_none_or(|egdb| egdb.rules() != Rules::Awari)
}

/// The exact final margin of `position` for its side to move (captured margin plus the
/// database's value), from the installed database; `None` when none is installed or it does
/// not cover the position exactly. Where [`values_need_fresh_history`], the caller must only
/// ask at a position with no earlier position since the last capture.
#[inline]
pub fn loaded_margin(position: &Oware) -> Option<i32> {
    let egdb = LOADED.get()?;
    let me = position.to_move();
    let captured = position.captured(me) as i32 - position.captured(me.opponent()) as i32;
    egdb.value(position).map(|value| captured + value)
}
