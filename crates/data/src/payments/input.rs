//! What "Registrer innbetaling", "Før på faktura" and "Ikke en fakturabetaling" send,
//! read. Pure: what is owed is checked by the store, in the payments' turn.

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::fields::FieldErrors;

/// A payment registered by hand on an invoice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentInput {
    /// The day it was paid, `YYYY-MM-DD`.
    pub paid_on: Option<String>,
    /// Øre, more than 0.
    pub amount: Option<i64>,
    /// At most 500 characters.
    pub note: Option<String>,
}

/// A payment read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPayment {
    pub paid_on: NaiveDate,
    pub amount: i64,
    pub note: String,
}

/// Reads `input`; `today` is the last day a payment can have been made.
pub fn read_payment(input: PaymentInput, today: NaiveDate) -> Result<NewPayment, FieldErrors> {
    let mut errors = FieldErrors::default();
    let paid_on = match input.paid_on.as_deref().map(str::trim).filter(|day| !day.is_empty()) {
        None => {
            errors.add("paid_on", "Skriv datoen betalingen kom.");
            None
        }
        Some(day) => match crate::oslo::parse_day(day) {
            Some(day) if day > today => {
                errors.add("paid_on", "Datoen kan ikke være senere enn i dag.");
                None
            }
            Some(day) => Some(day),
            None => {
                errors.add("paid_on", "Skriv en gyldig dato.");
                None
            }
        },
    };
    let amount = input.amount.filter(|amount| *amount > 0);
    if amount.is_none() {
        errors.add("amount", "Skriv et beløp større enn 0 kr.");
    }
    let note = errors.optional("note", input.note, 500).unwrap_or_default();
    errors.finish()?;
    Ok(NewPayment { paid_on: paid_on.unwrap_or(today), amount: amount.unwrap_or_default(), note })
}

/// Which invoice a waiting payment goes on: its number, as the office types it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MatchInput {
    /// `2026-0007`.
    pub invoice: Option<String>,
}

/// Why a waiting payment is no payment of an invoice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetAsideInput {
    /// Required, at most 500 characters.
    pub note: Option<String>,
}

/// Which page of the payments that wait for the office.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WaitingQuery {
    /// The page, from 1 ([`super::WAITING_PAGE`] payments a page).
    pub page: Option<i64>,
}

impl WaitingQuery {
    /// The page asked for, from 1 (a page past the last is empty).
    pub fn page(&self) -> i64 {
        self.page.unwrap_or(1).clamp(1, 100_000)
    }
}

/// Reads the invoice number of `input`.
pub fn read_match(input: MatchInput) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::default();
    let number =
        errors.required("invoice", input.invoice, 20, "Skriv fakturanummeret, for eksempel 2026-0007.");
    errors.finish()?;
    Ok(number)
}

/// Reads the note of `input`.
pub fn read_set_aside(input: SetAsideInput) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::default();
    let note = errors.required(
        "note",
        input.note,
        500,
        "Skriv hva innbetalingen er, for eksempel «Tilbakebetaling fra leverandør».",
    );
    errors.finish()?;
    Ok(note)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
    }

    fn input(value: serde_json::Value) -> PaymentInput {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn a_payment_has_a_day_until_today_and_an_amount_above_zero() {
        let read = read_payment(
            input(json!({"paid_on": "2026-11-30", "amount": 125_050, "note": " Vipps "})),
            today(),
        );
        assert_eq!(
            read.unwrap(),
            NewPayment {
                paid_on: NaiveDate::from_ymd_opt(2026, 11, 30).unwrap(),
                amount: 125_050,
                note: "Vipps".into()
            }
        );
        let errors = read_payment(input(json!({"paid_on": "2026-12-02", "amount": 0})), today())
            .unwrap_err()
            .into_map();
        assert_eq!(errors["paid_on"], "Datoen kan ikke være senere enn i dag.");
        assert_eq!(errors["amount"], "Skriv et beløp større enn 0 kr.");
        let errors = read_payment(input(json!({"paid_on": "1.12.2026"})), today()).unwrap_err().into_map();
        assert_eq!(errors["paid_on"], "Skriv en gyldig dato.");
    }
}
