//! The history tables of a lead: its notes (`lead_notes`), the e-mails sent about it
//! (`lead_emails`) and what was merged into it (`lead_merges`), with the reads the
//! timeline gathers from the audit log and the enquiries. Writes that are part of another
//! operation (a merge, an erasure) take its transaction (`crate::db::Tx`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{AuditRow, MergeRow, Note, Submission};
use crate::audit::NewAudit;
use crate::contact::ServiceChoice;
use crate::db::{Db, Tx};
use crate::{audited, db_run, tx_run};

/// The audit entries of the leads `ids`, oldest first.
pub async fn audit_rows(db: &Db, ids: &[String]) -> Result<Vec<AuditRow>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT entity_id, created_at, action, performed_by, changes FROM audit_logs \
             WHERE entity_type = 'leads' AND",
        );
        crate::db::push_in(&mut query, "entity_id", ids);
        query.push(" ORDER BY created_at, id");
        query.build_query_as().fetch_all(pool).await
    })
}

pub async fn merges(db: &Db, id: Uuid) -> Result<Vec<MergeRow>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT merged_id, merged_name, merged_by, merged_at FROM lead_merges WHERE lead_id = $1 ORDER BY merged_at, id",
    )
    .bind(id)
    .fetch_all(pool)
    .await)
}

/// Lead `id`'s notes, oldest first.
pub async fn notes(db: &Db, id: Uuid) -> Result<Vec<Note>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, lead_id, author_id, author_name, body, created_at FROM lead_notes \
         WHERE lead_id = $1 ORDER BY created_at, id",
    )
    .bind(id)
    .fetch_all(pool)
    .await)
}

pub async fn submissions(db: &Db, id: Uuid) -> Result<Vec<Submission>, sqlx::Error> {
    let mut rows: Vec<Submission> = db_run!(db, pool => sqlx::query_as(
        "SELECT id, name, email, phone, service, message, created_at, preferred_times FROM contact_submissions \
         WHERE lead_id = $1 ORDER BY created_at, id",
    )
    .bind(id)
    .fetch_all(pool)
    .await)?;
    for row in &mut rows {
        row.service =
            row.service.take().map(|value| ServiceChoice::label_of(&value).map_or(value, str::to_owned));
    }
    Ok(rows)
}

/// The e-mails sent about lead `id`, oldest first.
pub async fn sent_emails(db: &Db, id: Uuid) -> Result<Vec<super::SentEmail>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT lead_id, sent_at, recipient, subject, error FROM lead_emails WHERE lead_id = $1 ORDER BY sent_at, id",
    )
    .bind(id)
    .fetch_all(pool)
    .await)
}

/// Records an e-mail sent (or tried) about lead `id`. No audit entry: no member of staff
/// sent it.
pub async fn record_email(
    db: &Db,
    id: Uuid,
    at: DateTime<Utc>,
    recipient: &str,
    subject: &str,
    error: Option<&str>,
) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query(
        "INSERT INTO lead_emails (id, lead_id, sent_at, recipient, subject, error) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(Uuid::now_v7())
    .bind(id)
    .bind(at)
    .bind(recipient)
    .bind(subject)
    .bind(error)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// Writes `note` with its audit entry, if its lead is still there: the rows written (0 or 1).
pub async fn insert_note(db: &Db, note: &Note, entry: &NewAudit) -> Result<u64, sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query(
            "INSERT INTO lead_notes (id, lead_id, author_id, author_name, body, created_at) \
             SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM leads WHERE id = $2)",
        )
        .bind(note.id)
        .bind(note.lead_id)
        .bind(note.author_id)
        .bind(&note.author_name)
        .bind(&note.body)
        .bind(note.created_at)
        .execute(&mut *tx)
        .await?
        .rows_affected()
    })
}

/// Note `note_id` of lead `lead_id`.
pub async fn note(db: &Db, lead_id: Uuid, note_id: Uuid) -> Result<Option<Note>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, lead_id, author_id, author_name, body, created_at FROM lead_notes WHERE id = $1 AND lead_id = $2",
    )
    .bind(note_id)
    .bind(lead_id)
    .fetch_optional(pool)
    .await)
}

pub async fn delete_note(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM lead_notes WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}

/// Moves lead `from`'s notes, e-mails and merges to lead `to` (a merge).
pub async fn move_history(tx: &mut Tx, from: Uuid, to: Uuid) -> Result<(), sqlx::Error> {
    for table in ["lead_notes", "lead_emails", "lead_merges"] {
        // The table names are this function's own.
        let sql = format!("UPDATE {table} SET lead_id = $1 WHERE lead_id = $2");
        tx_run!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
            .bind(to)
            .bind(from)
            .execute(conn)
            .await
            .map(|_| ()))?;
    }
    Ok(())
}

/// Remembers that lead `merged_id` (named `merged_name`) was merged into `lead_id`.
pub async fn insert_merge(
    tx: &mut Tx,
    lead_id: Uuid,
    merged_id: Uuid,
    merged_name: &str,
    merged_by: &str,
    merged_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO lead_merges (id, lead_id, merged_id, merged_name, merged_by, merged_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(Uuid::now_v7())
    .bind(lead_id)
    .bind(merged_id)
    .bind(merged_name)
    .bind(merged_by)
    .bind(merged_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Forgets the merges of leads `merged_ids` (an erasure of those leads' person).
pub async fn forget_merges_of(tx: &mut Tx, merged_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if merged_ids.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("DELETE FROM lead_merges WHERE");
        crate::db::push_in(&mut query, "merged_id", merged_ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Deletes the notes, e-mails and merges of leads `ids` (retention: the leads stay,
/// anonymised).
pub async fn delete_history_of(tx: &mut Tx, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    for table in ["lead_notes", "lead_emails", "lead_merges"] {
        tx_run!(tx, conn => {
            let mut query = sqlx::QueryBuilder::new(format!("DELETE FROM {table} WHERE"));
            crate::db::push_in(&mut query, "lead_id", ids);
            query.build().execute(conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// How many notes the leads `ids` have.
pub async fn note_count(db: &Db, ids: &[Uuid]) -> Result<usize, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    let (count,): (i64,) = db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT COUNT(*) FROM lead_notes WHERE");
        crate::db::push_in(&mut query, "lead_id", ids);
        query.build_query_as().fetch_one(pool).await
    })?;
    Ok(usize::try_from(count).unwrap_or_default())
}
