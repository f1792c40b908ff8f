//! Innstillinger over HTTP: the company facts and the lead pipeline editor (rename
//! moves the leads along, a status with leads cannot be removed). Saving drops the page cache, so the public site shows the change at once.

use axum::Json;
use axum::extract::State;
use chrono::Datelike;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::input::SettingsInput;
use super::{ServerFacts, Settings, Stage, StatusKind};
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, changes};
use fagfolk_data::auth::CurrentUser;

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
    let new_logo = input.new_logo(before.logo);
    let logo_is_picture = match new_logo {
        Some(logo) => fagfolk_data::media::store::get(&state.db, logo)
            .await?
            .is_some_and(|media| crate::media::variants::applies_to(&media.media_type)),
        None => true,
    };
    let after = input.apply(&before, state.clock.today().year(), logo_is_picture)?;
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
