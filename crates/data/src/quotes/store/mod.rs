//! The quote store: every query of `quotes` and `quote_numbers`, written once for SQLite
//! and PostgreSQL: here the numbers, the drafts and the reads; the writes that move a
//! quote from one state to another are in `states.rs`.

pub mod figures;
mod states;
pub use states::*;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::input::QuoteContent;
use super::model::{Quote, QuoteStatus};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::{audited, db_run, tx_run};

macro_rules! columns {
    () => {
        "id, lead_id, number, version, status, customer_name, customer_company, customer_email, customer_phone, \
         customer_address, customer_kind, org_nr, angrerett, price_type, intro, terms, lines, valid_until, \
         net_total, vat_total, total, owner_id, owner_name, created_at, updated_at, sent_at, sent_by, \
         first_opened_at, last_opened_at, withdrawn_at, withdrawn_by, replaced_at, replaced_by, declined_at, \
         decline_reason, accepted_at, accepted_name, accepted_ip, accepted_user_agent, accepted_texts, \
         early_start, pdf_sha256, job_id, agreed_how, agreed_note, agreed_by, reservation"
    };
}

/// Takes the next number of `year` in the caller's transaction: 1 for the year's first
/// quote. The counter's row is locked until the transaction ends (PostgreSQL), or the
/// transaction is the only writer (SQLite's `BEGIN IMMEDIATE`), so two quotes never get
/// one number, and a transaction that rolls back gives its number back.
pub async fn next_number(tx: &mut Tx, year: i32) -> Result<i64, sqlx::Error> {
    let (last,): (i64,) = tx_run!(tx, conn => sqlx::query_as(
        "INSERT INTO quote_numbers (year, last) VALUES ($1, 1) \
         ON CONFLICT (year) DO UPDATE SET last = quote_numbers.last + 1 RETURNING last",
    )
    .bind(year)
    .fetch_one(conn)
    .await)?;
    Ok(last)
}

/// Where a quote belongs: its lead, and for a change order (tilleggsarbeid) its job.
#[derive(Debug, Clone, Copy)]
pub struct Owners {
    pub lead_id: Option<Uuid>,
    pub job_id: Option<Uuid>,
}

/// Writes a new draft (version `version` of `number`) in the caller's transaction.
#[allow(clippy::too_many_arguments)]
pub async fn insert_in(
    tx: &mut Tx,
    id: Uuid,
    of: Owners,
    number: &str,
    version: i32,
    content: &QuoteContent,
    owner: (Option<Uuid>, &str),
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO quotes (id, lead_id, number, version, status, customer_name, customer_email, \
         customer_phone, customer_address, customer_kind, org_nr, angrerett, price_type, intro, terms, lines, \
         valid_until, net_total, vat_total, total, owner_id, owner_name, created_at, updated_at, customer_company, \
         job_id, reservation) \
         VALUES ($1, $2, $3, $4, 'draft', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, \
         $20, $21, $22, $22, $23, $24, $25)",
    )
    .bind(id)
    .bind(of.lead_id)
    .bind(number)
    .bind(version)
    .bind(&content.customer_name)
    .bind(&content.customer_email)
    .bind(&content.customer_phone)
    .bind(&content.customer_address)
    .bind(content.customer_kind.as_str())
    .bind(&content.org_nr)
    .bind(content.angrerett)
    .bind(content.price_type.as_str())
    .bind(&content.intro)
    .bind(&content.terms)
    .bind(sqlx::types::Json(&content.lines))
    .bind(content.valid_until)
    .bind(content.totals.net)
    .bind(content.totals.vat)
    .bind(content.totals.gross)
    .bind(owner.0)
    .bind(owner.1)
    .bind(now)
    .bind(&content.customer_company)
    .bind(of.job_id)
    .bind(content.reservation)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Saves a draft's content with its audit entry; `false` when it is no longer a draft.
pub async fn update_draft(
    db: &Db,
    id: Uuid,
    content: &QuoteContent,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let done = sqlx::query(
            "UPDATE quotes SET customer_name = $1, customer_email = $2, customer_phone = $3, customer_address = $4, \
             customer_kind = $5, org_nr = $6, angrerett = $7, price_type = $8, intro = $9, terms = $10, lines = $11, \
             valid_until = $12, net_total = $13, vat_total = $14, total = $15, updated_at = $16, \
             customer_company = $18, reservation = $19 WHERE id = $17 AND status = 'draft'",
        )
        .bind(&content.customer_name)
        .bind(&content.customer_email)
        .bind(&content.customer_phone)
        .bind(&content.customer_address)
        .bind(content.customer_kind.as_str())
        .bind(&content.org_nr)
        .bind(content.angrerett)
        .bind(content.price_type.as_str())
        .bind(&content.intro)
        .bind(&content.terms)
        .bind(sqlx::types::Json(&content.lines))
        .bind(content.valid_until)
        .bind(content.totals.net)
        .bind(content.totals.vat)
        .bind(content.totals.gross)
        .bind(now)
        .bind(id)
        .bind(&content.customer_company)
        .bind(content.reservation)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        true
    })
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM quotes WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// The quote whose link carries the token with this hash.
pub async fn by_token(db: &Db, token_hash: &[u8]) -> Result<Option<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM quotes WHERE token_hash = $1"))
        .bind(token_hash)
        .fetch_optional(pool)
        .await)
}

/// Every version of `number`, newest first.
pub async fn versions(db: &Db, number: &str) -> Result<Vec<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM quotes WHERE number = $1 ORDER BY version DESC"))
        .bind(number)
        .fetch_all(pool)
        .await)
}

/// The quotes of a lead, newest first.
pub async fn of_lead(db: &Db, lead_id: Uuid) -> Result<Vec<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM quotes WHERE lead_id = $1 ORDER BY number DESC, version DESC"
    ))
    .bind(lead_id)
    .fetch_all(pool)
    .await)
}

/// The change orders (tilleggsarbeid) of job `job_id`, newest first.
pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Vec<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM quotes WHERE job_id = $1 ORDER BY number DESC, version DESC"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

/// Whether job `job_id` is invoiced, its row taken first (`jobs::store::lock_in`), so an invoice made at the same moment (`crate::invoices::issue`, which takes it
/// too) waits for this transaction or this one for it: a change order is never sent,
/// accepted or agreed after its job's invoice.
pub async fn job_invoiced_in(tx: &mut Tx, job_id: Uuid) -> Result<bool, sqlx::Error> {
    crate::jobs::store::lock_in(tx, job_id).await?;
    let status: Option<(String,)> = tx_run!(tx, conn => sqlx::query_as("SELECT status FROM jobs WHERE id = $1")
        .bind(job_id)
        .fetch_optional(conn)
        .await)?;
    Ok(status.is_some_and(|(status,)| status == "invoiced"))
}

/// Job `job_id`'s change orders as they stand in `tx`: `(number, status, valid_until)` each.
pub async fn change_states_in(
    tx: &mut Tx,
    job_id: Uuid,
) -> Result<Vec<(String, String, chrono::NaiveDate)>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(
        "SELECT number, status, valid_until FROM quotes WHERE job_id = $1 ORDER BY number, version",
    )
        .bind(job_id)
        .fetch_all(conn)
        .await)
}

/// The sum excluding MVA of the accepted change orders of `jobs`: `(job_id, øre)`.
pub async fn accepted_changes(db: &Db, jobs: &[Uuid]) -> Result<Vec<(Uuid, i64)>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT job_id, CAST(SUM(net_total) AS BIGINT) FROM quotes WHERE job_id IS NOT NULL AND status = 'accepted' AND",
        );
        crate::db::push_in(&mut query, "job_id", jobs);
        query.push(" GROUP BY job_id");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Every quote, newest first (a firm makes a few a day; the list filters them).
pub async fn all(db: &Db) -> Result<Vec<Quote>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM quotes ORDER BY created_at DESC, version DESC"))
        .fetch_all(pool)
        .await)
}

/// The firm as quote `id` was sent (JSON, `src/quotes/mail.rs`); `None` for a draft, or a
/// quote sent before it was kept.
pub async fn sent_firm(db: &Db, id: Uuid) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(Option<String>,)> = db_run!(db, pool => sqlx::query_as("SELECT sent_firm FROM quotes WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row.and_then(|(firm,)| firm))
}

/// The PDF that was sent.
pub async fn pdf(db: &Db, id: Uuid) -> Result<Option<Vec<u8>>, sqlx::Error> {
    let row: Option<(Option<Vec<u8>>,)> = db_run!(db, pool => sqlx::query_as("SELECT pdf FROM quotes WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row.and_then(|(pdf,)| pdf))
}

/// Notes that the customer opened the quote's page now.
pub async fn opened(db: &Db, id: Uuid, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query(
        "UPDATE quotes SET first_opened_at = COALESCE(first_opened_at, $1), last_opened_at = $1 WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// Deletes the quotes `ids` that were never accepted (an erased person's, found by lead and
/// by contact details); answers the ids deleted.
pub async fn delete_unaccepted(tx: &mut Tx, ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    delete_unaccepted_where(tx, "id", ids).await
}

/// Deletes the quotes of leads `lead_ids` that were never accepted (a privacy erasure; an
/// accepted quote is a contract record and stays, its `lead_id` set to null by the
/// lead's deletion). Answers the ids of those deleted.
pub async fn delete_unaccepted_in(tx: &mut Tx, lead_ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    delete_unaccepted_where(tx, "lead_id", lead_ids).await
}

/// Deletes the quotes never accepted whose `column` is one of `ids`; answers their ids.
async fn delete_unaccepted_where(
    tx: &mut Tx,
    column: &'static str,
    ids: &[Uuid],
) -> Result<Vec<Uuid>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(Uuid,)> = tx_run!(tx, conn => {
        let mut query = sqlx::QueryBuilder::new("DELETE FROM quotes WHERE status <> ");
        query.push_bind(QuoteStatus::Accepted.as_str()).push(" AND");
        crate::db::push_in(&mut query, column, ids);
        query.push(" RETURNING id");
        query.build_query_as().fetch_all(conn).await
    })?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
