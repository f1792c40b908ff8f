//! "Glemt passord?" (README, "Security"): a one-hour, single-use link by e-mail. The link
//! carries a random 256-bit token; the database keeps only its SHA-256, like a session's.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::{db_run, tx_run};

/// How long a link works.
pub const LIFETIME_MINUTES: i64 = 60;

/// Makes a link's token for `user_id` and stores its hash; older links of the user stop
/// working. Returns the token for the e-mail.
pub async fn create(db: &Db, user_id: Uuid, now: DateTime<Utc>) -> Result<String, sqlx::Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = super::session::hash_token(&token);
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
        .bind(&hash)
        .bind(now)
        .bind(now + Duration::minutes(LIFETIME_MINUTES))
        .execute(pool)
        .await
        .map(|_| ())
    })?;
    Ok(token)
}

/// The user a link's token is for, while it is unused and within its hour.
pub async fn user_of(db: &Db, token: &str, now: DateTime<Utc>) -> Result<Option<Uuid>, sqlx::Error> {
    let hash = super::session::hash_token(token);
    db_run!(db, pool => sqlx::query_scalar(
        "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(&hash)
    .bind(now)
    .fetch_optional(pool)
    .await)
}

/// Sets the new password through the link, in one transaction with `entry`: the link is
/// used up (only if it still was unused and within its hour, so two uses cannot both
/// win), the password changes and every session of the user ends. `false` when the link
/// no longer works.
pub async fn use_link(
    db: &Db,
    token: &str,
    user_id: Uuid,
    password_hash: &str,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let hash = super::session::hash_token(token);
    let mut tx = db.begin().await?;
    let taken = tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND user_id = $3 \
         AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(&hash)
    .bind(user_id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    if taken != 1 {
        return Ok(false);
    }
    tx_run!(&mut tx, conn => sqlx::query("UPDATE admin_users SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(user_id)
        .bind(password_hash)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
    tx_run!(&mut tx, conn => sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}
