//! A user's calendar feeds under Brukere (issue #74, finding 8): a feed is read without a
//! session, so an administrator told of a lost phone sees which feeds the user has and
//! revokes one, as with a session (`super::sessions`). Every feed also ends by itself
//! with its holder's access (`fagfolk_data::visits::feeds::REVOKE_ALL`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::http::ApiPath;
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::visits::feeds::{self, Feed, Scope};

/// The user's calendar feeds (never their addresses; administrators only).
#[utoipa::path(
    get, path = "/api/admin/users/{id}/calendar-feeds", tag = "admin",
    params(("id" = Uuid, Path, description = "Brukerens id")),
    responses(
        (status = 200, description = "Kalenderlenkene", body = [Feed]),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
    )
)]
pub(super) async fn user_feeds(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<Feed>>> {
    user.require_admin()?;
    super::store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    Ok(Json(feeds::of_user(&state.db, id).await?))
}

/// Revokes one of the user's calendar feeds: its address stops working at once
/// (administrators only).
#[utoipa::path(
    delete, path = "/api/admin/users/{id}/calendar-feeds/{scope}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Brukerens id"),
        ("scope" = Scope, Path, description = "`own` eller `all`"),
    ),
    responses(
        (status = 204, description = "Slått av"),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
    )
)]
pub(super) async fn revoke_user_feed(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, scope)): ApiPath<(Uuid, Scope)>,
) -> ApiResult<StatusCode> {
    user.require_admin()?;
    let target = super::store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    let feed = serde_json::json!({ "scope": scope.as_str(), "user": target.email });
    let entry = user.removed(
        state.clock.now(),
        AuditAction::Delete,
        AuditEntity::CalendarFeeds,
        Some(target.id),
        feed,
    );
    if feeds::revoke(&state.db, id, scope, &entry).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(fagfolk_data::visits::Refused::NoFeed.into())
    }
}
