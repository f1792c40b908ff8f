//! The office's job routes (`super::router`): the job list with meters, a lead's jobs, a
//! job made from an accepted quote or from a lead, its page, its edits and the § 7
//! contact.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::access::check_workers;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::jobs::input::{JobContactInput, JobInput};
use fagfolk_data::jobs::list::{JobFilter, JobPage};
use fagfolk_data::jobs::{self, Job, JobContact, JobDetail, JobStatus, JobSummary, store};
use fagfolk_data::quotes::{QuoteStatus, Unit};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_jobs))
        .routes(routes!(lead_jobs, job_from_lead))
        .routes(routes!(job_from_quote))
        .routes(routes!(get_job, update_job))
        .routes(routes!(super::materials::add_material))
        .routes(routes!(
            super::materials::change_material,
            super::materials::correct_material,
            super::materials::delete_material
        ))
        .routes(routes!(super::receipts::add_receipt, super::receipts::receipt))
        .routes(routes!(record_contact))
        .routes(routes!(super::changes::create_change))
        .routes(routes!(super::changes::record_agreement))
        .routes(routes!(super::time::work_today))
        .routes(routes!(super::time::week))
        .routes(routes!(super::time::add_time))
        .routes(routes!(super::time::change_time, super::time::delete_time))
        .routes(routes!(super::sheet::time_sheet))
        .routes(routes!(super::month::month_sheet))
        .routes(routes!(super::month::payroll))
        .routes(routes!(super::month::approve_month, super::month::reopen_month))
}

/// A page of jobs, newest first, with their workers and meters: filtered by state, worker,
/// customer or past the estimate.
#[utoipa::path(
    get, path = "/api/admin/jobs", tag = "admin", params(JobFilter),
    responses((status = 200, description = "En side med oppdrag", body = JobPage))
)]
async fn list_jobs(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(filter): ApiQuery<JobFilter>,
) -> ApiResult<Json<JobPage>> {
    Ok(Json(jobs::list::page(&state.db, &filter).await?))
}

/// A lead's jobs, oldest first.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}/jobs", tag = "admin",
    params(("id" = Uuid, Path, description = "Lead-ens id")),
    responses(
        (status = 200, description = "Lead-ens oppdrag", body = [JobSummary]),
    )
)]
async fn lead_jobs(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<JobSummary>>> {
    fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let list = store::of_lead(&state.db, id).await?;
    Ok(Json(jobs::summaries(&state.db, list).await?))
}

/// Writes `job` with `workers`, audited, and answers with its page.
async fn create(
    state: &AppState,
    user: &CurrentUser,
    job: Job,
    workers: Vec<Uuid>,
) -> ApiResult<(StatusCode, Json<JobDetail>)> {
    let names = check_workers(state, &workers).await?;
    let entry = user.created(job.created_at, AuditEntity::Jobs, job.id, job.audit_view(&names));
    if !jobs::create(&state.db, &job, &workers, &entry).await? {
        return Err(jobs::Refused::QuoteHasJob.into());
    }
    let detail = jobs::detail(&state.db, job.id).await?.or_not_found(jobs::NOT_FOUND)?;
    Ok((StatusCode::CREATED, Json(detail)))
}

/// "Lag oppdrag": a job from an accepted quote in one step. Its lines become the budget
/// (the sum excluding MVA), and its price type, customer and address come with it; the
/// hourly rate is the first line priced by the hour, if any.
#[utoipa::path(
    post, path = "/api/admin/quotes/{id}/job", tag = "admin",
    params(("id" = Uuid, Path, description = "Tilbudets id")), request_body = JobInput,
    responses(
        (status = 201, description = "Oppdraget er laget", body = JobDetail),
        (status = 409, description = "Tilbudet er ikke akseptert, eller har et oppdrag", body = ErrorBody),
    )
)]
async fn job_from_quote(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<JobInput>,
) -> ApiResult<(StatusCode, Json<JobDetail>)> {
    let quote = fagfolk_data::quotes::store::get(&state.db, id)
        .await?
        .or_not_found(fagfolk_data::quotes::NOT_FOUND)?;
    if quote.status != QuoteStatus::Accepted {
        return Err(jobs::Refused::QuoteNotAccepted.into());
    }
    if quote.job_id.is_some() {
        return Err(jobs::Refused::ChangeIsNotJob.into());
    }
    let now = state.clock.now();
    let title = quote.lines.first().map(|line| line.description.clone()).filter(|text| !text.is_empty());
    let base = Job {
        id: Uuid::now_v7(),
        lead_id: quote.lead_id,
        quote_id: Some(quote.id),
        title: title.unwrap_or_else(|| format!("Tilbud {}", quote.label())),
        customer_name: quote.addressee(),
        customer_phone: quote.customer_phone.clone(),
        customer_address: quote.customer_address.clone(),
        price_type: quote.price_type,
        price_rule: jobs::PriceRule::of(quote.price_type, quote.customer_kind, quote.reservation),
        hourly_rate: quote
            .lines
            .iter()
            .find(|line| line.unit == Unit::Time)
            .map_or(0, |line| line.unit_price),
        budget: quote.net_total,
        lines: quote.lines,
        status: JobStatus::Planned,
        start_day: None,
        end_day: None,
        created_by: user.name.clone(),
        created_at: now,
        updated_at: now,
    };
    let (job, workers) = jobs::input::read_job(input, &base, now)?;
    create(&state, &user, job, workers.unwrap_or_default()).await
}

/// A job without a quote, from a lead: a small call-out at timepris, with its hourly rate
/// and a non-binding estimate.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/jobs", tag = "admin",
    params(("id" = Uuid, Path, description = "Lead-ens id")), request_body = JobInput,
    responses(
        (status = 201, description = "Oppdraget er laget", body = JobDetail),
    )
)]
async fn job_from_lead(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<JobInput>,
) -> ApiResult<(StatusCode, Json<JobDetail>)> {
    let lead =
        fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let now = state.clock.now();
    let address =
        [lead.adresse.clone(), lead.postnr.clone()].into_iter().flatten().collect::<Vec<_>>().join(", ");
    let base = Job {
        id: Uuid::now_v7(),
        lead_id: Some(lead.id),
        quote_id: None,
        title: String::new(),
        customer_name: lead.name.clone(),
        customer_phone: lead.phone.clone(),
        customer_address: (!address.is_empty()).then_some(address),
        price_type: fagfolk_data::quotes::PriceType::Hourly,
        // A sum given for a call-out has no written reservation behind it (`jobs::rule`).
        price_rule: jobs::PriceRule::Capped,
        lines: Vec::new(),
        budget: 0,
        hourly_rate: 0,
        status: JobStatus::Planned,
        start_day: None,
        end_day: None,
        created_by: user.name.clone(),
        created_at: now,
        updated_at: now,
    };
    let given_title = input.title.is_some();
    let (job, workers) = jobs::input::read_job(input, &base, now)?;
    if !given_title {
        return Err(jobs::Refused::NoTitle.into());
    }
    create(&state, &user, job, workers.unwrap_or_default()).await
}

/// A job with its workers, meter, hours, materials and § 7 contacts.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 200, description = "Oppdraget", body = JobDetail),
    )
)]
async fn get_job(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<JobDetail>> {
    Ok(Json(jobs::detail(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?))
}

/// Changes a job: its title, state, days, hourly rate, a call-out's estimate, who works
/// on it.
#[utoipa::path(
    put, path = "/api/admin/jobs/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = JobInput,
    responses(
        (status = 200, description = "Oppdraget er endret", body = JobDetail),
    )
)]
async fn update_job(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<JobInput>,
) -> ApiResult<Json<JobDetail>> {
    let before = jobs::detail(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let now = state.clock.now();
    let (job, workers) = jobs::input::read_job(input, &before.job, now)?;
    let workers = workers.unwrap_or_else(|| before.workers.iter().map(|worker| worker.user_id).collect());
    let names = check_workers(&state, &workers).await?;
    let (was, is) = (before.job.audit_view(&before.workers), job.audit_view(&names));
    if let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::Jobs, id, &was, &is)
        && !jobs::update(&state.db, &job, &workers, &entry).await?
    {
        return Err(ApiError::not_found(jobs::NOT_FOUND));
    }
    Ok(Json(jobs::detail(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?))
}

/// Records the § 7 contact: the firm told the customer that the price will pass the
/// estimate (how, when, what the customer said). The used amount and the budget at that
/// moment are kept with it; the time and materials held above the estimate are released,
/// billable up to the ceiling.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/contacts", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = JobContactInput,
    responses(
        (status = 201, description = "Kontakten er registrert", body = JobContact),
    )
)]
async fn record_contact(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<JobContactInput>,
) -> ApiResult<(StatusCode, Json<JobContact>)> {
    store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let now = state.clock.now();
    let (how, contacted_at, said) = jobs::input::read_contact(input, now)?;
    let contact = JobContact {
        id: Uuid::now_v7(),
        job_id: id,
        how,
        contacted_at,
        said,
        used: 0,
        budget: 0,
        recorded_by: user.name.clone(),
        created_at: now,
    };
    let after = serde_json::json!({
        "job_id": id, "how": contact.how, "contacted_at": contact.contacted_at, "said": contact.said,
    });
    let entry = user.created(now, AuditEntity::JobContacts, contact.id, after);
    let contact = jobs::record_contact(&state.db, contact, &entry).await?.or_not_found(jobs::NOT_FOUND)?;
    Ok((StatusCode::CREATED, Json(contact)))
}
