//! The audit log (README, "Roles"), written by the server for every admin mutation:
//! `changes = {"before": {...}, "after": {...}}` with the changed fields only.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db_run;
use crate::http::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// An entry about to be written.
#[derive(Debug, Clone)]
pub struct NewAudit {
    pub at: DateTime<Utc>,
    pub action: String,
    pub entity_type: String,
    pub entity_id: Option<String>,
    pub performed_by: String,
    pub changes: Option<Value>,
}

impl NewAudit {
    pub fn new(
        at: DateTime<Utc>,
        action: &str,
        entity_type: &str,
        entity_id: Option<Uuid>,
        performed_by: &str,
        changes: Option<Value>,
    ) -> Self {
        Self {
            at,
            action: action.to_owned(),
            entity_type: entity_type.to_owned(),
            entity_id: entity_id.map(|id| id.to_string()),
            performed_by: performed_by.to_owned(),
            changes,
        }
    }
}

/// Inserts an audit entry with any executor (a pool or a transaction), so a mutation and
/// its entry commit together: `audit_insert!(&mut *tx, &entry)`.
#[macro_export]
macro_rules! audit_insert {
    ($executor:expr, $entry:expr) => {{
        let entry: &$crate::audit::NewAudit = $entry;
        sqlx::query(
            "INSERT INTO audit_logs (id, created_at, action, entity_type, entity_id, performed_by, changes) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(uuid::Uuid::now_v7())
        .bind(entry.at)
        .bind(&entry.action)
        .bind(&entry.entity_type)
        .bind(&entry.entity_id)
        .bind(&entry.performed_by)
        .bind(entry.changes.as_ref().map(sqlx::types::Json))
        .execute($executor)
        .await
        .map(|_| ())
    }};
}

/// Runs `$body` in one transaction bound to `$tx`, then writes the audit entry `$entry`
/// in the same transaction and commits: a change and its entry land together or not at
/// all. `$entry` is a `&NewAudit`, or an `Option<&NewAudit>` for a write that no admin made
/// (the CLI). `$body` may use `?` on `sqlx::Error`, and `return Ok(..)` to end without
/// writing the entry, which rolls the transaction back. The stores (`<resource>/store.rs`,
/// `auth/session.rs`) use it:
/// `audited!(db, &entry, tx => sqlx::query("DELETE ...").bind(id).execute(&mut *tx).await?)`.
#[macro_export]
macro_rules! audited {
    ($db:expr, $entry:expr, $tx:ident => $body:expr) => {
        $crate::db_run!($db, pool => async {
            let mut $tx = $crate::db::BeginWrite::begin_write(pool).await?;
            let output = $body;
            let entry: Option<&$crate::audit::NewAudit> = ($entry).into();
            if let Some(entry) = entry {
                $crate::audit_insert!(&mut *$tx, entry)?;
            }
            $tx.commit().await?;
            Ok::<_, sqlx::Error>(output)
        }.await)
    };
}

/// The fields that differ between two JSON objects, as `{"before": {...}, "after": {...}}`;
/// `None` when nothing changed. Keys named like secrets are never included.
pub fn changes(before: &Value, after: &Value) -> Option<Value> {
    let empty = Map::new();
    let before = before.as_object().unwrap_or(&empty);
    let after = after.as_object().unwrap_or(&empty);
    let mut old = Map::new();
    let mut new = Map::new();
    for key in before.keys().chain(after.keys()) {
        if key.contains("password") || old.contains_key(key) || new.contains_key(key) {
            continue;
        }
        let (a, b) = (before.get(key).unwrap_or(&Value::Null), after.get(key).unwrap_or(&Value::Null));
        if a != b {
            old.insert(key.clone(), a.clone());
            new.insert(key.clone(), b.clone());
        }
    }
    (!new.is_empty()).then(|| serde_json::json!({ "before": old, "after": new }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub action: String,
    pub entity_type: String,
    pub entity_id: Option<String>,
    pub performed_by: Option<String>,
    #[sqlx(json(nullable))]
    pub changes: Option<Value>,
}

/// The newest `limit` entries.
pub async fn newest(db: &Db, limit: i64) -> Result<Vec<AuditEntry>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, created_at, action, entity_type, entity_id, performed_by, changes \
         FROM audit_logs ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}

/// Empties the log, leaving `entry` (who cleared it) as its only entry.
pub async fn clear(db: &Db, entry: &NewAudit) -> Result<(), sqlx::Error> {
    crate::audited!(db, entry, tx => {
        sqlx::query("DELETE FROM audit_logs").execute(&mut *tx).await?;
    })
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_audit, clear_audit))
}

/// The newest 200 audit entries.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "Nyeste 200 hendelser", body = [AuditEntry]),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
async fn list_audit(State(state): State<AppState>, _user: CurrentUser) -> ApiResult<Json<Vec<AuditEntry>>> {
    Ok(Json(newest(&state.db, 200).await?))
}

/// Clear the audit log (administrators only). Leaves one entry saying who cleared it.
#[utoipa::path(
    delete,
    path = "/api/admin/audit",
    tag = "admin",
    security(("session" = [])),
    responses(
        (status = 204, description = "Loggen er tømt"),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
    )
)]
async fn clear_audit(State(state): State<AppState>, user: CurrentUser) -> ApiResult<axum::http::StatusCode> {
    user.require_admin()?;
    let entry = NewAudit::new(state.clock.now(), "clear", "audit_logs", None, &user.email, None);
    clear(&state.db, &entry).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_hold_only_the_changed_fields_and_never_passwords() {
        let before = json!({"name": "Kari", "status": "Ny", "password_hash": "x", "tags": []});
        let after = json!({"name": "Kari", "status": "Kontaktet", "password_hash": "y", "tags": ["bad"]});
        assert_eq!(
            changes(&before, &after),
            Some(
                json!({"before": {"status": "Ny", "tags": []}, "after": {"status": "Kontaktet", "tags": ["bad"]}})
            )
        );
        assert_eq!(changes(&before, &before), None);
    }
}
