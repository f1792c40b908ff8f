//! What the editor and the customer's page send, and how a quote's content is read from
//! it: formats and bounds checked, each refusal in Norwegian under its field.

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::{CustomerKind, PriceType, Quote, QuoteLine, Unit, VAT_RATES};
use crate::fields::FieldErrors;
use crate::money::{self, MAX_AMOUNT, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE, Totals};

/// A quote's lines and texts as the editor sends them; every field may be left out of a
/// draft saved as one types.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct QuoteInput {
    pub customer_name: Option<String>,
    /// A business customer's company (firmanavn); ignored for a private customer.
    pub customer_company: Option<String>,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    pub customer_kind: Option<CustomerKind>,
    pub org_nr: Option<String>,
    pub angrerett: Option<bool>,
    pub price_type: Option<PriceType>,
    /// A consumer's timepris quote gives its sum as an "uforpliktende prisantydning", with
    /// that reservation written on it, instead of a prisoverslag (`crate::jobs::rule`).
    /// Ignored for other quotes.
    pub reservation: Option<bool>,
    pub intro: Option<String>,
    pub terms: Option<String>,
    pub lines: Option<Vec<LineInput>>,
    /// A day, `YYYY-MM-DD`.
    pub valid_until: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LineInput {
    /// The catalogue's service the line was picked from. Read as text so that what is no
    /// id is refused under its field, in Norwegian, rather than as unreadable JSON.
    #[schema(value_type = Option<Uuid>)]
    pub service_id: Option<String>,
    pub description: Option<String>,
    /// Hundredths (250 is 2,5).
    #[serde(deserialize_with = "any_number")]
    pub quantity: i64,
    pub unit: Unit,
    /// Øre, excluding MVA.
    #[serde(deserialize_with = "any_number")]
    pub unit_price: i64,
    /// 0, 12, 15 or 25.
    #[serde(deserialize_with = "any_number")]
    pub vat: i64,
}

/// Reads any JSON number, so that a number out of bounds is refused under its field in
/// Norwegian rather than as unreadable JSON: a whole number (`25`, `25.0`) as itself,
/// anything else (`2.5`, `1e300`) as [`i64::MAX`], which every bound refuses.
pub fn any_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    Ok(number
        .as_i64()
        .or_else(|| number.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
        .unwrap_or(i64::MAX))
}

/// A quote's content, checked: what a draft holds.
#[derive(Debug, Clone)]
pub struct QuoteContent {
    pub customer_name: String,
    pub customer_company: Option<String>,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    pub customer_kind: CustomerKind,
    pub org_nr: Option<String>,
    pub angrerett: bool,
    pub price_type: PriceType,
    pub reservation: bool,
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
        // `lines`: the intro and the terms are text of several lines, the rest one line each.
        let mut text = |key: &str, value: Option<String>, old: Option<String>, max| match value {
            Some(value) if matches!(key, "intro" | "terms") => errors.optional_text(key, Some(value), max),
            Some(value) => errors.optional(key, Some(value), max),
            None => old,
        };
        let customer_name = text("customer_name", input.customer_name, Some(base.customer_name), 200);
        let customer_company = text("customer_company", input.customer_company, base.customer_company, 200);
        let customer_email = text("customer_email", input.customer_email, base.customer_email, 254);
        let customer_phone = text("customer_phone", input.customer_phone, base.customer_phone, 40)
            .map(|phone| crate::text::phone_display(&phone));
        let customer_address = text("customer_address", input.customer_address, base.customer_address, 300);
        let org_nr = text("org_nr", input.org_nr, base.org_nr, 20);
        let intro = text("intro", input.intro, Some(base.intro), 5000).unwrap_or_default();
        let terms = text("terms", input.terms, Some(base.terms), 10_000).unwrap_or_default();
        errors.check_email("customer_email", customer_email.as_deref());
        let customer_kind = input.customer_kind.unwrap_or(base.customer_kind);
        let angrerett = customer_kind == CustomerKind::Private && input.angrerett.unwrap_or(base.angrerett);
        let price_type = input.price_type.unwrap_or(base.price_type);
        let reservation = customer_kind == CustomerKind::Private
            && price_type == PriceType::Hourly
            && input.reservation.unwrap_or(base.reservation);
        let valid_until = match input.valid_until {
            Some(day) => crate::oslo::parse_day(day.trim()).unwrap_or_else(|| {
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
            customer_company: if customer_kind == CustomerKind::Business { customer_company } else { None },
            customer_email,
            customer_phone,
            customer_address,
            customer_kind,
            org_nr: if customer_kind == CustomerKind::Business { org_nr } else { None },
            angrerett,
            price_type,
            reservation,
            intro,
            terms,
            lines,
            valid_until,
            totals,
        })
    }

    /// What a quote needs before it goes to the customer: a name, lines with a text, a
    /// valid-until day from `today`, and a total from 0 to [`MAX_AMOUNT`] including MVA
    /// (a draft may pass below 0 while a discount is typed before the work it is off).
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
        if self.totals.gross < 0 {
            errors.add("lines", "Totalen kan ikke være negativ.");
        } else if self.totals.gross > MAX_AMOUNT {
            errors.add("lines", "Et tilbud kan være høyst 100 millioner kroner med MVA.");
        }
        errors.finish()
    }

    /// The content of a stored quote, as the base of an edit or a new version.
    pub fn of(quote: &Quote) -> Self {
        Self {
            customer_name: quote.customer_name.clone(),
            customer_company: quote.customer_company.clone(),
            customer_email: quote.customer_email.clone(),
            customer_phone: quote.customer_phone.clone(),
            customer_address: quote.customer_address.clone(),
            customer_kind: quote.customer_kind,
            org_nr: quote.org_nr.clone(),
            angrerett: quote.angrerett,
            price_type: quote.price_type,
            reservation: quote.reservation,
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
        .map(|(index, line)| read_line(&|field| format!("lines.{index}.{field}"), line, errors))
        .collect()
}

/// Reads one line (of a quote, or a job's material), each refusal under `key(field)`.
pub fn read_line(key: &dyn Fn(&str) -> String, line: LineInput, errors: &mut FieldErrors) -> QuoteLine {
    let description = errors.optional(&key("description"), line.description, 500).unwrap_or_default();
    if !(0..=MAX_QUANTITY).contains(&line.quantity) {
        errors.add(&key("quantity"), "Antallet må være mellom 0 og 1 000 000.");
    }
    if !(-MAX_UNIT_PRICE..=MAX_UNIT_PRICE).contains(&line.unit_price) {
        errors.add(&key("unit_price"), "Enhetsprisen kan være høyst 100 millioner kroner.");
    } else if (0..=MAX_QUANTITY).contains(&line.quantity)
        && money::line(line.quantity, line.unit_price, 0).net.abs() > MAX_AMOUNT
    {
        errors.add(&key("unit_price"), "Linjen kan være høyst 100 millioner kroner uten MVA.");
    }
    let service_id = line.service_id.map(|id| Uuid::parse_str(id.trim()));
    if matches!(service_id, Some(Err(_))) {
        errors.add(&key("service_id"), "Tjenesten finnes ikke i listen.");
    }
    let vat = u8::try_from(line.vat).ok().filter(|rate| VAT_RATES.contains(rate));
    if vat.is_none() {
        errors.add(&key("vat"), "MVA må være 0, 12, 15 eller 25 %.");
    }
    QuoteLine {
        service_id: service_id.and_then(Result::ok),
        description,
        quantity: line.quantity,
        unit: line.unit,
        unit_price: line.unit_price,
        vat: vat.unwrap_or_default(),
    }
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

/// What "Send til kunden" may send with the quote.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct QuoteSendInput {
    /// A personal message to the customer, put at the top of the e-mail (at most 2000
    /// characters).
    pub message: Option<String>,
}

/// Reads the personal message of a quote sent: `None` when there is none.
pub fn read_send(input: QuoteSendInput) -> Result<Option<String>, FieldErrors> {
    let mut errors = FieldErrors::default();
    let personal = errors.optional_text("message", input.message, 2000);
    errors.finish()?;
    Ok(personal)
}
