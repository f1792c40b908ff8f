//! What "Innstillinger" sends, read into the settings it saves: every field checked at
//! once, each refusal in Norwegian. Pure: the settings before, this year and whether a
//! new logo is a picture are passed in (the server looks the logo up,
//! `SettingsInput::new_logo`).

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Claims, Invoicing, QuoteDefaults, Settings};
use crate::fields::FieldErrors;

/// Every field left out keeps what is saved; `null` or blank clears it (the firm's name,
/// which may not be empty, aside). A partial save never wipes the firm.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SettingsInput {
    /// Required once saved: every invoice and EHF names the firm.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub company_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub orgnr: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub adresse: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub email: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub global_phone_primary: Option<Option<String>>,
    /// Extra numbers; blanks are dropped.
    pub global_phone_extra: Option<Vec<String>>,
    /// The year the firm was founded (1800 to this year); `null` says nothing about it.
    #[serde(default, deserialize_with = "present_number")]
    #[schema(value_type = Option<i64>)]
    pub founded_year: Option<Option<i64>>,
    /// What the public pages promise; absent keeps what is saved.
    pub claims: Option<ClaimsInput>,
    /// The logo, a picture from the media library; `null` takes it away, absent keeps it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Uuid>)]
    pub logo: Option<Option<String>>,
    /// What a new quote starts with; absent keeps what is saved.
    pub quote_defaults: Option<QuoteDefaultsInput>,
    /// Which days customers may offer for the site visit; absent keeps what is saved.
    pub visit_days: Option<VisitDaysInput>,
    /// What an invoice needs; absent keeps what is saved.
    pub invoicing: Option<InvoicingInput>,
    /// What a new samsvarserklæring starts with; absent keeps what is saved.
    pub declaration_defaults: Option<crate::declarations::Defaults>,
    /// The limits of ordinary working time, in minutes; absent keeps what is saved.
    pub working_time: Option<super::WorkingTime>,
}

/// Innstillinger → Faktura. As the settings, every field left out keeps what is saved, and
/// `null` or blank clears a text (issue #74, finding 14: a save without the account number
/// emptied it).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvoicingInput {
    /// Eleven digits; dots and spaces as typed are allowed. Empty or `null`: none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub account_number: Option<Option<String>>,
    pub vat_registered: Option<bool>,
    /// 0 to 90.
    #[serde(default, deserialize_with = "present_number")]
    #[schema(value_type = Option<i64>)]
    pub payment_days: Option<Option<i64>>,
    pub kid: Option<bool>,
    /// The accounting system's inbox for vouchers; empty or `null`: none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub accounting_email: Option<Option<String>>,
    /// The letters an overdue invoice gets.
    #[serde(default)]
    pub reminder_steps: Option<super::ReminderSteps>,
    /// Whether letters charge the reminder fee.
    #[serde(default)]
    pub reminder_fee: Option<bool>,
    /// The forsinkelsesrente from each day it took force.
    #[serde(default)]
    pub interest_rates: Option<Vec<InterestRateInput>>,
}

/// A forsinkelsesrente: the day it took force (`2026-07-01`) and the percent a year, as
/// typed (`percent`: "12,25") or as the settings are read (`percent_hundredths`: 1225).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InterestRateInput {
    pub from: String,
    #[serde(default)]
    pub percent: Option<String>,
    #[serde(default)]
    pub percent_hundredths: Option<i64>,
}

/// The rates typed, sorted by day; refused with a message when a day or a percent is not
/// one, a percent is above 30, or two rates share a day.
fn interest_rates(typed: &[InterestRateInput]) -> Result<Vec<super::InterestRate>, &'static str> {
    let mut rates = Vec::with_capacity(typed.len());
    for rate in typed {
        let from = crate::oslo::parse_day(rate.from.trim()).ok_or("Skriv datoen renten gjelder fra.")?;
        let percent = match (&rate.percent, rate.percent_hundredths) {
            (Some(typed), _) => crate::money::hundredths(&typed.trim().replace(',', ".")),
            (None, hundredths) => hundredths,
        }
        .filter(|hundredths| (0..=3000).contains(hundredths))
        .ok_or("Skriv renten i prosent, for eksempel 12,25 (høyst 30).")?;
        rates.push(super::InterestRate { from, percent_hundredths: i32::try_from(percent).unwrap_or(0) });
    }
    rates.sort_by_key(|rate| rate.from);
    if rates.windows(2).any(|pair| pair[0].from == pair[1].from) {
        return Err("To renter kan ikke gjelde fra samme dag.");
    }
    if rates.len() > 60 {
        return Err("Høyst 60 renter i listen.");
    }
    Ok(rates)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VisitDaysInput {
    /// 1 to 60.
    #[serde(default, deserialize_with = "crate::text::whole_number")]
    #[schema(value_type = i64)]
    pub days_ahead: Option<i64>,
    /// 1 (Monday) to 7 (Sunday); at least one.
    #[schema(value_type = Vec<i64>)]
    pub weekdays: Vec<serde_json::Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteDefaultsInput {
    /// 1 to 365.
    #[serde(default, deserialize_with = "crate::text::whole_number")]
    #[schema(value_type = i64)]
    pub valid_days: Option<i64>,
    pub terms: Option<String>,
}

/// A whole number that is there (`null` included) as `Some`; `None` when left out.
fn present_number<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<i64>>, D::Error> {
    crate::text::whole_number(deserializer).map(Some)
}

/// `Some` for a field that is there, `null` included; `None` for one left out.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// The promises as the settings form sends them (`Claims`); `confirmed` says staff stand
/// by them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimsInput {
    pub on_call: bool,
    pub leak_within_hour: bool,
    pub binding_price: bool,
    /// 1 to 30 years, or `null` for no warranty promise.
    #[serde(default, deserialize_with = "crate::text::whole_number")]
    #[schema(value_type = Option<i64>)]
    pub warranty_years: Option<i64>,
    pub free_visit: bool,
    pub confirmed: bool,
}

impl InvoicingInput {
    /// `before` with what this input says applied; each refusal goes to `errors`.
    fn apply(self, before: &Invoicing, errors: &mut FieldErrors) -> Invoicing {
        let account_number = match self.account_number {
            None => before.account_number.clone(),
            Some(typed) => match typed.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(text) => match crate::values::AccountNumber::parse(text) {
                    Ok(account) => Some(account.digits().to_owned()),
                    Err(message) => {
                        errors.add("invoicing.account_number", message);
                        None
                    }
                },
            },
        };
        let accounting_email = match self.accounting_email {
            None => before.accounting_email.clone(),
            Some(typed) => {
                let email = errors.optional("invoicing.accounting_email", typed, 254);
                errors.check_email("invoicing.accounting_email", email.as_deref());
                email
            }
        };
        Invoicing {
            account_number,
            vat_registered: self.vat_registered.unwrap_or(before.vat_registered),
            payment_days: match self.payment_days {
                None => before.payment_days,
                Some(days) => days.map_or(-1, |days| i32::try_from(days).unwrap_or(-1)),
            },
            kid: self.kid.unwrap_or(before.kid),
            accounting_email,
            reminder_steps: self.reminder_steps.unwrap_or(before.reminder_steps),
            reminder_fee: self.reminder_fee.unwrap_or(before.reminder_fee),
            interest_rates: match self.interest_rates.as_deref().map(interest_rates) {
                None => before.interest_rates.clone(),
                Some(Ok(rates)) => rates,
                Some(Err(message)) => {
                    errors.add("invoicing.interest_rates", message);
                    before.interest_rates.clone()
                }
            },
        }
    }
}

impl SettingsInput {
    /// The logo this input sets when it is not the one `before` has, for the caller to
    /// look up (anything but an id is the nil id, refused as no picture).
    pub fn new_logo(&self, before: Option<Uuid>) -> Option<Uuid> {
        let logo = match &self.logo {
            Some(Some(id)) => Some(Uuid::parse_str(id.trim()).unwrap_or(Uuid::nil())),
            _ => None,
        };
        logo.filter(|logo| before != Some(*logo))
    }

    /// `before` with this input applied, or every field's refusal. A founding year runs
    /// from 1800 to `this_year`; `logo_is_picture` says whether the new logo
    /// ([`SettingsInput::new_logo`]) is a picture in the media library.
    pub fn apply(
        self,
        before: &Settings,
        this_year: i32,
        logo_is_picture: bool,
    ) -> Result<Settings, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut text =
            |key: &str, value: Option<Option<String>>, max: usize, saved: &Option<String>| match value {
                None => saved.clone(),
                Some(value) => errors.optional(key, value, max),
            };
        let company_name = text("company_name", self.company_name, 200, &before.company_name);
        let orgnr = text("orgnr", self.orgnr, 30, &before.orgnr);
        let adresse = text("adresse", self.adresse, 300, &before.adresse);
        let email = text("email", self.email, 254, &before.email);
        let phone =
            self.global_phone_primary.map(|phone| phone.map(|phone| crate::text::phone_display(&phone)));
        let global_phone_primary = text("global_phone_primary", phone, 40, &before.global_phone_primary);
        if company_name.is_none() && !errors.has("company_name") {
            errors.add("company_name", "Skriv firmanavnet: det står på hver faktura.");
        }
        let after = Settings {
            company_name,
            orgnr,
            adresse,
            email,
            global_phone_primary,
            global_phone_extra: match self.global_phone_extra {
                Some(phones) => phones
                    .into_iter()
                    .map(|p| crate::text::phone_display(&p))
                    .filter(|p| !p.is_empty())
                    .collect(),
                None => before.global_phone_extra.clone(),
            },
            founded_year: match self.founded_year {
                Some(year) => year.map(|year| i32::try_from(year).unwrap_or(i32::MAX)),
                None => before.founded_year,
            },
            claims: match &self.claims {
                Some(claims) => Claims {
                    on_call: claims.on_call,
                    leak_within_hour: claims.leak_within_hour,
                    binding_price: claims.binding_price,
                    warranty_years: claims
                        .warranty_years
                        .map(|years| i32::try_from(years).unwrap_or(i32::MAX)),
                    free_visit: claims.free_visit,
                    confirmed: claims.confirmed,
                },
                None => before.claims,
            },
            // Not an id is no picture: refused under the field below, not as bad JSON.
            logo: match &self.logo {
                None => before.logo,
                Some(None) => None,
                Some(Some(id)) => Some(Uuid::parse_str(id.trim()).unwrap_or(Uuid::nil())),
            },
            quote_defaults: match &self.quote_defaults {
                Some(defaults) => QuoteDefaults {
                    valid_days: defaults.valid_days.map_or(0, |days| i32::try_from(days).unwrap_or(0)),
                    terms: errors
                        .optional_text("quote_defaults.terms", defaults.terms.clone(), 10_000)
                        .unwrap_or_default(),
                },
                None => before.quote_defaults.clone(),
            },
            visit_days: match &self.visit_days {
                Some(days) => crate::contact::VisitDays {
                    days_ahead: days.days_ahead.map_or(0, |days| i32::try_from(days).unwrap_or(0)),
                    // Anything but a weekday's number is refused below (as 0).
                    weekdays: {
                        let mut weekdays: Vec<u8> = days
                            .weekdays
                            .iter()
                            .map(|day| day.as_u64().and_then(|day| u8::try_from(day).ok()).unwrap_or(0))
                            .collect();
                        weekdays.sort_unstable();
                        weekdays.dedup();
                        weekdays
                    },
                },
                None => before.visit_days.clone(),
            },
            invoicing: match self.invoicing {
                Some(invoicing) => invoicing.apply(&before.invoicing, &mut errors),
                None => before.invoicing.clone(),
            },
            declaration_defaults: match self.declaration_defaults {
                Some(defaults) => crate::declarations::Defaults {
                    registration: errors.optional(
                        "declaration_defaults.registration",
                        defaults.registration,
                        40,
                    ),
                    norms: errors
                        .optional("declaration_defaults.norms", Some(defaults.norms), 300)
                        .unwrap_or_default(),
                    risk: defaults
                        .risk
                        .into_iter()
                        .map(|point| point.trim().to_owned())
                        .filter(|point| !point.is_empty())
                        .collect(),
                    checks: defaults
                        .checks
                        .into_iter()
                        .map(|point| point.trim().to_owned())
                        .filter(|point| !point.is_empty())
                        .collect(),
                },
                None => before.declaration_defaults.clone(),
            },
            working_time: self.working_time.unwrap_or(before.working_time),
            lead_pipeline: before.lead_pipeline.clone(),
            server: before.server.clone(),
        };
        after.working_time.check(&mut errors);
        if !(1..=365).contains(&after.quote_defaults.valid_days) {
            errors.add("quote_defaults.valid_days", "Skriv hvor mange dager et tilbud gjelder (1 til 365).");
        }
        after.visit_days.check(&mut errors);
        // Each list's message goes under that list.
        let lists = [
            ("declaration_defaults.risk", &after.declaration_defaults.risk),
            ("declaration_defaults.checks", &after.declaration_defaults.checks),
        ];
        for (key, list) in lists {
            if list.len() > crate::declarations::input::MAX_POINTS
                || list.iter().any(|p| p.chars().count() > 300)
            {
                errors.add(key, "Høyst 40 punkter i listen, hvert på høyst 300 tegn.");
            }
        }
        if !(0..=90).contains(&after.invoicing.payment_days) {
            errors.add("invoicing.payment_days", "Skriv betalingsfristen i dager (0 til 90).");
        }
        if after.founded_year.is_some_and(|year| !(1800..=this_year).contains(&year)) {
            errors.add(
                "founded_year",
                format!("Skriv et årstall mellom 1800 og {this_year}, eller la feltet stå tomt."),
            );
        }
        if after.claims.warranty_years.is_some_and(|years| !(1..=30).contains(&years)) {
            errors.add(
                "claims.warranty_years",
                "Skriv antall år med garanti (1 til 30), eller la feltet stå tomt.",
            );
        }
        if !logo_is_picture {
            errors.add("logo", "Velg et bilde (JPG, PNG eller WebP) fra mediebiblioteket som logo.");
        }
        errors.check_email("email", after.email.as_deref());
        if after.global_phone_extra.len() > 10
            || after.global_phone_extra.iter().any(|p| p.chars().count() > 40)
        {
            errors.add("global_phone_extra", "Høyst 10 ekstra numre på høyst 40 tegn.");
        }
        errors.finish()?;
        Ok(after)
    }
}
