//! The plan's routes: the board of a week or two (the office's, and a montør's own), a job
//! planned for people over a span of days, a planned day moved or removed, and a person's
//! day away. The office plans (`CurrentUser`); a montør reads only their own plan. Every
//! change is audited. What the customer is told of a job's plan is `notice.rs`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::absences::people;
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::jobs::{self, JobStatus};
use fagfolk_data::oslo;
use fagfolk_data::planning::board::{self, Board};
use fagfolk_data::planning::input::{self, BoardSpan, MoveInput, PlanInput};
use fagfolk_data::planning::{self, PlanDay, Refused, store};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(plan_board))
        .routes(routes!(my_plan))
        .routes(routes!(plan_days))
        .routes(routes!(move_day, remove_day))
        .routes(routes!(super::absences::set_absence, super::absences::clear_absence))
        .routes(routes!(super::notice::plan_notice, super::notice::send_plan_notice))
}

/// The board: each person's planned jobs, befaringer and days away for a week or two, the
/// clashes, and the open jobs with no day planned.
#[utoipa::path(
    get, path = "/api/admin/plan", tag = "admin", params(BoardSpan),
    responses(
        (status = 200, description = "Planleggingstavlen", body = Board),
        (status = 422, description = "Ugyldig periode", body = ErrorBody),
    )
)]
async fn plan_board(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(span): ApiQuery<BoardSpan>,
) -> ApiResult<Response> {
    let (from, days) = span.read(state.clock.today())?;
    // Kept while nothing is committed (`crate::http::kept`): the office reads the board
    // again and again, and it changes when someone plans.
    let key = format!("plan {from} {days}");
    state.kept.json(&state.db, key, || async { Ok(board::board(&state.db, from, days, None).await?) }).await
}

/// One's own plan for a week or two ("Mine oppdrag"): a montør's, or anyone's own.
#[utoipa::path(
    get, path = "/api/admin/plan/mine", tag = "admin", params(BoardSpan),
    responses(
        (status = 200, description = "Min plan", body = Board),
        (status = 422, description = "Ugyldig periode", body = ErrorBody),
    )
)]
async fn my_plan(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiQuery(span): ApiQuery<BoardSpan>,
) -> ApiResult<Json<Board>> {
    let (from, days) = span.read(state.clock.today())?;
    let mut board = board::board(&state.db, from, days, Some(user.id)).await?;
    if board.people.is_empty() {
        let cells = board.days.iter().map(|day| board::Cell::empty(*day)).collect();
        board.people.push(board::Row { user_id: user.id, name: user.name.clone(), cells });
    }
    Ok(Json(board))
}

/// Plans people on a job for each day of a span (a day a person already has on the job is
/// left as it is). Answers with the days written.
#[utoipa::path(
    post, path = "/api/admin/plan-days", tag = "admin", request_body = PlanInput,
    responses(
        (status = 201, description = "Dagene er planlagt", body = [PlanDay]),
        (status = 404, description = "Fant ikke oppdraget", body = ErrorBody),
        (status = 409, description = "Oppdraget er fakturert", body = ErrorBody),
        (status = 422, description = "Ugyldige dager, tider eller personer", body = ErrorBody),
    )
)]
async fn plan_days(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PlanInput>,
) -> ApiResult<(StatusCode, Json<Vec<PlanDay>>)> {
    let plan = input::read_plan(input)?;
    let job = jobs::store::get(&state.db, plan.job_id).await?.or_not_found(jobs::NOT_FOUND)?;
    if job.status == JobStatus::Invoiced {
        return Err(Refused::JobClosed.into());
    }
    let days = plan.days()?;
    let named = people(&state, &plan.people).await?;
    let now = state.clock.now();
    let rows: Vec<PlanDay> = named
        .iter()
        .flat_map(|(user_id, _)| {
            days.iter().map(|day| PlanDay {
                id: Uuid::now_v7(),
                job_id: job.id,
                user_id: *user_id,
                day: *day,
                starts_at: plan.starts_at,
                minutes: plan.minutes,
                sequence: 0,
                cancelled_at: None,
                created_by: user.name.clone(),
                created_at: now,
                updated_at: now,
            })
        })
        .collect();
    let view = serde_json::json!({
        "job_title": job.title,
        "people": named.iter().map(|(_, name)| name.clone()).collect::<Vec<_>>().join(", "),
        "from": plan.from,
        "to": plan.to,
        "starts_at": plan.starts_at.map(oslo::clock_of_minute),
        "minutes": plan.minutes,
    });
    let entry = user.created(now, AuditEntity::PlanDays, job.id, view);
    let written = planning::plan(&state.db, &rows, &entry).await?;
    Ok((StatusCode::CREATED, Json(written)))
}

/// A planned day and its job's title and person's name, as the audit log names them.
async fn described(state: &AppState, day: &PlanDay) -> ApiResult<serde_json::Value> {
    let title = jobs::store::get(&state.db, day.job_id).await?.map(|job| job.title).unwrap_or_default();
    let person = fagfolk_data::users::store::get(&state.db, day.user_id).await?.map(|user| user.name);
    Ok(day.audit_view(&title, &person.unwrap_or_default()))
}

/// Moves a planned day to another day, person, start or length; its calendar event
/// follows (a higher sequence).
#[utoipa::path(
    put, path = "/api/admin/plan-days/{id}", tag = "admin", request_body = MoveInput,
    params(("id" = Uuid, Path, description = "Den planlagte dagens id")),
    responses(
        (status = 200, description = "Dagen er flyttet", body = PlanDay),
        (status = 404, description = "Fant ikke den planlagte dagen", body = ErrorBody),
        (status = 409, description = "Fjernet, eller personen er allerede planlagt den dagen", body = ErrorBody),
        (status = 422, description = "Ugyldig dag, tid eller person", body = ErrorBody),
    )
)]
async fn move_day(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<MoveInput>,
) -> ApiResult<Json<PlanDay>> {
    let before = store::get(&state.db, id).await?.or_not_found(planning::NOT_FOUND)?;
    if before.cancelled_at.is_some() {
        return Err(Refused::Cancelled.into());
    }
    if let Some(user_id) = input.user_id {
        people(&state, &[user_id]).await?;
    }
    let to = input::read_move(input, &before)?;
    let now = state.clock.now();
    let entry = user.changed(
        now,
        AuditAction::Update,
        AuditEntity::PlanDays,
        id,
        &described(&state, &before).await?,
        &described(&state, &to).await?,
    );
    planning::move_day(&state.db, id, &to, now, entry.as_ref()).await??;
    Ok(Json(store::get(&state.db, id).await?.or_not_found(planning::NOT_FOUND)?))
}

/// Removes a planned day; its calendar event is cancelled.
#[utoipa::path(
    delete, path = "/api/admin/plan-days/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Den planlagte dagens id")),
    responses(
        (status = 204, description = "Dagen er fjernet"),
        (status = 404, description = "Fant ikke den planlagte dagen", body = ErrorBody),
        (status = 409, description = "Dagen er fjernet allerede", body = ErrorBody),
    )
)]
async fn remove_day(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.or_not_found(planning::NOT_FOUND)?;
    let now = state.clock.now();
    let entry = user.removed(
        now,
        AuditAction::Delete,
        AuditEntity::PlanDays,
        Some(id),
        described(&state, &before).await?,
    );
    if !planning::remove(&state.db, id, now, &entry).await? {
        return Err(Refused::Cancelled.into());
    }
    Ok(StatusCode::NO_CONTENT)
}
