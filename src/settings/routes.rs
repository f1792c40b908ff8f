//! Innstillinger over HTTP: the company facts and the lead pipeline editor (rename
//! moves the leads along, a status with leads cannot be removed). Saving drops the page cache, so the public site shows the change at once.

use axum::Json;
use axum::extract::State;
use chrono::Datelike;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::input::SettingsInput;
use super::pipeline::input::PipelineInput;
use super::{ServerFacts, Settings};
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::auth::CurrentUser;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, update_settings)).routes(routes!(update_pipeline))
}

async fn load(state: &AppState) -> ApiResult<Settings> {
    let settings = super::store::facts(&state.db).await?;
    let mut settings = settings.ok_or(super::Refused::Missing)?;
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
    get, path = "/api/admin/settings", tag = "admin",
    responses(
        (status = 200, description = "Innstillingene", body = Settings),
    )
)]
async fn get_settings(State(state): State<AppState>, _user: CurrentUser) -> ApiResult<Json<Settings>> {
    Ok(Json(load(&state).await?))
}

/// Save the company facts. Empty values are saved as null.
#[utoipa::path(
    put, path = "/api/admin/settings", tag = "admin", request_body = SettingsInput,
    responses(
        (status = 200, description = "Lagret", body = Settings),
        (status = 403, description = "Ingen tilgang for rollen, eller en redaktør endret kontonummeret eller regnskapets innboks", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_settings(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<SettingsInput>,
) -> ApiResult<Json<Settings>> {
    let before = load(&state).await?;
    let new_logo = input.new_logo(before.logo);
    let logo_is_picture = match new_logo {
        Some(logo) => fagfolk_data::media::store::get(&state.db, logo)
            .await?
            .is_some_and(|media| crate::media::variants::applies_to(&media.media_type)),
        None => true,
    };
    let after = input.apply(&before, state.clock.today().year(), logo_is_picture)?;
    // Where customers pay and where the vouchers go are the firm's money routes: an editor
    // keeps them as they are (docs/SECURITY.md, fifth review, finding 18).
    let routes = |settings: &Settings| {
        (settings.invoicing.account_number.clone(), settings.invoicing.accounting_email.clone())
    };
    if !user.is_admin() && routes(&after) != routes(&before) {
        return Err(fagfolk_data::settings::Refused::MoneyRoutes.into());
    }
    let now = state.clock.now();
    let (was, is) = (before.audit_view(), after.audit_view());
    if let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::Settings, None, &was, &is) {
        super::store::save_facts(&state.db, &after, now, &entry.on_site()).await?;
    }
    Ok(Json(after))
}

/// Replace the lead pipeline: add, rename (leads move along), reorder, or remove a
/// status that has no leads.
#[utoipa::path(
    put, path = "/api/admin/settings/pipeline", tag = "admin",
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
    let before = super::stages(&state.db).await?;
    let change = input.read(&before).map_err(|message| ApiError::field("statuses", &message))?;
    for status in &change.removed {
        let n = fagfolk_data::leads::store::count_in_status(&state.db, status).await?;
        if n > 0 {
            return Err(super::Refused::StatusInUse { status: status.clone(), leads: n }.into());
        }
    }
    let now = state.clock.now();
    let (was, is) = (
        serde_json::json!({ "lead_pipeline": before }),
        serde_json::json!({ "lead_pipeline": change.stages }),
    );
    // Not on a page, but the change counter is how every instance's enquiry writer learns
    // that the pipeline changed (`fagfolk_data::contact::writer`).
    let entry =
        user.changed(now, AuditAction::Update, AuditEntity::Settings, None, &was, &is).map(NewAudit::on_site);
    super::pipeline::save::save(&state.db, &change, now, entry.as_ref()).await?;
    Ok(Json(load(&state).await?))
}
