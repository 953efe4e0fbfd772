//! TEMPORARY: Oware's evaluators until the search branch's `eval/oware.rs` lands (then this
//! file goes).
impl crate::search::Evaluators for crate::games::Oware {}
