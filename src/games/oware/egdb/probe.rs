//! The database in play: its exact scores ([`ExactScores`]), read by the searches it is
//! attached to ([`crate::search::WithDatabase`]).

use super::{Egdb, EgdbError};
use crate::eval::{Database, ExactScores};
use crate::games::oware::{Oware, OwareConfig, Rules};
use std::path::Path;
use std::sync::Arc;

/// The exact final margin of a position for its side to move is its captured margin plus the
/// database's value. Abapa's values hold only where no earlier position can be repeated (its
/// first repetition ends the game, so a value depends on the path); Awari's are the published
/// values of the computer-Awari rules (a cycle splits the seeds left), whatever came before.
impl ExactScores<Oware> for Egdb {
    #[inline]
    fn exact_margin(&self, position: &Oware, fresh_history: bool) -> Option<i32> {
        if !fresh_history && self.rules() != Rules::Awari {
            return None;
        }
        let me = position.to_move();
        let captured = position.captured(me) as i32 - position.captured(me.opponent()) as i32;
        self.value(position).map(|value| captured + value)
    }
}

/// Opens the database file at `path` for play in games of `config` ([`Egdb::open_rules`] with
/// `config`'s rules); a database of another board size is refused with an error naming the
/// file.
pub fn open_database(config: &OwareConfig, path: &Path) -> Result<Database<Oware>, EgdbError> {
    let egdb = Egdb::open_rules(path, config.rules())?;
    if egdb.houses() != config.houses() {
        return Err(EgdbError::Format(format!(
            "{}: a database of {} houses a side, the game has {}",
            path.display(),
            egdb.houses(),
            config.houses()
        )));
    }
    Ok(Arc::new(egdb))
}
