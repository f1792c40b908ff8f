//! A quote's records: the quote as stored and shown and its lines. What the editor sends
//! is read in `input.rs`.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::money::{self, LineAmounts, Totals};

/// Where a quote is. `expired` is never stored: a sent quote whose valid-until day has
/// passed (in Norway) reads as expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QuoteStatus {
    Draft,
    Sent,
    Accepted,
    Declined,
    Withdrawn,
    /// A newer version was made from it ("Revider").
    Replaced,
    Expired,
}

/// A private customer (a consumer: prices shown including MVA, angrerett) or a business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CustomerKind {
    Private,
    Business,
}

/// What the price binds (crates/data/src/quotes/texts.rs says it to the customer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PriceType {
    /// Fastpris.
    Fixed,
    /// Prisoverslag: at most 15 % above.
    Estimate,
    /// Timepris: time and materials used; its sum binds as `crate::jobs::rule` says.
    Hourly,
}

/// How a change order (tilleggsarbeid, a quote with a `job_id`) was agreed when staff
/// recorded it rather than the customer accepting it on its page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Agreement {
    /// Agreed with the customer on the phone: who, when and what was said.
    Phone,
    /// Håndverkertjenesteloven § 9: the customer could not be reached, presumably wants
    /// the work, and the price is low.
    Unreachable,
    /// Håndverkertjenesteloven § 9: done to prevent significant damage.
    Damage,
}

/// A line's unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Stk,
    Time,
    M2,
    Lm,
}

impl Unit {
    pub fn label(self) -> &'static str {
        match self {
            Self::Stk => "stk",
            Self::Time => "time",
            Self::M2 => "m²",
            Self::Lm => "lm",
        }
    }
}

macro_rules! stored_enum {
    ($($kind:ty),*) => {$(
        impl TryFrom<String> for $kind {
            type Error = serde_json::Error;
            fn try_from(text: String) -> Result<Self, Self::Error> {
                serde_json::from_value(Value::String(text))
            }
        }
        impl $kind {
            /// The stored text: its serde name.
            pub fn as_str(self) -> String {
                match serde_json::to_value(self) {
                    Ok(Value::String(text)) => text,
                    _ => unreachable!("quote enums serialize as strings"),
                }
            }
        }
    )*};
}
stored_enum!(QuoteStatus, CustomerKind, PriceType, Unit, Agreement);

/// The MVA rates a line may have, in percent.
pub const VAT_RATES: [u8; 4] = [0, 12, 15, 25];

/// One line of a quote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteLine {
    /// The catalogue service it was picked from, if any.
    pub service_id: Option<Uuid>,
    pub description: String,
    /// In hundredths: 250 is 2,5.
    pub quantity: i64,
    pub unit: Unit,
    /// Øre, excluding MVA.
    pub unit_price: i64,
    /// MVA in percent: 0, 12, 15 or 25.
    pub vat: u8,
}

impl QuoteLine {
    pub fn amounts(&self) -> LineAmounts {
        money::line(self.quantity, self.unit_price, self.vat)
    }
}

/// A quote, one version of it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Quote {
    pub id: Uuid,
    /// The lead it was made from; none once the lead is erased (an accepted quote stays).
    pub lead_id: Option<Uuid>,
    /// `2026-0042`: the year and a number that counts up without gaps.
    pub number: String,
    pub version: i32,
    #[sqlx(try_from = "String")]
    pub status: QuoteStatus,
    pub customer_name: String,
    /// A business customer's company, which the quote is addressed to (`customer_name` is
    /// its contact person); `None` for a private customer.
    pub customer_company: Option<String>,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    #[sqlx(try_from = "String")]
    pub customer_kind: CustomerKind,
    pub org_nr: Option<String>,
    /// A consumer's agreement made at a distance or away from the firm's premises: the
    /// quote carries the angrerett information and the withdrawal form.
    pub angrerett: bool,
    #[sqlx(try_from = "String")]
    pub price_type: PriceType,
    /// A consumer's timepris quote whose sum is given as an "uforpliktende prisantydning",
    /// the reservation written on it and accepted with it (`crate::jobs::rule`).
    pub reservation: bool,
    pub intro: String,
    pub terms: String,
    #[sqlx(json)]
    pub lines: Vec<QuoteLine>,
    pub valid_until: NaiveDate,
    /// Øre: the sum excluding MVA, the MVA and the total including MVA.
    pub net_total: i64,
    pub vat_total: i64,
    pub total: i64,
    /// Who made it (the "owner" the quote list filters by).
    pub owner_id: Option<Uuid>,
    pub owner_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub sent_by: Option<String>,
    /// When the customer first and last opened the quote's page.
    pub first_opened_at: Option<DateTime<Utc>>,
    pub last_opened_at: Option<DateTime<Utc>>,
    pub withdrawn_at: Option<DateTime<Utc>>,
    pub withdrawn_by: Option<String>,
    pub replaced_at: Option<DateTime<Utc>>,
    pub replaced_by: Option<String>,
    pub declined_at: Option<DateTime<Utc>>,
    pub decline_reason: Option<String>,
    pub accepted_at: Option<DateTime<Utc>>,
    /// The full name the customer typed.
    pub accepted_name: Option<String>,
    pub accepted_ip: Option<String>,
    pub accepted_user_agent: Option<String>,
    /// The texts the customer agreed to, as they read them.
    #[sqlx(json(nullable))]
    pub accepted_texts: Option<Value>,
    /// The consumer asked for the work to start within the 14 days of angrerett.
    pub early_start: Option<bool>,
    /// The SHA-256 (hex) of the PDF sent, and accepted.
    pub pdf_sha256: Option<String>,
    /// The job a change order (tilleggsarbeid) belongs to; `None` for a quote.
    pub job_id: Option<Uuid>,
    /// How staff recorded a change order as agreed; `None` when the customer answered on
    /// its page (or it is not answered). The customer's name and the time are in
    /// `accepted_name` and `accepted_at`. [`Agreement`]'s stored text.
    #[schema(value_type = Option<Agreement>)]
    pub agreed_how: Option<String>,
    /// What the customer said on the phone, or why § 9 applied.
    pub agreed_note: Option<String>,
    /// The staff member who recorded it.
    pub agreed_by: Option<String>,
}

impl Quote {
    /// A sent quote past its valid-until day (`today`, in Norway) reads as expired.
    pub fn settle(mut self, today: NaiveDate) -> Self {
        if self.status == QuoteStatus::Sent && self.valid_until < today {
            self.status = QuoteStatus::Expired;
        }
        self
    }

    /// The lead whose status the quote moves (sent, won, lost); a change order moves none:
    /// its lead was won by the job's quote.
    pub fn lead_of_quote(&self) -> Option<Uuid> {
        self.lead_id.filter(|_| self.job_id.is_none())
    }

    /// What the document is called: "Tilbud", or "Tilbud på tilleggsarbeid" for a change
    /// order.
    pub fn kind_name(&self) -> &'static str {
        if self.job_id.is_some() { "Tilbud på tilleggsarbeid" } else { "Tilbud" }
    }

    /// `2026-0042 v2`, or the number alone for a first version.
    pub fn label(&self) -> String {
        if self.version > 1 { format!("{} v{}", self.number, self.version) } else { self.number.clone() }
    }

    /// The PDF's file name: `Tilbud-2026-0042.pdf`, `Tilbud-2026-0042-v2.pdf`, and
    /// `Tilleggsarbeid-2026-0043.pdf` for a change order.
    pub fn file_name(&self) -> String {
        let kind = if self.job_id.is_some() { "Tilleggsarbeid" } else { "Tilbud" };
        if self.version > 1 {
            format!("{kind}-{}-v{}.pdf", self.number, self.version)
        } else {
            format!("{kind}-{}.pdf", self.number)
        }
    }

    /// Where staff open what the quote belongs to: the job of a change order, else the lead
    /// (`base` is the site's address), with the words for it.
    pub fn staff_link(&self, base: &str) -> String {
        match (self.job_id, self.lead_id) {
            (Some(job_id), _) => format!("Åpne oppdraget: {base}/admin/oppdrag/{job_id}"),
            (None, lead_id) => format!(
                "Åpne lead-en: {base}/admin/leads/{}",
                lead_id.map(|id| id.to_string()).unwrap_or_default()
            ),
        }
    }

    /// The accepted copy's file name: `Tilbud-2026-0042-v2-akseptert.pdf`.
    pub fn accepted_file_name(&self) -> String {
        self.file_name().replace(".pdf", "-akseptert.pdf")
    }

    /// What the audit log shows of the quote.
    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "number": self.label(), "status": self.status, "customer_name": self.customer_name,
            "customer_company": self.customer_company, "customer_email": self.customer_email, "customer_kind": self.customer_kind,
            "price_type": self.price_type, "valid_until": self.valid_until, "total": self.total,
            "lines": self.lines.len(), "job_id": self.job_id,
        })
    }

    /// Who the quote is to, as its pages and PDF say it: a business's company, with its
    /// contact person after it, or the customer's name.
    pub fn addressee(&self) -> String {
        match self.customer_company.as_deref().filter(|_| self.customer_kind == CustomerKind::Business) {
            Some(company) if !self.customer_name.is_empty() => {
                format!("{company}, v/ {}", self.customer_name)
            }
            Some(company) => company.to_owned(),
            None => self.customer_name.clone(),
        }
    }

    pub fn totals(&self) -> Totals {
        Totals { net: self.net_total, vat: self.vat_total, gross: self.total }
    }
}
