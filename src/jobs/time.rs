//! The hours (`super::routes` names them): "Mine oppdrag i dag" on a phone, a person's
//! week, and writing, changing and deleting an entry. A montør reaches only the jobs they
//! work on and their own entries; the office reaches every job and may correct anyone's
//! entry. Entries are locked after the end of the following month
//! (`fagfolk_data::jobs::time::refusal`), and each change is audited.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::access::{job_for, whose};
use super::replay::{self, ReusedEntry};
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::jobs::input::TimeInput;
use fagfolk_data::jobs::store::time::SheetRow;
use fagfolk_data::jobs::time::{NewEntry, TimeEntry};
use fagfolk_data::jobs::{self, Job, store};

/// A job as a worker's phone shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkJob {
    pub id: Uuid,
    pub title: String,
    pub customer_name: String,
    pub customer_phone: Option<String>,
    pub customer_address: Option<String>,
    pub status: jobs::JobStatus,
    pub start_day: Option<NaiveDate>,
    pub end_day: Option<NaiveDate>,
    /// The budget's lines, by their index, to put time on.
    pub lines: Vec<String>,
    /// Its change orders that time may be tagged to.
    pub changes: Vec<WorkChange>,
    /// The material lines the person entered on it, oldest first, without prices.
    pub materials: Vec<WorkMaterial>,
}

/// A change order (tilleggsarbeid) to tag time to. The phone says it in the montør's
/// language from `number` and `title`; `label` is the Norwegian of the office's screens.
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkChange {
    pub id: Uuid,
    /// "Tilleggsarbeid 2026-0043: Ekstra stikkontakt".
    pub label: String,
    /// The change order's number: "2026-0043", "2026-0043 v2".
    pub number: String,
    /// Its first line's text: "Ekstra stikkontakt".
    pub title: Option<String>,
}

/// A material line as the phone of the person who entered it shows it: no price.
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkMaterial {
    pub id: Uuid,
    pub description: String,
    /// In hundredths: 250 is 2,5.
    pub quantity: i64,
    pub unit: fagfolk_data::quotes::Unit,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Past the estimate, waiting for the office's § 7 contact.
    pub held: bool,
    /// A photo of the receipt or the part is stored with it.
    pub receipt: bool,
}

/// `jobs` as `whose` phone shows them, each with its open change orders and the material
/// lines `whose` entered on it.
async fn work_jobs(
    state: &AppState,
    whose: Uuid,
    jobs: impl Iterator<Item = Job>,
) -> ApiResult<Vec<WorkJob>> {
    let jobs: Vec<Job> = jobs.collect();
    let ids: Vec<Uuid> = jobs.iter().map(|job| job.id).collect();
    let mut materials =
        if ids.is_empty() { Vec::new() } else { store::materials::of_jobs(&state.db, &ids).await? };
    materials.retain(|line| line.added_by_id == Some(whose));
    materials.sort_by_key(|line| (line.created_at, line.id));
    let mut shown = Vec::new();
    for job in jobs {
        let changes = fagfolk_data::quotes::store::of_job(&state.db, job.id).await?;
        let changes = changes
            .into_iter()
            .filter(jobs::changes::is_open)
            .map(|change| {
                let title = change.lines.first().map(|line| line.description.clone());
                WorkChange {
                    id: change.id,
                    label: match &title {
                        Some(title) => format!("Tilleggsarbeid {}: {title}", change.label()),
                        None => format!("Tilleggsarbeid {}", change.label()),
                    },
                    number: change.label(),
                    title,
                }
            })
            .collect();
        let materials = materials
            .iter()
            .filter(|line| line.job_id == job.id)
            .map(|line| WorkMaterial {
                id: line.id,
                description: line.description.clone(),
                quantity: line.quantity,
                unit: line.unit,
                created_at: line.created_at,
                held: line.held,
                receipt: line.receipt,
            })
            .collect();
        shown.push(WorkJob {
            id: job.id,
            title: job.title,
            customer_name: job.customer_name,
            customer_phone: job.customer_phone,
            customer_address: job.customer_address,
            status: job.status,
            start_day: job.start_day,
            end_day: job.end_day,
            lines: job.lines.into_iter().map(|line| line.description).collect(),
            changes,
            materials,
        });
    }
    Ok(shown)
}

/// "Mine oppdrag i dag".
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkToday {
    pub today: NaiveDate,
    pub jobs: Vec<WorkJob>,
    /// What the signed-in person has entered today.
    pub entries: Vec<TimeEntry>,
    /// The firm's active services, to pick a material from on the phone: names only, since
    /// a montør sees no prices (`super::materials` prices what is picked).
    pub catalogue: Vec<CatalogueName>,
}

/// A service of the catalogue by its name.
#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogueName {
    pub id: Uuid,
    pub name: String,
}

/// The signed-in person's open jobs for today and what they have entered today.
#[utoipa::path(
    get, path = "/api/admin/work/today", tag = "admin",
    responses((status = 200, description = "Mine oppdrag i dag", body = WorkToday))
)]
pub(super) async fn work_today(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
) -> ApiResult<Json<WorkToday>> {
    let today = state.clock.today();
    let jobs = store::today_of(&state.db, user.id, today).await?;
    let rows =
        store::time::between(&state.db, (today, today + Duration::days(1)), Some(user.id), None).await?;
    Ok(Json(WorkToday {
        today,
        jobs: work_jobs(&state, user.id, jobs.into_iter()).await?,
        entries: rows.into_iter().map(|row| row.entry).collect(),
        catalogue: fagfolk_data::services::store::active(&state.db, None)
            .await?
            .into_iter()
            .map(|service| CatalogueName { id: service.id, name: service.name })
            .collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct WeekQuery {
    /// A day of the week, `YYYY-MM-DD` (default today).
    day: Option<String>,
    /// Whose week (the office only; default the signed-in person).
    user_id: Option<Uuid>,
}

/// A person's week.
#[derive(Debug, Serialize, ToSchema)]
pub struct Week {
    /// Its Monday.
    pub from: NaiveDate,
    /// Its Sunday.
    pub to: NaiveDate,
    pub user_id: Uuid,
    pub entries: Vec<SheetRow>,
    /// Minutes per day, Monday first.
    pub days: Vec<i64>,
    pub total_minutes: i64,
    /// The jobs the person works on that are open, to enter time on.
    pub jobs: Vec<WorkJob>,
}

/// A person's week of hours, Monday to Sunday.
#[utoipa::path(
    get, path = "/api/admin/work/week", tag = "admin", params(WeekQuery),
    responses(
        (status = 200, description = "Uken", body = Week),
        (status = 403, description = "En montør ser bare sin egen uke", body = ErrorBody),
        (status = 422, description = "Ugyldig dato", body = ErrorBody),
    )
)]
pub(super) async fn week(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiQuery(query): ApiQuery<WeekQuery>,
) -> ApiResult<Json<Week>> {
    let day = match query.day.as_deref() {
        Some(text) => {
            fagfolk_data::oslo::parse_day(text.trim()).ok_or_else(|| ApiError::from(jobs::Refused::BadDay))?
        }
        None => state.clock.today(),
    };
    let whose = query.user_id.unwrap_or(user.id);
    if whose != user.id && user.is_montor() {
        return Err(fagfolk_data::auth::Refused::Montor.into());
    }
    let from = jobs::time::monday_of(day);
    let to = from + Duration::days(7);
    let entries = store::time::between(&state.db, (from, to), Some(whose), None).await?;
    let mut days = vec![0i64; 7];
    for row in &entries {
        if let Ok(index) = usize::try_from((row.entry.day - from).num_days()) {
            days[index.min(6)] += i64::from(row.entry.minutes);
        }
    }
    // Only the open ones: ten years of a montør's jobs are read by the index, not one by one.
    let find = store::Find { worker: Some(whose), open: true, ..store::Find::default() };
    let (open, _) = store::find(&state.db, &find, None).await?;
    let jobs = work_jobs(&state, whose, open.into_iter()).await?;
    Ok(Json(Week {
        jobs,
        from,
        to: to - Duration::days(1),
        user_id: whose,
        total_minutes: days.iter().sum(),
        days,
        entries,
    }))
}

/// Writes an hour entry for the signed-in person (the office: for anyone it names): whole
/// quarters, on a day that has come and is not locked, on a job they work on (the office:
/// any job). An id the phone chose is looked up first (`super::replay`).
#[utoipa::path(
    post, path = "/api/admin/time", tag = "admin", request_body = TimeInput,
    responses(
        (status = 200, description = "Timene var ført allerede (samme id): den første føringen", body = TimeEntry),
        (status = 201, description = "Timene er ført (`held`: over prisoverslaget, venter på § 7-kontakten)", body = TimeEntry),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
        (status = 409, description = "Oppdraget er ferdig, måneden er godkjent, eller id-en er en annens; \
            har id-en en annen føring av samme person, følger den som lagret (`stored`)", body = ReusedEntry),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
pub(super) async fn add_time(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiJson(input): ApiJson<TimeInput>,
) -> ApiResult<Response> {
    let job_id = jobs::input::time_job(&input)?;
    let chosen = jobs::input::client_id(input.id.as_deref())?;
    let (whose, name) = whose(&state, &user, input.user_id.as_deref()).await?;
    if let Some(id) = chosen
        && let Some(stored) = store::time::get(&state.db, id).await?
    {
        let job = store::get(&state.db, stored.job_id).await?;
        let same = job.is_some_and(|job| jobs::input::is_retry_of(input, &job, &stored));
        return replay::found_for(whose, stored.user_id, stored, same);
    }
    let job = job_for(&state, &user, job_id).await?;
    let entry = jobs::input::read_time(input, &job, (whose, &name), state.clock.today(), None)?;
    let (id, now) = (chosen.unwrap_or_else(Uuid::now_v7), state.clock.now());
    let mut after = view(&entry);
    after["job_id"] = job.id.to_string().into();
    let audit = user.created(now, AuditEntity::TimeEntries, id, after);
    let written = jobs::time::add(&state.db, id, &entry, now, &audit, replay::writer(&user))
        .await?
        .map_err(ApiError::from)?;
    if let jobs::time::Written::New(entry) = &written
        && entry.held
    {
        super::notify::estimate_reached(&state, &job, &user.name).await;
    }
    Ok(replay::answer(written))
}

fn view(entry: &NewEntry) -> serde_json::Value {
    serde_json::json!({
        "day": entry.day, "minutes": entry.minutes, "line": entry.line, "note": entry.note,
        "extra": entry.extra, "change_id": entry.change_id, "user_name": entry.user_name,
        "starts_at": entry.starts_at.map(fagfolk_data::oslo::clock_of_minute),
    })
}

/// Entry `id` as `user` may change it: their own on a job they still work on, or anyone's
/// for the office; and not locked.
async fn entry_for(state: &AppState, user: &CurrentUser, id: Uuid) -> ApiResult<TimeEntry> {
    let entry = store::time::get(&state.db, id).await?.or_not_found(jobs::time::NOT_FOUND)?;
    if user.is_montor()
        && (entry.user_id != Some(user.id) || !store::works_on(&state.db, entry.job_id, user.id).await?)
    {
        return Err(ApiError::not_found(jobs::time::NOT_FOUND));
    }
    if let Some(refusal) = jobs::time::refusal(entry.day, state.clock.today()) {
        return Err(ApiError::Conflict(refusal));
    }
    Ok(entry)
}

/// Changes an hour entry (the day, the time, the job, the line, the note, the mark).
#[utoipa::path(
    put, path = "/api/admin/time/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Timeføringens id")), request_body = TimeInput,
    responses(
        (status = 200, description = "Timene er endret", body = TimeEntry),
        (status = 409, description = "Låst, eller oppdraget er ferdig", body = ErrorBody),
    )
)]
pub(super) async fn change_time(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<TimeInput>,
) -> ApiResult<Json<TimeEntry>> {
    let before = entry_for(&state, &user, id).await?;
    let job_id = match input.job_id {
        Some(_) => jobs::input::time_job(&input)?,
        None => before.job_id,
    };
    let job = job_for(&state, &user, job_id).await?;
    let base = NewEntry {
        job_id: before.job_id,
        user_id: before.user_id.unwrap_or(user.id),
        user_name: before.user_name.clone(),
        day: before.day,
        minutes: before.minutes,
        line: before.line.filter(|_| job_id == before.job_id),
        note: before.note.clone(),
        extra: before.extra,
        change_id: before.change_id,
        rate: before.rate,
        starts_at: before.starts_at,
    };
    let entry = jobs::input::read_time(input, &job, (user.id, &user.name), state.clock.today(), Some(&base))?;
    let now = state.clock.now();
    let (mut was, mut is) = (view(&base), view(&entry));
    was["job_id"] = before.job_id.to_string().into();
    is["job_id"] = entry.job_id.to_string().into();
    if let Some(audit) = user.changed(now, AuditAction::Update, AuditEntity::TimeEntries, id, &was, &is) {
        let writer = replay::writer(&user);
        jobs::time::change(&state.db, id, &entry, now, &audit, writer).await?.map_err(ApiError::from)?;
    }
    let written = store::time::get(&state.db, id).await?.or_not_found(jobs::time::NOT_FOUND)?;
    if written.held && !before.held {
        super::notify::estimate_reached(&state, &job, &user.name).await;
    }
    Ok(Json(written))
}

/// Deletes an hour entry that is not locked.
#[utoipa::path(
    delete, path = "/api/admin/time/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Timeføringens id")),
    responses(
        (status = 204, description = "Timeføringen er slettet"),
        (status = 409, description = "Låst, eller oppdraget er ferdig", body = ErrorBody),
    )
)]
pub(super) async fn delete_time(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let entry = entry_for(&state, &user, id).await?;
    let audit = user.deleted(state.clock.now(), AuditEntity::TimeEntries, id, &entry.audit_view());
    jobs::time::delete(&state.db, id, &audit, replay::writer(&user)).await?.map_err(ApiError::from)?;
    Ok(StatusCode::NO_CONTENT)
}
