//! A user's sessions under Brukere (issue #59): the office sees where each staff member is
//! signed in (when it began, when it was last used, the browser, and whether it is a
//! remembered phone, `fagfolk_data::auth::session::REMEMBERED_DAYS`), and an administrator
//! ends one, as when a phone is lost. A password change ends them all (the password route
//! of this module).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::http::ApiPath;
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::store::{self as auth_store, SessionView};

/// The user's live sessions, the newest first (administrators only).
#[utoipa::path(
    get, path = "/api/admin/users/{id}/sessions", tag = "admin",
    params(("id" = Uuid, Path, description = "Brukerens id")),
    responses(
        (status = 200, description = "Øktene", body = [SessionView]),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
    )
)]
pub(super) async fn list_sessions(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<SessionView>>> {
    user.require_admin()?;
    super::store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    Ok(Json(auth_store::sessions_of(&state.db, id, state.clock.now()).await?))
}

/// Ends one of the user's sessions: that browser is signed out at its next request
/// (administrators only).
#[utoipa::path(
    delete, path = "/api/admin/users/{id}/sessions/{session_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Brukerens id"),
        ("session_id" = Uuid, Path, description = "Øktens id"),
    ),
    responses(
        (status = 204, description = "Økten er avsluttet"),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
    )
)]
pub(super) async fn end_session(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, session_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    user.require_admin()?;
    let target = super::store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    let entry = user.removed(
        state.clock.now(),
        AuditAction::Logout,
        AuditEntity::AdminUsers,
        Some(target.id),
        serde_json::json!({ "session": session_id }),
    );
    if !auth_store::end_session_of(&state.db, id, session_id, &entry).await? {
        return Err(fagfolk_data::users::Refused::NoSession.into());
    }
    Ok(StatusCode::NO_CONTENT)
}
