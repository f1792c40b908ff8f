//! Services in the back office: every service, active or not, with create, edit and
//! delete. A change shows on the public site at once (the page cache is dropped).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{AdminService, store};
use crate::categories;
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::services::input::{self, ServiceInput};
use fagfolk_data::text::slugify;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServiceQuery {
    /// Only this category (slug).
    pub category: Option<String>,
    /// Name contains this text.
    pub query: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_admin_services, create_service))
        .routes(routes!(update_service, delete_service))
}

/// Every service, by name; filtered by category and by a name search.
#[utoipa::path(
    get, path = "/api/admin/services", tag = "admin", params(ServiceQuery),
    responses(
        (status = 200, description = "Tjenester etter navn", body = [AdminService]),
    )
)]
async fn list_admin_services(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<ServiceQuery>,
) -> ApiResult<Json<Vec<AdminService>>> {
    let needle = fagfolk_data::text::Needle::new(query.query.as_deref().unwrap_or_default());
    let category = query.category.unwrap_or_default();
    Ok(Json(store::list(&state.db, category.trim(), &needle).await?))
}

/// Create a service in a category. New services are active unless told otherwise.
#[utoipa::path(
    post, path = "/api/admin/services", tag = "admin", request_body = ServiceInput,
    responses(
        (status = 201, description = "Opprettet", body = AdminService),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn create_service(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<ServiceInput>,
) -> ApiResult<(StatusCode, Json<AdminService>)> {
    let fields = input::read_service(input)?;
    let category = match fields.category.as_str() {
        "" => None,
        key => categories::find(&state.db, key).await?,
    }
    .ok_or(fagfolk_data::services::Refused::NoCategory)?;
    let now = state.clock.now();
    let service = AdminService {
        id: Uuid::now_v7(),
        slug: Some(slugify(&fields.name)),
        name: fields.name,
        description: fields.description,
        price_from: fields.price_from,
        category: category.slug.clone().unwrap_or_else(|| category.id.to_string()),
        category_id: Some(category.id),
        is_active: fields.is_active.unwrap_or(true),
        created_at: now,
        updated_at: now,
    };
    let entry = user.created(now, AuditEntity::ServicesAdmin, service.id, service.audit_view()).on_site();
    store::insert(&state.db, &service, &entry).await?;
    Ok((StatusCode::CREATED, Json(service)))
}

/// Update a service's name, description, price and active flag.
#[utoipa::path(
    put, path = "/api/admin/services/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Tjenestens id")), request_body = ServiceInput,
    responses(
        (status = 200, description = "Oppdatert", body = AdminService),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_service(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<ServiceInput>,
) -> ApiResult<Json<AdminService>> {
    let fields = input::read_service(input)?;
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::services::NOT_FOUND)?;
    let now = state.clock.now();
    let service = AdminService {
        slug: Some(slugify(&fields.name)),
        name: fields.name,
        description: fields.description,
        price_from: fields.price_from,
        is_active: fields.is_active.unwrap_or(before.is_active),
        updated_at: now,
        ..before.clone()
    };
    let (was, is) = (before.audit_view(), service.audit_view());
    if let Some(entry) = user.changed(now, AuditAction::Update, AuditEntity::ServicesAdmin, id, &was, &is) {
        store::update(&state.db, &service, &entry.on_site()).await?;
    }
    Ok(Json(service))
}

/// Delete a service.
#[utoipa::path(
    delete, path = "/api/admin/services/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Tjenestens id")),
    responses(
        (status = 204, description = "Slettet"),
    )
)]
async fn delete_service(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::services::NOT_FOUND)?;
    let entry =
        user.deleted(state.clock.now(), AuditEntity::ServicesAdmin, id, &before.audit_view()).on_site();
    store::delete(&state.db, id, &entry).await?;
    Ok(StatusCode::NO_CONTENT)
}
