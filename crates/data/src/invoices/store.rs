//! The invoice store: every query of `invoices` and `invoice_numbers`, written once for
//! SQLite and PostgreSQL.

use sqlx::types::Json;
use uuid::Uuid;

use super::Invoice;
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

macro_rules! columns {
    () => {
        "id, job_id, number, kind, credited_id, reason, issue_date, due_date, basis, seller, net_total, \
         vat_total, total, created_by, created_at, credited_lines"
    };
}

/// The next count of `year`'s invoice numbers, in the caller's transaction (as a quote's:
/// `crate::quotes::store::next_number`): no gaps, no duplicates.
pub async fn next_number(tx: &mut Tx, year: i32) -> Result<i64, sqlx::Error> {
    let (last,): (i64,) = tx_run!(tx, conn => sqlx::query_as(
        "INSERT INTO invoice_numbers (year, last) VALUES ($1, 1) \
         ON CONFLICT (year) DO UPDATE SET last = invoice_numbers.last + 1 RETURNING last",
    )
    .bind(year)
    .fetch_one(conn)
    .await)?;
    Ok(last)
}

/// Writes `invoice` in the caller's transaction; `false` when its job has an invoice
/// already (one per job, held by the database's unique index).
pub async fn insert_in(tx: &mut Tx, invoice: &Invoice) -> Result<bool, sqlx::Error> {
    let written = tx_run!(tx, conn => sqlx::query(concat!(
        "INSERT INTO invoices (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    ))
    .bind(invoice.id)
    .bind(invoice.job_id)
    .bind(&invoice.number)
    .bind(invoice.kind.as_str())
    .bind(invoice.credited_id)
    .bind(&invoice.reason)
    .bind(invoice.issue_date)
    .bind(invoice.due_date)
    .bind(Json(&invoice.basis))
    .bind(Json(&invoice.seller))
    .bind(invoice.net_total)
    .bind(invoice.vat_total)
    .bind(invoice.total)
    .bind(&invoice.created_by)
    .bind(invoice.created_at)
    .bind(Json(&invoice.credited_lines))
    .execute(conn)
    .await
    .map(|_| ()));
    match written {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err),
    }
}

/// Marks job `id` invoiced in the caller's transaction; `false` when it was not done.
pub async fn mark_job_invoiced_in(
    tx: &mut Tx,
    id: Uuid,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<bool, sqlx::Error> {
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE jobs SET status = 'invoiced', updated_at = $1 WHERE id = $2 AND status = 'done'",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// The credit notes of invoice `id`, oldest first, in the caller's transaction.
pub async fn credit_notes_in(tx: &mut Tx, id: Uuid) -> Result<Vec<Invoice>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM invoices WHERE credited_id = $1 ORDER BY created_at, number"
    ))
    .bind(id)
    .fetch_all(conn)
    .await)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Invoice>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM invoices WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Every invoice and credit note, oldest first (the privacy lookup reads their customers).
pub async fn all(db: &Db) -> Result<Vec<Invoice>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), " FROM invoices ORDER BY created_at, number"))
        .fetch_all(pool)
        .await)
}

/// A job's invoice and credit notes, oldest first.
pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Vec<Invoice>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM invoices WHERE job_id = $1 ORDER BY created_at, number"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}
