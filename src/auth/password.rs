//! Passwords: argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1), hashed off
//! the async runtime. Policy (README, "Security"): 12 to 128 characters, no
//! composition rules, and not one of the most common passwords.
//!
//! Each hash takes 19 MiB and a core for tens of milliseconds, so the number running at
//! once is bounded by [`HASHING`]: one per core. Anyone can ask for a hash (every
//! sign-in, also for unknown e-mails), and without the bound a burst of sign-ins took the
//! server from 20 MB to 2 GB. A check that waits longer than [`QUEUE_TIMEOUT`] for its
//! turn gives up with [`Busy`], which the API answers with 503 and `Retry-After`.
//!
//! The bound alone is not enough: glibc kept such blocks in per-thread arenas instead of
//! returning them, so a burst still grew the process by hundreds of megabytes. Buffers
//! this large are now mapped on their own and given back when a check ends
//! (`crate::memory::tune_allocator`).

use std::sync::LazyLock;
use std::time::Duration;

use tokio::sync::Semaphore;

use argon2::password_hash::phc::Output;
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, PasswordHasher, Version};

pub const MIN_LEN: usize = 12;
pub const MAX_LEN: usize = 128;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Common passwords, lower case, one a line (a shipped list; see the file's header).
static COMMON: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    include_str!("common-passwords.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
});

/// Why a new password is refused, in Norwegian, or `None` when it is acceptable.
pub fn policy_error(password: &str) -> Option<String> {
    let length = password.chars().count();
    if length < MIN_LEN {
        return Some(format!("Passordet må ha minst {MIN_LEN} tegn."));
    }
    if length > MAX_LEN {
        return Some(format!("Passordet kan ikke ha mer enn {MAX_LEN} tegn."));
    }
    let lower = password.to_lowercase();
    if COMMON.iter().any(|common| *common == lower) {
        return Some("Passordet er for vanlig. Velg et annet, gjerne en setning av flere ord.".to_owned());
    }
    None
}

/// Hashes running at once: one per core, so that a burst of sign-ins costs at most
/// `cores x 19 MiB` and leaves the async workers (and `/healthz`) some CPU.
static HASHING: LazyLock<Semaphore> = LazyLock::new(|| {
    Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
});

/// How long a password check waits for its turn before the server says it is busy.
pub const QUEUE_TIMEOUT: Duration = Duration::from_secs(10);

/// Too many password checks are waiting; try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("for mange passordsjekker i kø")]
pub struct Busy;

/// Password checks and hashes waiting for a slot, for `/metrics` (`crate::metrics`).
static WAITING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many password checks and hashes are waiting for a slot now.
pub fn waiting() -> usize {
    WAITING.load(std::sync::atomic::Ordering::Relaxed)
}

/// Counts one waiter in [`WAITING`] for as long as it lives, however the wait ends.
struct Waiter;

impl Waiter {
    fn new() -> Self {
        WAITING.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        WAITING.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Runs `work` on the blocking pool once a hashing slot is free, waiting at most `wait`.
async fn bounded<T: Send + 'static>(
    wait: Option<Duration>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Busy> {
    let waiter = Waiter::new();
    let permit = match wait {
        Some(wait) => tokio::time::timeout(wait, HASHING.acquire()).await.map_err(|_| Busy)?,
        None => HASHING.acquire().await,
    }
    .map_err(|_| Busy)?;
    drop(waiter);
    let result = tokio::task::spawn_blocking(work).await.map_err(|_| Busy);
    drop(permit);
    result
}

/// Hashes a new password. Only signed-in admins and the CLI set passwords, so this waits
/// for its turn however long the queue.
pub async fn hash(password: String) -> anyhow::Result<String> {
    bounded(None, move || {
        argon2()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| anyhow::anyhow!("argon2: {err}"))
    })
    .await?
}

/// Checks `password` against a stored hash. With no user, checks against a dummy hash so
/// that a wrong e-mail takes as long as a wrong password, through the same queue.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, Busy> {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        argon2().hash_password(b"fagfolk-dummy-password").map(|h| h.to_string()).unwrap_or_default()
    });
    bounded(Some(QUEUE_TIMEOUT), move || {
        let hash = stored.as_deref().unwrap_or(DUMMY.as_str());
        matches(password.as_bytes(), hash) && stored.is_some()
    })
    .await
}

/// Whether `password` gives the PHC string `stored`, computed in the check's own memory and
/// compared in constant time (as `PasswordVerifier::verify_password` does).
fn matches(password: &[u8], stored: &str) -> bool {
    let Ok(hash) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&hash.salt, &hash.hash) else {
        return false;
    };
    let algorithm = Algorithm::try_from(hash.algorithm.as_str());
    let version = hash.version.map_or(Ok(Version::default()), Version::try_from);
    let (Ok(algorithm), Ok(version), Ok(params)) = (algorithm, version, Params::try_from(&hash)) else {
        return false;
    };
    let argon2 = Argon2::new(algorithm, version, params);
    // The work memory (19 MiB) is the check's own and goes back to the system when it
    // ends: the allocator maps buffers this large on their own (`tune_allocator` in
    // src/memory.rs). Kept for reuse, as it was, one sign-in held 19 MiB for good, a third
    // of the server's memory after load (docs/BENCHMARKS.md). At most one per hashing
    // slot exists at once.
    let mut memory = vec![Block::default(); argon2.params().block_count()];
    let mut computed = vec![0u8; expected.len()];
    let hashed = argon2.hash_password_into_with_memory(password, salt, &mut computed, &mut memory);
    hashed.is_ok() && Output::new(&computed).is_ok_and(|computed| computed == *expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiter_is_counted_while_it_waits() {
        let waiter = Waiter::new();
        // Other tests may hash at the same time: at least this one waits.
        assert!(waiting() >= 1);
        drop(waiter);
    }

    #[test]
    fn the_policy_wants_length_and_refuses_common_passwords() {
        assert!(policy_error("kort").unwrap().contains("minst 12"));
        assert!(policy_error(&"x".repeat(129)).unwrap().contains("128"));
        assert_eq!(policy_error(&"x".repeat(128)), None, "128 characters is the most, and allowed");
        assert_eq!(policy_error(&"x".repeat(12)), None, "12 characters is the least, and allowed");
        assert!(policy_error("Passord12345").unwrap().contains("for vanlig"));
        assert_eq!(policy_error("rød sykkel på taket"), None);
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hash = hash("rød sykkel på taket".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert_eq!(verify("rød sykkel på taket".into(), Some(hash.clone())).await, Ok(true));
        assert_eq!(verify("rød sykkel på taket!".into(), Some(hash)).await, Ok(false));
        assert_eq!(verify("fagfolk-dummy-password".into(), None).await, Ok(false));
        assert!(!matches(b"x", "ikke en hash"));
    }
}
