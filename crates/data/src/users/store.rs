//! The user store: every query and write of `admin_users`, each write with its audit
//! entry in the same transaction. Changes that could leave the firm without an active
//! administrator check that inside their transaction.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{AdminUserView, Role};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::text::Needle;
use crate::{audited, db_run};

macro_rules! columns {
    () => {
        "SELECT id, name, email, role, is_active, phone, last_login_at, created_at FROM admin_users"
    };
}

/// Every user, newest first.
pub async fn list(db: &Db) -> Result<Vec<AdminUserView>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(columns!(), " ORDER BY created_at DESC, id DESC"))
        .fetch_all(pool)
        .await)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<AdminUserView>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(columns!(), " WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Every user as the lead views name them, A-Å by name: who a lead can be assigned to.
pub async fn staff(db: &Db) -> Result<Vec<crate::leads::model::StaffMember>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as("SELECT id, name, email, is_active FROM admin_users ORDER BY name, id")
        .fetch_all(pool)
        .await)
}

/// How many users exist (active or not).
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) =
        db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM admin_users").fetch_one(pool).await)?;
    Ok(n)
}

pub async fn password_hash(db: &Db, id: Uuid) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT password_hash FROM admin_users WHERE id = $1").bind(id).fetch_optional(pool).await)?;
    Ok(row.map(|(hash,)| hash))
}

/// The id, password hash and active flag of the user with `email`, for signing in.
pub async fn credentials(db: &Db, email: &str) -> Result<Option<(Uuid, String, bool, String)>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as("SELECT id, password_hash, is_active, role FROM admin_users WHERE email = $1")
        .bind(email)
        .fetch_optional(pool)
        .await)
}

/// The command search's users: the first five by name whose name or e-mail holds
/// `needle`, folded the Norwegian way (a firm has a handful of users).
pub async fn search(db: &Db, needle: &Needle) -> Result<Vec<crate::text::Hit>, sqlx::Error> {
    let mut hits: Vec<crate::text::Hit> = db_run!(db, pool => sqlx::query_as(
        "SELECT id, name AS title, email AS detail FROM admin_users ORDER BY name",
    ).fetch_all(pool).await)?;
    hits.retain(|hit| needle.finds([hit.title.as_str(), hit.detail.as_deref().unwrap_or_default()]));
    hits.truncate(5);
    Ok(hits)
}

/// A new user as written: validated, its password already hashed.
pub struct NewUser<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
    pub at: DateTime<Utc>,
}

/// Writes a new user, with its audit entry when an admin made it. `Ok(false)` when the
/// e-mail is taken: the database's unique index decides, not a read before the write.
pub async fn insert(db: &Db, user: &NewUser<'_>, entry: Option<&NewAudit>) -> Result<bool, sqlx::Error> {
    let written = audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO admin_users (id, name, email, password_hash, role, is_active, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(user.id)
        .bind(user.name)
        .bind(user.email)
        .bind(user.password_hash)
        .bind(user.role.as_str())
        .bind(true)
        .bind(user.at)
        .bind(user.at)
        .execute(&mut *tx)
        .await?;
    });
    match written {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err),
    }
}

/// A change to the users that must leave at least one active administrator.
pub enum AdminChange<'a> {
    /// `ends_access`: the user's role or active state changes, so every session and
    /// calendar feed of theirs ends with it (a deactivated user's always do): a remembered
    /// phone does not keep the old role for 30 days, nor an old feed address come back
    /// with the user (issue #74, findings 8 and 9).
    Update {
        after: &'a AdminUserView,
        at: DateTime<Utc>,
        ends_access: bool,
    },
    Delete(Uuid),
}

/// Writes `change` and its audit entry in one transaction that also checks, after the
/// write, that an active administrator remains; rolls back and answers `false` if not.
/// Two admins demoting or deleting each other at the same moment are serialised: on
/// PostgreSQL the active admins' rows are locked first (`FOR UPDATE`), on SQLite the
/// first write takes the database's single write lock before anything is read.
pub async fn write_keeping_an_admin(
    db: &Db,
    change: AdminChange<'_>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let lock = matches!(db, Db::Postgres(_))
        .then_some("SELECT id FROM admin_users WHERE role = 'admin' AND is_active = TRUE FOR UPDATE");
    audited!(db, entry, tx => {
        if let Some(lock) = lock {
            sqlx::query(lock).execute(&mut *tx).await?;
        }
        match &change {
            AdminChange::Update { after, at, ends_access } => {
                sqlx::query("UPDATE admin_users SET name = $2, role = $3, is_active = $4, updated_at = $5, phone = $6 WHERE id = $1")
                    .bind(after.id)
                    .bind(&after.name)
                    .bind(after.role.as_str())
                    .bind(after.is_active)
                    .bind(at)
                    .bind(&after.phone)
                    .execute(&mut *tx)
                    .await?;
                if *ends_access || !after.is_active {
                    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(after.id).execute(&mut *tx).await?;
                    sqlx::query(crate::visits::feeds::REVOKE_ALL).bind(after.id).execute(&mut *tx).await?;
                }
            }
            AdminChange::Delete(id) => {
                sqlx::query("DELETE FROM admin_users WHERE id = $1").bind(id).execute(&mut *tx).await?;
            }
        }
        let (admins,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM admin_users WHERE role = 'admin' AND is_active = $1")
                .bind(true)
                .fetch_one(&mut *tx)
                .await?;
        if admins == 0 {
            // Dropping the transaction rolls the change back; no entry is written.
            return Ok(false);
        }
        true
    })
}

/// Stores a new password hash and its audit entry.
pub async fn set_password(
    db: &Db,
    id: Uuid,
    hash: &str,
    at: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("UPDATE admin_users SET password_hash = $2, updated_at = $3 WHERE id = $1")
            .bind(id)
            .bind(hash)
            .bind(at)
            .execute(&mut *tx)
            .await?;
    })
}
