//! Brukere: admin users over HTTP, with the guard rails of the README's "Roles": only
//! admins manage others, nobody removes themselves, an active admin always remains.

use axum::Json;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::store::{self, AdminChange};
use super::{AdminUserView, CreateUserError, Refused, Role};
use crate::auth::{CurrentUser, SignedIn, password, session, throttle};
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::users::input::{self, NewUserInput, PasswordInput, UserUpdateInput};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_users, create_user))
        .routes(routes!(update_user, delete_user))
        .routes(routes!(update_password))
        .routes(routes!(super::sessions::list_sessions))
        .routes(routes!(super::sessions::end_session))
        .routes(routes!(super::feeds::user_feeds))
        .routes(routes!(super::feeds::revoke_user_feed))
}

fn last_admin() -> ApiError {
    Refused::LastAdmin.into()
}

/// Every admin user, newest first.
#[utoipa::path(
    get, path = "/api/admin/users", tag = "admin",
    responses(
        (status = 200, description = "Brukere, nyeste først", body = [AdminUserView]),
    )
)]
async fn list_users(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<Json<Vec<AdminUserView>>> {
    Ok(Json(store::list(&state.db).await?))
}

/// Create an admin user (administrators only).
#[utoipa::path(
    post, path = "/api/admin/users", tag = "admin", request_body = NewUserInput,
    responses(
        (status = 201, description = "Opprettet", body = AdminUserView),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn create_user(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<NewUserInput>,
) -> ApiResult<(StatusCode, Json<AdminUserView>)> {
    user.require_admin()?;
    let role = input::read_new_role(&input)?;
    let (name, email, password) =
        (input.name.unwrap_or_default(), input.email.unwrap_or_default(), input.password.unwrap_or_default());
    let now = state.clock.now();
    let id = super::create(&state.db, &name, &email, &password, role, now, Some(&user.email)).await.map_err(
        |err| match err {
            CreateUserError::Invalid(fields) => fields.into(),
            CreateUserError::Exists(_) => Refused::EmailTaken.into(),
            CreateUserError::Database(err) => ApiError::Database(err),
            CreateUserError::Internal(err) => ApiError::Internal(err),
        },
    )?;
    let created = store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Change a user's name, phone, role or active state (administrators only). An admin cannot
/// deactivate or demote itself, and the last active admin stays one. A new role or active
/// state ends the user's sessions and calendar feeds.
#[utoipa::path(
    put, path = "/api/admin/users/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Brukerens id")), request_body = UserUpdateInput,
    responses(
        (status = 200, description = "Oppdatert", body = AdminUserView),
        (status = 403, description = "Ikke tillatt", body = ErrorBody),
        (status = 409, description = "Siste administrator", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_user(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<UserUpdateInput>,
) -> ApiResult<Json<AdminUserView>> {
    user.require_admin()?;
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    let after = input::read_user_update(input, &before)?;
    if id == user.id && (!after.is_active || after.role != Role::Admin) {
        return Err(Refused::DemoteSelf.into());
    }
    let now = state.clock.now();
    let (was, is) = (before.audit_view(), after.audit_view());
    let ends_access = after.role != before.role || after.is_active != before.is_active;
    let change = AdminChange::Update { after: &after, at: now, ends_access };
    if let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::AdminUsers, id, &was, &is)
        && !store::write_keeping_an_admin(&state.db, change, &entry).await?
    {
        return Err(last_admin());
    }
    Ok(Json(after))
}

/// Set a new password. Administrators may set anyone's; an editor only its own. Your own
/// needs your current password too. The user's other sessions end, and their calendar
/// feeds.
#[utoipa::path(
    put, path = "/api/admin/users/{id}/password", tag = "admin",
    params(("id" = Uuid, Path, description = "Brukerens id")), request_body = PasswordInput,
    responses(
        (status = 204, description = "Passordet er endret"),
        (status = 403, description = "Ikke tillatt", body = ErrorBody),
        (status = 422, description = "Passordet følger ikke reglene, eller nåværende passord er feil", body = ErrorBody),
        (status = 429, description = "For mange feil passord", body = ErrorBody),
        (status = 503, description = "For mange passordsjekker samtidig; prøv igjen om litt", body = ErrorBody),
    )
)]
async fn update_password(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    SignedIn(user): SignedIn,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<PasswordInput>,
) -> ApiResult<StatusCode> {
    let own = id == user.id;
    if !own {
        user.require_admin()?;
    }
    let target = store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    let input::NewPassword { password: new_password, current_password } =
        input::read_password(input, own, password::policy_error)?;
    let now = state.clock.now();
    if own {
        // A wrong current password counts as a failed sign-in, so a stolen session
        // cannot be used to guess it.
        let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
        throttle::reserve(&state.db, &user.email, &address, now).await?;
        let stored = store::password_hash(&state.db, id).await?;
        if !password::verify(current_password, stored).await? {
            return Err(Refused::WrongPassword.into());
        }
        throttle::clear(&state.db, &user.email, &address).await?;
    }
    let hash = password::hash(new_password).await?;
    let entry = user.audit(now, AuditAction::Password, AuditEntity::AdminUsers, Some(id), None);
    store::set_password(&state.db, id, &hash, now, &entry).await?;
    let keep = (target.id == user.id).then_some(user.session_id);
    session::delete_for_user(&state.db, id, keep).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Delete an admin user (administrators only; not yourself, not the last active admin).
#[utoipa::path(
    delete, path = "/api/admin/users/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Brukerens id")),
    responses(
        (status = 204, description = "Slettet"),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 409, description = "Deg selv eller siste administrator", body = ErrorBody),
    )
)]
async fn delete_user(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    user.require_admin()?;
    let target = store::get(&state.db, id).await?.or_not_found(fagfolk_data::users::NOT_FOUND)?;
    if id == user.id {
        return Err(Refused::DeleteSelf.into());
    }
    let entry = user.deleted(state.clock.now(), AuditEntity::AdminUsers, id, &target.audit_view());
    if !store::write_keeping_an_admin(&state.db, AdminChange::Delete(id), &entry).await? {
        return Err(last_admin());
    }
    Ok(StatusCode::NO_CONTENT)
}
