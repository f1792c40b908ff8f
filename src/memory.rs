//! Memory the server no longer uses, handed back to the system, so that what a firm's
//! small machine sees is what the server holds now, not the most it ever held
//! (docs/BENCHMARKS.md, "Lean again"). Two things stay otherwise:
//! - glibc keeps freed memory in its arenas for the next allocation: a render of every
//!   page or a burst of enquiries leaves megabytes free but resident;
//! - the binary's own pages that start-up alone used (migrations, seeding, the first
//!   render of every page) stay mapped: about half of the 20 MB of code a fresh server
//!   has resident is not touched again while it serves.
//!
//! And before either, the allocator's tuning at start ([`tune_allocator`], called first
//! thing by `src/main.rs`).

use std::sync::Arc;
use std::time::Duration;

use crate::site::cache::PageCache;

/// Two settings of glibc's allocator, set before any thread starts (docs/BENCHMARKS.md):
/// - It gives each thread that allocates an arena of its own, up to eight per core, and
///   memory freed in one stays there for that arena. The server's threads (Tokio's
///   workers, one per SQLite connection, the page engine's) each kept their own share after
///   a burst of enquiries: two arenas took the memory after the form runs from 63.5 MB to
///   50.5-54.6 MB.
/// - A buffer of 256 KiB or more is mapped on its own and given back when freed. glibc
///   would otherwise raise that bound to the largest buffer freed so far, so that after the
///   first sign-in (19 MiB of work memory, `crate::auth::password`) such buffers came from
///   an arena and stayed there.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning; called before other threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// How often freed memory is handed back: a burst's buffers are gone within this long.
const EVERY: Duration = Duration::from_secs(10);

/// Once the first render is done (start-up is over), lets the start-up's pages of the
/// binary go, then hands freed memory back every [`EVERY`]; runs until the server stops.
pub async fn keep_lean(pages: Arc<PageCache>) {
    // Waits for the first render (without asking for one); a failed or a late one still
    // ends start-up.
    let _ = pages.first_render().await;
    page_out_start_up_code();
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        give_back_freed();
    }
}

/// Returns the allocator's free memory to the system (`malloc_trim`: each arena's free
/// pages, not only the top of the heap). A walk over the free lists, under a millisecond
/// at this size.
pub fn give_back_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory the allocator holds free; it takes each
    // arena's lock itself, so it is safe beside allocations on other threads.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Asks the kernel to take back the binary's read-only pages (its code and constants,
/// `madvise(MADV_PAGEOUT)`). They are file pages: nothing is lost, and a page used again
/// is read back on its next use, so what stays out is what start-up alone needed.
/// Measured after start: the binary's resident pages 20.7 MB -> 10.7 MB once every page
/// had been served again.
pub fn page_out_start_up_code() {
    #[cfg(target_os = "linux")]
    {
        let Ok(exe) = std::fs::read_link("/proc/self/exe") else { return };
        let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else { return };
        let exe = exe.to_string_lossy();
        for line in maps.lines() {
            // "start-end perms offset dev inode path"
            let fields: Vec<&str> = line.splitn(6, ' ').collect();
            let [range, perms, _, _, _, path] = fields[..] else { continue };
            if path.trim_start() != exe || perms.contains('w') {
                continue;
            }
            let Some((start, end)) = range.split_once('-') else { continue };
            let (Ok(start), Ok(end)) = (usize::from_str_radix(start, 16), usize::from_str_radix(end, 16))
            else {
                continue;
            };
            // SAFETY: the range is one of this process's own read-only file mappings, as
            // the kernel lists them; MADV_PAGEOUT changes which pages are resident, never
            // their contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_PAGEOUT);
            }
        }
    }
}
