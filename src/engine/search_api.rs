//! The search module's types the engine uses, in one place.

pub use crate::search::{Limits, StopSignal, TieBreak};
