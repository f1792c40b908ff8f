//! The payments' rows as stored and read, and the steps every write of them shares: the
//! turn, the invoice as a payment sees it, a new row, and the invoice's `paid` counted
//! again.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::db::{Db, Tx};
use crate::payments::{Payment, Source, Status, WAITING_PAGE, Waiting, WaitingPayments, stored};
use crate::{db_run, tx_run};

/// The key every payment write takes its turn by (`Db::begin_one_at_a_time`).
pub const TURN: &str = "payments";

macro_rules! columns {
    () => {
        "payments.id, payments.invoice_id, invoices.number AS invoice_number, payments.amount, payments.paid_on, \
         payments.source, payments.status, payments.waiting, payments.suggested, payments.bank_ref, \
         payments.end_to_end, payments.reverses, payments.kid, \
         payments.message, payments.payer, payments.note, payments.created_by, payments.created_at"
    };
}

macro_rules! from {
    () => {
        " FROM payments LEFT JOIN invoices ON invoices.id = payments.invoice_id"
    };
}

/// A payment as stored.
#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    invoice_id: Option<Uuid>,
    invoice_number: Option<String>,
    amount: i64,
    paid_on: NaiveDate,
    source: String,
    status: String,
    waiting: Option<String>,
    suggested: Option<String>,
    bank_ref: Option<String>,
    end_to_end: Option<String>,
    reverses: Option<Uuid>,
    kid: Option<String>,
    message: String,
    payer: String,
    note: String,
    created_by: String,
    created_at: DateTime<Utc>,
}

impl TryFrom<Row> for Payment {
    type Error = sqlx::Error;
    fn try_from(row: Row) -> Result<Self, sqlx::Error> {
        let decode = |err: String| sqlx::Error::Decode(err.into());
        Ok(Payment {
            id: row.id,
            invoice_id: row.invoice_id,
            invoice_number: row.invoice_number,
            amount: row.amount,
            paid_on: row.paid_on,
            source: stored::<Source>(&row.source).map_err(decode)?,
            status: stored::<Status>(&row.status).map_err(decode)?,
            waiting: row.waiting.as_deref().map(stored::<Waiting>).transpose().map_err(decode)?,
            suggested: row.suggested,
            bank_ref: row.bank_ref,
            end_to_end: row.end_to_end,
            reverses: row.reverses,
            kid: row.kid,
            message: row.message,
            payer: row.payer,
            note: row.note,
            created_by: row.created_by,
            created_at: row.created_at,
        })
    }
}

fn payments(rows: Vec<Row>) -> Result<Vec<Payment>, sqlx::Error> {
    rows.into_iter().map(Payment::try_from).collect()
}

/// The payments of invoice `id`, oldest first.
pub async fn of_invoice(db: &Db, id: Uuid) -> Result<Vec<Payment>, sqlx::Error> {
    let rows: Vec<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), from!(), " WHERE payments.invoice_id = $1 ORDER BY payments.paid_on, payments.created_at"
    ))
    .bind(id)
    .fetch_all(pool)
    .await)?;
    payments(rows)
}

/// Page `page` (from 1) of the payments that wait for the office, oldest first, and how
/// many wait: a page is read from the index of their status, never all of them.
pub async fn waiting(db: &Db, page: i64) -> Result<WaitingPayments, sqlx::Error> {
    let rows: Vec<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), from!(), " WHERE payments.status = 'open' \
         ORDER BY payments.paid_on, payments.created_at, payments.bank_ref, payments.id LIMIT $1 OFFSET $2"
    ))
    .bind(WAITING_PAGE)
    .bind((page - 1) * WAITING_PAGE)
    .fetch_all(pool)
    .await)?;
    let (total,): (i64,) = db_run!(db, pool => sqlx::query_as(
        "SELECT COUNT(*) FROM payments WHERE status = 'open'"
    )
    .fetch_one(pool)
    .await)?;
    Ok(WaitingPayments { payments: payments(rows)?, total, page, page_size: WAITING_PAGE })
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Payment>, sqlx::Error> {
    let row: Option<Row> = db_run!(db, pool => sqlx::query_as(concat!("SELECT ", columns!(), from!(), " WHERE payments.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    row.map(Payment::try_from).transpose()
}

pub(super) async fn get_in(tx: &mut Tx, id: Uuid) -> Result<Option<Payment>, sqlx::Error> {
    let row: Option<Row> = tx_run!(tx, conn => sqlx::query_as(concat!("SELECT ", columns!(), from!(), " WHERE payments.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await)?;
    row.map(Payment::try_from).transpose()
}

/// An invoice as a payment sees it: its id, whether it is a credit note, and what is left
/// to pay on it.
pub(super) struct Payable {
    pub(super) id: Uuid,
    pub(super) credit_note: bool,
    pub(super) outstanding: i64,
    pub(super) issued: NaiveDate,
}

/// Which invoice: by its id, or by its number as the office types it.
pub(super) enum Which<'a> {
    Id(Uuid),
    Number(&'a str),
}

pub(super) async fn payable_in(tx: &mut Tx, which: Which<'_>) -> Result<Option<Payable>, sqlx::Error> {
    let found: Option<(Uuid, String, i64, NaiveDate)> = match which {
        Which::Id(id) => tx_run!(tx, conn => sqlx::query_as(
            "SELECT id, kind, total - credited + charged - paid, issue_date FROM invoices WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(conn)
        .await)?,
        Which::Number(number) => tx_run!(tx, conn => sqlx::query_as(
            "SELECT id, kind, total - credited + charged - paid, issue_date FROM invoices WHERE number = $1"
        )
        .bind(number.trim())
        .fetch_optional(conn)
        .await)?,
    };
    Ok(found.map(|(id, kind, outstanding, issued)| Payable {
        id,
        credit_note: kind == "credit_note",
        outstanding,
        issued,
    }))
}

/// Counts invoice `id`'s `paid` again from its booked payments, and what its letters charge
/// ([`charged_in`]).
pub(super) async fn refresh_in(tx: &mut Tx, id: Uuid) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE invoices SET paid = COALESCE(\
         (SELECT SUM(amount) FROM payments WHERE invoice_id = $1 AND status = 'matched'), 0) WHERE id = $1",
    )
    .bind(id)
    .execute(conn)
    .await
    .map(|_| ()))?;
    charged_in(tx, id).await
}

/// Counts again what invoice `id`'s letters charge (`balance::CHARGED_SQL`), after marking
/// each letter sent on or after the day the claim was paid in full as charging nothing
/// (`balance::paid_in_full_on`); a payment taken back makes such a letter count again.
/// Every write of a payment, a letter or a credit note ends with it.
pub async fn charged_in(tx: &mut Tx, id: Uuid) -> Result<(), sqlx::Error> {
    // The letters counted from their rows (a letter just written or withdrawn is not in the
    // invoice's kept count yet), and what the invoice keeps of them.
    let read: Option<(i64, i64, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT total - credited, (SELECT COUNT(*) FROM invoice_reminders WHERE invoice_id = $1), \
         letters + charged FROM invoices WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await)?;
    // No letter, none kept: nothing to count (a bank file of a thousand payments on invoices
    // without letters pays this one read each, no more).
    if matches!(read, Some((_, 0, 0))) {
        return Ok(());
    }
    let owed = read.map(|(owed, ..)| (owed,));
    let payments: Vec<(NaiveDate, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT paid_on, amount FROM payments WHERE invoice_id = $1 AND status = 'matched'"
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await)?;
    let settled = owed.and_then(|(owed,)| crate::payments::balance::paid_in_full_on(owed, &payments));
    tx_run!(tx, conn => sqlx::query(
        "UPDATE invoice_reminders SET waived = (sent_on >= $2) WHERE invoice_id = $1"
    )
    .bind(id)
    // Unsettled: a day no letter is sent on, which both databases compare as a date.
    .bind(settled.or(NaiveDate::from_ymd_opt(9999, 12, 31)))
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    tx_run!(tx, conn => sqlx::query(crate::payments::balance::CHARGED_SQL)
        .bind(id)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// A payment to write.
pub(super) struct New<'a> {
    pub(super) invoice_id: Option<Uuid>,
    pub(super) amount: i64,
    pub(super) paid_on: NaiveDate,
    pub(super) source: Source,
    pub(super) status: Status,
    pub(super) waiting: Option<Waiting>,
    pub(super) suggested: Option<&'a str>,
    pub(super) bank_ref: Option<&'a str>,
    pub(super) end_to_end: Option<&'a str>,
    pub(super) reverses: Option<Uuid>,
    pub(super) kid: Option<&'a str>,
    pub(super) message: &'a str,
    pub(super) payer: &'a str,
    pub(super) note: &'a str,
}

pub(super) async fn insert_in(
    tx: &mut Tx,
    new: &New<'_>,
    by: &str,
    at: DateTime<Utc>,
) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, waiting, suggested, bank_ref, kid, \
         message, payer, note, created_by, created_at, end_to_end, reverses) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(id)
    .bind(new.invoice_id)
    .bind(new.amount)
    .bind(new.paid_on)
    .bind(new.source.as_str())
    .bind(new.status.as_str())
    .bind(new.waiting.map(Waiting::as_str))
    .bind(new.suggested)
    .bind(new.bank_ref)
    .bind(new.kid)
    .bind(new.message)
    .bind(new.payer)
    .bind(new.note)
    .bind(by)
    .bind(at)
    .bind(new.end_to_end)
    .bind(new.reverses)
    .execute(conn)
    .await
    .map(|_| ()))?;
    Ok(id)
}
