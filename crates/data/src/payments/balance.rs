//! What is owed on an invoice and where it stands: its total, less what its credit notes
//! take back, less what is paid. The list of invoices filters by the state in SQL
//! (`crate::invoices::store`, its `state!`), the invoice's page reads it here ([`Balance::state`]); the tests hold
//! the two to the same rules (tests/api/payments.rs).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where an invoice stands. A credit note has none of these: it is no claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceState {
    /// Made, not due yet, nothing paid ("Ikke forfalt": whether it has reached the customer
    /// is the accounting system's or the EHF's to say, not this state's).
    Sent,
    /// Past its due date with something left to pay, paid in part or not ("Forfalt"): the
    /// one rule of overdue, which the list, its filter, the dashboard and the customer's
    /// page all follow.
    Overdue,
    /// Something paid, something left, not yet due ("Delvis betalt").
    PartlyPaid,
    /// Paid in full ("Betalt").
    Paid,
    /// Credited in full: nothing was owed ("Kreditert").
    Credited,
}

impl InvoiceState {
    pub const ALL: [Self; 5] = [Self::Sent, Self::Overdue, Self::PartlyPaid, Self::Paid, Self::Credited];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sent => "sent",
            Self::Overdue => "overdue",
            Self::PartlyPaid => "partly_paid",
            Self::Paid => "paid",
            Self::Credited => "credited",
        }
    }
}

/// An invoice's sums, in øre.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Balance {
    /// The invoice's total including MVA.
    pub total: i64,
    /// What its credit notes take back, including MVA.
    pub credited: i64,
    /// What its reminders added: their fees and the latest one's interest
    /// (`crate::reminders`); none once it is credited in full.
    pub charged: i64,
    /// What is paid on it.
    pub paid: i64,
    /// What is left to pay: total less credited plus charged less paid. Below zero when
    /// the customer has paid more than is owed (after a credit note, say): that is money
    /// to give back.
    pub outstanding: i64,
}

impl Balance {
    pub fn new(total: i64, credited: i64, paid: i64) -> Self {
        Self::charged(total, credited, 0, paid)
    }

    /// With what reminders added.
    pub fn charged(total: i64, credited: i64, charged: i64, paid: i64) -> Self {
        Self { total, credited, charged, paid, outstanding: total - credited + charged - paid }
    }

    /// What the customer owes after the credit notes and with what reminders added,
    /// before payments.
    pub fn owed(&self) -> i64 {
        self.total - self.credited + self.charged
    }

    /// Where the invoice stands on `today` with its due date.
    pub fn state(&self, due_date: NaiveDate, today: NaiveDate) -> InvoiceState {
        if self.total - self.credited <= 0 {
            InvoiceState::Credited
        } else if self.paid >= self.owed() {
            InvoiceState::Paid
        } else if due_date < today {
            InvoiceState::Overdue
        } else if self.paid > 0 {
            InvoiceState::PartlyPaid
        } else {
            InvoiceState::Sent
        }
    }
}

/// The day the claim itself (`owed`: the total less its credit notes, no fees) was paid in
/// full by `payments` (day and øre, any order), if it was. A letter sent on or after that
/// day charges nothing (inkassoforskriften § 1-2: a fee is owed only for a letter about a
/// debt not paid; docs/LAW.md).
pub fn paid_in_full_on(owed: i64, payments: &[(NaiveDate, i64)]) -> Option<NaiveDate> {
    let mut sorted = payments.to_vec();
    sorted.sort_unstable();
    let mut paid = 0;
    sorted.into_iter().find_map(|(day, amount)| {
        paid += amount;
        (paid >= owed).then_some(day)
    })
}

/// Counts invoice `$1`'s `charged` again from its reminders: every letter's fee and the
/// latest letter's interest, leaving out letters sent after the claim was paid (`waived`,
/// [`paid_in_full_on`]); none once the invoice is credited in full. With it what the
/// reminder rules read of the letters (migration 0048): how many, their fees, and the
/// latest one's time to pay. Run by every write of a payment, a letter or a credit note,
/// through `crate::payments::store::charged_in`.
pub const CHARGED_SQL: &str = "UPDATE invoices SET charged = CASE WHEN total - credited <= 0 THEN 0 ELSE \
     COALESCE((SELECT SUM(fee) FROM invoice_reminders WHERE invoice_id = $1 AND NOT waived), 0) + \
     COALESCE((SELECT interest FROM invoice_reminders WHERE invoice_id = $1 AND NOT waived \
               ORDER BY sent_at DESC LIMIT 1), 0) \
     END, \
     letters = (SELECT COUNT(*) FROM invoice_reminders WHERE invoice_id = $1), \
     letter_fees = COALESCE((SELECT SUM(fee) FROM invoice_reminders WHERE invoice_id = $1 AND NOT waived), 0), \
     reminded_until = (SELECT pay_by FROM invoice_reminders WHERE invoice_id = $1 ORDER BY sent_at DESC LIMIT 1) \
     WHERE id = $1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claim_is_paid_in_full_on_the_day_its_payments_reach_it() {
        let day = |date| NaiveDate::from_ymd_opt(2026, 11, date).unwrap();
        assert_eq!(paid_in_full_on(1000, &[]), None);
        assert_eq!(paid_in_full_on(1000, &[(day(20), 600), (day(10), 400)]), Some(day(20)));
        assert_eq!(paid_in_full_on(1000, &[(day(10), 1000), (day(20), 75)]), Some(day(10)));
        assert_eq!(paid_in_full_on(1000, &[(day(10), 999)]), None);
    }

    #[test]
    fn the_state_follows_credit_notes_payments_and_the_due_date() {
        let due = NaiveDate::from_ymd_opt(2026, 12, 14).unwrap();
        let (before, after) = (due, due.succ_opt().unwrap());
        assert_eq!(Balance::new(1000, 0, 0).state(due, before), InvoiceState::Sent);
        assert_eq!(Balance::new(1000, 0, 0).state(due, after), InvoiceState::Overdue);
        assert_eq!(Balance::new(1000, 0, 400).state(due, before), InvoiceState::PartlyPaid);
        // Overdue is the date passed with something left, paid in part or not.
        assert_eq!(Balance::new(1000, 0, 400).state(due, after), InvoiceState::Overdue);
        assert_eq!(Balance::new(1000, 400, 600).state(due, after), InvoiceState::Paid);
        assert_eq!(Balance::new(1000, 1000, 0).state(due, after), InvoiceState::Credited);
        let refund = Balance::new(1000, 500, 1000);
        assert_eq!((refund.state(due, after), refund.outstanding), (InvoiceState::Paid, -500));
    }
}
