//! The contact form's store: its enquiries (`contact_submissions`) and the limit's
//! attempts (`contact_attempts`). Writes take the caller's transaction (`crate::db::Tx`),
//! so a batch of enquiries, their leads (`crate::leads::store::insert_many_in`) and their
//! attempts commit together.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

pub mod photos;

/// A contact-form enquiry as stored (and as a privacy export shows it).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct StoredSubmission {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub service: Option<String>,
    pub message: String,
    pub lead_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// The days offered for the site visit.
    #[sqlx(json)]
    pub preferred_times: Vec<super::PreferredTime>,
}

/// Every enquiry, oldest first (a privacy request compares each in full, so a number
/// written any way is found).
pub async fn all_submissions(db: &Db) -> Result<Vec<StoredSubmission>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, name, email, phone, service, message, lead_id, created_at, preferred_times \
         FROM contact_submissions ORDER BY created_at",
    )
    .fetch_all(pool)
    .await)
}

/// An enquiry as the form stores it.
pub struct NewSubmission<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub service: Option<&'a str>,
    pub message: &'a str,
    pub preferred_times: &'a [super::PreferredTime],
    pub lead_id: Uuid,
    pub created_at: DateTime<Utc>,
}

/// Writes enquiries in one statement (a batch, `super::writer`).
pub async fn insert_submissions(tx: &mut Tx, submissions: &[NewSubmission<'_>]) -> Result<(), sqlx::Error> {
    if submissions.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new(
            "INSERT INTO contact_submissions (id, name, email, phone, service, message, lead_id, created_at, \
             preferred_times) ",
        );
        query.push_values(submissions, |mut row, submission| {
            row.push_bind(submission.id)
                .push_bind(submission.name.to_owned())
                .push_bind(submission.email.to_owned())
                .push_bind(submission.phone.to_owned())
                .push_bind(submission.service.map(str::to_owned))
                .push_bind(submission.message.to_owned())
                .push_bind(submission.lead_id)
                .push_bind(submission.created_at)
                .push_bind(sqlx::types::Json(submission.preferred_times.to_vec()));
        });
        // Not kept prepared: one statement per batch size (`leads::store::insert_many_in`).
        query.build().persistent(false).execute(conn).await.map(|_| ())
    })
}

/// Moves lead `from`'s enquiries to lead `to` (a merge).
pub async fn move_submissions(tx: &mut Tx, from: Uuid, to: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query("UPDATE contact_submissions SET lead_id = $1 WHERE lead_id = $2")
        .bind(to)
        .bind(from)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// Deletes the enquiries `ids` (an erasure).
pub async fn delete_submissions(tx: &mut Tx, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    delete_where(tx, "id", ids).await
}

/// Deletes the enquiries behind leads `lead_ids` (retention).
pub async fn delete_submissions_of(tx: &mut Tx, lead_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    delete_where(tx, "lead_id", lead_ids).await
}

/// Deletes the enquiries whose `column` (this store's own name) is one of `ids`.
async fn delete_where(tx: &mut Tx, column: &str, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("DELETE FROM contact_submissions WHERE");
        crate::db::push_in(&mut query, column, ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Writes an attempt from `address` at `now` unless it has `limit` attempts after `since`
/// already: `false`, and nothing written, when the limit is used up. Begin the
/// transaction with `Db::begin_one_at_a_time(&super::limit_key(address))`, so attempts
/// from one address cannot each read a count under the limit before any writes.
pub async fn record_attempt(
    tx: &mut Tx,
    address: &str,
    super::Window { now, since, limit }: super::Window,
) -> Result<bool, sqlx::Error> {
    let written = tx_run!(tx, conn => sqlx::query(
        "INSERT INTO contact_attempts (id, address, attempted_at) SELECT $1, $2, $3 \
         WHERE (SELECT COUNT(*) FROM contact_attempts WHERE address = $2 AND attempted_at > $4) < $5",
    )
    .bind(Uuid::now_v7())
    .bind(address)
    .bind(now)
    .bind(since)
    .bind(limit)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(written == 1)
}

/// The attempts from `addresses` after `since`, each with its address and time: a batch of
/// enquiries counts every sender's attempts at once (`super::writer`), in the transaction
/// that holds their turns.
pub async fn attempts_since(
    tx: &mut Tx,
    addresses: &[String],
    since: DateTime<Utc>,
) -> Result<Vec<(String, DateTime<Utc>)>, sqlx::Error> {
    if addresses.is_empty() {
        return Ok(Vec::new());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("SELECT address, attempted_at FROM contact_attempts WHERE");
        crate::db::push_in(&mut query, "address", addresses);
        query.push(" AND attempted_at > ").push_bind(since);
        query.build_query_as().persistent(false).fetch_all(conn).await
    })
}

/// Writes attempts (address and time) in one statement (a batch, `super::writer`).
pub async fn insert_attempts(tx: &mut Tx, attempts: &[(String, DateTime<Utc>)]) -> Result<(), sqlx::Error> {
    if attempts.is_empty() {
        return Ok(());
    }
    tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("INSERT INTO contact_attempts (id, address, attempted_at) ");
        query.push_values(attempts, |mut row, (address, at)| {
            row.push_bind(Uuid::now_v7()).push_bind(address.clone()).push_bind(*at);
        });
        query.build().persistent(false).execute(conn).await.map(|_| ())
    })
}

/// Forgets attempts older than `before`; run now and then by the server.
pub async fn forget_attempts(db: &Db, before: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    db_run!(db, pool => sqlx::query("DELETE FROM contact_attempts WHERE attempted_at < $1")
        .bind(before)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}
