//! The contact form's photos (`contact_photos`): reserved against the sender's limit
//! before their files are written, made ready once they are, claimed by their enquiry in
//! its transaction, and discarded (for the sweep) by an erasure or the retention rule.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

/// A photo as staff see it on a lead.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Photo {
    pub id: Uuid,
    pub submission_id: Option<Uuid>,
    pub width: i32,
    pub height: i32,
    /// The stored JPEG's size in bytes.
    pub bytes: i64,
    pub created_at: DateTime<Utc>,
}

/// The columns of a [`Photo`], in the order of its fields.
macro_rules! photo_columns {
    () => {
        "id, submission_id, width, height, bytes, created_at"
    };
}

/// What one address may upload in the limit's window: photos, and bytes received.
#[derive(Debug, Clone, Copy)]
pub struct PhotoLimit {
    pub since: DateTime<Utc>,
    pub count: i64,
    pub bytes: i64,
}

/// Why a photo was not reserved.
#[derive(Debug, PartialEq, Eq)]
pub enum Over {
    Count,
    Bytes,
}

/// Reserves photo `id` of `received` bytes from `address` at `now` unless the address has
/// used up `limit`: the row is written not ready, so nothing can claim it before its files
/// are stored. Begin `tx` with `Db::begin_one_at_a_time(&photo_key(address))`.
pub async fn reserve(
    tx: &mut Tx,
    id: Uuid,
    address: &str,
    received: i64,
    now: DateTime<Utc>,
    limit: PhotoLimit,
) -> Result<Result<(), Over>, sqlx::Error> {
    let (count, bytes): (i64, Option<i64>) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT COUNT(*), CAST(SUM(received_bytes) AS BIGINT) FROM contact_photos WHERE address = $1 AND created_at > $2",
    )
    .bind(address)
    .bind(limit.since)
    .fetch_one(conn)
    .await)?;
    if count >= limit.count {
        return Ok(Err(Over::Count));
    }
    if bytes.unwrap_or(0) + received > limit.bytes {
        return Ok(Err(Over::Bytes));
    }
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO contact_photos (id, address, received_bytes, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(address)
    .bind(received)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))?;
    Ok(Ok(()))
}

/// The lock key that makes one address's uploads take turns.
pub fn photo_key(address: &str) -> String {
    format!("photos:{address}")
}

/// Marks photo `id` ready to be claimed, its files stored.
pub async fn ready(db: &Db, id: Uuid, width: i32, height: i32, bytes: i64) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query(
        "UPDATE contact_photos SET ready = $1, width = $2, height = $3, bytes = $4 WHERE id = $5",
    )
    .bind(true)
    .bind(width)
    .bind(height)
    .bind(bytes)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// Forgets a reserved photo whose file was refused (nothing was stored of it).
pub async fn forget(db: &Db, id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM contact_photos WHERE id = $1 AND submission_id IS NULL")
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Of `ids`, those ready and not yet claimed by an enquiry, in `tx`.
pub async fn claimable_in(tx: &mut Tx, ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("SELECT id FROM contact_photos WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.push(" AND ready = ").push_bind(true);
        query.push(" AND discarded = ").push_bind(false);
        query.push(" AND submission_id IS NULL");
        let rows: Vec<(Uuid,)> = query.build_query_as().persistent(false).fetch_all(conn).await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    })
}

/// Gives photo `id` to enquiry `submission` at `position`: `false` when another enquiry
/// has it or it is gone (the caller's batch is then undone, `super::super::writer`).
pub async fn claim_in(tx: &mut Tx, id: Uuid, submission: Uuid, position: i32) -> Result<bool, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE contact_photos SET submission_id = $1, position = $2 \
         WHERE id = $3 AND ready = $4 AND discarded = $5 AND submission_id IS NULL",
    )
    .bind(submission)
    .bind(position)
    .bind(id)
    .bind(true)
    .bind(false)
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// The photos of the enquiries behind lead `lead_id`, oldest enquiry first, each in the
/// order it was sent.
pub async fn of_lead(db: &Db, lead_id: Uuid) -> Result<Vec<Photo>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT p.id, p.submission_id, p.width, p.height, p.bytes, p.created_at FROM contact_photos p \
         JOIN contact_submissions s ON s.id = p.submission_id \
         WHERE s.lead_id = $1 AND p.discarded = $2 ORDER BY s.created_at, p.position",
    )
    .bind(lead_id)
    .bind(false)
    .fetch_all(pool)
    .await)
}

/// How many photos the enquiries behind each of `lead_ids` sent, for the leads that have
/// any (the lead list's marker).
pub async fn counts_of_leads(db: &Db, lead_ids: &[Uuid]) -> Result<Vec<(Uuid, i64)>, sqlx::Error> {
    if lead_ids.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT s.lead_id, COUNT(*) FROM contact_photos p JOIN contact_submissions s ON s.id = p.submission_id \
             WHERE p.discarded = ",
        );
        query.push_bind(false).push(" AND");
        crate::db::push_in(&mut query, "s.lead_id", lead_ids);
        query.push(" GROUP BY s.lead_id");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Photo `id` if an enquiry has it (a photo nobody sent is nobody's to see).
pub async fn get_claimed(db: &Db, id: Uuid) -> Result<Option<Photo>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        concat!("SELECT ", photo_columns!(), " FROM contact_photos WHERE id = $1 AND submission_id IS NOT NULL AND discarded = $2"),
    )
    .bind(id)
    .bind(false)
    .fetch_optional(pool)
    .await)
}

/// Photos of the enquiries `submission_ids` (a privacy export).
pub async fn of_submissions(db: &Db, submission_ids: &[Uuid]) -> Result<Vec<Photo>, sqlx::Error> {
    if submission_ids.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            concat!("SELECT ", photo_columns!(), " FROM contact_photos WHERE"),
        );
        crate::db::push_in(&mut query, "submission_id", submission_ids);
        query.push(" ORDER BY created_at, position");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Lets go of the photos of enquiries `submission_ids` (an erasure), in `tx`: they belong
/// to nobody and are discarded, and the sweep removes them and their files.
pub async fn discard_of_submissions_in(tx: &mut Tx, submission_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if submission_ids.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("UPDATE contact_photos SET submission_id = NULL, discarded = ");
        query.push_bind(true).push(" WHERE");
        crate::db::push_in(&mut query, "submission_id", submission_ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// As [`discard_of_submissions_in`] for the enquiries behind leads `lead_ids` (retention).
pub async fn discard_of_leads_in(tx: &mut Tx, lead_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if lead_ids.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("UPDATE contact_photos SET submission_id = NULL, discarded = ");
        query.push_bind(true).push(" WHERE submission_id IN (SELECT id FROM contact_submissions WHERE");
        crate::db::push_in(&mut query, "lead_id", lead_ids);
        query.push(")");
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Photos for the sweep: discarded, or never claimed and reserved before `before`.
pub async fn sweepable(db: &Db, before: DateTime<Utc>) -> Result<Vec<Uuid>, sqlx::Error> {
    let rows: Vec<(Uuid,)> = db_run!(db, pool => sqlx::query_as(
        "SELECT id FROM contact_photos WHERE submission_id IS NULL AND (discarded = $1 OR created_at < $2) LIMIT 500",
    )
    .bind(true)
    .bind(before)
    .fetch_all(pool)
    .await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Takes photo `id` for the sweep if it is still nobody's and old or discarded: marked
/// discarded, no enquiry can claim it any more, and its files can go. `false` when an
/// enquiry claimed it meanwhile.
pub async fn take_for_sweep(db: &Db, id: Uuid, before: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    db_run!(db, pool => sqlx::query(
        "UPDATE contact_photos SET discarded = $1 \
         WHERE id = $2 AND submission_id IS NULL AND (discarded = $1 OR created_at < $3)",
    )
    .bind(true)
    .bind(id)
    .bind(before)
    .execute(pool)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// Deletes the row of a photo taken for the sweep, once its files are gone.
pub async fn delete_swept(db: &Db, id: Uuid) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM contact_photos WHERE id = $1 AND discarded = $2")
        .bind(id)
        .bind(true)
        .execute(pool)
        .await
        .map(|_| ()))
}
