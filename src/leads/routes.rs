//! The leads routes (`super::router`): the handlers and what they read and answer.

use super::filter::{filter, narrowed};
use super::save::save;
use fagfolk_data::leads::{model, store};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use model::{BoardColumn, FollowUpFilter, Lead, LeadFields, LeadFilter, LeadInput, LeadPage, StatusInput};

use crate::http::error::OrNotFound;
use crate::http::error::{ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::settings;
use crate::state::AppState;
use fagfolk_data::audit::AuditEntity;
use fagfolk_data::auth::CurrentUser;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_leads, create_lead))
        .routes(routes!(get_lead_board))
        .routes(routes!(get_lead, update_lead, patch_lead, delete_lead))
        .routes(routes!(update_lead_status))
        .routes(routes!(super::duplicates::merge_leads))
        .routes(routes!(super::duplicates::dismiss_duplicate))
        .routes(routes!(super::history::get_timeline))
        .routes(routes!(super::history::create_note))
        .routes(routes!(super::history::delete_note))
        .routes(routes!(super::enquiry::get_enquiry))
        .routes(routes!(super::export::export_leads))
}

/// List leads, filtered, sorted (newest first unless asked) and paged on the server.
#[utoipa::path(
    get, path = "/api/admin/leads", tag = "admin", params(LeadFilter),
    responses(
        (status = 200, description = "En side med leads", body = LeadPage),
        (status = 400, description = "Ugyldig parameter", body = ErrorBody),
    )
)]
async fn list_leads(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<LeadFilter>,
) -> ApiResult<Json<LeadPage>> {
    let _turn = state.heavy.turn(user.id).await?;
    let (q, status, source) = (query.q.as_deref(), query.status.as_deref(), query.source.as_deref());
    let filter = filter(&state, &user, q, status, source, query.mine, query.follow_up);
    let filter = narrowed(&state, filter, query.kind, query.days).await?;
    let per_page = query.per_page.unwrap_or(50).clamp(1, 200);
    let page = query.page.unwrap_or(1).clamp(1, 1_000_000);
    let pipeline = settings::pipeline(&state.db).await?;
    let sort = query.sort.unwrap_or_default();
    let offset = (page - 1).saturating_mul(per_page);
    let items = store::list(&state.db, &filter, sort, &pipeline, per_page, offset).await?;
    let total = store::count(&state.db, &filter).await?;
    let all = store::count_all(&state.db).await?;
    let sources = store::sources(&state.db).await?;
    let known_sources = model::SOURCES.iter().map(|s| (*s).to_owned()).collect();
    let staff = fagfolk_data::users::store::staff(&state.db).await?;
    let ids: Vec<_> = items.iter().map(|lead| lead.id).collect();
    let photos =
        fagfolk_data::contact::store::photos::counts_of_leads(&state.db, &ids).await?.into_iter().collect();
    Ok(Json(LeadPage { items, photos, total, all, sources, pipeline, known_sources, staff }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct BoardFilter {
    /// Text search over name, e-mail, phone, description and address, in any case
    /// (Norwegian letters too); a phone number also by its digits, with or without +47.
    q: Option<String>,
    /// Source (`kilde`).
    source: Option<String>,
    /// Only the signed-in user's leads ("Mine").
    mine: Option<bool>,
    /// By follow-up date.
    #[param(inline)]
    follow_up: Option<FollowUpFilter>,
}

/// The kanban: one column per pipeline status with its count and newest leads.
#[utoipa::path(
    get, path = "/api/admin/leads/board", tag = "admin", params(BoardFilter),
    responses(
        (status = 200, description = "Kolonner i pipeline-rekkefølge", body = [BoardColumn]),
    )
)]
async fn get_lead_board(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<BoardFilter>,
) -> ApiResult<Json<Vec<BoardColumn>>> {
    let _turn = state.heavy.turn(user.id).await?;
    let (q, source) = (query.q.as_deref(), query.source.as_deref());
    let filter = filter(&state, &user, q, None, source, query.mine, query.follow_up);
    let stages = settings::stages(&state.db).await?;
    let statuses: Vec<String> = stages.iter().map(|stage| stage.name.clone()).collect();
    let (counts, mut items) = store::board(&state.db, &filter, &statuses, 100).await?;
    let columns = stages
        .into_iter()
        .map(|stage| {
            let total = counts.iter().find(|(status, _)| *status == stage.name).map_or(0, |(_, n)| *n);
            let (mine, rest) = items.drain(..).partition(|lead: &Lead| lead.status == stage.name);
            items = rest;
            BoardColumn { status: stage.name, kind: stage.kind, total, items: mine }
        })
        .collect();
    Ok(Json(columns))
}

/// One lead.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 200, description = "Lead-en", body = Lead),
    )
)]
async fn get_lead(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Lead>> {
    store::get(&state.db, id).await?.map(Json).or_not_found(fagfolk_data::leads::NOT_FOUND)
}

/// Create a lead. Status defaults to the pipeline's first, source to Web.
#[utoipa::path(
    post, path = "/api/admin/leads", tag = "admin", request_body = LeadInput,
    responses(
        (status = 201, description = "Opprettet", body = Lead),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn create_lead(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<LeadInput>,
) -> ApiResult<(StatusCode, Json<Lead>)> {
    let fields = parse(&state, input).await?;
    let now = state.clock.now();
    let mut lead = store::new_lead(Uuid::now_v7(), fields, now);
    let open = settings::open_statuses(&state.db).await?;
    lead.duplicate_of = store::duplicate_of(&state.db, &lead, &open).await?;
    let entry = user.created(now, AuditEntity::Leads, lead.id, lead.audit_view());
    store::insert(&state.db, &lead, &entry).await?;
    Ok((StatusCode::CREATED, Json(lead)))
}

/// Replace a lead's fields.
#[utoipa::path(
    put, path = "/api/admin/leads/{id}",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin", request_body = LeadInput,
    responses(
        (status = 200, description = "Oppdatert", body = Lead),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_lead(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<LeadInput>,
) -> ApiResult<Json<Lead>> {
    let fields = parse(&state, input).await?;
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let lead = kept(&before, store::new_lead(id, fields, state.clock.now()));
    save(&state, &user, &before, &lead).await?;
    Ok(Json(lead))
}

/// Change some of a lead's fields: those given, keeping the rest (an empty text clears a
/// field). The details dialog saves each field it edits in place this way.
#[utoipa::path(
    patch, path = "/api/admin/leads/{id}",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin", request_body = LeadInput,
    responses(
        (status = 200, description = "Oppdatert", body = Lead),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn patch_lead(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<LeadInput>,
) -> ApiResult<Json<Lead>> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let fields = parse(&state, input.over(&before)).await?;
    let lead = kept(&before, store::new_lead(id, fields, state.clock.now()));
    save(&state, &user, &before, &lead).await?;
    Ok(Json(lead))
}

/// `lead`, an edit of `before`, with what an edit does not change: when it came in, the
/// lead it may duplicate, and the other contacts (`Lead::with_main_contacts`: one of them
/// made the main one trades places with the old main one).
fn kept(before: &Lead, lead: Lead) -> Lead {
    Lead { created_at: before.created_at, duplicate_of: before.duplicate_of, ..lead }
        .with_main_contacts(before)
}

/// Checks a lead's fields against the pipeline and the staff.
async fn parse(state: &AppState, input: LeadInput) -> ApiResult<LeadFields> {
    let pipeline = settings::pipeline(&state.db).await?;
    let staff = fagfolk_data::users::store::staff(&state.db).await?;
    Ok(LeadFields::parse(input, &pipeline, &staff)?)
}

/// Change only a lead's status (a drag between kanban columns).
#[utoipa::path(
    patch, path = "/api/admin/leads/{id}/status",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    request_body = StatusInput,
    responses(
        (status = 200, description = "Oppdatert", body = Lead),
        (status = 422, description = "Ukjent status", body = ErrorBody),
    )
)]
async fn update_lead_status(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<StatusInput>,
) -> ApiResult<Json<Lead>> {
    let status = input.status.trim().to_owned();
    if !settings::pipeline(&state.db).await?.contains(&status) {
        return Err(fagfolk_data::leads::Refused::UnknownStatus.into());
    }
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let lead = Lead { status, updated_at: state.clock.now(), ..before.clone() };
    save(&state, &user, &before, &lead).await?;
    Ok(Json(lead))
}

/// Delete a lead permanently.
#[utoipa::path(
    delete, path = "/api/admin/leads/{id}",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 204, description = "Slettet"),
    )
)]
async fn delete_lead(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let entry = user.deleted(state.clock.now(), AuditEntity::Leads, id, &before.audit_view());
    let visits = crate::visits::mail::to_cancel_with(&state, id).await?;
    store::delete(&state.db, id, &entry).await?;
    crate::visits::mail::cancel_with_lead(&state, &before, visits);
    Ok(StatusCode::NO_CONTENT)
}
