//! What the office does with a payment: books one that waits on an invoice, takes one from
//! the bank off its invoice, sets one aside, or deletes one registered by mistake.

use uuid::Uuid;

use super::rows::{TURN, Which, get_in, payable_in, refresh_in};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::payments::{Payment, Refused, Source, Status};
use crate::tx_run;

/// Books waiting payment `id` on the invoice numbered `number`, as the office decided
/// (more than is left to pay too: the office sees it and pays the rest back), with
/// `entry(before, after)`.
pub async fn book(
    db: &Db,
    id: Uuid,
    number: &str,
    entry: impl FnOnce(&Payment, &Payment) -> Option<NewAudit>,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let Some(before) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    if before.status != Status::Open {
        return Ok(Err(Refused::NotWaiting));
    }
    let Some(invoice) = payable_in(&mut tx, Which::Number(number)).await? else {
        return Ok(Err(Refused::NoSuchInvoice));
    };
    if invoice.credit_note {
        return Ok(Err(Refused::CreditNote));
    }
    tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE payments SET invoice_id = $1, status = 'matched', waiting = NULL, suggested = NULL WHERE id = $2",
    )
    .bind(invoice.id)
    .bind(id)
    .execute(conn)
    .await
    .map(|_| ()))?;
    refresh_in(&mut tx, invoice.id).await?;
    done(tx, id, &before, entry).await
}

/// Takes imported payment `id` off its invoice: it waits for the office again
/// ([`Waiting::Undone`]).
pub async fn unbook(
    db: &Db,
    id: Uuid,
    entry: impl FnOnce(&Payment, &Payment) -> Option<NewAudit>,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let Some(before) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    let Some(invoice_id) = before.invoice_id.filter(|_| before.status == Status::Matched) else {
        return Ok(Err(Refused::NotMatched));
    };
    if before.source == Source::Manual {
        return Ok(Err(Refused::NotMatched));
    }
    tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE payments SET invoice_id = NULL, status = 'open', waiting = 'undone' WHERE id = $1",
    )
    .bind(id)
    .execute(conn)
    .await
    .map(|_| ()))?;
    refresh_in(&mut tx, invoice_id).await?;
    done(tx, id, &before, entry).await
}

/// Sets waiting payment `id` aside as no payment of an invoice, with the office's `note`.
pub async fn set_aside(
    db: &Db,
    id: Uuid,
    note: &str,
    entry: impl FnOnce(&Payment, &Payment) -> Option<NewAudit>,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let Some(before) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    if before.status != Status::Open {
        return Ok(Err(Refused::NotWaiting));
    }
    tx_run!(&mut tx, conn => sqlx::query(
        "UPDATE payments SET status = 'set_aside', waiting = NULL, note = $1 WHERE id = $2",
    )
    .bind(note)
    .bind(id)
    .execute(conn)
    .await
    .map(|_| ()))?;
    done(tx, id, &before, entry).await
}

/// Deletes payment `id`, registered by hand (a mistake), with `entry(payment)`; one from
/// the bank is taken off its invoice instead ([`unbook`]).
pub async fn delete(
    db: &Db,
    id: Uuid,
    entry: impl FnOnce(&Payment) -> NewAudit,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(TURN).await?;
    let Some(payment) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    if payment.source == Source::Bank {
        return Ok(Err(Refused::FromBank));
    }
    tx_run!(&mut tx, conn => sqlx::query("DELETE FROM payments WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await
        .map(|_| ()))?;
    if let Some(invoice_id) = payment.invoice_id {
        refresh_in(&mut tx, invoice_id).await?;
    }
    tx.audit(&entry(&payment)).await?;
    tx.commit().await?;
    Ok(Ok(payment))
}

/// The payment as `id` now reads in `tx`, with `entry(before, after)` written and `tx`
/// committed: how each resolution ends.
async fn done(
    mut tx: Tx,
    id: Uuid,
    before: &Payment,
    entry: impl FnOnce(&Payment, &Payment) -> Option<NewAudit>,
) -> Result<Result<Payment, Refused>, sqlx::Error> {
    let Some(after) = get_in(&mut tx, id).await? else { return Ok(Err(Refused::NotFound)) };
    if let Some(entry) = entry(before, &after) {
        tx.audit(&entry).await?;
    }
    tx.commit().await?;
    Ok(Ok(after))
}
