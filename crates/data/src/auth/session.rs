//! Sessions (README, "Security"): an opaque 256-bit token in an HttpOnly cookie; the
//! database keeps only its SHA-256, so a leaked table cannot be replayed.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::CurrentUser;
use crate::audit::NewAudit;
use crate::db::Db;

pub const COOKIE: &str = "fagfolk_session";
/// The cookie's name on HTTPS. Browsers accept a `__Host-` cookie only with `Secure`,
/// `Path=/` and no `Domain`, so neither plain HTTP nor a sibling subdomain can plant or
/// overwrite it.
pub const SECURE_COOKIE: &str = "__Host-fagfolk_session";

/// The session cookie's name: [`SECURE_COOKIE`] when the site is served over HTTPS.
pub fn cookie_name(secure: bool) -> &'static str {
    if secure { SECURE_COOKIE } else { COOKIE }
}
pub const LIFETIME_HOURS: i64 = 24;

pub fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Starts a session for `user_id` (a sign-in): stores the session, marks the user's last
/// sign-in and writes `entry` to the audit log, in one transaction. Returns the token for
/// the cookie and its expiry.
pub async fn create(
    db: &Db,
    user_id: Uuid,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(String, DateTime<Utc>), sqlx::Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let expires_at = now + Duration::hours(LIFETIME_HOURS);
    super::store::insert_session(db, &hash_token(&token), user_id, now, expires_at, entry).await?;
    Ok((token, expires_at))
}

/// Ends a session (a sign-out) and writes `entry` to the audit log, in one transaction.
pub async fn end(db: &Db, session_id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    super::store::end_session(db, session_id, entry).await
}

/// The user behind a token, if the session is live and the user active. An expired
/// session is deleted on sight.
pub async fn lookup(db: &Db, token: &str, now: DateTime<Utc>) -> Result<Option<CurrentUser>, sqlx::Error> {
    let hash = hash_token(token);
    let user = super::store::session_user(db, &hash).await?;
    match user {
        Some(user) if user.session_expires_at > now => Ok(Some(user)),
        Some(user) => {
            delete(db, user.session_id).await?;
            Ok(None)
        }
        None => Ok(None),
    }
}

pub use super::store::{delete_session as delete, delete_sessions_of_user as delete_for_user};

/// The `Set-Cookie` value that stores `token`, or clears the cookie when `None`.
pub fn cookie(token: Option<&str>, secure: bool) -> String {
    let name = cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    match token {
        Some(token) => format!(
            "{name}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
            LIFETIME_HOURS * 3600
        ),
        None => format!("{name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}"),
    }
}

/// The session token from a `Cookie` header: only the cookie of the site's scheme counts.
pub fn token_from_cookies(header: &str, secure: bool) -> Option<&str> {
    let name = cookie_name(secure);
    header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(candidate, _)| *candidate == name)
        .map(|(_, value)| value)
        .filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_found_among_other_cookies() {
        assert_eq!(token_from_cookies("a=1; fagfolk_session=abc; b=2", false), Some("abc"));
        assert_eq!(token_from_cookies("fagfolk_session=", false), None);
        assert_eq!(token_from_cookies("other=abc", false), None);
        assert_eq!(token_from_cookies("__Host-fagfolk_session=abc", true), Some("abc"));
        // Over HTTPS a cookie without the prefix may have been planted over plain HTTP.
        assert_eq!(token_from_cookies("fagfolk_session=abc", true), None);
    }

    #[test]
    fn the_cookie_is_http_only_and_strict() {
        let value = cookie(Some("t"), true);
        assert!(value.starts_with("__Host-fagfolk_session=t; Path=/;"), "{value}");
        assert!(
            value.contains("HttpOnly") && value.contains("SameSite=Strict") && value.ends_with("; Secure")
        );
        assert!(!value.contains("Domain"));
        assert!(cookie(Some("t"), false).starts_with("fagfolk_session=t;"));
        assert!(cookie(None, false).contains("Max-Age=0"));
    }
}
