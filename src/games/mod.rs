//! The games, one module each. Each implements [`crate::Game`]; nothing here knows the search.
//!
//! [`with_game!`](crate::with_game) turns a [`GameSpec`](crate::GameSpec)'s name into a
//! concrete game type, so that front ends write one generic function per command.

pub mod ataxx;
pub mod kalah;
pub mod oware;

pub use ataxx::Ataxx;
pub use kalah::Kalah;
pub use oware::Oware;

/// The names of every game ponder plays, as written in game specs.
pub const GAME_NAMES: &[&str] = &["kalah", "ataxx", "oware"];

/// Runs `$body` with `$G` bound to the game type named by `$spec` (a [`crate::GameSpec`]), or
/// evaluates to `Err(GameError::Spec(..))` for an unknown name. `$body` must evaluate to a
/// `Result<T, E>` where `E: From<GameError>`.
///
/// ```ignore
/// let spec: GameSpec = "kalah:pits=4".parse()?;
/// let nodes = with_game!(spec, G => run_perft::<G>(&spec, depth))?;
/// ```
#[macro_export]
macro_rules! with_game {
    ($spec:expr_2021, $G:ident => $body:expr_2021) => {{
        #[allow(unreachable_code)]
        match $spec.name() {
            "kalah" => {
                type $G = $crate::games::Kalah;
                $body
            }
            "ataxx" => {
                type $G = $crate::games::Ataxx;
                $body
            }
            "oware" => {
                type $G = $crate::games::Oware;
                $body
            }
            other => Err($crate::GameError::Spec(format!(
                "unknown game {other:?} (known: {})",
                $crate::games::GAME_NAMES.join(", ")
            ))
            .into()),
        }
    }};
}
