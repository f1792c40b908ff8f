//! A person's days away on the board (`super::routes` names these handlers): a day or a
//! span of days marked (ferie, syk, kurs) in one transaction with one audit entry,
//! answered with the jobs the person is planned on in them, which the office may then move;
//! and taken back, a day or a span.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::planning::board;
use fagfolk_data::planning::input::{self, AbsenceInput};
use fagfolk_data::planning::{self, Absence, Refused, store};

/// The people the plan names, each a user who is there, by name; refuses any other.
pub(super) async fn people(state: &AppState, ids: &[Uuid]) -> ApiResult<Vec<(Uuid, String)>> {
    let mut named = Vec::with_capacity(ids.len());
    for id in ids {
        match fagfolk_data::users::store::get(&state.db, *id).await? {
            Some(user) if user.is_active => named.push((user.id, user.name)),
            _ => return Err(Refused::NoPerson.into()),
        }
    }
    Ok(named)
}

/// An absence saved: its first day (as a single day's answer always was), how many days it
/// covers, and the jobs the person was planned on those days, which the office may move.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct AbsenceSaved {
    #[serde(flatten)]
    absence: Absence,
    /// The last day away (`day` for a single day).
    to: NaiveDate,
    /// How many days are marked.
    days: i64,
    /// The person's planned days in the span, in order: still planned, so the board offers
    /// to move them.
    planned: Vec<board::Planned>,
}

/// The person's planned days from `from` to `to` (included), in order.
async fn planned_in(
    state: &AppState,
    user_id: Uuid,
    (from, to): (NaiveDate, NaiveDate),
) -> ApiResult<Vec<board::Planned>> {
    let mut planned =
        store::planned_between(&state.db, (from, to + chrono::Duration::days(1)), Some(user_id)).await?;
    for day in &mut planned {
        day.after_end = day.is_after_end();
    }
    planned.sort_by(|a, b| {
        (a.plan.day, a.plan.starts_at, a.plan.id).cmp(&(b.plan.day, b.plan.starts_at, b.plan.id))
    });
    Ok(planned)
}

/// Marks a person away for a day or a span of days (ferie, syk, kurs), or changes why: all
/// the days in one transaction with one audit entry. Answers with the jobs the person is
/// planned on in those days, which stay planned until moved.
#[utoipa::path(
    put, path = "/api/admin/absences", tag = "admin", request_body = AbsenceInput,
    responses(
        (status = 200, description = "Fraværet er lagret", body = AbsenceSaved),
        (status = 422, description = "Ugyldig person eller dag", body = ErrorBody),
    )
)]
pub(super) async fn set_absence(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<AbsenceInput>,
) -> ApiResult<Json<AbsenceSaved>> {
    let input::AbsenceSpan { user_id, day: first_day, to, kind, days } = input::read_absence(input)?;
    let named = people(&state, &[user_id]).await?;
    let now = state.clock.now();
    let absences: Vec<Absence> = days
        .iter()
        .map(|day| Absence {
            id: Uuid::now_v7(),
            user_id,
            day: *day,
            kind,
            created_by: user.name.clone(),
            created_at: now,
        })
        .collect();
    let first = absences.first().ok_or_else(|| ApiError::from(Refused::NoAbsence))?;
    let mut view = serde_json::json!({ "person": named[0].1, "day": first_day, "kind": kind.as_logged() });
    if to != first_day {
        view["to"] = serde_json::json!(to);
        view["days"] = serde_json::json!(absences.len());
    }
    let entry = user.created(now, AuditEntity::Absences, first.id, view);
    planning::set_absences(&state.db, &absences, &entry).await?;
    let kept = store::absence(&state.db, user_id, first_day).await?;
    let absence = kept.ok_or_else(|| ApiError::from(Refused::NoAbsence))?;
    let planned = planned_in(&state, user_id, (first_day, to)).await?;
    Ok(Json(AbsenceSaved { absence, to, days: i64::try_from(days.len()).unwrap_or_default(), planned }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AbsenceDay {
    user_id: Uuid,
    /// The (first) day.
    day: NaiveDate,
    /// The last day of a span to take back; left out is `day` alone.
    to: Option<NaiveDate>,
}

/// Takes a person's day away back, or every day away of a span.
#[utoipa::path(
    delete, path = "/api/admin/absences", tag = "admin", params(AbsenceDay),
    responses(
        (status = 204, description = "Fraværet er fjernet"),
        (status = 404, description = "Fant ikke fraværet", body = ErrorBody),
        (status = 422, description = "Ugyldig periode", body = ErrorBody),
    )
)]
pub(super) async fn clear_absence(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<AbsenceDay>,
) -> ApiResult<StatusCode> {
    let person = fagfolk_data::users::store::get(&state.db, query.user_id).await?.map(|user| user.name);
    if let Some(to) = query.to.filter(|to| *to != query.day) {
        planning::absence_days(query.day, to)?;
        let view = serde_json::json!({ "person": person, "day": query.day, "to": to });
        let entry = user.removed(state.clock.now(), AuditAction::Delete, AuditEntity::Absences, None, view);
        if planning::clear_absences(&state.db, query.user_id, (query.day, to), &entry).await? == 0 {
            return Err(Refused::NoAbsence.into());
        }
        return Ok(StatusCode::NO_CONTENT);
    }
    let before = store::absence(&state.db, query.user_id, query.day).await?;
    let Some(before) = before else { return Err(Refused::NoAbsence.into()) };
    let view = serde_json::json!({ "person": person, "day": before.day, "kind": before.kind.as_logged() });
    let entry =
        user.removed(state.clock.now(), AuditAction::Delete, AuditEntity::Absences, Some(before.id), view);
    if !planning::clear_absence(&state.db, query.user_id, query.day, &entry).await? {
        return Err(Refused::NoAbsence.into());
    }
    Ok(StatusCode::NO_CONTENT)
}
