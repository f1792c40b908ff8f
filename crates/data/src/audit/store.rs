//! The audit log's store: the one write path every change takes (`audited!` writes the
//! change and its entry in one transaction; `Tx::audit` does it for an operation that
//! spans resources), the log's pages, and the writes an erasure or the retention rule
//! makes in its transaction.

use chrono::{DateTime, Utc};
use sqlx::QueryBuilder;
use uuid::Uuid;

use super::{AuditEntity, AuditEntry, AuditFilter, NewAudit};
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

/// Inserts an audit entry with a connection or transaction (`&mut *tx`), so a mutation and
/// its entry commit together: `audit_insert!(&mut *tx, &entry)`. An entry marked
/// `on_site` moves the site's change counter in the same transaction.
#[macro_export]
macro_rules! audit_insert {
    ($executor:expr, $entry:expr) => {{
        let entry: &$crate::audit::NewAudit = $entry;
        let written = sqlx::query(
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
        .execute(&mut *$executor)
        .await
        .map(|_| ());
        match written {
            // A change the public site shows moves the site's change counter with it, so
            // every instance renders its pages again (src/site/cache.rs).
            Ok(()) if entry.on_site => {
                sqlx::query($crate::site::store::BUMP).execute(&mut *$executor).await.map(|_| ())
            }
            other => other,
        }
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

/// Writes `entry` alone: an action that changes nothing stored but is recorded (an
/// export, a look at a person's data).
pub async fn record(db: &Db, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, _tx => ())
}

impl Tx {
    /// Writes `entry` in this transaction: the change and its audit entry commit together
    /// (the write path of an operation over several resources).
    pub async fn audit(&mut self, entry: &NewAudit) -> Result<(), sqlx::Error> {
        tx_run!(self, conn => crate::audit_insert!(conn, entry))
    }
}

/// Every entry about a thing of `entity` that still has its changes, oldest first.
pub async fn with_changes_about(db: &Db, entity: AuditEntity) -> Result<Vec<AuditEntry>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, created_at, action, entity_type, entity_id, performed_by, changes FROM audit_logs \
         WHERE entity_type = $1 AND changes IS NOT NULL ORDER BY created_at, id",
    )
    .bind(entity.as_str())
    .fetch_all(pool)
    .await)
}

/// Empties the changes of every entry about the things `ids` of `entity`: who did what,
/// and when, stays.
pub async fn clear_changes_about(tx: &mut Tx, entity: AuditEntity, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("UPDATE audit_logs SET changes = NULL WHERE entity_type = ");
        query.push_bind(entity.as_str()).push(" AND");
        crate::db::push_in(&mut query, "entity_id", &ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Empties the changes of the entries `ids`.
pub async fn clear_changes(tx: &mut Tx, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("UPDATE audit_logs SET changes = NULL WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Replaces the changes of entry `id` (an erasure takes a person's part out of them).
pub async fn set_changes(tx: &mut Tx, id: Uuid, changes: &serde_json::Value) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("UPDATE audit_logs SET changes = $1 WHERE id = $2")
        .bind(sqlx::types::Json(changes))
        .bind(id)
        .execute(conn)
        .await
        .map(|_| ()))
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
        query.push(" AND created_at >= ").push_bind(crate::oslo::start_of(from));
    }
    if let Some(to) = filter.to.and_then(|to| to.succ_opt()) {
        query.push(" AND created_at < ").push_bind(crate::oslo::start_of(to));
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
pub async fn distinct(db: &Db, column: &'static str) -> Result<Vec<String>, sqlx::Error> {
    let sql =
        format!("SELECT DISTINCT {column} FROM audit_logs WHERE {column} IS NOT NULL ORDER BY {column}");
    let rows: Vec<(String,)> =
        db_run!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(value,)| value).collect())
}

/// The name (`column`) of each row `ids` of `table` (fixed pairs from `super::NAMED`).
pub async fn names(
    db: &Db,
    table: &'static str,
    column: &'static str,
    ids: &[Uuid],
) -> Result<Vec<(Uuid, Option<String>)>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = QueryBuilder::new(format!("SELECT id, {column} FROM {table} WHERE"));
        crate::db::push_in(&mut query, "id", ids);
        query.build_query_as().fetch_all(pool).await
    })
}

/// The names of the users with e-mail addresses `emails`, by address.
pub async fn user_names(db: &Db, emails: &[String]) -> Result<Vec<(String, String)>, sqlx::Error> {
    if emails.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT email, name FROM admin_users WHERE");
        crate::db::push_in(&mut query, "email", emails);
        query.build_query_as().fetch_all(pool).await
    })
}

/// Empties the log, leaving `entry` (who cleared it) as its only entry.
pub async fn clear(db: &Db, entry: &NewAudit) -> Result<(), sqlx::Error> {
    crate::audited!(db, entry, tx => {
        sqlx::query("DELETE FROM audit_logs").execute(&mut *tx).await?;
    })
}
