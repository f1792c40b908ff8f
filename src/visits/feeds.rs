//! Private calendar feeds: anyone signed in (a montør too) makes a secret address for
//! their phone's calendar to subscribe to ("Abonner i kalenderen"), with their befaringer
//! and their planned job days, and an admin one with everyone's. The address is shown once; only its hash is kept
//! (`fagfolk_data::visits::feeds`). Making a new one replaces the old, and revoking it
//! stops it: both answer 404 from then on, like an address that never was.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::visits::feeds::{self, Feed, Scope};
use fagfolk_data::{oslo, planning};

use super::invitation::{self, Entry, When};
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
pub(super) async fn my_feeds(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
) -> ApiResult<Json<Vec<Feed>>> {
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
    SignedIn(user): SignedIn,
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
    SignedIn(user): SignedIn,
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
    let told = match told(&state, staff, now).await {
        Ok(told) => told,
        Err(err) => return ApiError::from(err).into_response(),
    };
    let entries: Vec<Entry> = told
        .iter()
        .map(|one| Entry {
            what: one.what,
            id: one.id,
            sequence: one.sequence,
            when: one.when,
            summary: &one.summary,
            location: &one.location,
            description: &one.description,
            cancelled: one.cancelled,
        })
        .collect();
    let name = match scope {
        Scope::Own => "Mine befaringer og oppdrag",
        Scope::All => "Alle befaringer og oppdrag",
    };
    let host = state.config.public_url.host_str().unwrap_or("localhost").to_owned();
    let text = invitation::feed(name, &entries, now, &host);
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    response
}

/// An event of a feed, its texts made.
struct Told {
    what: &'static str,
    id: uuid::Uuid,
    sequence: u32,
    when: When,
    summary: String,
    location: String,
    description: String,
    cancelled: bool,
}

/// What a feed lists (`staff`'s, or everyone's): the befaringer from a month back on, and
/// the planned job days (`fagfolk_data::planning`), the removed ones as cancelled.
async fn told(
    state: &AppState,
    staff: Option<uuid::Uuid>,
    now: DateTime<Utc>,
) -> Result<Vec<Told>, sqlx::Error> {
    let base = state.config.base_url();
    let span = (now - TimeDelta::days(FEED_DAYS_BACK), now + TimeDelta::days(3650));
    let visits = fagfolk_data::visits::store::between(&state.db, span, staff).await?;
    let mut told: Vec<Told> = visits
        .into_iter()
        .map(|visit| {
            let place =
                crate::mail::letter::place(visit.lead_address.as_deref(), visit.lead_postnr.as_deref());
            let mut about = vec![format!("Drar: {}", visit.staff_name)];
            about.extend(visit.lead_phone.as_ref().map(|phone| format!("Telefon: {phone}")));
            if !visit.note.is_empty() {
                about.push(format!("Notat: {}", visit.note));
            }
            about.push(format!("{base}/admin/leads/{}", visit.lead_id));
            Told {
                what: "befaring",
                id: visit.id,
                sequence: u32::try_from(visit.sequence).unwrap_or_default(),
                when: When::At(visit.starts_at, u32::try_from(visit.minutes).unwrap_or_default()),
                summary: format!("Befaring: {}", visit.lead_name),
                location: place,
                description: about.join("\n"),
                cancelled: false,
            }
        })
        .collect();
    let days = (oslo::day_of(span.0), oslo::day_of(span.1));
    let ordinary = fagfolk_data::settings::store::facts(&state.db)
        .await?
        .map(|facts| facts.working_time)
        .unwrap_or_default();
    for day in planning::store::for_feed(&state.db, days, staff).await? {
        let plan = &day.plan;
        let when = match plan.starts_at.and_then(|start| {
            let clock =
                chrono::NaiveTime::from_num_seconds_from_midnight_opt(u32::try_from(start).ok()? * 60, 0)?;
            oslo::at(plan.day, clock)
        }) {
            Some(starts) => {
                When::At(starts, u32::try_from(plan.minutes.unwrap_or(ordinary.day_minutes)).unwrap_or(0))
            }
            None => When::Day(plan.day),
        };
        let mut about = vec![format!("Hvem: {}", day.person), format!("Kunde: {}", day.customer_name)];
        about.extend(day.customer_phone.as_ref().map(|phone| format!("Telefon: {phone}")));
        about.push(format!("{base}/admin/jobs/{}", plan.job_id));
        told.push(Told {
            what: "oppdrag",
            id: plan.id,
            sequence: u32::try_from(plan.sequence).unwrap_or_default(),
            when,
            summary: format!("{}: {}", day.job_title, day.customer_name),
            location: day.customer_address.clone().unwrap_or_default(),
            description: about.join("\n"),
            cancelled: plan.cancelled_at.is_some(),
        });
    }
    Ok(told)
}
