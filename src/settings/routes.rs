//! Innstillinger over HTTP: the company facts and the lead pipeline editor (rename
//! moves the leads along, a status with leads cannot be removed). Saving drops the page cache, so the public site shows the change at once.

use axum::Json;
use axum::extract::State;
use chrono::Datelike;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{Claims, QuoteDefaults, ServerFacts, Settings, Stage, StatusKind};
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, changes};
use fagfolk_data::auth::CurrentUser;

#[derive(Debug, Deserialize, ToSchema)]
pub struct SettingsInput {
    pub company_name: Option<String>,
    pub orgnr: Option<String>,
    pub adresse: Option<String>,
    pub email: Option<String>,
    pub global_phone_primary: Option<String>,
    /// Extra numbers; blanks are dropped.
    pub global_phone_extra: Option<Vec<String>>,
    /// The year the firm was founded (1800 to this year); `null` says nothing about it.
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    #[schema(value_type = Option<i64>)]
    pub founded_year: Option<i64>,
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
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VisitDaysInput {
    /// 1 to 60.
    #[serde(default, deserialize_with = "crate::http::whole_number")]
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
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    #[schema(value_type = i64)]
    pub valid_days: Option<i64>,
    pub terms: Option<String>,
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
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    #[schema(value_type = Option<i64>)]
    pub warranty_years: Option<i64>,
    pub free_visit: bool,
    pub confirmed: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PipelineInput {
    pub statuses: Vec<PipelineStatus>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PipelineStatus {
    pub name: String,
    /// The status's current name when renaming; its leads move along.
    pub previous: Option<String>,
    /// What the status means; absent keeps the meaning of `previous` (open for a new one).
    pub kind: Option<StatusKind>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, update_settings)).routes(routes!(update_pipeline))
}

async fn load(state: &AppState) -> ApiResult<Settings> {
    let settings = super::store::facts(&state.db).await?;
    let mut settings = settings.ok_or_else(|| ApiError::NotFound("Innstillingene mangler.".to_owned()))?;
    settings.lead_pipeline = super::stages(&state.db).await?;
    settings.server = ServerFacts {
        public_url: state.config.base_url(),
        https: state.config.is_https(),
        notify_to: state.config.notify_to.clone(),
    };
    Ok(settings)
}

/// The settings row.
#[utoipa::path(
    get, path = "/api/admin/settings", tag = "admin", security(("session" = [])),
    responses(
        (status = 200, description = "Innstillingene", body = Settings),
    )
)]
async fn get_settings(State(state): State<AppState>, _user: CurrentUser) -> ApiResult<Json<Settings>> {
    Ok(Json(load(&state).await?))
}

/// Save the company facts. Empty values are saved as null.
#[utoipa::path(
    put, path = "/api/admin/settings", tag = "admin", security(("session" = [])), request_body = SettingsInput,
    responses(
        (status = 200, description = "Lagret", body = Settings),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_settings(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<SettingsInput>,
) -> ApiResult<Json<Settings>> {
    let before = load(&state).await?;
    let mut errors = FieldErrors::default();
    let after = Settings {
        company_name: errors.optional("company_name", input.company_name, 200),
        orgnr: errors.optional("orgnr", input.orgnr, 30),
        adresse: errors.optional("adresse", input.adresse, 300),
        email: errors.optional("email", input.email, 254),
        global_phone_primary: errors
            .optional("global_phone_primary", input.global_phone_primary, 40)
            .map(|phone| fagfolk_data::text::phone_display(&phone)),
        global_phone_extra: input
            .global_phone_extra
            .unwrap_or_default()
            .into_iter()
            .map(|p| fagfolk_data::text::phone_display(&p))
            .filter(|p| !p.is_empty())
            .collect(),
        founded_year: input.founded_year.map(|year| i32::try_from(year).unwrap_or(i32::MAX)),
        claims: match &input.claims {
            Some(claims) => Claims {
                on_call: claims.on_call,
                leak_within_hour: claims.leak_within_hour,
                binding_price: claims.binding_price,
                warranty_years: claims.warranty_years.map(|years| i32::try_from(years).unwrap_or(i32::MAX)),
                free_visit: claims.free_visit,
                confirmed: claims.confirmed,
            },
            None => before.claims,
        },
        // Not an id is no picture: refused under the field below, not as bad JSON.
        logo: match &input.logo {
            None => before.logo,
            Some(None) => None,
            Some(Some(id)) => Some(Uuid::parse_str(id.trim()).unwrap_or(Uuid::nil())),
        },
        quote_defaults: match &input.quote_defaults {
            Some(defaults) => QuoteDefaults {
                valid_days: defaults.valid_days.map_or(0, |days| i32::try_from(days).unwrap_or(0)),
                terms: errors
                    .optional_text("quote_defaults.terms", defaults.terms.clone(), 10_000)
                    .unwrap_or_default(),
            },
            None => before.quote_defaults.clone(),
        },
        visit_days: match &input.visit_days {
            Some(days) => fagfolk_data::contact::VisitDays {
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
        lead_pipeline: before.lead_pipeline.clone(),
        server: before.server.clone(),
    };
    if !(1..=365).contains(&after.quote_defaults.valid_days) {
        errors.add("quote_defaults.valid_days", "Skriv hvor mange dager et tilbud gjelder (1 til 365).");
    }
    after.visit_days.check(&mut errors);
    let this_year = state.clock.today().year();
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
    if let Some(logo) = after.logo.filter(|logo| before.logo != Some(*logo)) {
        let picture = fagfolk_data::media::store::get(&state.db, logo).await?;
        if !picture.is_some_and(|media| crate::media::variants::applies_to(&media.media_type)) {
            errors.add("logo", "Velg et bilde (JPG, PNG eller WebP) fra mediebiblioteket som logo.");
        }
    }
    if after.email.as_deref().is_some_and(|e| !fagfolk_data::text::is_email(e)) {
        errors.add("email", fagfolk_data::fields::BAD_EMAIL);
    }
    if after.global_phone_extra.len() > 10 || after.global_phone_extra.iter().any(|p| p.chars().count() > 40)
    {
        errors.add("global_phone_extra", "Høyst 10 ekstra numre på høyst 40 tegn.");
    }
    errors.finish()?;
    if let Some(diff) = changes(&before.audit_view(), &after.audit_view()) {
        let now = state.clock.now();
        let entry = user.audit(now, AuditAction::Update, AuditEntity::Settings, None, Some(diff)).on_site();
        super::store::save_facts(&state.db, &after, now, &entry).await?;
    }
    Ok(Json(after))
}

/// Replace the lead pipeline: add, rename (leads move along), reorder, or remove a
/// status that has no leads.
#[utoipa::path(
    put, path = "/api/admin/settings/pipeline", tag = "admin", security(("session" = [])),
    request_body = PipelineInput,
    responses(
        (status = 200, description = "Lagret", body = Settings),
        (status = 409, description = "En status som skal bort har leads", body = ErrorBody),
        (status = 422, description = "Ugyldig pipeline", body = ErrorBody),
    )
)]
async fn update_pipeline(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PipelineInput>,
) -> ApiResult<Json<Settings>> {
    let before_stages = super::stages(&state.db).await?;
    let before = super::pipeline::names(&before_stages);
    let names: Vec<String> = input.statuses.iter().map(|s| s.name.trim().to_owned()).collect();
    let invalid = |message: &str| ApiError::field("statuses", message);
    if names.is_empty() || names.len() > 20 {
        return Err(invalid("Pipelinen må ha mellom 1 og 20 statuser."));
    }
    if names.iter().any(|n| n.is_empty() || n.chars().count() > 40 || !fagfolk_data::text::is_one_line(n)) {
        return Err(invalid("Hver status må ha et navn på høyst 40 tegn."));
    }
    let mut seen: Vec<String> = Vec::new();
    for name in &names {
        let key = name.to_lowercase();
        if seen.contains(&key) {
            return Err(invalid(&format!("Statusen «{name}» står to ganger.")));
        }
        seen.push(key);
    }
    let renames: Vec<(String, String)> = input
        .statuses
        .iter()
        .filter_map(|s| {
            let previous = s.previous.as_deref()?.trim();
            (before.iter().any(|b| b == previous) && previous != s.name.trim())
                .then(|| (previous.to_owned(), s.name.trim().to_owned()))
        })
        .collect();
    let kept: Vec<&String> = before
        .iter()
        .filter(|old| names.contains(old) || renames.iter().any(|(from, _)| from == *old))
        .collect();
    let removed: Vec<&String> = before.iter().filter(|old| !kept.contains(old)).collect();
    for status in &removed {
        let n = fagfolk_data::leads::store::count_in_status(&state.db, status).await?;
        if n > 0 {
            return Err(ApiError::Conflict(format!(
                "Statusen «{status}» har {n} leads. Flytt dem til en annen status før du fjerner den."
            )));
        }
    }
    let stages: Vec<Stage> = input
        .statuses
        .iter()
        .zip(&names)
        .map(|(status, name)| {
            let previous = status.previous.as_deref().map(str::trim);
            let kept = before_stages.iter().find(|stage| Some(stage.name.as_str()) == previous);
            let kind = status.kind.or(kept.map(|stage| stage.kind)).unwrap_or(StatusKind::Open);
            Stage::new(name, kind)
        })
        .collect();
    let now = state.clock.now();
    let entry = user
        .audit(
            now,
            AuditAction::Update,
            AuditEntity::Settings,
            None,
            changes(
                &serde_json::json!({ "lead_pipeline": before_stages }),
                &serde_json::json!({ "lead_pipeline": stages }),
            ),
        )
        // Not on a page, but the change counter is how every instance's enquiry writer learns
        // that the pipeline changed (`fagfolk_data::contact::writer`).
        .on_site();
    super::save_pipeline(&state.db, &stages, &renames, now, &entry).await?;
    Ok(Json(load(&state).await?))
}
