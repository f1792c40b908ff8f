//! Admin users. Creation is shared by the CLI (`fagfolk admin create`), the first-admin
//! environment variables and the demo seed; `routes` serves them over HTTP.

pub mod routes;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::audit::{NewAudit, changes};
use crate::auth::password;
use crate::db::Db;
use crate::db_run;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    Editor,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Editor => "editor",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "admin" => Some(Self::Admin),
            "editor" => Some(Self::Editor),
            _ => None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("{0}")]
    Invalid(String),
    #[error("det finnes allerede en bruker med e-posten {0}")]
    Exists(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Creates an admin user after checking the e-mail and the password policy. With
/// `performed_by` (the admin API), the user and its audit entry are written in one
/// transaction; the CLI, the first-admin variables and the demo seed pass `None`.
pub async fn create(
    db: &Db,
    name: &str,
    email: &str,
    plain_password: &str,
    role: Role,
    now: DateTime<Utc>,
    performed_by: Option<&str>,
) -> Result<Uuid, CreateUserError> {
    let name = name.trim();
    let email = email.trim().to_lowercase();
    if name.is_empty() {
        return Err(CreateUserError::Invalid("Navn er påkrevd.".into()));
    }
    if !crate::contact::is_email(&email) || email.len() > 254 {
        return Err(CreateUserError::Invalid("Skriv en gyldig e-postadresse.".into()));
    }
    if let Some(problem) = password::policy_error(plain_password) {
        return Err(CreateUserError::Invalid(problem));
    }
    let exists: Option<(Uuid,)> = db_run!(db, pool => sqlx::query_as("SELECT id FROM admin_users WHERE email = $1")
        .bind(&email)
        .fetch_optional(pool)
        .await)?;
    if exists.is_some() {
        return Err(CreateUserError::Exists(email));
    }
    let hash = password::hash(plain_password.to_owned()).await?;
    let id = Uuid::now_v7();
    let entry = performed_by.map(|by| {
        let after =
            serde_json::json!({ "name": name, "email": email, "role": role.as_str(), "is_active": true });
        NewAudit::new(now, "create", "admin_users", Some(id), by, changes(&serde_json::json!({}), &after))
    });
    db_run!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO admin_users (id, name, email, password_hash, role, is_active, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(name)
        .bind(&email)
        .bind(&hash)
        .bind(role.as_str())
        .bind(true)
        .bind(now)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if let Some(entry) = &entry {
            crate::audit_insert!(&mut *tx, entry)?;
        }
        tx.commit().await
    })?;
    Ok(id)
}

/// How many admin users exist (active or not).
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) =
        db_run!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM admin_users").fetch_one(pool).await)?;
    Ok(n)
}
