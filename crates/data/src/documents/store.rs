//! Every query of `document_links`: a job's link to its documents (`super`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::DocumentLink;
use crate::audit::NewAudit;
use crate::db::Db;
use crate::jobs::Job;
use crate::jobs::store::columns;
use crate::{db_run, tx_run};

/// Writes job `job_id`'s link, replacing the one it had (whose token opens nothing after),
/// with its audit entry.
pub async fn replace(
    db: &Db,
    job_id: Uuid,
    hash: &[u8],
    expires_at: DateTime<Utc>,
    created_by: &str,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    tx_run!(&mut tx, conn => sqlx::query(
        "INSERT INTO document_links (job_id, token_hash, expires_at, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (job_id) DO UPDATE SET token_hash = excluded.token_hash, \
         expires_at = excluded.expires_at, created_by = excluded.created_by, created_at = excluded.created_at",
    )
    .bind(job_id)
    .bind(hash)
    .bind(expires_at)
    .bind(created_by)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))?;
    tx_run!(&mut tx, conn => sqlx::query("UPDATE jobs SET documents_linked = TRUE WHERE id = $1")
        .bind(job_id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    tx.audit(entry).await?;
    tx.commit().await
}

/// Whether job `job_id` has ever had a documents link: from then on only such a link
/// serves its documents, not the quote's page (migration 0036).
pub async fn ever_linked(db: &Db, job_id: Uuid) -> Result<bool, sqlx::Error> {
    let found: Option<(bool,)> = db_run!(db, pool => sqlx::query_as("SELECT documents_linked FROM jobs WHERE id = $1")
        .bind(job_id)
        .fetch_optional(pool)
        .await)?;
    Ok(found.is_some_and(|(linked,)| linked))
}

/// Takes job `job_id`'s link back; `false` when it had none. The audit entry is written
/// only when a link was taken back.
pub async fn revoke(db: &Db, job_id: Uuid, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let deleted = tx_run!(&mut tx, conn => sqlx::query("DELETE FROM document_links WHERE job_id = $1")
        .bind(job_id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    if deleted == 1 {
        tx.audit(entry).await?;
    }
    tx.commit().await?;
    Ok(deleted == 1)
}

/// Job `job_id`'s link, if it has one (expired or not).
pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Option<DocumentLink>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT expires_at, created_by, created_at FROM document_links WHERE job_id = $1",
    )
    .bind(job_id)
    .fetch_optional(pool)
    .await)
}

/// The job a link's token hash opens at `now`: none when the hash is unknown, or the link
/// ran out or was replaced or taken back.
pub async fn job_by_hash(db: &Db, hash: &[u8], now: DateTime<Utc>) -> Result<Option<Job>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM jobs WHERE id = \
         (SELECT job_id FROM document_links WHERE token_hash = $1 AND expires_at > $2)"
    ))
    .bind(hash)
    .bind(now)
    .fetch_optional(pool)
    .await)
}
