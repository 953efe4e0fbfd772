//! The Awari endgame database in play: once a front end installs one (`--egdb FILE` with
//! `--game oware:rules=awari`), every Oware evaluator answers the positions it covers with
//! their exact final margin, so the search and the engine score them exactly.

use super::egdb::Egdb;
use super::position::Oware;
use crate::games::Game;
use std::sync::OnceLock;

/// The database the process has loaded for play ([`install`]).
static LOADED: OnceLock<Egdb> = OnceLock::new();

/// Makes `egdb` the database every Oware evaluator consults; the first database installed
/// stays. Returns whether this one was installed.
pub fn install(egdb: Egdb) -> bool {
    LOADED.set(egdb).is_ok()
}

/// The installed database, if any.
pub fn installed() -> Option<&'static Egdb> {
    LOADED.get()
}

/// The exact final margin of `position` for its side to move under perfect play with the
/// computer-Awari rules: the seeds captured so far (mover's minus opponent's) plus the
/// database's value of the board. `None` without a database, for another rule set or size,
/// or past the database's seeds.
#[inline]
pub(crate) fn loaded_margin(position: &Oware) -> Option<i32> {
    let egdb = LOADED.get()?;
    let gain = egdb.value(position)?;
    let me = position.side_to_move();
    Some(position.captured(me) as i32 - position.captured(me.opponent()) as i32 + gain)
}
