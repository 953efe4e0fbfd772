//! The search module's types the engine uses, in one place.

pub use crate::search::{choose, Limits, StopSignal, TieBreak};
