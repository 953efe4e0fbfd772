//! The engine thread under load: random command sequences against the engine's promises.

mod engine_stress;
