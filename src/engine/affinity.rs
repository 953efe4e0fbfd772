//! Pinning the search thread to a core, where the OS allows it (the `core_affinity` crate:
//! `sched_setaffinity` on Linux, thread affinity masks on Windows; macOS ignores it).

/// Pins the calling thread to the last core the OS reports, so that a game loop on the
/// main thread keeps the other cores. Returns the core's index, or `None` when there is only
/// one core or the OS refused.
pub fn pin_to_last_core() -> Option<usize> {
    let cores = core_affinity::get_core_ids()?;
    if cores.len() < 2 {
        return None;
    }
    let core = *cores.last()?;
    core_affinity::set_for_current(core).then_some(core.id)
}
