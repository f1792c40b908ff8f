//! The month for everyone (`fagfolk_data::jobs::month`): each person's hours of a month
//! split for payroll, the payroll file, and the office's approval of a month, after which
//! a montør can no longer change its hours (refused in the write's own transaction,
//! `fagfolk_data::jobs::time`).

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::http::csv::Sheet;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::jobs::month::{self, Approval, MonthInput, MonthSheet};
use fagfolk_data::jobs::{self, store};
use fagfolk_data::money;
use fagfolk_data::oslo;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct MonthQuery {
    /// The month, `YYYY-MM`.
    month: String,
}

/// The first day of a month written `YYYY-MM`, or the Norwegian refusal.
pub(super) fn month_of(text: &str) -> ApiResult<NaiveDate> {
    oslo::parse_month(text).ok_or_else(|| ApiError::from(jobs::Refused::BadMonth))
}

/// A month's hours for everyone (a montør: their own), each person's split into ordinary
/// time and overtime, with weekends and public holidays, tilleggsarbeid, and the weekdays
/// without hours; and whether the office has approved the month.
#[utoipa::path(
    get, path = "/api/admin/time/month", tag = "admin", params(MonthQuery),
    responses(
        (status = 200, description = "Månedens timer per person", body = MonthSheet),
        (status = 422, description = "Ugyldig måned", body = ErrorBody),
    )
)]
pub(super) async fn month_sheet(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> ApiResult<Response> {
    let first = month_of(&query.month)?;
    let today = state.clock.today();
    let only = user.is_montor().then(|| (user.id, user.name.clone()));
    // Kept while nothing is committed (`crate::http::kept`): everyone's month, or a montør's own.
    let whose = only.as_ref().map_or_else(|| "alle".to_owned(), |(id, _)| id.to_string());
    let key = format!("month {first} {today} {whose}");
    state.kept.json(&state.db, key, || async { Ok(month::sheet(&state.db, first, today, only).await?) }).await
}

/// Hours as Norwegian text: `7,5`.
fn hours(minutes: i64) -> String {
    money::quantity(minutes * 100 / 60)
}

/// The payroll file: one row per person and kind of hours (ordinary time, overtime, the
/// hours on weekends and public holidays, in the evening and at night, tilleggsarbeid), for Excel as the time sheet is
/// (`super::sheet`). Audited: it names people.
#[utoipa::path(
    get, path = "/api/admin/time/payroll", tag = "admin", params(MonthQuery),
    responses(
        (status = 200, description = "CSV (UTF-8 med BOM, semikolon)", content_type = "text/csv", body = String),
        (status = 422, description = "Ugyldig måned", body = ErrorBody),
    )
)]
pub(super) async fn payroll(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> ApiResult<Response> {
    let first = month_of(&query.month)?;
    let sheet = month::sheet(&state.db, first, state.clock.today(), None).await?;
    let body = payroll_csv(&sheet, first).map_err(|err| ApiError::Internal(err.into()))?;
    let asked =
        serde_json::json!({ "month": query.month.trim(), "payroll": true, "people": sheet.people.len() });
    let entry = user.recorded(state.clock.now(), AuditAction::Export, AuditEntity::TimeEntries, None, asked);
    fagfolk_data::audit::store::record(&state.db, &entry).await?;
    let name = format!("attachment; filename=\"lonnsgrunnlag-{}.csv\"", query.month.trim());
    Ok((
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, name)],
        body,
    )
        .into_response())
}

/// The payroll file's rows: a header, then five rows a person.
fn payroll_csv(sheet: &MonthSheet, first: NaiveDate) -> Result<Vec<u8>, ::csv::Error> {
    let mut writer = Sheet::new();
    writer.row(["Måned", "Person", "Type", "Timer"])?;
    let month_name = oslo::month(first);
    for person in &sheet.people {
        let kinds = [
            ("Ordinær tid", person.ordinary),
            ("Overtid", person.overtime),
            ("Helg og helligdag (tillegg)", person.weekend),
            ("Kveld og natt (tillegg)", person.evening),
            ("Tilleggsarbeid (med i timene over)", person.extra),
        ];
        for (kind, minutes) in kinds {
            writer.row([month_name.as_str(), person.name.as_str(), kind, hours(minutes).as_str()])?;
        }
    }
    writer.finish()
}

/// Approves a month's hours: from then on a montør cannot change them (the office still can,
/// or opens the month again). Audited with who and the month's sums.
#[utoipa::path(
    post, path = "/api/admin/time/month/approval", tag = "admin", request_body = MonthInput,
    responses(
        (status = 201, description = "Måneden er godkjent", body = Approval),
        (status = 409, description = "Måneden er godkjent allerede", body = ErrorBody),
        (status = 422, description = "Ugyldig måned", body = ErrorBody),
    )
)]
pub(super) async fn approve_month(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<MonthInput>,
) -> ApiResult<(StatusCode, Json<Approval>)> {
    let first = month::read_approval(input, state.clock.today())?;
    let now = state.clock.now();
    // The audit entry is made of the month as read in the approval's own turn.
    let audit = |sheet: &MonthSheet| {
        let minutes: i64 = sheet.people.iter().map(|person| person.minutes).sum();
        let what = serde_json::json!({
            "month": sheet.month, "month_name": oslo::month(first), "people": sheet.people.len(), "minutes": minutes,
        });
        user.recorded(now, AuditAction::Approve, AuditEntity::TimeEntries, None, what)
    };
    let approved = month::approve(&state.db, (first, state.clock.today()), (&user.name, now), audit).await?;
    let Some(sheet) = approved else { return Err(jobs::Refused::ApprovedAlready(first).into()) };
    let approval = sheet.approved.unwrap_or(Approval { approved_by: user.name.clone(), approved_at: now });
    Ok((StatusCode::CREATED, Json(approval)))
}

/// Opens an approved month again, audited.
#[utoipa::path(
    delete, path = "/api/admin/time/month/approval", tag = "admin", params(MonthQuery),
    responses(
        (status = 204, description = "Måneden er åpnet igjen"),
        (status = 404, description = "Måneden er ikke godkjent", body = ErrorBody),
        (status = 422, description = "Ugyldig måned", body = ErrorBody),
    )
)]
pub(super) async fn reopen_month(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> ApiResult<StatusCode> {
    let first = month_of(&query.month)?;
    let before = store::month::approval(&state.db, first).await?;
    let Some(before) = before else { return Err(jobs::Refused::NotApproved(first).into()) };
    let month_text = oslo::month_key(first);
    let entry = user.removed(
        state.clock.now(),
        AuditAction::Reopen,
        AuditEntity::TimeEntries,
        None,
        serde_json::json!({ "month": month_text, "month_name": oslo::month(first), "approved_by": before.approved_by }),
    );
    if !store::month::reopen(&state.db, first, &entry).await? {
        return Err(jobs::Refused::NotApproved(first).into());
    }
    Ok(StatusCode::NO_CONTENT)
}
