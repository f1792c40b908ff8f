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

use crate::http::error::ApiError;
use fagfolk_data::db::Db;

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
    fagfolk_data::auth::store::insert_attempt(db, id, account, address, now, now - Duration::days(1)).await?;
    let (by_pair, by_address) =
        fagfolk_data::auth::store::count_attempts(db, account, address, since).await?;
    if by_pair > PER_ACCOUNT_AND_ADDRESS || by_address > PER_ADDRESS {
        fagfolk_data::auth::store::delete_attempt(db, id).await?;
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
    fagfolk_data::auth::store::clear_attempts(db, account, address).await
}
