//! Private calendar feeds: each member of staff may have a secret address with their
//! befaringer (`own`), and an admin one with everyone's (`all`). Only the secret's hash
//! is stored (`calendar_feeds`); making a new address replaces the old one, revoking
//! deletes it, and a user deleted takes theirs along. A feed ends with its holder's access
//! ([`REVOKE_ALL`]), so no address outlives a lost phone.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::db::Db;
use crate::db_run;

/// Whose befaringer a feed has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The holder's own.
    Own,
    /// Everyone's (admins only).
    All,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Own => "own",
            Self::All => "all",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "own" => Some(Self::Own),
            "all" => Some(Self::All),
            _ => None,
        }
    }
}

/// A feed as its holder sees it in the back office (never its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Feed {
    pub scope: Scope,
    pub created_at: DateTime<Utc>,
}

/// Deletes every feed of the user `$1`, run in the transaction that ends the user's access:
/// a session ended by an admin, a password set or reset (`crate::auth::store`), a role
/// changed, deactivated or activated again (`crate::users::store`). A feed is read without
/// a session, so it would otherwise go on answering with the customers' names, phones and
/// addresses after the phone that holds it is lost (issue #74, finding 8).
pub const REVOKE_ALL: &str = "DELETE FROM calendar_feeds WHERE user_id = $1";

/// Stores `secret_hash` as `user_id`'s feed of `scope`, replacing the one they had, with
/// its audit entry.
pub async fn replace(
    db: &Db,
    user_id: Uuid,
    scope: Scope,
    secret_hash: &[u8],
    now: DateTime<Utc>,
    entry: &crate::audit::NewAudit,
) -> Result<(), sqlx::Error> {
    crate::audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO calendar_feeds (user_id, scope, secret_hash, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, scope) DO UPDATE SET secret_hash = excluded.secret_hash, created_at = excluded.created_at",
        )
        .bind(user_id)
        .bind(scope.as_str())
        .bind(secret_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    })
}

/// Deletes `user_id`'s feed of `scope`; `false` when there was none.
/// With its audit entry, written only when a feed was deleted.
pub async fn revoke(
    db: &Db,
    user_id: Uuid,
    scope: Scope,
    entry: &crate::audit::NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let deleted = crate::tx_run!(&mut tx, conn => sqlx::query("DELETE FROM calendar_feeds WHERE user_id = $1 AND scope = $2")
        .bind(user_id)
        .bind(scope.as_str())
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    if deleted == 1 {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(deleted == 1)
}

/// `user_id`'s feeds.
pub async fn of_user(db: &Db, user_id: Uuid) -> Result<Vec<Feed>, sqlx::Error> {
    let rows: Vec<(String, DateTime<Utc>)> = db_run!(db, pool => sqlx::query_as(
        "SELECT scope, created_at FROM calendar_feeds WHERE user_id = $1 ORDER BY scope",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .filter_map(|(scope, created_at)| Some(Feed { scope: Scope::parse(&scope)?, created_at }))
        .collect())
}

/// The holder and scope of the feed with `secret_hash`, while its holder is active (and,
/// for everyone's befaringer, still an admin).
pub async fn by_secret(db: &Db, secret_hash: &[u8]) -> Result<Option<(Uuid, Scope)>, sqlx::Error> {
    let row: Option<(Uuid, String)> = db_run!(db, pool => sqlx::query_as(
        "SELECT f.user_id, f.scope FROM calendar_feeds f JOIN admin_users u ON u.id = f.user_id \
         WHERE f.secret_hash = $1 AND u.is_active AND (f.scope = 'own' OR u.role = 'admin')",
    )
    .bind(secret_hash)
    .fetch_optional(pool)
    .await)?;
    Ok(row.and_then(|(user_id, scope)| Some((user_id, Scope::parse(&scope)?))))
}
