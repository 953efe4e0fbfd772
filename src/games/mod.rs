//! The games: the [`Game`] trait and its vocabulary (the exact 14-byte [`Key`], [`Seat`],
//! [`Outcome`], [`GameRecord`], [`GameSpec`], typed [`GameError`]s), then one folder per game:
//! the rules (a [`Game`] implementation that knows nothing of the search) and the game's
//! extensions: its drawing for the web page ([`GameView`]), its perft conventions
//! ([`Perft`]) and its plug-ins to the search (named evaluators, default depths:
//! [`Evaluators`](crate::eval::Evaluators)).
//!
//! Arrows point one way: front ends → engine → search → this module. A game never knows the
//! search.
//!
//! # The registry
//!
//! The games the binary knows are listed once, in [`registered_games!`](crate::registered_games)
//! below; [`with_game!`](crate::with_game) (which turns a [`GameSpec`]'s name into a concrete
//! game type, so that front ends write one generic function per command) and [`GAME_NAMES`]
//! are built from that list, and so are the game modules. Adding a game: write its folder
//! (`src/games/mygame/`, implementing [`Game`] and [`Evaluators`](crate::search::Evaluators))
//! and add `mygame::MyGame` to the list: one line. No front end names a game.

mod config;
mod depths;
mod error;
mod game;
mod key;
mod mancala;
mod names;
mod outcome;
mod perft;
mod record;
mod seat;
mod spec;
mod view;

pub use config::GameConfig;
pub use depths::Depths;
pub use error::GameError;
pub use game::Game;
pub use key::{KEY_BYTES, Key, KeyReader, KeyWriter};
pub use mancala::BoardParts;
pub use names::unknown_name;
pub(crate) use names::{debug_as_display, identity_by_state, named_enum, serde_as_text};
pub use outcome::{Outcome, competition_ranks};
pub use perft::Perft;
pub use record::GameRecord;
pub use seat::Seat;
pub use spec::GameSpec;
pub(crate) use spec::{SpecParts, SpecSyntaxError};
pub use view::{BoardView, GameView, pit_cell};

/// The registry: calls `$crate::$callback!` with `{ $args }` followed by every game the
/// binary knows, as `module::Type` (`src/games/module/` declares `Type`), in the order front
/// ends list them. This is the one list of games: the game modules themselves (below),
/// [`with_game!`](crate::with_game) and [`GAME_NAMES`] are built from it.
///
/// Since the game modules are declared by a macro, `cargo fmt` does not reach their files;
/// `.ci/run` formats them with `rustfmt src/games/*/mod.rs`.
#[doc(hidden)]
#[macro_export]
macro_rules! registered_games {
    ($callback:ident { $($args:tt)* }) => {
        $crate::$callback! { { $($args)* }
            kalah::Kalah,
            ataxx::Ataxx,
            oware::Oware,
        }
    };
}

registered_games!(__declare_games {});

/// Declares each registered game's module (`pub mod kalah;`) and re-exports its type
/// (`pub use kalah::Kalah;`).
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_games {
    ({} $($module:ident :: $game:ident,)+) => {
        $(
            pub mod $module;
            pub use $module::$game;
        )+
    };
}

/// The names of every game ponder plays, as written in game specs (each game's
/// [`Game::NAME`], in the registry's order).
pub const GAME_NAMES: &[&str] = registered_games!(__game_names {});

/// Builds [`GAME_NAMES`] from the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __game_names {
    ({} $($module:ident :: $game:ident,)+) => {
        &[$(<$crate::games::$module::$game as $crate::Game>::NAME),+]
    };
}

/// Runs `$body` with `$G` bound to the game type named by `$spec` (a [`crate::GameSpec`]), or
/// evaluates to `Err(GameError::Spec(..))` for an unknown name. `$body` must evaluate to a
/// `Result<T, E>` where `E: From<GameError>`. The games are the registry's.
///
/// ```ignore
/// let spec: GameSpec = "kalah:pits=4".parse()?;
/// let nodes = with_game!(spec, G => run_perft::<G>(&spec, depth))?;
/// ```
#[macro_export]
macro_rules! with_game {
    ($spec:expr, $G:ident => $body:expr) => {
        $crate::registered_games!(__with_game { $spec, $G => $body })
    };
}

/// The expansion of [`with_game!`](crate::with_game) over the registry's games.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game {
    ({ $spec:expr, $G:ident => $body:expr } $($module:ident :: $game:ident,)+) => {{
        #[allow(unreachable_code)]
        match $spec.name() {
            $(name if name == <$crate::games::$module::$game as $crate::Game>::NAME => {
                type $G = $crate::games::$module::$game;
                $body
            })+
            other => Err($crate::GameError::Spec($crate::games::unknown_name(
                "game",
                other,
                $crate::games::GAME_NAMES,
            ))
            .into()),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::GAME_NAMES;
    use crate::{Game, GameError, GameSpec};

    #[test]
    fn the_registry_lists_every_game_once() {
        assert_eq!(GAME_NAMES, ["kalah", "ataxx", "oware"]);
        for name in GAME_NAMES {
            let spec = GameSpec::named(name);
            let found: Result<&str, GameError> = with_game!(spec, G => Ok(G::NAME));
            assert_eq!(found, Ok(*name));
        }
        let unknown: Result<&str, GameError> =
            with_game!(GameSpec::named("chess"), G => Ok(G::NAME));
        assert!(
            unknown
                .unwrap_err()
                .to_string()
                .contains("kalah, ataxx, oware")
        );
    }
}
