//! The sign-in's store: sessions (only each token's SHA-256 is kept) and the attempts the
//! throttle counts (`super::throttle`), and the "Glemt passord?" links (`super::reset`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::CurrentUser;
use crate::audit::NewAudit;
use crate::db::Db;
use crate::visits::feeds::REVOKE_ALL as FEEDS;
use crate::{audited, db_run};

/// A session as the office sees it under Brukere: never its token.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct SessionView {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub expires_at: DateTime<Utc>,
    /// "Husk meg på denne enheten".
    pub remembered: bool,
    /// The browser it was made in, as it named itself.
    pub device: Option<String>,
}

/// A new session: its token's hash, whose, and how long it lives.
pub struct NewSession<'a> {
    pub token_hash: &'a [u8],
    pub user_id: Uuid,
    pub expires_at: DateTime<Utc>,
    pub remembered: bool,
    pub device: Option<&'a str>,
}

/// Stores a session and marks the user's last sign-in, with `entry`, in one transaction.
pub async fn insert_session(
    db: &Db,
    session: &NewSession<'_>,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    let user_id = session.user_id;
    audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at, remembered, last_used_at, device) \
             VALUES ($1, $2, $3, $4, $5, $6, $4, $7)",
        )
        .bind(Uuid::now_v7())
        .bind(session.token_hash)
        .bind(user_id)
        .bind(now)
        .bind(session.expires_at)
        .bind(session.remembered)
        .bind(session.device)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE admin_users SET last_login_at = $1 WHERE id = $2")
            .bind(now)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    })
}

/// Deletes a session with `entry` (a sign-out), in one transaction.
pub async fn end_session(db: &Db, session_id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM sessions WHERE id = $1").bind(session_id).execute(&mut *tx).await?;
    })
}

/// The active user behind a session's token hash, with the session's expiry and id.
pub async fn session_user(db: &Db, token_hash: &[u8]) -> Result<Option<CurrentUser>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT u.id, u.name, u.email, u.role, u.language, s.expires_at AS session_expires_at, s.id AS session_id, \
         s.remembered AS session_remembered, s.last_used_at AS session_used_at \
         FROM sessions s JOIN admin_users u ON u.id = s.user_id \
         WHERE s.token_hash = $1 AND u.is_active = $2",
    )
    .bind(token_hash)
    .bind(true)
    .fetch_optional(pool)
    .await)
}

/// Sets the language of `user_id`'s own screens, with `entry`.
pub async fn set_language(
    db: &Db,
    user_id: Uuid,
    language: &str,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("UPDATE admin_users SET language = $2 WHERE id = $1")
            .bind(user_id)
            .bind(language)
            .execute(&mut *tx)
            .await?;
    })
}

/// Marks session `id` used at `now`, and moves its end to `expires_at`.
pub async fn touch_session(
    db: &Db,
    id: Uuid,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("UPDATE sessions SET last_used_at = $2, expires_at = $3 WHERE id = $1")
        .bind(id)
        .bind(now)
        .bind(expires_at)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// The live sessions of `user_id`, the newest first.
pub async fn sessions_of(
    db: &Db,
    user_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<SessionView>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, created_at, last_used_at, expires_at, remembered, device FROM sessions \
         WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, id DESC",
    )
    .bind(user_id)
    .bind(now)
    .fetch_all(pool)
    .await)
}

/// Ends session `id` of `user_id` with `entry`, and the user's calendar feeds with it (an
/// admin ends a session when a phone is lost); `false` when there is none.
pub async fn end_session_of(db: &Db, user_id: Uuid, id: Uuid, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let done = sqlx::query("DELETE FROM sessions WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query(FEEDS).bind(user_id).execute(&mut *tx).await?;
        true
    })
}

pub async fn delete_session(db: &Db, session_id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(session_id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Ends every session of a user, except `keep` (the one asking, after its own password
/// change), and every calendar feed of theirs, in one transaction.
pub async fn delete_sessions_of_user(db: &Db, user_id: Uuid, keep: Option<Uuid>) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    crate::tx_run!(&mut tx, conn => sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or(Uuid::nil()))
        .execute(conn)
        .await
        .map(|_| ()))?;
    crate::tx_run!(&mut tx, conn => sqlx::query(FEEDS).bind(user_id).execute(conn).await.map(|_| ()))?;
    tx.commit().await
}

/// Writes an attempt at `account` from `address` at `now` (and forgets attempts older
/// than `forget_before`): the throttle's reservation.
pub async fn insert_attempt(
    db: &Db,
    id: Uuid,
    account: &str,
    address: &str,
    now: DateTime<Utc>,
    forget_before: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    db_run!(db, pool => {
        sqlx::query("DELETE FROM login_attempts WHERE attempted_at < $1")
            .bind(forget_before)
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
    })
}

/// The account the quote links' failed lookups are counted under (`src/quotes/customer.rs`):
/// a budget of its own, left out of an address's sign-in attempts, so that a customer's
/// mistyped links cannot lock out the office behind the same address.
pub const QUOTE_LINK: &str = "tilbud-lenke";

/// Attempts since `since` at `account` from `address`, and from `address` at all (the
/// quote links' lookups, [`QUOTE_LINK`], apart).
pub async fn count_attempts(
    db: &Db,
    account: &str,
    address: &str,
    since: DateTime<Utc>,
) -> Result<(i64, i64), sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM login_attempts WHERE account = $1 AND ip = $2 AND attempted_at > $3), \
           (SELECT COUNT(*) FROM login_attempts WHERE ip = $2 AND attempted_at > $3 AND account <> $4)",
    )
    .bind(account)
    .bind(address)
    .bind(since)
    .bind(QUOTE_LINK)
    .fetch_one(pool)
    .await)
}

pub async fn delete_attempt(db: &Db, id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM login_attempts WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Forgets the attempts at `account` from `address` (a sign-in that succeeded).
pub async fn clear_attempts(db: &Db, account: &str, address: &str) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM login_attempts WHERE account = $1 AND ip = $2")
        .bind(account)
        .bind(address)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Stores a "Glemt passord?" link's token hash for `user_id` (`super::reset`), after
/// removing the user's older links and every expired one.
pub async fn insert_reset(
    db: &Db,
    user_id: Uuid,
    token_hash: &[u8],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    db_run!(db, pool => {
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1 OR expires_at < $2")
            .bind(user_id)
            .bind(now)
            .execute(pool)
            .await?;
        sqlx::query(
            "INSERT INTO password_resets (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(Uuid::now_v7())
        .bind(user_id)
        .bind(token_hash)
        .bind(now)
        .bind(expires_at)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// The user of an unused link within its time.
pub async fn reset_user(db: &Db, token_hash: &[u8], now: DateTime<Utc>) -> Result<Option<Uuid>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_scalar(
        "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await)
}

/// Uses up the link and sets the password, ending the user's sessions and calendar feeds,
/// with `entry`, in one transaction; `false` (and nothing changed) when the link was used or too old.
pub async fn use_reset(
    db: &Db,
    token_hash: &[u8],
    user_id: Uuid,
    password_hash: &str,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let taken = crate::tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND user_id = $3 \
         AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(token_hash)
    .bind(user_id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    if taken != 1 {
        return Ok(false);
    }
    crate::tx_run!(&mut tx, conn => sqlx::query("UPDATE admin_users SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(user_id)
        .bind(password_hash)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
    crate::tx_run!(&mut tx, conn => sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    crate::tx_run!(&mut tx, conn => sqlx::query(FEEDS).bind(user_id).execute(conn).await.map(|_| ()))?;
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}
