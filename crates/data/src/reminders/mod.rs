//! Reminders: the letters an overdue invoice gets on the road to collection, by the firm's
//! chosen steps (Innstillinger → Faktura: one purring and then an inkassovarsel, two
//! purringer and then an inkassovarsel, or the inkassovarsel at once) and the rules of
//! inkassoloven § 9, inkassoforskriften §§ 1-1 to 1-3 and forsinkelsesrenteloven
//! (docs/LAW.md, "Purring, inkassovarsel og forsinkelsesrente"):
//! - which letter may go, when, and with what fee (`next.rs`, amounts in `law.rs`);
//! - the interest to the day it goes (`interest.rs`);
//! - the letter's sums, composed from the invoice's facts ([`compose`]).
//!
//! A letter sent is kept as sent, never changed: its fee and interest are added to what
//! the invoice is owed (`invoices.charged`: the fees of every letter and the interest of
//! the latest, which counts from the due date again), so a payment of the letter's sum
//! pays the invoice. The SQL is in `store.rs`; the letter itself (e-mail and PDF) is the
//! server's (`src/reminders/`).

pub mod input;
pub mod interest;
pub mod kind;
pub mod law;
pub mod next;
pub mod refused;
pub mod store;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub use interest::Interest;
pub use kind::{Channel, Kind};
pub use next::{Earlier, Next};
pub use refused::Refused;

use crate::settings::Invoicing;

/// A letter's sums, in øre: what the invoice was, what is credited and paid, the fees of
/// earlier letters, this letter's fee and the interest to its day; `amount_due` is the
/// sum of them, and what a payment of the letter pays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Letter {
    pub kind: Kind,
    pub sent_on: NaiveDate,
    pub pay_by: NaiveDate,
    pub due_date: NaiveDate,
    pub total: i64,
    pub credited: i64,
    pub paid: i64,
    pub earlier_fees: i64,
    pub fee: i64,
    /// Why there is no fee, in the office's words, when there is none.
    pub no_fee: Option<String>,
    pub interest: Interest,
    pub amount_due: i64,
}

/// What a letter is composed from: the invoice's sums and due date, its booked payments
/// (day and øre) and the letters it has had, oldest first.
#[derive(Debug, Clone)]
pub struct Facts {
    pub due_date: NaiveDate,
    pub total: i64,
    pub credited: i64,
    pub paid: i64,
    pub payments: Vec<(NaiveDate, i64)>,
    pub earlier: Vec<Earlier>,
}

/// The letter the invoice may get on `today` by `invoicing`'s steps, fee and rates; else
/// why none may go ([`Next`] other than a letter).
pub fn compose(facts: &Facts, invoicing: &Invoicing, today: NaiveDate) -> Result<Letter, Next> {
    let owed = facts.total - facts.credited;
    let earlier_fees: i64 = facts.earlier.iter().map(|letter| letter.fee).sum();
    // What is left of the claim itself: fees alone never start a letter (inkassoloven § 9,
    // inkassoforskriften § 1-2; docs/LAW.md).
    let claim_left = if owed > 0 { owed - facts.paid } else { 0 };
    if owed > 0 && claim_left <= 0 && owed + earlier_fees > facts.paid && today > facts.due_date {
        return Err(Next::FeesOnly);
    }
    let next = next::next(
        invoicing.reminder_steps,
        invoicing.reminder_fee,
        facts.due_date,
        claim_left,
        &facts.earlier,
        today,
    );
    let Next::Letter { kind, fee, no_fee, pay_by } = next else { return Err(next) };
    let interest =
        interest::interest(owed, &facts.payments, facts.due_date, today, &invoicing.interest_rates);
    Ok(Letter {
        kind,
        sent_on: today,
        pay_by,
        due_date: facts.due_date,
        total: facts.total,
        credited: facts.credited,
        paid: facts.paid,
        earlier_fees,
        fee,
        no_fee: no_fee.map(next::NoFee::text),
        interest,
        amount_due: owed + earlier_fees + fee + interest.amount - facts.paid,
    })
}

/// A letter as kept: sent by whom, when, how and to where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Reminder {
    pub id: Uuid,
    pub invoice_id: Uuid,
    #[serde(flatten)]
    pub letter: Letter,
    pub channel: Channel,
    /// The e-mail address, or the postal address it was posted to.
    pub to_address: String,
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
    /// Sent on or after the day the claim was paid in full: its fee and interest are not
    /// owed and not counted (`crate::payments::balance::paid_in_full_on`).
    pub waived: bool,
}

impl Reminder {
    /// The letter as the rules read it.
    pub fn earlier(&self) -> Earlier {
        Earlier {
            kind: self.letter.kind,
            sent_on: self.letter.sent_on,
            pay_by: self.letter.pay_by,
            fee: self.letter.fee,
        }
    }
}

/// How many unpaid invoices past their due date may get a letter on `today` by
/// `invoicing`'s steps, and the first `shown` of them, oldest due first: "Purringer å
/// sende" on the dashboard (`next::may_send`, asked of the letters each invoice keeps).
pub async fn due(
    db: &crate::db::Db,
    invoicing: &Invoicing,
    today: NaiveDate,
    shown: usize,
) -> Result<(i64, Vec<Uuid>), sqlx::Error> {
    let steps = i64::try_from(next::kinds(invoicing.reminder_steps).len()).unwrap_or(i64::MAX);
    store::due(db, today, steps, i64::try_from(shown).unwrap_or(i64::MAX)).await
}
