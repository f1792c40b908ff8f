//! Tilleggsarbeid (change orders): work beyond a job's accepted quote. A change order is a
//! quote tied to its job (`quotes.job_id`), so it has what a quote has: its own number,
//! lines, PDF and link, and the customer's acceptance on its page with name, time,
//! address, user agent and the PDF's hash (`crate::quotes`). Staff may instead record it
//! as agreed on the phone (who, when, what), or as carried out under
//! håndverkertjenesteloven § 9 with the reason chosen ([`read_agreement`]): the firm
//! carries the burden of proof when it charges for it (§ 33), so each way keeps its
//! evidence. An accepted change order raises the job's budget ([`extra_budget`]), and time
//! and materials may be tagged to it.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use super::Job;
use crate::fields::FieldErrors;
use crate::quotes::{Agreement, CustomerKind, PriceType, Quote, QuoteContent, QuoteStatus};

pub use super::refused::NOT_OPEN;

/// The sum excluding MVA of `changes` that are accepted: what they add to the budget.
pub fn extra_budget(changes: &[Quote]) -> i64 {
    changes
        .iter()
        .filter(|change| change.status == QuoteStatus::Accepted)
        .fold(0i64, |sum, change| sum.saturating_add(change.net_total))
}

/// Whether time and materials may be tagged to `change`: not declined, withdrawn or
/// replaced (a draft or a sent one may be, as work can start once agreed by phone).
pub fn is_open(change: &Quote) -> bool {
    !matches!(change.status, QuoteStatus::Declined | QuoteStatus::Withdrawn | QuoteStatus::Replaced)
}

/// A new change order's content: the customer as the job's quote had it (or the job's
/// customer for a call-out, with `email` from its lead), fixed price, no lines yet.
pub fn content(
    job: &Job,
    quote: Option<&Quote>,
    email: Option<String>,
    terms: String,
    valid_until: NaiveDate,
) -> QuoteContent {
    let intro = format!("Tilleggsarbeid på oppdraget «{}».", job.title);
    match quote {
        Some(quote) => QuoteContent {
            price_type: PriceType::Fixed,
            reservation: false,
            intro,
            terms,
            lines: Vec::new(),
            valid_until,
            totals: Default::default(),
            ..QuoteContent::of(quote)
        },
        None => QuoteContent {
            customer_name: job.customer_name.clone(),
            customer_company: None,
            customer_email: email,
            customer_phone: job.customer_phone.clone(),
            customer_address: job.customer_address.clone(),
            customer_kind: CustomerKind::Private,
            org_nr: None,
            angrerett: true,
            price_type: PriceType::Fixed,
            reservation: false,
            intro,
            terms,
            lines: Vec::new(),
            valid_until,
            totals: Default::default(),
        },
    }
}

/// A change order recorded as agreed, as the office sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AgreementInput {
    /// "phone", "unreachable" or "damage".
    #[schema(value_type = Option<Agreement>)]
    pub how: Option<String>,
    /// Who agreed (required on the phone).
    pub name: Option<String>,
    /// When, `YYYY-MM-DDTHH:MM` in Norway.
    pub at: Option<String>,
    /// What the customer said, or why § 9 applied.
    pub note: Option<String>,
}

/// What an agreement records, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreed {
    pub how: Agreement,
    /// Who agreed, on the phone (none under § 9).
    pub name: Option<String>,
    pub at: DateTime<Utc>,
    /// What the customer said, or why § 9 applied.
    pub note: String,
}

/// The earliest moment an agreement may be recorded at on `today`: the first day of the
/// previous month, the oldest day the time sheet still takes hours for (`super::time`).
pub fn earliest(today: chrono::NaiveDate) -> DateTime<Utc> {
    let first = today.with_day(1).unwrap_or(today);
    crate::oslo::start_of(first.checked_sub_months(chrono::Months::new(1)).unwrap_or(first))
}

/// Reads an agreement made between `since` ([`earliest`]) and `now`.
pub fn read_agreement(
    input: AgreementInput,
    (since, now): (DateTime<Utc>, DateTime<Utc>),
) -> Result<Agreed, FieldErrors> {
    let mut errors = FieldErrors::default();
    let how = input.how.map(|how| how.trim().to_owned()).and_then(|how| Agreement::try_from(how).ok());
    if how.is_none() {
        errors.add("how", "Velg hvordan tilleggsarbeidet ble avtalt.");
    }
    let name = errors.optional_text("name", input.name, 200);
    if how == Some(Agreement::Phone) && name.is_none() && !errors.has("name") {
        errors.add("name", "Skriv hvem du snakket med.");
    }
    let at = input.at.as_deref().map(str::trim).and_then(crate::oslo::parse_moment);
    match at {
        None => errors.add("at", "Skriv når det ble avtalt."),
        Some(at) if at > now => errors.add("at", "Tidspunktet kan ikke være i fremtiden."),
        Some(at) if at < since => errors.add(
            "at",
            format!("Tidspunktet kan ikke være før {}.", crate::oslo::date(crate::oslo::day_of(since))),
        ),
        Some(_) => {}
    }
    let missing = match how {
        Some(Agreement::Phone) | None => "Skriv hva kunden sa ja til.",
        Some(_) => "Skriv hvorfor arbeidet ble gjort uten kundens svar.",
    };
    let note = errors.required_text("note", input.note, 2000, missing);
    errors.finish()?;
    let name = name.filter(|_| how == Some(Agreement::Phone));
    Ok(Agreed { how: how.unwrap_or(Agreement::Phone), name, at: at.unwrap_or(now), note })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(how: &str, name: Option<&str>, at: &str, note: &str) -> AgreementInput {
        AgreementInput {
            how: Some(how.to_owned()),
            name: name.map(str::to_owned),
            at: Some(at.to_owned()),
            note: Some(note.to_owned()),
        }
    }

    #[test]
    fn a_phone_agreement_needs_who_when_and_what() {
        let now: DateTime<Utc> = "2026-11-27T12:00:00Z".parse().unwrap();
        let since = earliest(crate::oslo::day_of(now));
        let now = (since, now);
        let early = read_agreement(input("phone", Some("Kari"), "1900-01-01T12:00", "Ja"), now)
            .unwrap_err()
            .into_map();
        assert_eq!(early["at"], "Tidspunktet kan ikke være før 1. oktober 2026.");
        let errors =
            read_agreement(input("phone", None, "2026-11-27T14:00", " "), now).unwrap_err().into_map();
        assert_eq!(errors["name"], "Skriv hvem du snakket med.");
        assert_eq!(errors["at"], "Tidspunktet kan ikke være i fremtiden.");
        assert_eq!(errors["note"], "Skriv hva kunden sa ja til.");
        let Agreed { how, name, at, note } =
            read_agreement(input("phone", Some("Kari"), "2026-11-27T12:30", "Ja til ekstra stikk"), now)
                .unwrap();
        assert_eq!(
            (how, name.as_deref(), note.as_str()),
            (Agreement::Phone, Some("Kari"), "Ja til ekstra stikk")
        );
        assert_eq!(at, "2026-11-27T11:30:00Z".parse::<DateTime<Utc>>().unwrap());
    }

    #[test]
    fn section_9_needs_a_reason_and_keeps_no_name() {
        let now: DateTime<Utc> = "2026-11-27T12:00:00Z".parse().unwrap();
        let now = (earliest(crate::oslo::day_of(now)), now);
        let errors =
            read_agreement(input("damage", None, "2026-11-27T09:00", ""), now).unwrap_err().into_map();
        assert_eq!(errors["note"], "Skriv hvorfor arbeidet ble gjort uten kundens svar.");
        assert!(!errors.contains_key("name"));
        let Agreed { how, name, .. } =
            read_agreement(input("damage", Some("Ola"), "2026-11-27T09:00", "Lekkasje i vegg"), now).unwrap();
        assert_eq!((how, name), (Agreement::Damage, None));
        let errors =
            read_agreement(input("maybe", None, "2026-11-27T09:00", "x"), now).unwrap_err().into_map();
        assert_eq!(errors["how"], "Velg hvordan tilleggsarbeidet ble avtalt.");
    }
}
