//! The reminders' store: every query of `invoice_reminders`, and the invoices' `charged`
//! counted again from them (`crate::payments::balance::CHARGED_SQL`), written once for
//! SQLite and PostgreSQL. A letter is composed and kept in the payments' turn
//! (`crate::payments::store::TURN`), so a payment booked at the same moment, or a second
//! click, never makes a letter that states what is no longer so.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{Channel, Earlier, Facts, Kind, Letter, Refused, Reminder, compose};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::settings::Invoicing;
use crate::{db_run, tx_run};

/// The columns of a reminder, in [`Row`]'s order.
macro_rules! columns {
    () => {
        "id, invoice_id, kind, sent_on, pay_by, due_date, total, credited, paid, earlier_fees, fee, no_fee, \
         interest, interest_rate, missing_rate_from, amount_due, channel, to_address, sent_by, sent_at, waived"
    };
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    invoice_id: Uuid,
    #[sqlx(try_from = "String")]
    kind: Kind,
    sent_on: NaiveDate,
    pay_by: NaiveDate,
    due_date: NaiveDate,
    total: i64,
    credited: i64,
    paid: i64,
    earlier_fees: i64,
    fee: i64,
    no_fee: Option<String>,
    interest: i64,
    interest_rate: Option<i64>,
    missing_rate_from: Option<NaiveDate>,
    amount_due: i64,
    #[sqlx(try_from = "String")]
    channel: Channel,
    to_address: String,
    sent_by: String,
    sent_at: DateTime<Utc>,
    waived: bool,
}

impl From<Row> for Reminder {
    fn from(row: Row) -> Self {
        Reminder {
            id: row.id,
            invoice_id: row.invoice_id,
            letter: Letter {
                kind: row.kind,
                sent_on: row.sent_on,
                pay_by: row.pay_by,
                due_date: row.due_date,
                total: row.total,
                credited: row.credited,
                paid: row.paid,
                earlier_fees: row.earlier_fees,
                fee: row.fee,
                no_fee: row.no_fee,
                interest: super::Interest {
                    amount: row.interest,
                    from: row.due_date.succ_opt().unwrap_or(row.due_date),
                    to: row.sent_on,
                    rate: row.interest_rate.and_then(|rate| i32::try_from(rate).ok()),
                    missing_rate_from: row.missing_rate_from,
                },
                amount_due: row.amount_due,
            },
            channel: row.channel,
            to_address: row.to_address,
            sent_by: row.sent_by,
            sent_at: row.sent_at,
            waived: row.waived,
        }
    }
}

/// The letters invoice `id` has had, oldest first.
pub async fn of_invoice(db: &Db, id: Uuid) -> Result<Vec<Reminder>, sqlx::Error> {
    let rows: Vec<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM invoice_reminders WHERE invoice_id = $1 ORDER BY sent_at"
    ))
    .bind(id)
    .fetch_all(pool)
    .await)?;
    Ok(rows.into_iter().map(Reminder::from).collect())
}

/// Reminder `id`.
pub async fn get(db: &Db, id: Uuid) -> Result<Option<Reminder>, sqlx::Error> {
    let row: Option<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", columns!(), " FROM invoice_reminders WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await)?;
    Ok(row.map(Reminder::from))
}

/// What a letter for invoice `id` is composed from; none for a credit note or no invoice.
async fn facts_in(tx: &mut Tx, id: Uuid) -> Result<Option<Facts>, sqlx::Error> {
    let invoice: Option<(NaiveDate, i64, i64, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT due_date, total, credited, paid FROM invoices WHERE id = $1 AND kind = 'invoice'"
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await)?;
    let Some((due_date, total, credited, paid)) = invoice else { return Ok(None) };
    let payments: Vec<(NaiveDate, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT paid_on, amount FROM payments WHERE invoice_id = $1 AND status = 'matched' ORDER BY paid_on"
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await)?;
    let earlier: Vec<(String, NaiveDate, NaiveDate, i64)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT kind, sent_on, pay_by, CASE WHEN waived THEN 0 ELSE fee END FROM invoice_reminders \
         WHERE invoice_id = $1 ORDER BY sent_at"
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await)?;
    let earlier = earlier
        .into_iter()
        .map(|(kind, sent_on, pay_by, fee)| {
            let kind =
                crate::payments::stored::<Kind>(&kind).map_err(|err| sqlx::Error::Decode(err.into()))?;
            Ok(Earlier { kind, sent_on, pay_by, fee })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Some(Facts { due_date, total, credited, paid, payments, earlier }))
}

/// The letter invoice `id` may get on `today`, or why none; read, not kept.
pub async fn preview(
    db: &Db,
    id: Uuid,
    invoicing: &Invoicing,
    today: NaiveDate,
) -> Result<Result<Letter, Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let facts = facts_in(&mut tx, id).await?;
    drop(tx);
    Ok(match facts {
        None => Err(Refused::NoInvoice),
        Some(facts) => compose(&facts, invoicing, today).map_err(Refused::NotNow),
    })
}

/// How a letter goes: by which channel, to where, by whom, when.
pub struct Sending<'a> {
    pub channel: Channel,
    pub to_address: &'a str,
    pub by: &'a str,
    pub at: DateTime<Utc>,
}

/// Composes the letter invoice `id` may get on `today` and keeps it as sent (`asked` is
/// the letter the office saw: a different one is refused), with `entry(reminder)` when
/// it gives one. A letter to be e-mailed is kept before it goes, so a second click finds
/// it, and [`withdraw`]n if the mail server does not take it.
pub async fn keep(
    db: &Db,
    id: Uuid,
    invoicing: &Invoicing,
    today: NaiveDate,
    asked: Option<Kind>,
    sending: Sending<'_>,
    entry: impl FnOnce(&Reminder) -> Option<NewAudit>,
) -> Result<Result<Reminder, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(crate::payments::store::TURN).await?;
    let Some(facts) = facts_in(&mut tx, id).await? else { return Ok(Err(Refused::NoInvoice)) };
    let letter = match compose(&facts, invoicing, today) {
        Ok(letter) => letter,
        Err(next) => return Ok(Err(Refused::NotNow(next))),
    };
    if asked.is_some_and(|asked| asked != letter.kind) {
        return Ok(Err(Refused::NotNext { next: letter.kind }));
    }
    let reminder = Reminder {
        id: Uuid::now_v7(),
        invoice_id: id,
        letter,
        channel: sending.channel,
        to_address: sending.to_address.to_owned(),
        sent_by: sending.by.to_owned(),
        sent_at: sending.at,
        waived: false,
    };
    let letter = &reminder.letter;
    tx_run!(&mut tx, conn => sqlx::query(concat!(
        "INSERT INTO invoice_reminders (", columns!(), ") VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
    ))
    .bind(reminder.id)
    .bind(id)
    .bind(letter.kind.as_str())
    .bind(letter.sent_on)
    .bind(letter.pay_by)
    .bind(letter.due_date)
    .bind(letter.total)
    .bind(letter.credited)
    .bind(letter.paid)
    .bind(letter.earlier_fees)
    .bind(letter.fee)
    .bind(&letter.no_fee)
    .bind(letter.interest.amount)
    .bind(letter.interest.rate.map(i64::from))
    .bind(letter.interest.missing_rate_from)
    .bind(letter.amount_due)
    .bind(reminder.channel.as_str())
    .bind(&reminder.to_address)
    .bind(&reminder.sent_by)
    .bind(reminder.sent_at)
    .bind(reminder.waived)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    refresh_in(&mut tx, id).await?;
    if let Some(entry) = entry(&reminder) {
        tx.audit(&entry).await?;
    }
    tx.commit().await?;
    Ok(Ok(reminder))
}

/// Takes back reminder `id`, kept before its e-mail went, when the mail server did not
/// take it: no letter was sent, so none is kept and nothing is charged.
pub async fn withdraw(db: &Db, id: Uuid, invoice_id: Uuid) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(crate::payments::store::TURN).await?;
    tx_run!(&mut tx, conn => sqlx::query("DELETE FROM invoice_reminders WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    refresh_in(&mut tx, invoice_id).await?;
    tx.commit().await
}

/// Counts invoice `id`'s `charged` again from its letters.
async fn refresh_in(tx: &mut Tx, id: Uuid) -> Result<(), sqlx::Error> {
    crate::payments::store::charged_in(tx, id).await
}

/// How many invoices may get a letter on `today` when the firm's steps are `steps` letters
/// long, and the first `shown` of them, oldest due first: "Purringer å sende". The
/// condition is `super::next::may_send`'s, read from the letters each invoice keeps
/// (migration 0048) in the index of the invoices that owe something, so ten years of
/// overdue invoices cost one pass of a small index, not their letters read and weighed.
pub async fn due(db: &Db, today: NaiveDate, steps: i64, shown: i64) -> Result<(i64, Vec<Uuid>), sqlx::Error> {
    macro_rules! due {
        () => {
            "FROM invoices WHERE standing IN ('unpaid', 'partly_paid') AND due_date < $1 AND letters < $2 \
             AND COALESCE(reminded_until, due_date) < $1 AND total - credited - paid > 0"
        };
    }
    let (count,): (i64,) = db_run!(db, pool => sqlx::query_as(concat!("SELECT COUNT(*) ", due!()))
        .bind(today)
        .bind(steps)
        .fetch_one(pool)
        .await)?;
    let first: Vec<(Uuid,)> = db_run!(db, pool => sqlx::query_as(concat!("SELECT id ", due!(), " ORDER BY due_date, number LIMIT $3"))
            .bind(today)
            .bind(steps)
            .bind(shown)
            .fetch_all(pool)
            .await)?;
    Ok((count, first.into_iter().map(|(id,)| id).collect()))
}
