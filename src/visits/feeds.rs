//! Private calendar feeds: a member of staff makes a secret address for their phone's
//! calendar to subscribe to ("Abonner i kalenderen"), with their befaringer, and an admin
//! one with everyone's. The address is shown once; only its hash is kept
//! (`fagfolk_data::visits::feeds`). Making a new one replaces the old, and revoking it
//! stops it: both answer 404 from then on, like an address that never was.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::visits::feeds::{self, Feed, Scope};

use super::invitation::{self, Entry};
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;

/// How far back a feed reaches: a calendar keeps what it had, so last month's befaringer
/// stay visible there, and older ones leave the feed.
const FEED_DAYS_BACK: i64 = 31;

/// Which feed to make.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedRequest {
    pub scope: Scope,
}

/// A new feed's address: shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedMade {
    pub scope: Scope,
    /// `https://.../kalender/<hemmelighet>.ics`
    pub url: String,
}

/// The signed-in user's feeds (never their addresses).
#[utoipa::path(
    get, path = "/api/admin/calendar-feeds", tag = "admin",
    responses(
        (status = 200, description = "Kalenderlenkene", body = [Feed]),
    )
)]
pub(super) async fn my_feeds(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<Vec<Feed>>> {
    Ok(Json(feeds::of_user(&state.db, user.id).await?))
}

/// Makes the signed-in user's feed of a scope, replacing the one they had (whose address
/// then stops working). Everyone's befaringer are for admins.
#[utoipa::path(
    post, path = "/api/admin/calendar-feeds", tag = "admin",
    request_body = FeedRequest,
    responses(
        (status = 201, description = "Ny kalenderlenke", body = FeedMade),
        (status = 403, description = "Bare for administratorer", body = ErrorBody),
    )
)]
pub(super) async fn make_feed(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(request): ApiJson<FeedRequest>,
) -> ApiResult<(StatusCode, Json<FeedMade>)> {
    if request.scope == Scope::All && !user.is_admin() {
        return Err(fagfolk_data::visits::Refused::FeedOfAll.into());
    }
    let (secret, hash) = crate::auth::token::new();
    let now = state.clock.now();
    let entry = feed_entry(now, AuditAction::Create, &user, request.scope);
    feeds::replace(&state.db, user.id, request.scope, &hash, now, &entry).await?;
    let url = format!("{}/kalender/{secret}.ics", state.config.base_url());
    Ok((StatusCode::CREATED, Json(FeedMade { scope: request.scope, url })))
}

/// Revokes the signed-in user's feed of a scope: its address stops working.
#[utoipa::path(
    delete, path = "/api/admin/calendar-feeds/{scope}", tag = "admin",
    params(("scope" = Scope, Path, description = "`own` eller `all`")),
    responses(
        (status = 204, description = "Slått av"),
        (status = 404, description = "Ingen slik lenke", body = ErrorBody),
    )
)]
pub(super) async fn revoke_feed(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(scope): ApiPath<Scope>,
) -> ApiResult<StatusCode> {
    let entry = feed_entry(state.clock.now(), AuditAction::Delete, &user, scope);
    if feeds::revoke(&state.db, user.id, scope, &entry).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(fagfolk_data::visits::Refused::NoFeed.into())
    }
}

/// The audit log's account of a feed made (or replaced) or switched off: whose, and which.
/// Never its secret.
fn feed_entry(
    now: chrono::DateTime<chrono::Utc>,
    action: fagfolk_data::audit::AuditAction,
    user: &CurrentUser,
    scope: Scope,
) -> fagfolk_data::audit::NewAudit {
    let feed = serde_json::json!({ "scope": scope.as_str(), "user": user.email });
    match action {
        AuditAction::Delete => user.removed(now, action, AuditEntity::CalendarFeeds, None, feed),
        _ => user.recorded(now, action, AuditEntity::CalendarFeeds, None, feed),
    }
}

/// `GET /kalender/{secret}.ics`: the feed's calendar, or 404 for an address that is not
/// (or no longer) a feed's.
pub async fn calendar(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "Fant ikke kalenderen.").into_response();
    let Some(hash) = file.strip_suffix(".ics").and_then(crate::auth::token::hash) else {
        return not_found();
    };
    let (user_id, scope) = match feeds::by_secret(&state.db, &hash).await {
        Ok(Some(found)) => found,
        Ok(None) => return not_found(),
        Err(err) => return ApiError::from(err).into_response(),
    };
    let now = state.clock.now();
    let staff = (scope == Scope::Own).then_some(user_id);
    let span = (now - TimeDelta::days(FEED_DAYS_BACK), now + TimeDelta::days(3650));
    let visits = match fagfolk_data::visits::store::between(&state.db, span, staff).await {
        Ok(visits) => visits,
        Err(err) => return ApiError::from(err).into_response(),
    };
    let texts: Vec<(String, String, String)> = visits
        .iter()
        .map(|visit| {
            let place =
                crate::mail::letter::place(visit.lead_address.as_deref(), visit.lead_postnr.as_deref());
            let mut about = vec![format!("Drar: {}", visit.staff_name)];
            about.extend(visit.lead_phone.as_ref().map(|phone| format!("Telefon: {phone}")));
            if !visit.note.is_empty() {
                about.push(format!("Notat: {}", visit.note));
            }
            about.push(format!("{}/admin/leads/{}", state.config.base_url(), visit.lead_id));
            (format!("Befaring: {}", visit.lead_name), place, about.join("\n"))
        })
        .collect();
    let entries: Vec<Entry> = visits
        .iter()
        .zip(&texts)
        .map(|(visit, (summary, location, description))| Entry {
            id: visit.id,
            sequence: u32::try_from(visit.sequence).unwrap_or_default(),
            starts: visit.starts_at,
            minutes: u32::try_from(visit.minutes).unwrap_or_default(),
            summary,
            location,
            description,
        })
        .collect();
    let name = match scope {
        Scope::Own => "Mine befaringer",
        Scope::All => "Alle befaringer",
    };
    let host = state.config.public_url.host_str().unwrap_or("localhost").to_owned();
    let text = invitation::feed(name, &entries, now, &host);
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    response
}
