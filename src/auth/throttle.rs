//! Sign-in throttling, kept in the database so that it holds across several server
//! instances.
//!
//! Failures count per account *and* address, and per address. There is no limit per
//! account alone: with one, anybody who knows a colleague's e-mail could lock that
//! colleague out from anywhere, again and again. A guesser is slowed by the per-address
//! limits instead: [`PER_ACCOUNT_AND_ADDRESS`] guesses at one account and
//! [`PER_ADDRESS`] guesses in all per address and [`WINDOW_MINUTES`], against passwords
//! of at least 12 characters that are not on the common-password list. IPv6 clients
//! count by their /64 network (`crate::http::client::rate_key`).
//!
//! Every attempt is written *before* its password is checked (a reservation) and counted
//! after it is written, so that simultaneous guesses cannot all slip in under the limit:
//! of N guesses at once, the k-th to be written counts at least k rows, and at most the
//! limit are checked. A failed attempt keeps its row; a sign-in that succeeds clears the
//! rows of its account from its address; an attempt the limits refuse removes its own.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::db::Db;
use crate::db_run;
use crate::http::error::ApiError;

pub const WINDOW_MINUTES: i64 = 15;
/// Failed attempts allowed at one account from one address in the window.
pub const PER_ACCOUNT_AND_ADDRESS: i64 = 5;
/// Failed attempts allowed from one address in the window, over all accounts.
pub const PER_ADDRESS: i64 = 20;

/// Reserves one attempt at `account` from `address`, or refuses with 429 when the
/// address has used up its attempts.
pub async fn reserve(db: &Db, account: &str, address: &str, now: DateTime<Utc>) -> Result<(), ApiError> {
    let id = Uuid::now_v7();
    let since = now - Duration::minutes(WINDOW_MINUTES);
    db_run!(db, pool => {
        sqlx::query("DELETE FROM login_attempts WHERE attempted_at < $1")
            .bind(now - Duration::days(1))
            .execute(pool)
            .await?;
        sqlx::query("INSERT INTO login_attempts (id, account, ip, attempted_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(account)
            .bind(address)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
    })?;
    let (by_pair, by_address): (i64, i64) = db_run!(db, pool => sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM login_attempts WHERE account = $1 AND ip = $2 AND attempted_at > $3), \
           (SELECT COUNT(*) FROM login_attempts WHERE ip = $2 AND attempted_at > $3)",
    )
    .bind(account)
    .bind(address)
    .bind(since)
    .fetch_one(pool)
    .await)?;
    if by_pair > PER_ACCOUNT_AND_ADDRESS || by_address > PER_ADDRESS {
        db_run!(db, pool => sqlx::query("DELETE FROM login_attempts WHERE id = $1")
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ()))?;
        return Err(ApiError::TooManyRequests {
            message: format!(
                "For mange mislykkede innloggingsforsøk. Vent {WINDOW_MINUTES} minutter og prøv igjen."
            ),
            retry_after_secs: (WINDOW_MINUTES * 60) as u64,
        });
    }
    Ok(())
}

/// After a successful sign-in: the account's attempts from this address are forgiven.
pub async fn clear(db: &Db, account: &str, address: &str) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM login_attempts WHERE account = $1 AND ip = $2")
        .bind(account)
        .bind(address)
        .execute(pool)
        .await
        .map(|_| ()))
}
