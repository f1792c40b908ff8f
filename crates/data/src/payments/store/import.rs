//! The bank's file imported: each new payment booked where it plainly belongs or left for
//! the office, and each reversal taking its payment back (or waiting), in one transaction.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::rows::{New, TURN, insert_in, refresh_in};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::payments::camt::{Booking, Incoming, Notification};
use crate::payments::matching::{self, Decision, Owed};
use crate::payments::{Imported, Source, Status, Waiting};
use crate::tx_run;

/// The bank references of `refs` already stored.
async fn known_in(tx: &mut Tx, refs: &[String]) -> Result<BTreeSet<String>, sqlx::Error> {
    let mut known = BTreeSet::new();
    for chunk in refs.chunks(500) {
        let found: Vec<(String,)> = tx_run!(tx, conn => {
            let mut query = sqlx::QueryBuilder::new("SELECT bank_ref FROM payments WHERE");
            crate::db::push_in(&mut query, "bank_ref", chunk);
            query.build_query_as().persistent(false).fetch_all(conn).await
        })?;
        known.extend(found.into_iter().map(|(bank_ref,)| bank_ref));
    }
    Ok(known)
}

/// The invoices of `numbers` (credit notes and unknown numbers left out): each one's id
/// and what is left to pay on it, in one read.
async fn owed_in(tx: &mut Tx, numbers: &[String]) -> Result<HashMap<String, (Uuid, Owed)>, sqlx::Error> {
    let mut owed = HashMap::new();
    for chunk in numbers.chunks(500) {
        let found: Vec<(String, Uuid, i64)> = tx_run!(tx, conn => {
            let mut query = sqlx::QueryBuilder::new(
                "SELECT number, id, total - credited + charged - paid FROM invoices WHERE kind = 'invoice' AND",
            );
            crate::db::push_in(&mut query, "number", chunk);
            query.build_query_as().persistent(false).fetch_all(conn).await
        })?;
        for (number, id, outstanding) in found {
            owed.insert(number.clone(), (id, Owed { number, outstanding }));
        }
    }
    Ok(owed)
}

/// Imports the payments of `notification`: each new one (by its bank reference) booked on
/// the invoice it plainly pays (`matching::decide`) or left for the office, in one
/// transaction with `entry(what was done)`. A payment imported before changes nothing.
pub async fn import(
    db: &Db,
    notification: &Notification,
    (by, at): (&str, DateTime<Utc>),
    entry: impl FnOnce(&Imported) -> NewAudit,
) -> Result<Imported, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let refs: Vec<String> = notification.payments.iter().map(|payment| payment.bank_ref.clone()).collect();
    let known = known_in(&mut tx, &refs).await?;
    let mut seen = BTreeSet::new();
    let (fresh, already): (Vec<&Incoming>, Vec<&Incoming>) = notification
        .payments
        .iter()
        .partition(|payment| !known.contains(&payment.bank_ref) && seen.insert(payment.bank_ref.clone()));
    let (fresh, others): (Vec<Incoming>, Vec<Incoming>) =
        fresh.into_iter().cloned().partition(|payment| payment.booking == Booking::Payment);
    let mut numbers: BTreeSet<String> = BTreeSet::new();
    for payment in &fresh {
        numbers.extend(payment.kid.as_deref().and_then(matching::number_of_kid));
        numbers.extend(matching::numbers_in(&payment.message));
    }
    let numbers: Vec<String> = numbers.into_iter().collect();
    let owed = owed_in(&mut tx, &numbers).await?;
    let decisions = matching::decide(&fresh, |number| owed.get(number).map(|(_, owed)| owed.clone()));
    let mut done = Imported {
        new: fresh.len() + others.len(),
        already: already.len(),
        skipped: notification.skipped,
        ..Imported::default()
    };
    let mut touched = BTreeSet::new();
    for (payment, decision) in fresh.iter().zip(&decisions) {
        let (invoice_id, status, waiting, suggested) = match decision {
            Decision::Pays(number) => match owed.get(number) {
                Some((id, _)) => (Some(*id), Status::Matched, None, None),
                None => (None, Status::Open, Some(Waiting::Unknown), None),
            },
            Decision::Waits(why, suggested) => (None, Status::Open, Some(*why), suggested.as_deref()),
        };
        if let Some(id) = invoice_id {
            touched.insert(id);
            done.matched += 1;
        } else {
            done.waiting += 1;
        }
        let new = New {
            invoice_id,
            amount: payment.amount,
            paid_on: payment.paid_on,
            source: Source::Bank,
            status,
            waiting,
            suggested,
            bank_ref: Some(&payment.bank_ref),
            end_to_end: payment.end_to_end.as_deref(),
            reverses: None,
            kid: payment.kid.as_deref(),
            message: &payment.message,
            payer: &payment.payer,
            note: "",
        };
        insert_in(&mut tx, &new, by, at).await?;
    }
    // After the payments, so that a payment and its reversal in one file meet.
    for other in &others {
        let taken_back = match other.booking {
            Booking::Reversal => reverse_in(&mut tx, other, (by, at)).await?,
            Booking::Returned | Booking::Payment => None,
        };
        match taken_back {
            Some(invoice_id) => {
                done.reversed += 1;
                touched.extend(invoice_id);
            }
            None => {
                done.waiting += 1;
                let why =
                    if other.booking == Booking::Reversal { Waiting::Reversal } else { Waiting::Returned };
                insert_in(&mut tx, &bank_row(other, Status::Open, Some(why), None, ""), by, at).await?;
            }
        }
    }
    for id in touched {
        refresh_in(&mut tx, id).await?;
    }
    tx.audit(&entry(&done)).await?;
    tx.commit().await?;
    Ok(done)
}

/// A row of `payment` from the bank, neither booked nor suggested.
fn bank_row<'a>(
    payment: &'a Incoming,
    status: Status,
    waiting: Option<Waiting>,
    reverses: Option<Uuid>,
    note: &'a str,
) -> New<'a> {
    New {
        invoice_id: None,
        amount: payment.amount,
        paid_on: payment.paid_on,
        source: Source::Bank,
        status,
        waiting,
        suggested: None,
        bank_ref: Some(&payment.bank_ref),
        end_to_end: payment.end_to_end.as_deref(),
        reverses,
        kid: payment.kid.as_deref(),
        message: &payment.message,
        payer: &payment.payer,
        note,
    }
}

/// Takes back the payment `reversal` undoes, when exactly one from the bank plainly is it:
/// the same amount, on or before the reversal's day, not taken back already, with the
/// payer's EndToEndId (else the KID and the payer). That payment is set aside, saying the
/// bank took it back, and the reversal is kept beside it naming it. Returns the invoice
/// the payment was booked on (`Some(None)` when it waited), or `None` when no payment is
/// plainly it: the reversal then waits for the office.
async fn reverse_in(
    tx: &mut Tx,
    reversal: &Incoming,
    (by, at): (&str, DateTime<Utc>),
) -> Result<Option<Option<Uuid>>, sqlx::Error> {
    let (by_end_to_end, kid, payer) = match (&reversal.end_to_end, &reversal.kid) {
        (Some(id), _) => (Some(id.as_str()), None, None),
        (None, Some(kid)) => (None, Some(kid.as_str()), Some(reversal.payer.as_str())),
        (None, None) => return Ok(None),
    };
    let found: Vec<(Uuid, Option<Uuid>, Option<String>)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT payments.id, payments.invoice_id, invoices.number FROM payments \
         LEFT JOIN invoices ON invoices.id = payments.invoice_id \
         WHERE payments.source = 'bank' AND payments.amount = $1 AND payments.paid_on <= $2 \
         AND payments.status IN ('matched', 'open') AND payments.reverses IS NULL \
         AND (payments.waiting IS NULL OR payments.waiting NOT IN ('reversal', 'returned')) \
         AND (($3 IS NOT NULL AND payments.end_to_end = $3) \
              OR ($3 IS NULL AND payments.kid = $4 AND payments.payer = $5)) \
         LIMIT 2",
    )
    .bind(reversal.amount)
    .bind(reversal.paid_on)
    .bind(by_end_to_end)
    .bind(kid)
    .bind(payer)
    .fetch_all(conn)
    .await)?;
    let [(original, invoice_id, number)] = found.as_slice() else { return Ok(None) };
    let taken_back = matching::taken_back_note(reversal.paid_on);
    tx_run!(tx, conn => sqlx::query(
        "UPDATE payments SET invoice_id = NULL, status = 'set_aside', waiting = NULL, suggested = NULL, note = $1 \
         WHERE id = $2",
    )
    .bind(&taken_back)
    .bind(original)
    .execute(conn)
    .await
    .map(|_| ()))?;
    let note = matching::reversal_note(number.as_deref());
    insert_in(tx, &bank_row(reversal, Status::SetAside, None, Some(*original), &note), by, at).await?;
    Ok(Some(*invoice_id))
}
