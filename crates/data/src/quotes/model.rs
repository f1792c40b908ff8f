//! A quote's records: the quote as stored and shown, its lines, and the editor's input
//! read into checked values.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use super::money::{self, LineAmounts, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE, Totals};
use crate::fields::FieldErrors;
use crate::text::is_email;

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
    /// Timepris med uforpliktende anslag.
    Hourly,
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
stored_enum!(QuoteStatus, CustomerKind, PriceType, Unit);

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
}

impl Quote {
    /// A sent quote past its valid-until day (`today`, in Norway) reads as expired.
    pub fn settle(mut self, today: NaiveDate) -> Self {
        if self.status == QuoteStatus::Sent && self.valid_until < today {
            self.status = QuoteStatus::Expired;
        }
        self
    }

    /// `2026-0042 v2`, or the number alone for a first version.
    pub fn label(&self) -> String {
        if self.version > 1 { format!("{} v{}", self.number, self.version) } else { self.number.clone() }
    }

    /// What the audit log shows of the quote.
    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "number": self.label(), "status": self.status, "customer_name": self.customer_name,
            "customer_email": self.customer_email, "customer_kind": self.customer_kind,
            "price_type": self.price_type, "valid_until": self.valid_until, "total": self.total,
            "lines": self.lines.len(),
        })
    }

    pub fn totals(&self) -> Totals {
        Totals { net: self.net_total, vat: self.vat_total, gross: self.total }
    }
}

/// A quote's lines and texts as the editor sends them; every field may be left out of a
/// draft saved as one types.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct QuoteInput {
    pub customer_name: Option<String>,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    pub customer_kind: Option<CustomerKind>,
    pub org_nr: Option<String>,
    pub angrerett: Option<bool>,
    pub price_type: Option<PriceType>,
    pub intro: Option<String>,
    pub terms: Option<String>,
    pub lines: Option<Vec<LineInput>>,
    /// A day, `YYYY-MM-DD`.
    pub valid_until: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LineInput {
    pub service_id: Option<Uuid>,
    pub description: Option<String>,
    /// Hundredths (250 is 2,5).
    pub quantity: i64,
    pub unit: Unit,
    /// Øre, excluding MVA.
    pub unit_price: i64,
    /// 0, 12, 15 or 25. Read as any integer so that another number is refused under
    /// its field, in Norwegian, rather than as unreadable JSON.
    pub vat: i64,
}

/// A quote's content, checked: what a draft holds.
#[derive(Debug, Clone)]
pub struct QuoteContent {
    pub customer_name: String,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    pub customer_kind: CustomerKind,
    pub org_nr: Option<String>,
    pub angrerett: bool,
    pub price_type: PriceType,
    pub intro: String,
    pub terms: String,
    pub lines: Vec<QuoteLine>,
    pub valid_until: NaiveDate,
    pub totals: Totals,
}

impl QuoteContent {
    /// Reads `input` over `base` (the draft as it is, or the new quote's defaults): a field
    /// left out keeps its value. Formats and bounds are checked; what only a quote to be
    /// sent needs is checked by [`QuoteContent::ready_to_send`].
    pub fn parse(input: QuoteInput, base: QuoteContent) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut text = |key: &str, value: Option<String>, old: Option<String>, max| match value {
            Some(value) => errors.optional(key, Some(value), max),
            None => old,
        };
        let customer_name = text("customer_name", input.customer_name, Some(base.customer_name), 200);
        let customer_email = text("customer_email", input.customer_email, base.customer_email, 254);
        let customer_phone = text("customer_phone", input.customer_phone, base.customer_phone, 40)
            .map(|phone| crate::text::phone_display(&phone));
        let customer_address = text("customer_address", input.customer_address, base.customer_address, 300);
        let org_nr = text("org_nr", input.org_nr, base.org_nr, 20);
        let intro = text("intro", input.intro, Some(base.intro), 5000).unwrap_or_default();
        let terms = text("terms", input.terms, Some(base.terms), 10_000).unwrap_or_default();
        if customer_email.as_deref().is_some_and(|email| !errors.has("customer_email") && !is_email(email)) {
            errors.add("customer_email", "Skriv en gyldig e-postadresse.");
        }
        let customer_kind = input.customer_kind.unwrap_or(base.customer_kind);
        let angrerett = customer_kind == CustomerKind::Private && input.angrerett.unwrap_or(base.angrerett);
        let valid_until = match input.valid_until {
            Some(day) => NaiveDate::parse_from_str(day.trim(), "%Y-%m-%d").unwrap_or_else(|_| {
                errors.add("valid_until", "Skriv en gyldig dato.");
                base.valid_until
            }),
            None => base.valid_until,
        };
        let lines = match input.lines {
            Some(lines) => read_lines(lines, &mut errors),
            None => base.lines,
        };
        errors.finish()?;
        let totals = money::totals(lines.iter().map(|line| (line.quantity, line.unit_price, line.vat)));
        Ok(Self {
            customer_name: customer_name.unwrap_or_default(),
            customer_email,
            customer_phone,
            customer_address,
            customer_kind,
            org_nr: if customer_kind == CustomerKind::Business { org_nr } else { None },
            angrerett,
            price_type: input.price_type.unwrap_or(base.price_type),
            intro,
            terms,
            lines,
            valid_until,
            totals,
        })
    }

    /// What a quote needs before it goes to the customer: a name, lines with a text, and
    /// a valid-until day from `today`.
    pub fn ready_to_send(&self, today: NaiveDate) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::default();
        if self.customer_name.is_empty() {
            errors.add("customer_name", "Skriv kundens navn.");
        }
        if self.lines.is_empty() {
            errors.add("lines", "Tilbudet trenger minst én linje.");
        }
        if let Some(index) = self.lines.iter().position(|line| line.description.is_empty()) {
            errors.add(&format!("lines.{index}.description"), "Skriv hva linjen gjelder.");
        }
        if self.valid_until < today {
            errors.add("valid_until", "Gyldig til kan ikke være en dag som har vært.");
        }
        errors.finish()
    }

    /// The content of a stored quote, as the base of an edit or a new version.
    pub fn of(quote: &Quote) -> Self {
        Self {
            customer_name: quote.customer_name.clone(),
            customer_email: quote.customer_email.clone(),
            customer_phone: quote.customer_phone.clone(),
            customer_address: quote.customer_address.clone(),
            customer_kind: quote.customer_kind,
            org_nr: quote.org_nr.clone(),
            angrerett: quote.angrerett,
            price_type: quote.price_type,
            intro: quote.intro.clone(),
            terms: quote.terms.clone(),
            lines: quote.lines.clone(),
            valid_until: quote.valid_until,
            totals: quote.totals(),
        }
    }
}

fn read_lines(lines: Vec<LineInput>, errors: &mut FieldErrors) -> Vec<QuoteLine> {
    if lines.len() > MAX_LINES {
        errors.add("lines", format!("Et tilbud kan ha høyst {MAX_LINES} linjer."));
    }
    lines
        .into_iter()
        .take(MAX_LINES)
        .enumerate()
        .map(|(index, line)| {
            let key = |field: &str| format!("lines.{index}.{field}");
            let description = errors.optional(&key("description"), line.description, 500).unwrap_or_default();
            if !(0..=MAX_QUANTITY).contains(&line.quantity) {
                errors.add(&key("quantity"), "Antallet må være mellom 0 og 1 000 000.");
            }
            if !(-MAX_UNIT_PRICE..=MAX_UNIT_PRICE).contains(&line.unit_price) {
                errors.add(&key("unit_price"), "Enhetsprisen kan være høyst 100 millioner kroner.");
            }
            let vat = u8::try_from(line.vat).ok().filter(|rate| VAT_RATES.contains(rate));
            if vat.is_none() {
                errors.add(&key("vat"), "MVA må være 0, 12, 15 eller 25 %.");
            }
            QuoteLine {
                service_id: line.service_id,
                description,
                quantity: line.quantity,
                unit: line.unit,
                unit_price: line.unit_price,
                vat: vat.unwrap_or_default(),
            }
        })
        .collect()
}

/// The customer's answer on accepting.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptInput {
    /// The version on the page the customer accepted from.
    pub version: i32,
    /// The customer's full name, typed.
    pub name: String,
    /// Ticked: has read the quote and its terms.
    pub read_terms: bool,
    /// The separate, unticked choice of a consumer to have the work start within the 14
    /// days of angrerett.
    #[serde(default)]
    pub early_start: bool,
}

/// The customer's answer on declining.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeclineInput {
    pub version: i32,
    pub reason: Option<String>,
}
