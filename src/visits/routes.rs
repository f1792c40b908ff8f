//! The befaring routes of the back office (`super::router`): a lead's befaringer, "Avtal
//! befaring", moving and cancelling one, and every befaring in a span of days (the
//! "Befaringer" view and the dashboard).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use chrono::{NaiveDate, TimeDelta};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::oslo;
use fagfolk_data::visits::{self, Slot, Visit, store};

use super::mail::{self, Change};
use crate::http::error::OrNotFound;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::visits::input::{Place, VisitInput};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lead_visits, book_visit))
        .routes(routes!(move_visit))
        .routes(routes!(cancel_visit))
        .routes(routes!(list_visits))
        .routes(routes!(super::feeds::my_feeds, super::feeds::make_feed))
        .routes(routes!(super::feeds::revoke_feed))
        // A member of staff's private calendar feed.
        .route("/kalender/{file}", get(super::feeds::calendar))
}

/// The slot `input` books, with its member of staff looked up.
async fn read_slot(state: &AppState, input: VisitInput) -> ApiResult<(fagfolk_data::visits::Slot, Place)> {
    let staff = match input.staff_id() {
        Some(id) => fagfolk_data::users::store::get(&state.db, id).await?,
        None => None,
    };
    Ok(input.slot(state.clock.today(), staff)?)
}

fn cancelled() -> ApiError {
    fagfolk_data::visits::Refused::Cancelled.into()
}

/// A befaring as the back office shows it: as stored, with its day and times in Oslo.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisitView {
    #[serde(flatten)]
    pub visit: Visit,
    /// `2026-10-25`
    pub day: NaiveDate,
    /// `09:00`
    pub start: String,
    /// `10:00`
    pub end: String,
}

impl From<Visit> for VisitView {
    fn from(visit: Visit) -> Self {
        let (day, start, end) = oslo::span(visit.starts_at, visit.minutes);
        Self { visit, day, start, end }
    }
}

/// What booking, moving or cancelling did.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisitChanged {
    pub visit: VisitView,
    /// Who is being sent the e-mail with the invitation; empty when the server has no
    /// e-mail (then tell them yourself). Whether it went is on the lead's timeline.
    pub invited: Vec<String>,
}

/// A lead's befaringer, cancelled ones too, in time order.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}/visits",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 200, description = "Lead-ens befaringer", body = [VisitView]),
    )
)]
async fn lead_visits(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<VisitView>>> {
    fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    Ok(Json(store::of_lead(&state.db, id).await?.into_iter().map(VisitView::from).collect()))
}

/// "Avtal befaring": books a time on the lead, moves the lead to the pipeline's befaring
/// step, and e-mails the customer and whoever goes the invitation.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/visits",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    request_body = VisitInput,
    responses(
        (status = 201, description = "Befaringen er avtalt", body = VisitChanged),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn book_visit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<VisitInput>,
) -> ApiResult<(StatusCode, Json<VisitChanged>)> {
    let lead =
        fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let (slot, place) = read_slot(&state, input).await?;
    let lead = give_address(&state, &user, lead, place).await?;
    let stages = crate::settings::stages(&state.db).await?;
    let lead_status = visits::visit_booked_status(&stages, &lead.status);
    let (visit_id, now) = (Uuid::now_v7(), state.clock.now());
    let mut after = slot_view(&slot);
    after["lead_id"] = id.to_string().into();
    after["lead_name"] = lead.name.clone().into();
    after["lead_status"] = lead_status.clone().into();
    let entry = user.created(now, AuditEntity::Visits, visit_id, after);
    visits::book(&state.db, visit_id, id, &slot, lead_status.as_deref(), (now, &user.name), &entry).await?;
    let visit = store::get(&state.db, visit_id).await?.or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let invited = mail::tell(&state, &lead, &visit, Change::Booked, None);
    Ok((StatusCode::CREATED, Json(VisitChanged { visit: visit.into(), invited })))
}

/// Moves a befaring (a new day, time, length, person or note); the customer and whoever
/// goes get the invitation again, the same event with a higher sequence.
#[utoipa::path(
    put, path = "/api/admin/visits/{id}",
    params(("id" = Uuid, Path, description = "Befaringens id")), tag = "admin",
    request_body = VisitInput,
    responses(
        (status = 200, description = "Befaringen er flyttet", body = VisitChanged),
        (status = 409, description = "Befaringen er avlyst", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn move_visit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<VisitInput>,
) -> ApiResult<Json<VisitChanged>> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    if before.cancelled_at.is_some() {
        return Err(cancelled());
    }
    let (slot, place) = read_slot(&state, input).await?;
    if let Some(lead) = fagfolk_data::leads::store::get(&state.db, before.lead_id).await? {
        give_address(&state, &user, lead, place).await?;
    }
    let now = state.clock.now();
    let was = Slot {
        starts_at: before.starts_at,
        minutes: before.minutes,
        staff_id: before.staff_id.unwrap_or_default(),
        staff_name: before.staff_name.clone(),
        staff_email: before.staff_email.clone(),
        staff_phone: before.staff_phone.clone(),
        note: before.note.clone(),
    };
    // Always an entry: a move sends the invitation again, even to the same time.
    let changes = fagfolk_data::audit::changes(&slot_view(&was), &slot_view(&slot));
    let entry = audit(&user, AuditAction::Update, id, now, changes);
    if !visits::reschedule(&state.db, id, &slot, now, &entry).await? {
        return Err(cancelled());
    }
    let visit = store::get(&state.db, id).await?.or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let lead = fagfolk_data::leads::store::get(&state.db, visit.lead_id)
        .await?
        .or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let taken_off =
        (before.staff_email != visit.staff_email).then_some((before.staff_name, before.staff_email));
    let invited = mail::tell(&state, &lead, &visit, Change::Moved, taken_off);
    Ok(Json(VisitChanged { visit: visit.into(), invited }))
}

/// Stores the address typed in the befaring's dialog on `lead` (with its audit entry),
/// when one was typed and it differs: the invitation is written from the lead.
async fn give_address(
    state: &AppState,
    user: &CurrentUser,
    lead: fagfolk_data::leads::model::Lead,
    place: Place,
) -> ApiResult<fagfolk_data::leads::model::Lead> {
    if place.address.is_none() && place.postcode.is_none() {
        return Ok(lead);
    }
    let (address, postcode) =
        (place.address.or(lead.adresse.clone()), place.postcode.or(lead.postnr.clone()));
    let was = serde_json::json!({"adresse": lead.adresse, "postnr": lead.postnr});
    let is = serde_json::json!({"adresse": address, "postnr": postcode});
    let now = state.clock.now();
    let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::Leads, lead.id, &was, &is) else {
        return Ok(lead);
    };
    let updated = fagfolk_data::leads::model::Lead {
        adresse: address,
        postnr: postcode,
        updated_at: now,
        ..lead.clone()
    };
    if !fagfolk_data::leads::store::update(&state.db, &updated, &entry).await? {
        return Err(ApiError::not_found(fagfolk_data::leads::NOT_FOUND));
    }
    Ok(updated)
}

/// Cancels a befaring; the customer and whoever goes get the cancellation, which takes
/// it out of their calendars.
#[utoipa::path(
    post, path = "/api/admin/visits/{id}/cancel",
    params(("id" = Uuid, Path, description = "Befaringens id")), tag = "admin",
    responses(
        (status = 200, description = "Befaringen er avlyst", body = VisitChanged),
        (status = 409, description = "Allerede avlyst", body = ErrorBody),
    )
)]
async fn cancel_visit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<VisitChanged>> {
    store::get(&state.db, id).await?.or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let now = state.clock.now();
    let entry = audit(
        &user,
        AuditAction::Cancel,
        id,
        now,
        Some(serde_json::json!({
            "before": {"cancelled": false},
            "after": {"cancelled": true},
        })),
    );
    if !visits::cancel(&state.db, id, now, &entry).await? {
        return Err(cancelled());
    }
    let visit = store::get(&state.db, id).await?.or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let lead = fagfolk_data::leads::store::get(&state.db, visit.lead_id)
        .await?
        .or_not_found(fagfolk_data::visits::NOT_FOUND)?;
    let invited = mail::tell(&state, &lead, &visit, Change::Cancelled, None);
    Ok(Json(VisitChanged { visit: visit.into(), invited }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VisitSpan {
    /// The first day, `2026-10-25`; today when left out.
    from: Option<NaiveDate>,
    /// How many days from it (1 to 62); 7 when left out.
    #[param(minimum = 1, maximum = 62)]
    days: Option<u32>,
    /// Only this member of staff's.
    staff: Option<Uuid>,
}

/// A befaring in a list: with the customer's name, phone and address, and its day and
/// times in Oslo.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisitListed {
    #[serde(flatten)]
    pub visit: store::VisitRow,
    pub day: NaiveDate,
    pub start: String,
    pub end: String,
}

/// The befaringer that are not cancelled, in a span of days, in time order.
#[utoipa::path(
    get, path = "/api/admin/visits", tag = "admin", params(VisitSpan),
    responses(
        (status = 200, description = "Befaringene", body = [VisitListed]),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
        (status = 422, description = "Dager utenfor det som kan vises", body = ErrorBody),
    )
)]
async fn list_visits(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(span): ApiQuery<VisitSpan>,
) -> ApiResult<Json<Vec<VisitListed>>> {
    let from = span.from.unwrap_or_else(|| state.clock.today());
    let days = span.days.unwrap_or(7);
    if !(1..=62).contains(&days) {
        return Err(fagfolk_data::visits::Refused::SpanDays.into());
    }
    if !(2000..=9999).contains(&chrono::Datelike::year(&from)) {
        return Err(fagfolk_data::visits::Refused::SpanYear.into());
    }
    let Some(last) = from.checked_add_signed(TimeDelta::days(days.into())) else {
        return Err(fagfolk_data::visits::Refused::SpanEnd.into());
    };
    let (start, end) = (oslo::start_of(from), oslo::start_of(last));
    let rows = store::between(&state.db, (start, end), span.staff).await?;
    Ok(Json(
        rows.into_iter()
            .map(|visit| {
                let (day, start, end) = oslo::span(visit.starts_at, visit.minutes);
                VisitListed { visit, day, start, end }
            })
            .collect(),
    ))
}

/// What the audit log keeps of a slot.
fn slot_view(slot: &Slot) -> serde_json::Value {
    serde_json::json!({
        "starts_at": slot.starts_at,
        "minutes": slot.minutes,
        "staff_name": slot.staff_name,
        "note": slot.note,
    })
}

fn audit(
    user: &CurrentUser,
    action: AuditAction,
    id: Uuid,
    now: chrono::DateTime<chrono::Utc>,
    changes: Option<serde_json::Value>,
) -> NewAudit {
    user.audit(now, action, AuditEntity::Visits, Some(id), changes)
}
