//! Staff requests that read many rows (the lead list and board, the command search, the
//! CSV export) take turns: at most [`PER_USER`] at once for one user, and at most
//! [`AT_ONCE`] for everyone together, so that staff never hold every database connection
//! and the public contact form always has its share of the pool (SQLite's pool has 8, so
//! at least 4 stay for everything else). A request waits for its turn up to [`WAIT`],
//! holding no connection while it waits. One user sending 150 searches at once had 76 of
//! them, and a visitor's enquiry, answered 503 (tests/api/hardening2.rs).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use uuid::Uuid;

use super::error::ApiError;

/// Heavy requests one user may have running at once.
pub const PER_USER: usize = 2;
/// Heavy requests everyone together may have running at once.
pub const AT_ONCE: usize = 4;
/// How long a heavy request waits for its turn before it is refused.
const WAIT: Duration = Duration::from_secs(10);

pub struct HeavyWork {
    everyone: Arc<Semaphore>,
    users: Mutex<HashMap<Uuid, Arc<Semaphore>>>,
}

/// A heavy request's turn; the next one waiting goes when this is dropped (for an export,
/// when its last row is sent).
impl Default for HeavyWork {
    fn default() -> Self {
        Self::new()
    }
}

pub struct Turn {
    _user: OwnedSemaphorePermit,
    _everyone: OwnedSemaphorePermit,
}

impl HeavyWork {
    pub fn new() -> Self {
        Self { everyone: Arc::new(Semaphore::new(AT_ONCE)), users: Mutex::default() }
    }

    /// Waits for `user`'s turn; a Norwegian 429 when the user's own requests take too
    /// long, a 503 when everyone's do.
    pub async fn turn(&self, user: Uuid) -> Result<Turn, ApiError> {
        let own = {
            let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
            users.entry(user).or_insert_with(|| Arc::new(Semaphore::new(PER_USER))).clone()
        };
        let user_turn = tokio::time::timeout(WAIT, own.acquire_owned())
            .await
            .map_err(|_| ApiError::TooManyRequests {
                message: "Du har mange søk eller eksporter i gang. Vent litt og prøv igjen.".to_owned(),
                retry_after_secs: 5,
            })?
            .map_err(|_| ApiError::Busy)?;
        let everyones_turn = tokio::time::timeout(WAIT, self.everyone.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::Busy)?
            .map_err(|_| ApiError::Busy)?;
        Ok(Turn { _user: user_turn, _everyone: everyones_turn })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_user_waits_for_their_own_turn_and_everyone_shares() {
        let heavy = HeavyWork::new();
        let (anne, ola) = (Uuid::now_v7(), Uuid::now_v7());
        let first = heavy.turn(anne).await.unwrap();
        let _second = heavy.turn(anne).await.unwrap();
        let third = tokio::time::timeout(Duration::from_millis(50), heavy.turn(anne)).await;
        assert!(third.is_err(), "a third waits");
        let _ola = heavy.turn(ola).await.unwrap();
        let _ola2 = heavy.turn(ola).await.unwrap();
        assert!(
            tokio::time::timeout(Duration::from_millis(50), heavy.turn(Uuid::now_v7())).await.is_err(),
            "four at once"
        );
        drop(first);
        assert!(
            tokio::time::timeout(Duration::from_millis(50), heavy.turn(anne)).await.is_ok(),
            "her turn comes"
        );
    }
}
