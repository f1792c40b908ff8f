//! The payments' store: every query of `payments`, and the invoices' `paid`, written once
//! for SQLite and PostgreSQL. Each write takes the payments' turn ([`TURN`]) and counts the
//! invoice's `paid` again from its rows in the same transaction ([`refresh_in`]): reads and
//! a hand registration here, the bank's file in `import.rs`, what the office resolves in
//! `resolve.rs`.

mod import;
mod resolve;
mod rows;

pub use import::import;
pub use resolve::{book, delete, set_aside, unbook};
pub use rows::{TURN, charged_in, get, of_invoice, waiting};

use rows::{New, Which, get_in, insert_in, payable_in, refresh_in};

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::input::NewPayment;
use super::{Payment, Refused, Source, Status};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::db_run;

/// Registers `payment` by hand on invoice `invoice_id`, with `entry(payment)`: refused on a
/// credit note, when nothing is left to pay, or for more than is left.
pub async fn register(
    db: &Db,
    invoice_id: Uuid,
    payment: &NewPayment,
    (by, at): (&str, DateTime<Utc>),
    entry: impl FnOnce(&Payment) -> NewAudit,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let Some(invoice) = payable_in(&mut tx, Which::Id(invoice_id)).await? else {
        return Ok(Err(Refused::NoInvoice));
    };
    if invoice.credit_note {
        return Ok(Err(Refused::CreditNote));
    }
    if invoice.outstanding <= 0 {
        return Ok(Err(Refused::NothingOwed));
    }
    if payment.paid_on < invoice.issued {
        return Ok(Err(Refused::BeforeIssue { issued: invoice.issued }));
    }
    if payment.amount > invoice.outstanding {
        return Ok(Err(Refused::MoreThanOwed { outstanding: invoice.outstanding }));
    }
    let new = New {
        invoice_id: Some(invoice_id),
        amount: payment.amount,
        paid_on: payment.paid_on,
        source: Source::Manual,
        status: Status::Matched,
        waiting: None,
        suggested: None,
        bank_ref: None,
        end_to_end: None,
        reverses: None,
        kid: None,
        message: "",
        payer: "",
        note: &payment.note,
    };
    let id = insert_in(&mut tx, &new, by, at).await?;
    refresh_in(&mut tx, invoice_id).await?;
    let Some(written) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    tx.audit(&entry(&written)).await?;
    tx.commit().await?;
    Ok(Ok(written))
}

/// Every invoice whose `paid` is not the sum of its booked payments, or whose `credited`
/// is not the sum of its credit notes, or whose `charged` is not its reminders' fees and
/// latest interest, or whose kept letters are not its reminders (`balance::CHARGED_SQL`);
/// and every standing whose count or sum in `invoice_standings` (migration 0046), or due
/// date whose count or sum in `invoice_dues` (0050), is not the invoices': none, always
/// (tests/api/payments.rs).
pub async fn sums_astray(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_scalar(
        "SELECT number FROM invoices WHERE paid <> COALESCE(\
         (SELECT SUM(amount) FROM payments WHERE payments.invoice_id = invoices.id AND status = 'matched'), 0) \
         OR credited <> COALESCE((SELECT SUM(notes.total) FROM invoices AS notes WHERE notes.credited_id = invoices.id), 0) \
         OR charged <> CASE WHEN total - credited <= 0 THEN 0 ELSE \
         COALESCE((SELECT SUM(fee) FROM invoice_reminders WHERE invoice_id = invoices.id AND NOT waived), 0) + \
         COALESCE((SELECT interest FROM invoice_reminders WHERE invoice_id = invoices.id AND NOT waived \
                   ORDER BY sent_at DESC LIMIT 1), 0) END \
         OR letters <> (SELECT COUNT(*) FROM invoice_reminders WHERE invoice_id = invoices.id) \
         OR letter_fees <> COALESCE((SELECT SUM(fee) FROM invoice_reminders WHERE invoice_id = invoices.id AND NOT waived), 0) \
         OR reminded_until IS DISTINCT FROM \
         (SELECT pay_by FROM invoice_reminders WHERE invoice_id = invoices.id ORDER BY sent_at DESC LIMIT 1) \
         UNION ALL SELECT 'standing ' || kept.standing FROM invoice_standings AS kept \
         WHERE kept.invoices <> (SELECT COUNT(*) FROM invoices WHERE invoices.standing = kept.standing) \
         OR kept.owing <> (SELECT COALESCE(SUM(invoices.owing), 0) FROM invoices WHERE invoices.standing = kept.standing) \
         UNION ALL SELECT 'due ' || kept.due_date FROM invoice_dues AS kept \
         WHERE kept.invoices <> (SELECT COUNT(*) FROM invoices \
                                 WHERE standing IN ('unpaid', 'partly_paid') AND invoices.due_date = kept.due_date) \
         OR kept.owing <> (SELECT COALESCE(SUM(owing), 0) FROM invoices \
                           WHERE standing IN ('unpaid', 'partly_paid') AND invoices.due_date = kept.due_date) \
         UNION ALL SELECT 'due ' || invoices.due_date FROM invoices WHERE standing IN ('unpaid', 'partly_paid') \
         AND NOT EXISTS (SELECT 1 FROM invoice_dues WHERE invoice_dues.due_date = invoices.due_date)",
    )
    .fetch_all(pool)
    .await)
}

/// What is owed by age on `today` (due on or after today; due 1 to 30 days ago, that is on
/// or after `ages[0]`; 31 to 60, on or after `ages[1]`; before that), what was booked with
/// a payment day from `month` to today, and how many payments wait for the office.
pub async fn figures(
    db: &Db,
    today: chrono::NaiveDate,
    ages: [chrono::NaiveDate; 2],
    month: chrono::NaiveDate,
) -> Result<(super::figures::Outstanding, i64, i64), sqlx::Error> {
    let (not_due, days_1_30, days_31_60, over_60): (i64, i64, i64, i64) = db_run!(db, pool => sqlx::query_as(
        "SELECT \
         CAST(COALESCE(SUM(CASE WHEN due_date >= $1 THEN owing ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN due_date < $1 AND due_date >= $2 THEN owing ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN due_date < $2 AND due_date >= $3 THEN owing ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN due_date < $3 THEN owing ELSE 0 END), 0) AS BIGINT) \
         FROM invoice_dues", // kept by due date (migration 0050)
    )
    .bind(today)
    .bind(ages[0])
    .bind(ages[1])
    .fetch_one(pool)
    .await)?;
    let (paid, waiting): (i64, i64) = db_run!(db, pool => sqlx::query_as(
        "SELECT (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM payments \
         WHERE status = 'matched' AND paid_on >= $1 AND paid_on <= $2), \
         (SELECT COUNT(*) FROM payments WHERE status = 'open')",
    )
    .bind(month)
    .bind(today)
    .fetch_one(pool)
    .await)?;
    Ok((super::figures::Outstanding { not_due, days_1_30, days_31_60, over_60 }, paid, waiting))
}
