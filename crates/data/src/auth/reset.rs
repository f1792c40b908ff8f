//! "Glemt passord?" (README, "Security"): a one-hour, single-use link by e-mail. The link
//! carries a random 256-bit token; the database keeps only its SHA-256, like a session's.
//! The SQL is in `super::store`.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use uuid::Uuid;

use super::store;
use crate::audit::NewAudit;
use crate::db::Db;

/// How long a link works.
pub const LIFETIME_MINUTES: i64 = 60;

/// Makes a link's token for `user_id` and stores its hash; older links of the user stop
/// working. Returns the token for the e-mail.
pub async fn create(db: &Db, user_id: Uuid, now: DateTime<Utc>) -> Result<String, sqlx::Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = super::session::hash_token(&token);
    store::insert_reset(db, user_id, &hash, now, now + Duration::minutes(LIFETIME_MINUTES)).await?;
    Ok(token)
}

/// The user a link's token is for, while it is unused and within its hour.
pub async fn user_of(db: &Db, token: &str, now: DateTime<Utc>) -> Result<Option<Uuid>, sqlx::Error> {
    store::reset_user(db, &super::session::hash_token(token), now).await
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
    store::use_reset(db, &super::session::hash_token(token), user_id, password_hash, now, entry).await
}
