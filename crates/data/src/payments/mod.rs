//! Money in: what customers have paid on their invoices. A payment is registered by hand
//! on an invoice, or read from the bank's file of incoming payments (camt.054, `camt.rs`)
//! and booked by its KID or the invoice number in its message (`matching.rs`); what is
//! not plain (no invoice found, more than is owed, two invoices named) waits for the
//! office with its reason, and is never booked by guess. What is owed on an invoice, and
//! its state, follow from its total, its credit notes and its payments (`balance.rs`).
//! Every write takes the payments' turn (`store::TURN`), so two imports or a hand
//! registration beside an import never both book what was owed once. The SQL is in
//! `store.rs`.

pub mod balance;
pub mod camt;
pub mod figures;
pub mod input;
pub mod matching;
pub mod refused;
pub mod store;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use balance::{Balance, InvoiceState};
pub use refused::Refused;

/// Where a payment came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Registered by hand on the invoice.
    Manual,
    /// Read from the bank's file.
    Bank,
}

/// Why an imported payment waits for the office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Waiting {
    /// Neither its KID nor its message names an invoice there is.
    Unknown,
    /// It is more than is left to pay on the invoice it names.
    Overpaid,
    /// Its message names more than one invoice.
    Ambiguous,
    /// It was booked on an invoice and the office took it off again.
    Undone,
    /// The bank took a payment back, and which one is not plain: none from the bank, or
    /// more than one, has its EndToEndId (else its KID, amount and payer).
    Reversal,
    /// Money the firm sent came back (a refund the payee's bank returned): no customer's
    /// payment, whatever invoice it names.
    Returned,
}

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Booked on its invoice.
    Matched,
    /// Waiting for the office ([`Waiting`] says why).
    Open,
    /// Not a customer's payment of an invoice (the office said so, with a note).
    SetAside,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Manual => "manual",
            Self::Bank => "bank",
        }
    }
}

impl Waiting {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unknown => "unknown",
            Self::Overpaid => "overpaid",
            Self::Ambiguous => "ambiguous",
            Self::Undone => "undone",
            Self::Reversal => "reversal",
            Self::Returned => "returned",
        }
    }
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Matched => "matched",
            Self::Open => "open",
            Self::SetAside => "set_aside",
        }
    }
}

/// Reads a stored enum value by its serde name.
pub(crate) fn stored<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_value(Value::String(text.to_owned())).map_err(|_| format!("ukjent verdi «{text}»"))
}

/// A payment as the office sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Payment {
    pub id: Uuid,
    /// The invoice it is booked on; `null` while it waits or when set aside.
    pub invoice_id: Option<Uuid>,
    /// That invoice's number.
    pub invoice_number: Option<String>,
    /// Øre, positive.
    pub amount: i64,
    pub paid_on: NaiveDate,
    pub source: Source,
    pub status: Status,
    /// Why it waits for the office (while it does).
    pub waiting: Option<Waiting>,
    /// The invoice an overpayment names (its number), for the office to see.
    pub suggested: Option<String>,
    /// What an imported payment is known by in the bank's files (the bank's reference, or
    /// a digest: `camt/identity.rs`).
    pub bank_ref: Option<String>,
    /// The payer's EndToEndId, when the bank gave one.
    pub end_to_end: Option<String>,
    /// The payment a reversal from the bank took back.
    pub reverses: Option<Uuid>,
    pub kid: Option<String>,
    /// The payer's message.
    pub message: String,
    pub payer: String,
    /// The office's note (a hand registration's, or why it was set aside).
    pub note: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

impl Payment {
    /// What the audit log shows of it.
    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "amount": self.amount, "paid_on": self.paid_on, "invoice": self.invoice_number,
            "source": self.source, "status": self.status, "bank_ref": self.bank_ref,
            "kid": self.kid, "payer": self.payer, "note": self.note, "reverses": self.reverses,
        })
    }
}

/// How many waiting payments a page of them holds (a bank file may leave thousands).
pub const WAITING_PAGE: i64 = 50;

/// A page of the payments that wait for the office, oldest first, and how many wait.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct WaitingPayments {
    pub payments: Vec<Payment>,
    /// How many wait in all.
    pub total: i64,
    /// This page, from 1.
    pub page: i64,
    pub page_size: i64,
}

/// What an import did: how many payments were new, booked, left for the office, already
/// there from an earlier import, payments the bank took back (each taken off its invoice),
/// and entries left out (money out, not booked).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Imported {
    pub new: usize,
    pub matched: usize,
    pub waiting: usize,
    pub already: usize,
    pub skipped: usize,
    pub reversed: usize,
}
