//! Sign-in throttling per account and per client address, kept in the database so that
//! it holds across several server instances.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::db::Db;
use crate::db_run;
use crate::http::error::ApiError;

pub const WINDOW_MINUTES: i64 = 15;
/// Failed attempts allowed per account in the window.
pub const PER_ACCOUNT: i64 = 5;
/// Failed attempts allowed per client address in the window (covers many accounts).
pub const PER_IP: i64 = 10;

pub async fn check(db: &Db, account: &str, ip: &str, now: DateTime<Utc>) -> Result<(), ApiError> {
    let since = now - Duration::minutes(WINDOW_MINUTES);
    let (by_account, by_ip): (i64, i64) = db_run!(db, pool => sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM login_attempts WHERE account = $1 AND attempted_at > $3), \
           (SELECT COUNT(*) FROM login_attempts WHERE ip = $2 AND attempted_at > $3)",
    )
    .bind(account)
    .bind(ip)
    .bind(since)
    .fetch_one(pool)
    .await)?;
    if by_account >= PER_ACCOUNT || by_ip >= PER_IP {
        return Err(ApiError::TooManyRequests {
            message: format!(
                "For mange mislykkede innloggingsforsøk. Vent {WINDOW_MINUTES} minutter og prøv igjen."
            ),
            retry_after_secs: (WINDOW_MINUTES * 60) as u64,
        });
    }
    Ok(())
}

pub async fn record_failure(db: &Db, account: &str, ip: &str, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    db_run!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM login_attempts WHERE attempted_at < $1")
            .bind(now - Duration::days(1))
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO login_attempts (id, account, ip, attempted_at) VALUES ($1, $2, $3, $4)")
            .bind(Uuid::now_v7())
            .bind(account)
            .bind(ip)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    })
}

pub async fn clear(db: &Db, account: &str) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM login_attempts WHERE account = $1")
        .bind(account)
        .execute(pool)
        .await
        .map(|_| ()))
}
