//! The auth routes (`super::router`): the handlers and what they read and answer.

use super::{password, throttle};
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use fagfolk_data::auth::input::{self, LanguageInput, LoginInput};
use fagfolk_data::auth::{CurrentUser, Refused, SignedIn, session};

use crate::http::ApiJson;
use crate::http::client::client_address;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};

/// Anyone signed in, whatever their role.
impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(header::COOKIE)
            .and_then(|v| v.to_str().ok())
            .and_then(|cookies| session::token_from_cookies(cookies, state.config.is_https()))
            .ok_or(ApiError::Unauthorized)?;
        let user =
            session::lookup(&state.db, token, state.clock.now()).await?.ok_or(ApiError::Unauthorized)?;
        Ok(Self(user))
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, Self::Rejection> {
        match <Self as FromRequestParts<AppState>>::from_request_parts(parts, state).await {
            Ok(user) => Ok(Some(user)),
            Err(ApiError::Unauthorized) => Ok(None),
            Err(err) => Err(err),
        }
    }
}

/// An administrator or an editor: a montør is refused (403) on every route that takes
/// this, which is every admin route but the few that take [`SignedIn`].
impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let SignedIn(user) = SignedIn::from_request_parts(parts, state).await?;
        if user.is_montor() {
            return Err(Refused::Montor.into());
        }
        Ok(user)
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionInfo {
    pub user: CurrentUser,
    /// When the session ends; the app signs out by itself then.
    pub expires_at: DateTime<Utc>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(get_session))
        .routes(routes!(set_language))
        .routes(routes!(super::reset::request_reset))
        .routes(routes!(super::reset::confirm_reset))
}

/// Sign in with e-mail and password. Sets the HttpOnly session cookie.
#[utoipa::path(
    post,
    path = "/api/auth/login",
    tag = "auth",
    request_body = LoginInput,
    responses(
        (status = 200, description = "Innlogget", body = SessionInfo),
        (status = 401, description = "Feil e-post eller passord, eller deaktivert bruker", body = ErrorBody),
        (status = 403, description = "Mangler CSRF-beskyttelse", body = ErrorBody),
        (status = 422, description = "Mangler felt", body = ErrorBody),
        (status = 429, description = "For mange forsøk", body = ErrorBody),
        (status = 503, description = "For mange innlogginger samtidig; prøv igjen om litt", body = ErrorBody),
    )
)]
async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(input): ApiJson<LoginInput>,
) -> ApiResult<impl IntoResponse> {
    let input::Login { email, password, remember } = input::read_login(input)?;

    let now = state.clock.now();
    let address = client_address(&headers, peer, state.config.trust_proxy_hops);
    throttle::reserve(&state.db, &email, &address, now).await?;

    let user = fagfolk_data::users::store::credentials(&state.db, &email).await?;
    let valid = password::verify(password, user.as_ref().map(|(_, hash, ..)| hash.clone())).await?;
    let Some((user_id, _, active, role)) = user.filter(|_| valid) else {
        return Err(Refused::WrongCredentials.into());
    };
    if !active {
        return Err(Refused::Deactivated.into());
    }

    throttle::clear(&state.db, &email, &address).await?;
    let entry = NewAudit::new(now, AuditAction::Login, AuditEntity::AdminUsers, Some(user_id), &email, None);
    // Only a montør's phone is remembered: the office's screens hold the firm's money and
    // its customers' data, and keep the 24 hours (README, "Security").
    let remembered = remember && role == fagfolk_data::users::Role::Montor.as_str();
    let device = headers.get(header::USER_AGENT).and_then(|value| value.to_str().ok());
    let (token, expires_at) = session::create(&state.db, user_id, now, (remembered, device), &entry).await?;
    let user = session::lookup(&state.db, &token, now).await?.ok_or(ApiError::Unauthorized)?;
    tracing::info!(user = %user.email, "innlogget");

    let cookie = session::cookie(Some(&token), remembered, state.config.is_https());
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(SessionInfo { user, expires_at })))
}

/// Sign out: ends the session and clears the cookie.
#[utoipa::path(
    post,
    path = "/api/auth/logout",
    tag = "auth",
    responses(
        (status = 204, description = "Logget ut"),
        (status = 403, description = "Mangler CSRF-beskyttelse", body = ErrorBody),
    )
)]
async fn logout(State(state): State<AppState>, user: Option<SignedIn>) -> ApiResult<impl IntoResponse> {
    if let Some(SignedIn(user)) = user {
        let entry =
            user.audit(state.clock.now(), AuditAction::Logout, AuditEntity::AdminUsers, Some(user.id), None);
        session::end(&state.db, user.session_id, &entry).await?;
    }
    let cookie = session::cookie(None, false, state.config.is_https());
    Ok((StatusCode::NO_CONTENT, AppendHeaders([(header::SET_COOKIE, cookie)])))
}

/// The signed-in user and when the session ends; both `null` when signed out (a plain
/// answer, so a visitor's first look at the admin is not an error).
#[utoipa::path(
    get,
    path = "/api/auth/session",
    tag = "auth",
    responses((status = 200, description = "Innlogget bruker, eller null", body = CurrentSession))
)]
async fn get_session(user: Option<SignedIn>) -> Json<CurrentSession> {
    Json(match user {
        Some(SignedIn(user)) => {
            CurrentSession { expires_at: Some(user.session_expires_at), user: Some(user) }
        }
        None => CurrentSession { user: None, expires_at: None },
    })
}

/// Sets the language of the signed-in person's own screens (the sign-in, "Mine oppdrag",
/// the week and the materials); every other screen stays Norwegian.
#[utoipa::path(
    put, path = "/api/auth/language", tag = "auth", security(("session" = [])), request_body = LanguageInput,
    responses(
        (status = 204, description = "Språket er lagret"),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 422, description = "Ukjent språk", body = ErrorBody),
    )
)]
async fn set_language(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiJson(input): ApiJson<LanguageInput>,
) -> ApiResult<StatusCode> {
    let language = input::read_language(input)?;
    if language != user.language {
        let changes =
            serde_json::json!({ "before": { "language": user.language }, "after": { "language": language } });
        let entry = user.audit(
            state.clock.now(),
            AuditAction::Update,
            AuditEntity::AdminUsers,
            Some(user.id),
            Some(changes),
        );
        fagfolk_data::auth::store::set_language(&state.db, user.id, &language, &entry).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentSession {
    pub user: Option<CurrentUser>,
    pub expires_at: Option<DateTime<Utc>>,
}
