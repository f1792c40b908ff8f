//! An invoice or credit note sent: to the customer (the PDF, for a business the EHF too,
//! and the link to the job's documents) or to the accounting system's inbox for vouchers
//! (Innstillinger → Faktura). Each send is kept with whether the mail server took it; the
//! letter itself is the server's (`src/invoices/send.rs`). The SQL is in `super::store`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// Where an invoice is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Recipient {
    /// The customer's e-mail address (the quote's, else the lead's).
    Customer,
    /// The accounting system's voucher inbox.
    Accounting,
}

impl Recipient {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Accounting => "accounting",
        }
    }
}

impl TryFrom<String> for Recipient {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        crate::payments::stored(&text)
    }
}

/// What "Send" asks for.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InvoiceSendInput {
    /// `customer` or `accounting`.
    pub to: Recipient,
}

/// One send, as kept.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
pub struct InvoiceSend {
    pub id: Uuid,
    pub invoice_id: Uuid,
    #[sqlx(try_from = "String")]
    pub recipient: Recipient,
    pub to_address: String,
    /// "PDF" or "PDF og EHF".
    pub attached: String,
    /// The mail server took it.
    pub delivered: bool,
    /// Why it did not, when it did not.
    pub error: Option<String>,
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
}

/// Why an invoice was not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotSent {
    /// The server has no e-mail (`FAGFOLK_SMTP_URL`).
    NoMail,
    /// The customer has no e-mail address.
    NoCustomerEmail,
    /// Innstillinger → Faktura has no accounting inbox.
    NoAccountingEmail,
}
