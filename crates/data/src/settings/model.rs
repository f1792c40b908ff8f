//! The settings row as staff see it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::pipeline::Stage;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Settings {
    pub company_name: Option<String>,
    pub orgnr: Option<String>,
    pub adresse: Option<String>,
    /// The public contact e-mail.
    pub email: Option<String>,
    pub global_phone_primary: Option<String>,
    #[sqlx(json)]
    pub global_phone_extra: Vec<String>,
    /// The year the firm was founded; the public site says "siden …" only when it is set.
    pub founded_year: Option<i32>,
    /// What the firm promises on its public pages; a page says only what is switched on.
    #[sqlx(json)]
    pub claims: Claims,
    /// The firm's logo, a picture from the media library; `null` shows the firm's initial.
    #[sqlx(rename = "logo_id")]
    pub logo: Option<Uuid>,
    /// What a new quote starts with.
    #[sqlx(json)]
    pub quote_defaults: QuoteDefaults,
    /// What an invoice needs besides the firm's facts (Innstillinger → Faktura).
    #[sqlx(json)]
    pub invoicing: Invoicing,
    /// The limits of ordinary working time the month's hours are split by (Innstillinger →
    /// Timer og lønn; `crate::jobs::month` splits the hours by them).
    #[sqlx(json)]
    pub working_time: WorkingTime,
    /// What a new samsvarserklæring starts with (Innstillinger → Samsvarserklæring).
    #[sqlx(json)]
    pub declaration_defaults: crate::declarations::Defaults,
    /// Which days a customer may offer for the site visit on the contact form.
    #[sqlx(json)]
    pub visit_days: crate::contact::wishes::VisitDays,
    /// The lead pipeline's statuses in order, each with its meaning.
    #[sqlx(skip)]
    pub lead_pipeline: Vec<Stage>,
    /// How the server is run: set by whoever runs it, shown here, not edited here.
    #[sqlx(skip)]
    pub server: ServerFacts,
}

/// The server's configuration that staff should know about (`FAGFOLK_PUBLIC_URL`,
/// `FAGFOLK_NOTIFY_TO`).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct ServerFacts {
    /// The public address of the site.
    pub public_url: String,
    pub https: bool,
    /// Where new enquiries are sent by e-mail; `null` when nobody is notified.
    pub notify_to: Option<String>,
}

impl Settings {
    /// What the audit log keeps of the settings: all but how the server is run.
    pub fn audit_view(&self) -> serde_json::Value {
        let mut view = serde_json::to_value(self).unwrap_or_default();
        if let Some(fields) = view.as_object_mut() {
            fields.remove("server");
        }
        view
    }
}

/// What a new quote starts with (Innstillinger → Tilbud).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct QuoteDefaults {
    /// How many days a new quote is valid (1 to 365).
    pub valid_days: i32,
    /// The firm's standard terms, written into every new quote (each quote may change them).
    pub terms: String,
}

impl Default for QuoteDefaults {
    fn default() -> Self {
        Self { valid_days: 30, terms: String::new() }
    }
}

/// What an invoice needs besides the firm's facts (Innstillinger → Faktura): the account
/// the customer pays to, whether the firm is in Merverdiavgiftsregisteret (its org.nr is
/// then written with "MVA" and its invoices carry MVA), the days to pay, and whether
/// each invoice carries a KID (the firm has a KID agreement with its bank).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Invoicing {
    /// Eleven digits, no dots; `None` until staff write it.
    pub account_number: Option<String>,
    pub vat_registered: bool,
    /// 0 to 90 days from the invoice's date.
    pub payment_days: i32,
    pub kid: bool,
    /// The accounting system's inbox for vouchers (bilag: Fiken, Tripletex and PowerOffice
    /// each give a firm one), where "Send til regnskapet" sends an invoice or credit note;
    /// `None` until staff write it.
    #[serde(default)]
    pub accounting_email: Option<String>,
    /// The letters an overdue invoice gets, in order.
    #[serde(default)]
    pub reminder_steps: ReminderSteps,
    /// Whether a letter charges the reminder fee the law allows (inkassoforskriften § 1-2).
    #[serde(default = "charges_fee")]
    pub reminder_fee: bool,
    /// The forsinkelsesrente, each from the day it took force (set each half-year,
    /// forsinkelsesrenteloven § 3); a letter counts each day at the rate then in force.
    #[serde(default = "official_rates")]
    pub interest_rates: Vec<InterestRate>,
}

fn charges_fee() -> bool {
    true
}

/// The steps of the road to collection the firm chooses (inkassoforskriften § 1-3 allows
/// a fee for two purringer, or for one purring and an inkassovarsel).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReminderSteps {
    /// One purring, then the inkassovarsel.
    #[default]
    PurringThenNotice,
    /// Two purringer, then the inkassovarsel.
    TwoPurringerThenNotice,
    /// The inkassovarsel at once.
    NoticeOnly,
}

/// A forsinkelsesrente from the day it took force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct InterestRate {
    pub from: chrono::NaiveDate,
    /// Hundredths of a percent a year: 1200 is 12 %.
    pub percent_hundredths: i32,
}

/// The rates set for the half-years this software has lived through (docs/LAW.md,
/// "Forsinkelsesrente", gives each source); the firm adds each new one in Innstillinger.
pub fn official_rates() -> Vec<InterestRate> {
    [(2025, 1, 1250), (2025, 7, 1225), (2026, 1, 1200)]
        .into_iter()
        .filter_map(|(year, month, rate)| {
            Some(InterestRate {
                from: chrono::NaiveDate::from_ymd_opt(year, month, 1)?,
                percent_hundredths: rate,
            })
        })
        .collect()
}

impl Default for Invoicing {
    fn default() -> Self {
        Self {
            account_number: None,
            vat_registered: true,
            payment_days: 14,
            kid: false,
            accounting_email: None,
            reminder_steps: ReminderSteps::default(),
            reminder_fee: true,
            interest_rates: official_rates(),
        }
    }
}

/// The promises the public pages make about the firm's service, each one a switch: a page
/// (its hero, its badges, its meta description, the JSON-LD's opening hours) states a
/// promise only while it is on, so nothing the firm does not offer is ever claimed.
/// They start as the example firm's, unconfirmed (`EXAMPLE`), and the launch checklist
/// counts them until staff confirm them as their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    /// "Døgnvakt 24/7": someone answers and comes out day and night.
    pub on_call: bool,
    /// "Under 1 time ved lekkasje": on site within the hour at an acute water leak in Oslo.
    pub leak_within_hour: bool,
    /// "Bindende pris før oppstart".
    pub binding_price: bool,
    /// Years of warranty on the work ("5 års garanti"); `null` promises none.
    pub warranty_years: Option<i32>,
    /// "Gratis befaring": the site visit before a price costs nothing.
    pub free_visit: bool,
    /// Staff have said these are the firm's own; until then the checklist names them.
    pub confirmed: bool,
}

impl Claims {
    /// What a new site starts with: the example firm's promises, not yet confirmed.
    pub const EXAMPLE: Self = Self {
        on_call: true,
        leak_within_hour: true,
        binding_price: true,
        warranty_years: Some(5),
        free_visit: true,
        confirmed: false,
    };
}

/// The limits of ordinary working time, in minutes (arbeidsmiljøloven § 10-4 (1); a tariff
/// agreement may set lower ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WorkingTime {
    /// A day's ordinary time: 540 (9 hours) by arbeidsmiljøloven § 10-4 (1).
    pub day_minutes: i32,
    /// A week's (Monday to Sunday): 2 400 (40 hours).
    pub week_minutes: i32,
    /// When the evening begins, in minutes after midnight: 1 080 (18:00) unless the firm's
    /// agreement says otherwise. Hours from then to 06:00 are the month's evening and night
    /// hours (`crate::jobs::hours::evening`). Settings saved before it was asked read 18:00.
    #[serde(default = "evening_default")]
    pub evening_from: i32,
}

fn evening_default() -> i32 {
    18 * 60
}

impl Default for WorkingTime {
    fn default() -> Self {
        Self { day_minutes: 9 * 60, week_minutes: 40 * 60, evening_from: evening_default() }
    }
}

impl WorkingTime {
    /// Why the limits cannot be kept, in Norwegian, by field; none when they can.
    pub fn check(&self, errors: &mut crate::fields::FieldErrors) {
        if !(60..=24 * 60).contains(&self.day_minutes) {
            errors.add("working_time.day_minutes", "Normal arbeidstid per dag må være mellom 1 og 24 timer.");
        }
        if !(60..=7 * 24 * 60).contains(&self.week_minutes) {
            errors
                .add("working_time.week_minutes", "Normal arbeidstid per uke må være mellom 1 og 168 timer.");
        }
        if !(12 * 60..24 * 60).contains(&self.evening_from) {
            errors.add("working_time.evening_from", "Kvelden må begynne mellom kl. 12:00 og 23:59.");
        }
    }
}
