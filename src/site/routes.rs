//! The public site's API: the firm's facts and the public service list, from the page
//! cache.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::SiteFacts;
use crate::http::ApiQuery;
use crate::http::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::services::store as services;
use fagfolk_data::services::{PUBLIC_CATEGORIES, PublicService};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_site)).routes(routes!(list_services))
}

/// The firm's public company facts: name, org.nr, address, e-mail and phone numbers.
#[utoipa::path(
    get,
    path = "/api/site",
    tag = "public",
    responses((status = 200, description = "Firmaopplysninger", body = SiteFacts))
)]
async fn get_site(State(state): State<AppState>) -> ApiResult<Json<SiteFacts>> {
    Ok(Json(state.pages.current().await?.facts.clone()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ServiceFilter {
    /// Only services of this category.
    #[param(value_type = Option<fagfolk_data::services::CategorySlug>)]
    category: Option<String>,
}

/// List the active services, newest first.
#[utoipa::path(
    get,
    path = "/api/services",
    tag = "public",
    params(ServiceFilter),
    responses(
        (status = 200, description = "Aktive tjenester, nyeste først", body = [PublicService]),
        (status = 400, description = "Ukjent kategori", body = ErrorBody),
    )
)]
async fn list_services(
    State(state): State<AppState>,
    ApiQuery(filter): ApiQuery<ServiceFilter>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let category = match filter.category.as_deref() {
        Some(slug) if PUBLIC_CATEGORIES.contains(&slug) => Some(slug.to_owned()),
        Some(_) => {
            return Err(fagfolk_data::services::Refused::PublicCategory.into());
        }
        None => None,
    };
    // Served from the same cache as the pages (rendered again when a service changes), ready
    // compressed: the busiest public call costs no database round trip.
    let rendered = state.pages.current().await?;
    match rendered.services_json(category.as_deref()) {
        Some(cached) => Ok(cached.respond(StatusCode::OK, &headers, &[])),
        None => Ok(Json(services::active(&state.db, category.as_deref()).await?).into_response()),
    }
}
