//! The contact form's limit: `FAGFOLK_CONTACT_LIMIT` enquiries per client address (an
//! IPv6 client by its /64, `crate::http::client::rate_key`) in any
//! `FAGFOLK_CONTACT_WINDOW_SECS`. Attempts are rows in the database, so the limit holds
//! across every instance behind a load balancer (tests/api/scale.rs).

use chrono::{DateTime, Utc};

use crate::db::{BeginWrite, Db};
use crate::db_run;
use crate::state::AppState;

/// Writes an attempt from `$2` at `$3` unless the address has `$5` attempts after `$4`
/// already (`$1` is the new row's id): no row written means the limit is used up.
pub const ATTEMPT: &str = "INSERT INTO contact_attempts (id, address, attempted_at) SELECT $1, $2, $3 \
     WHERE (SELECT COUNT(*) FROM contact_attempts WHERE address = $2 AND attempted_at > $4) < $5";

/// Binds [`ATTEMPT`] for `$address` with the `(now, since, limit)` of [`window`], so the
/// limit's own transaction and the enquiry's (`super::store`) count the same way.
#[macro_export]
macro_rules! bind_attempt {
    ($address:expr, $window:expr) => {
        sqlx::query($crate::contact::limit::ATTEMPT)
            .bind(uuid::Uuid::now_v7())
            .bind($address)
            .bind($window.0)
            .bind($window.1)
            .bind($window.2)
    };
}

/// The lock key that makes attempts from `address` take turns: concurrent attempts
/// could otherwise each read a count under the limit before any wrote (on PostgreSQL 11
/// of 20 at once got through a limit of 3; tests/api/contact.rs).
pub fn key(address: &str) -> String {
    format!("contact:{address}")
}

/// Now, the start of the window, and the limit: what [`ATTEMPT`] is bound with.
pub fn window(state: &AppState) -> (DateTime<Utc>, DateTime<Utc>, i64) {
    let now = state.clock.now();
    let since = now
        - chrono::Duration::from_std(state.config.contact_window)
            .unwrap_or_else(|_| chrono::Duration::days(365));
    (now, since, i64::from(state.config.contact_limit.get()))
}

/// Counts an attempt from `address` unless it has used up the limit: `false` then. (An
/// enquiry that is stored counts in its own transaction instead, `super::store`.)
pub async fn allow(state: &AppState, address: &str) -> Result<bool, sqlx::Error> {
    let window = window(state);
    let key = key(address);
    let written = db_run!(&state.db, pool => {
        let mut tx = pool.begin_write_one_at_a_time(&key).await?;
        let done = crate::bind_attempt!(address, window).execute(&mut *tx).await?.rows_affected();
        tx.commit().await?;
        Ok::<_, sqlx::Error>(done)
    })?;
    Ok(written == 1)
}

/// Forgets attempts older than `before`; run now and then by the server.
pub async fn forget(db: &Db, before: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM contact_attempts WHERE attempted_at < $1")
        .bind(before)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}
