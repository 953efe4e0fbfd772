//! Large arrays read at random (transposition tables, endgame databases): allocated zeroed,
//! so that their pages are only touched when used, and backed by transparent huge pages, so
//! that a multi-gigabyte array costs one TLB entry per 2 MiB instead of one per 4 KiB. The
//! huge pages are advice only: where the platform or the kernel declines, nothing changes but
//! the speed.

use std::alloc::{Layout, alloc_zeroed};

/// A boxed slice of `count` values whose bytes are all zero, from the allocator's zeroed
/// memory (a large one is mapped lazily: it costs nothing until it is touched), backed by huge
/// pages where the kernel offers them. A request of no values, or of more than an address
/// space holds, gives one value (callers bound their sizes by the machine's memory first).
///
/// # Safety
/// All-zero bytes must be a valid `T` (integers, atomics, structs of them), and `T` must not
/// be zero-sized.
pub(crate) unsafe fn zeroed_slice<T>(count: usize) -> Box<[T]> {
    const { assert!(std::mem::size_of::<T>() > 0) };
    let (count, layout) = match Layout::array::<T>(count) {
        Ok(layout) if layout.size() > 0 => (count, layout),
        _ => (1, Layout::new::<T>()),
    };
    // SAFETY: the layout has a non-zero size; the caller vouches that all-zero bytes are a
    // valid T; the pointer comes from the global allocator with this exact layout, which is
    // what Box<[T]> frees with.
    let values = unsafe {
        let pointer = alloc_zeroed(layout) as *mut T;
        if pointer.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(pointer, count))
    };
    advise_huge_pages(&values);
    values
}

/// Starts loading the cache line of `value` (a table bucket, a database entry) without
/// waiting for it, so that the misses of several probes about to be made overlap. A hint
/// only: nothing changes but the speed.
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch reads nothing the program sees and never faults; SSE is part of
        // x86-64.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// The base page size: the kernel maps an untouched page on its first write.
const PAGE: usize = 4 << 10;

/// Hands `touch` one value of every page `values` spans (every value when a value is larger
/// than a page), for a caller whose write there maps the page now rather than at a first use
/// that would pay for it on a search's clock.
pub(crate) fn touch_every_page<T>(values: &[T], touch: impl FnMut(&T)) {
    let stride = (PAGE / std::mem::size_of::<T>().max(1)).max(1);
    values.iter().step_by(stride).for_each(touch);
}

/// Arrays smaller than this are left alone: a few huge pages gain nothing.
const WORTH_ADVISING: usize = 8 << 20;

/// The huge page size the advice is aligned to (x86-64 and most arm64 kernels).
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back `values` with huge pages from now on (Linux `MADV_HUGEPAGE`): pages
/// faulted in later come as huge pages. For an array allocated zeroed and not yet touched.
pub(crate) fn advise_huge_pages<T>(values: &[T]) {
    advise(values, false);
}

/// As [`advise_huge_pages`], and also rebuilds the pages already filled as huge pages at once
/// (Linux 6.1+ `MADV_COLLAPSE`): for an array read from a file.
pub(crate) fn collapse_into_huge_pages<T>(values: &[T]) {
    advise(values, true);
}

#[cfg(target_os = "linux")]
fn advise<T>(values: &[T], collapse: bool) {
    let bytes = std::mem::size_of_val(values);
    if bytes < WORTH_ADVISING {
        return;
    }
    let start = values.as_ptr() as usize;
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end <= first {
        return;
    }
    let pointer = first as *mut libc::c_void;
    // SAFETY: `[first, end)` lies inside the live allocation of `values`; madvise with these
    // advice values changes only how the kernel backs the pages, never their contents, and
    // its failure (an old kernel, THP disabled) is harmless and ignored.
    unsafe {
        libc::madvise(pointer, end - first, libc::MADV_HUGEPAGE);
        if collapse {
            libc::madvise(pointer, end - first, libc::MADV_COLLAPSE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise<T>(_values: &[T], _collapse: bool) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_leaves_the_values_as_they_are() {
        let mut values = vec![0u64; 3 << 20];
        advise_huge_pages(&values);
        for (index, value) in values.iter_mut().enumerate().step_by(4099) {
            *value = index as u64;
        }
        collapse_into_huge_pages(&values);
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(index, &value)| value == if index % 4099 == 0 { index as u64 } else { 0 })
        );
        advise_huge_pages(&values[..3]);
        let mut touched = Vec::new();
        touch_every_page(&values[..1100], |value| touched.push(*value));
        assert_eq!(touched, [0, 0, 0]); // values 0, 512 and 1024: one in each 4 KiB
        let mut count = 0;
        touch_every_page(&[[0u8; 5000]; 3], |_| count += 1);
        assert_eq!(count, 3);
        advise_huge_pages::<u8>(&[]);
    }
}
