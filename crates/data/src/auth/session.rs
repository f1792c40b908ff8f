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
/// How long a remembered session lives after it was last used ("Husk meg på denne
/// enheten", a montør's own phone).
pub const REMEMBERED_DAYS: i64 = 30;
/// How long a remembered session's cookie is kept by the browser: the longest Chromium
/// keeps any (400 days). The server's end, renewed as the session is used, is the one
/// that counts.
const REMEMBERED_COOKIE_DAYS: i64 = 400;

pub fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Starts a session for `user_id` (a sign-in): stores the session, marks the user's last
/// sign-in and writes `entry` to the audit log, in one transaction. A `remembered` one
/// (a montør's own phone) lives [`REMEMBERED_DAYS`] from its last use, others
/// [`LIFETIME_HOURS`]; `device` is the browser's name for itself, shown under Brukere.
/// Returns the token for the cookie and its expiry.
pub async fn create(
    db: &Db,
    user_id: Uuid,
    now: DateTime<Utc>,
    (remembered, device): (bool, Option<&str>),
    entry: &NewAudit,
) -> Result<(String, DateTime<Utc>), sqlx::Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let expires_at =
        now + if remembered { Duration::days(REMEMBERED_DAYS) } else { Duration::hours(LIFETIME_HOURS) };
    let hash = hash_token(&token);
    let device = device.map(|name| name.chars().take(200).collect::<String>());
    let session = super::store::NewSession {
        token_hash: &hash,
        user_id,
        expires_at,
        remembered,
        device: device.as_deref(),
    };
    super::store::insert_session(db, &session, now, entry).await?;
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
        Some(mut user) if user.session_expires_at > now => {
            // Its use is written at most once an hour; a remembered session's end moves
            // with it, so a phone used every week stays signed in.
            if user.session_used_at.is_none_or(|used| now - used >= Duration::hours(1)) {
                if user.session_remembered {
                    user.session_expires_at = now + Duration::days(REMEMBERED_DAYS);
                }
                super::store::touch_session(db, user.session_id, now, user.session_expires_at).await?;
                user.session_used_at = Some(now);
            }
            Ok(Some(user))
        }
        Some(user) => {
            delete(db, user.session_id).await?;
            Ok(None)
        }
        None => Ok(None),
    }
}

pub use super::store::{delete_session as delete, delete_sessions_of_user as delete_for_user};

/// The `Set-Cookie` value that stores `token` (kept longer when `remembered`), or clears
/// the cookie when `None`.
pub fn cookie(token: Option<&str>, remembered: bool, secure: bool) -> String {
    let name = cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    let age = if remembered { REMEMBERED_COOKIE_DAYS * 24 * 3600 } else { LIFETIME_HOURS * 3600 };
    match token {
        Some(token) => format!("{name}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={age}{secure}"),
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
        let value = cookie(Some("t"), false, true);
        assert!(value.starts_with("__Host-fagfolk_session=t; Path=/;"), "{value}");
        assert!(
            value.contains("HttpOnly") && value.contains("SameSite=Strict") && value.ends_with("; Secure")
        );
        assert!(!value.contains("Domain"));
        assert!(cookie(Some("t"), false, false).starts_with("fagfolk_session=t;"));
        assert!(cookie(Some("t"), false, false).contains("Max-Age=86400"));
        assert!(cookie(Some("t"), true, false).contains("Max-Age=34560000"));
        assert!(cookie(None, false, false).contains("Max-Age=0"));
    }
}
