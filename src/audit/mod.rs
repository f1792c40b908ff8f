//! The audit log (README, "Roles"), written by the server for every admin mutation:
//! `changes = {"before": {...}, "after": {...}}` with the changed fields only.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sqlx::QueryBuilder;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db_run;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiQuery};
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
    /// What the entry is about, by name (a lead's or a user's name, a service's...): as it
    /// is now, or as the entry itself recorded it when it is gone.
    #[sqlx(skip)]
    pub entity_name: Option<String>,
    pub performed_by: Option<String>,
    #[sqlx(json(nullable))]
    pub changes: Option<Value>,
}

/// The audit log's filters: who, what kind of thing, and the days (in Norway) from and to.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// Who did it (`performed_by`, an e-mail address).
    pub user: Option<String>,
    /// What kind of thing (`entity_type`, as `leads`).
    pub entity_type: Option<String>,
    /// From this day (`YYYY-MM-DD`, in Norway).
    pub from: Option<NaiveDate>,
    /// To and with this day.
    pub to: Option<NaiveDate>,
    /// Page number, from 1.
    pub page: Option<i64>,
    /// Entries per page (1-200, default 50).
    pub per_page: Option<i64>,
}

/// One page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditLogPage {
    pub items: Vec<AuditEntry>,
    /// Entries matching the filters (all pages).
    pub total: i64,
    /// Everyone who appears in the log, for the user filter.
    pub users: Vec<String>,
    /// Every kind of thing in the log, for the type filter.
    pub entity_types: Vec<String>,
}

/// Midnight at the start of `day` in Norway.
fn start_of(day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    chrono_tz::Europe::Oslo
        .from_local_datetime(&midnight)
        .earliest()
        .map_or_else(|| midnight.and_utc(), |at| at.with_timezone(&Utc))
}

fn push_where<DB>(query: &mut QueryBuilder<DB>, filter: &AuditFilter)
where
    DB: sqlx::Database,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> DateTime<Utc>: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    query.push(" WHERE 1 = 1");
    if let Some(user) = filter.user.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        query.push(" AND performed_by = ").push_bind(user.to_owned());
    }
    if let Some(kind) = filter.entity_type.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        query.push(" AND entity_type = ").push_bind(kind.to_owned());
    }
    if let Some(from) = filter.from {
        query.push(" AND created_at >= ").push_bind(start_of(from));
    }
    if let Some(to) = filter.to.and_then(|to| to.succ_opt()) {
        query.push(" AND created_at < ").push_bind(start_of(to));
    }
}

/// A page of the entries `filter` finds, newest first, with the total they make.
pub async fn page(
    db: &Db,
    filter: &AuditFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<AuditEntry>, i64), sqlx::Error> {
    db_run!(db, pool => {
        let mut query = QueryBuilder::new(
            "SELECT id, created_at, action, entity_type, entity_id, performed_by, changes FROM audit_logs",
        );
        push_where(&mut query, filter);
        query.push(" ORDER BY created_at DESC, id DESC LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
        let items = query.build_query_as().fetch_all(pool).await?;
        let mut query = QueryBuilder::new("SELECT COUNT(*) FROM audit_logs");
        push_where(&mut query, filter);
        let (total,): (i64,) = query.build_query_as().fetch_one(pool).await?;
        Ok((items, total))
    })
}

/// The distinct values of `column` (`performed_by` or `entity_type`), in order.
async fn distinct(db: &Db, column: &'static str) -> Result<Vec<String>, sqlx::Error> {
    let sql =
        format!("SELECT DISTINCT {column} FROM audit_logs WHERE {column} IS NOT NULL ORDER BY {column}");
    let rows: Vec<(String,)> =
        db_run!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(value,)| value).collect())
}

/// The tables whose rows have a name, and the column it is in.
const NAMED: [(&str, &str); 5] = [
    ("leads", "name"),
    ("services_admin", "name"),
    ("admin_users", "name"),
    ("categories", "name"),
    ("media", "alt"),
];

/// Fills in `entity_name` of `entries`: the row's name now, or when it is gone the name
/// the entry recorded (`changes.before.name`, `changes.after.name` or, for content, its
/// text or title).
async fn name_entries(db: &Db, entries: &mut [AuditEntry]) -> Result<(), sqlx::Error> {
    for (table, column) in NAMED {
        let ids: Vec<Uuid> = entries
            .iter()
            .filter(|entry| entry.entity_type == table)
            .filter_map(|entry| entry.entity_id.as_deref().and_then(|id| Uuid::parse_str(id).ok()))
            .collect();
        if ids.is_empty() {
            continue;
        }
        let rows: Vec<(Uuid, Option<String>)> = db_run!(db, pool => {
            let mut query = QueryBuilder::new(format!("SELECT id, {column} FROM {table} WHERE"));
            crate::db::push_in(&mut query, "id", &ids);
            query.build_query_as().fetch_all(pool).await
        })?;
        for entry in entries.iter_mut().filter(|entry| entry.entity_type == table) {
            let id = entry.entity_id.as_deref().and_then(|id| Uuid::parse_str(id).ok());
            entry.entity_name =
                rows.iter().find(|(row, _)| Some(*row) == id).and_then(|(_, name)| name.clone());
        }
    }
    for entry in entries.iter_mut().filter(|entry| entry.entity_name.is_none()) {
        entry.entity_name = recorded_name(entry.changes.as_ref());
    }
    Ok(())
}

fn recorded_name(changes: Option<&Value>) -> Option<String> {
    let changes = changes?;
    ["before", "after"].iter().find_map(|side| {
        let fields = &changes[side];
        let data = &fields["data"];
        [&fields["name"], &data["name"], &data["title"], &data["text"], &data["label"]]
            .into_iter()
            .find_map(|value| value.as_str().filter(|text| !text.is_empty()).map(str::to_owned))
    })
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_audit, clear_audit))
}

/// The audit log, newest first, filtered and paged on the server.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    security(("session" = [])),
    params(AuditFilter),
    responses(
        (status = 200, description = "En side av loggen", body = AuditLogPage),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
async fn list_audit(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(filter): ApiQuery<AuditFilter>,
) -> ApiResult<Json<AuditLogPage>> {
    let per_page = filter.per_page.unwrap_or(50).clamp(1, 200);
    let offset = (filter.page.unwrap_or(1).clamp(1, 1_000_000) - 1).saturating_mul(per_page);
    let (mut items, total) = page(&state.db, &filter, per_page, offset).await?;
    name_entries(&state.db, &mut items).await?;
    let users = distinct(&state.db, "performed_by").await?;
    let entity_types = distinct(&state.db, "entity_type").await?;
    Ok(Json(AuditLogPage { items, total, users, entity_types }))
}

/// What clearing the log asks for: the word TØM, typed.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ClearInput {
    pub confirm: Option<String>,
}

/// Empties the log, leaving `entry` (who cleared it) as its only entry.
pub async fn clear(db: &Db, entry: &NewAudit) -> Result<(), sqlx::Error> {
    crate::audited!(db, entry, tx => {
        sqlx::query("DELETE FROM audit_logs").execute(&mut *tx).await?;
    })
}

/// Clear the audit log (administrators only, with the word TØM typed). Leaves one entry
/// saying who cleared it.
#[utoipa::path(
    delete,
    path = "/api/admin/audit",
    tag = "admin",
    security(("session" = [])),
    request_body = ClearInput,
    responses(
        (status = 204, description = "Loggen er tømt"),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "TØM er ikke skrevet", body = ErrorBody),
    )
)]
async fn clear_audit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<ClearInput>,
) -> ApiResult<axum::http::StatusCode> {
    user.require_admin()?;
    if input.confirm.as_deref().map(str::trim) != Some("TØM") {
        return Err(ApiError::field("confirm", "Skriv TØM for å tømme loggen."));
    }
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
