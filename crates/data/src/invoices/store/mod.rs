//! The invoice store: every query of `invoices` and `invoice_numbers`, written once for
//! SQLite and PostgreSQL.

use sqlx::types::Json;
use uuid::Uuid;

use super::Invoice;
use crate::db::{Db, Tx};
use crate::payments::Balance;
use crate::{db_run, tx_run};

mod list;
pub use list::list;

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
    let customer = invoice.basis.customer.addressee().to_owned();
    let search = format!("{} {customer}", invoice.number).to_lowercase();
    let written = tx_run!(tx, conn => sqlx::query(concat!(
        "INSERT INTO invoices (", columns!(), ", customer, search) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
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
    .bind(customer)
    .bind(search)
    .execute(conn)
    .await
    .map(|_| ()));
    match written {
        Ok(()) => {
            if let Some(credited) = invoice.credited_id {
                refresh_credited_in(tx, credited).await?;
            }
            Ok(true)
        }
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err),
    }
}

/// Counts again what the credit notes of invoice `id` take back, from their rows (the list
/// of invoices reads it, crates/data/migrations: `0042_payments.sql`), and what its
/// reminders add, which is nothing once it is credited in full (`CHARGED_SQL`).
async fn refresh_credited_in(tx: &mut Tx, id: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE invoices SET credited = COALESCE(\
         (SELECT SUM(notes.total) FROM invoices AS notes WHERE notes.credited_id = $1), 0) WHERE id = $1",
    )
    .bind(id)
    .execute(conn)
    .await
    .map(|_| ()))?;
    crate::payments::store::charged_in(tx, id).await
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

/// Invoice `id`'s total, what its credit notes take back, what its reminders added and
/// what is paid on it.
pub async fn balance(db: &Db, id: Uuid) -> Result<Option<Balance>, sqlx::Error> {
    let sums: Option<(i64, i64, i64, i64)> = db_run!(db, pool => sqlx::query_as(
        "SELECT total, credited, charged, paid FROM invoices WHERE id = $1 AND kind = 'invoice'"
    )
    .bind(id)
    .fetch_optional(pool)
    .await)?;
    Ok(sums.map(|(total, credited, charged, paid)| Balance::charged(total, credited, charged, paid)))
}

/// The five newest invoices and credit notes whose number or customer holds `q` (Ctrl+K),
/// each as its name and customer.
pub async fn search(db: &Db, q: &str) -> Result<Vec<crate::text::Hit>, sqlx::Error> {
    let filter = super::list::InvoiceFilter { q: Some(q.to_owned()), state: None, page: None };
    let Ok(super::list::Query { pattern: Some(pattern), .. }) = filter.read() else { return Ok(Vec::new()) };
    let found: Vec<(Uuid, String, String, String)> = db_run!(db, pool => sqlx::query_as(
        "SELECT id, kind, number, customer FROM invoices WHERE search LIKE $1 ESCAPE '\\' \
         ORDER BY issue_date DESC, number DESC LIMIT 5",
    )
    .bind(pattern)
    .fetch_all(pool)
    .await)?;
    Ok(found
        .into_iter()
        .map(|(id, kind, number, customer)| {
            let name = if kind == "credit_note" { "Kreditnota" } else { "Faktura" };
            crate::text::Hit { id, title: format!("{name} {number}"), detail: Some(customer) }
        })
        .collect())
}

/// Keeps `sent`, one send of an invoice, with its audit entry.
pub async fn insert_send(
    db: &Db,
    sent: &super::sends::InvoiceSend,
    entry: &crate::audit::NewAudit,
) -> Result<(), sqlx::Error> {
    crate::audited!(db, entry, tx => sqlx::query(
        "INSERT INTO invoice_sends (id, invoice_id, recipient, to_address, attached, delivered, error, sent_by, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(sent.id)
    .bind(sent.invoice_id)
    .bind(sent.recipient.as_str())
    .bind(&sent.to_address)
    .bind(&sent.attached)
    .bind(sent.delivered)
    .bind(&sent.error)
    .bind(&sent.sent_by)
    .bind(sent.sent_at)
    .execute(&mut *tx)
    .await
    .map(|_| ())?)
}

/// Every send of invoice `id`, oldest first.
pub async fn sends(db: &Db, id: Uuid) -> Result<Vec<super::sends::InvoiceSend>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(
        "SELECT id, invoice_id, recipient, to_address, attached, delivered, error, sent_by, sent_at \
         FROM invoice_sends WHERE invoice_id = $1 ORDER BY sent_at",
    )
    .bind(id)
    .fetch_all(pool)
    .await)
}

/// Writes each invoice's `search` again where it is not its number and customer lower-cased
/// by Rust; how many it wrote. Run at start: the migration that added the column
/// (`0042_payments.sql`) lowered with SQL, which on SQLite lowers ASCII only, so an invoice
/// made before it to «Øystein» was not found by «øystein».
pub async fn search_missing(db: &Db) -> Result<u64, sqlx::Error> {
    let rows: Vec<(Uuid, String, String, String)> = db_run!(db, pool => sqlx::query_as("SELECT id, number, customer, search FROM invoices").fetch_all(pool).await)?;
    let mut written = 0;
    for (id, number, customer, search) in rows {
        let wanted = format!("{number} {customer}").to_lowercase();
        if wanted != search {
            db_run!(db, pool => sqlx::query("UPDATE invoices SET search = $1 WHERE id = $2")
                .bind(&wanted)
                .bind(id)
                .execute(pool)
                .await
                .map(|_| ()))?;
            written += 1;
        }
    }
    // SQLite's trigram index is keyed by rowid, which VACUUM (and a backup made with VACUUM
    // INTO) may renumber: made again from the rows (migration 0046).
    if let Db::Sqlite(pool) = db {
        sqlx::query("INSERT INTO invoice_search (invoice_search) VALUES ('rebuild')").execute(pool).await?;
    }
    Ok(written)
}
