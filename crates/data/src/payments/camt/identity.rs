//! How a payment in the bank's file is known again in another file (docs/PAYMENTS.md,
//! "A payment's identity"): by the payment itself, never by the file it came in or its
//! place there.
//!
//! 1. The bank's own reference of the payment: the transaction's `Refs/AcctSvcrRef`, or the
//!    entry's `AcctSvcrRef` when the entry is the payment itself (no details). The bank
//!    gives each payment one, the same in every file that reports it.
//! 2. Else the payer's `EndToEndId` (not "NOTPROVIDED"), with the amount and the day: the
//!    payer's bank sets it and it travels with the payment.
//! 3. Else what the payment says: day, amount, KID, message and payer.
//!
//! Keys 2 and 3 are counted within the file ("#1", "#2", ...): two equal payments in one file
//! stay two, and the same two in another file (the day's file after an intraday file, or a
//! file sent again) are the same two. What cannot be told apart is left to the office
//! (docs/PAYMENTS.md). A reversal and money of the firm's own coming back are keyed apart
//! from payments, so the reversal of a payment is never taken for the payment.

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

/// What a payment is known by.
pub(super) struct Identity<'a> {
    /// "" for a payment, "reversal:" or "returned:" for the other bookings (`Booking`).
    pub(super) kind: &'static str,
    pub(super) bank_ref: &'a str,
    pub(super) entry_ref: &'a str,
    pub(super) end_to_end: &'a str,
    pub(super) paid_on: NaiveDate,
    pub(super) amount: i64,
    pub(super) kid: &'a str,
    pub(super) message: &'a str,
    pub(super) payer: &'a str,
}

impl Identity<'_> {
    /// The payer's EndToEndId, unless the payer's bank gave none.
    pub(super) fn end_to_end(&self) -> Option<&str> {
        Some(self.end_to_end).filter(|id| !id.is_empty() && !id.eq_ignore_ascii_case("NOTPROVIDED"))
    }

    /// The key: the bank's reference as it is, or a digest to be counted within the file
    /// (it ends in "#" then).
    pub(super) fn key(&self) -> String {
        let kind = self.kind;
        if !self.bank_ref.is_empty() {
            return format!("{kind}{}", self.bank_ref);
        }
        if !self.entry_ref.is_empty() {
            return format!("{kind}{}", self.entry_ref);
        }
        let day = self.paid_on.to_string();
        let amount = self.amount.to_string();
        let parts: Vec<&str> = if let Some(id) = self.end_to_end() {
            vec!["end-to-end", id, &amount, &day]
        } else {
            vec!["payment", &day, &amount, self.kid, self.message, self.payer]
        };
        let mut digest = Sha256::new();
        digest.update(kind.as_bytes());
        for part in parts {
            digest.update(part.as_bytes());
            digest.update([0]);
        }
        let hash = digest.finalize();
        let hex: String = hash.iter().take(16).map(|byte| format!("{byte:02x}")).collect();
        format!("{kind}sha256:{hex}#")
    }
}
