//! Pinning the search thread to a core, where the OS allows it: `sched_setaffinity` on Linux,
//! a no-op elsewhere.

/// Pins the calling thread to the last core the OS lets it run on, so that a game loop on the
/// main thread keeps the other cores. Returns the core's index, or `None` when the thread may
/// run on only one core, or the OS refused.
///
/// On systems other than Linux this does nothing and returns `None`: the thread runs wherever
/// the OS schedules it.
#[cfg(target_os = "linux")]
pub fn pin_to_last_core() -> Option<usize> {
    // SAFETY: `cpu_set_t` is a plain bit array for which all zeroes is a valid (empty) set;
    // the libc calls and macros only read and write the set we own, within its size.
    unsafe {
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        let size = std::mem::size_of::<libc::cpu_set_t>();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 {
            return None;
        }
        if libc::CPU_COUNT(&allowed) < 2 {
            return None;
        }
        let last =
            (0..libc::CPU_SETSIZE as usize).rfind(|&core| libc::CPU_ISSET(core, &allowed))?;
        let mut only = std::mem::zeroed::<libc::cpu_set_t>();
        libc::CPU_SET(last, &mut only);
        (libc::sched_setaffinity(0, size, &only) == 0).then_some(last)
    }
}

/// Pins the calling thread to the last core the OS lets it run on; on this system, a no-op
/// that returns `None` (pinning is implemented on Linux only).
#[cfg(not(target_os = "linux"))]
pub fn pin_to_last_core() -> Option<usize> {
    None
}
