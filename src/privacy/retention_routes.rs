//! The retention rule's routes: read it, and set it (administrators only), which applies
//! it at once (`fagfolk_data::privacy::retention`).

use axum::Json;
use axum::extract::State;

use fagfolk_data::privacy::{Retention, apply_retention, retention_months};

use crate::http::ApiJson;
use crate::http::error::{ApiResult, ErrorBody};
use crate::settings;
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;

/// The retention rule.
#[utoipa::path(
    get, path = "/api/admin/privacy/retention", tag = "admin",
    responses(
        (status = 200, description = "Sletteregelen", body = Retention),
    )
)]
pub(super) async fn get_retention(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<Json<Retention>> {
    Ok(Json(Retention { months: retention_months(&state.db).await? }))
}

/// Set the retention rule (administrators only): won and lost leads not changed for this
/// many months (1-120) are anonymised once a day; `null` turns it off.
#[utoipa::path(
    put, path = "/api/admin/privacy/retention", tag = "admin", request_body = Retention,
    responses(
        (status = 200, description = "Lagret", body = Retention),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "Ugyldig antall måneder", body = ErrorBody),
    )
)]
pub(super) async fn set_retention(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<Retention>,
) -> ApiResult<Json<Retention>> {
    user.require_admin()?;
    if input.months.is_some_and(|months| !(1..=120).contains(&months)) {
        return Err(fagfolk_data::privacy::Refused::Months.into());
    }
    let before = retention_months(&state.db).await?;
    let now = state.clock.now();
    let was = serde_json::json!({ "retention_months": before });
    let is = serde_json::json!({ "retention_months": input.months });
    if let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::Settings, None, &was, &is) {
        settings::store::set_retention_months(&state.db, input.months, now, &entry).await?;
        // Applied at once, not only at the next daily run.
        apply_retention(&state.db, now).await?;
        // The photos of the leads it anonymised go from the storage now.
        if let Err(err) = crate::contact::sweep::sweep(&state).await {
            tracing::warn!(error = %err, "bildene slettes ved neste opprydding");
        }
    }
    Ok(Json(input))
}
