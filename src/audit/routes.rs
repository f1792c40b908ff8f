//! The audit routes (`super::router`): the handlers and what they read and answer.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use fagfolk_data::audit::input::{self, ClearInput};
use fagfolk_data::audit::*;
use fagfolk_data::audit::{AuditAction, AuditEntity};

use crate::http::error::{ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiQuery};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_audit, clear_audit))
}

/// The audit log, newest first, filtered and paged on the server.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    params(AuditFilter),
    responses(
        (status = 200, description = "En side av loggen", body = AuditLogPage),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
    )
)]
async fn list_audit(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(filter): ApiQuery<AuditFilter>,
) -> ApiResult<Json<AuditLogPage>> {
    let per_page = filter.per_page.unwrap_or(50).clamp(1, 200);
    let offset = (filter.page.unwrap_or(1).clamp(1, 1_000_000) - 1).saturating_mul(per_page);
    let (mut items, total) = store::page(&state.db, &filter, per_page, offset).await?;
    name_entries(&state.db, &mut items).await?;
    let users = store::distinct(&state.db, "performed_by").await?;
    let entity_types = store::distinct(&state.db, "entity_type").await?;
    let names = fagfolk_data::audit::referenced_names(&state.db, &items).await?;
    Ok(Json(AuditLogPage { items, total, users, entity_types, names }))
}

/// Clear the audit log (administrators only, with the word TØM typed). Leaves one entry
/// saying who cleared it.
#[utoipa::path(
    delete,
    path = "/api/admin/audit",
    tag = "admin",
    request_body = ClearInput,
    responses(
        (status = 204, description = "Loggen er tømt"),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "TØM er ikke skrevet", body = ErrorBody),
    )
)]
async fn clear_audit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<ClearInput>,
) -> ApiResult<axum::http::StatusCode> {
    user.require_admin()?;
    input::read_clear(input)?;
    let entry = user.audit(state.clock.now(), AuditAction::Clear, AuditEntity::AuditLogs, None, None);
    store::clear(&state.db, &entry).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
