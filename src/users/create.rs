//! Creating a staff user: shared by the CLI (`fagfolk admin create`), the first-admin
//! environment variables, the demo and the admin API.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::auth::password;
use crate::http::error::FieldErrors;
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::db::Db;
use fagfolk_data::users::{Role, input, store};

/// Why a user could not be created. `Invalid` holds a message per field (`name`, `email`,
/// `password`), which the admin API answers as field errors and the CLI prints.
#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("{}", .0.messages().join(" "))]
    Invalid(FieldErrors),
    #[error("det finnes allerede en bruker med e-posten {0}")]
    Exists(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Creates a user after checking the name, the e-mail and the password policy
/// (`fagfolk_data::users::input`). With `performed_by` (the admin API), the user and its
/// audit entry are written in one transaction; the CLI, the first-admin variables and the
/// demo seed pass `None`.
pub async fn create(
    db: &Db,
    name: &str,
    email: &str,
    plain_password: &str,
    role: Role,
    now: DateTime<Utc>,
    performed_by: Option<&str>,
) -> Result<Uuid, CreateUserError> {
    let fields =
        input::read_new_user(name, email, plain_password.is_empty(), password::policy_error(plain_password))
            .map_err(CreateUserError::Invalid)?;
    let (name, email) = (fields.name.as_str(), fields.email);
    let hash = password::hash(plain_password.to_owned()).await?;
    let id = Uuid::now_v7();
    let entry = performed_by.map(|by| {
        let after =
            serde_json::json!({ "name": name, "email": email, "role": role.as_str(), "is_active": true });
        NewAudit::recorded(now, AuditAction::Create, AuditEntity::AdminUsers, Some(id), by, after)
    });
    let user = store::NewUser { id, name, email: &email, password_hash: &hash, role, at: now };
    if !store::insert(db, &user, entry.as_ref()).await? {
        return Err(CreateUserError::Exists(email));
    }
    Ok(id)
}

/// How many admin users exist (active or not).
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    store::count(db).await
}
