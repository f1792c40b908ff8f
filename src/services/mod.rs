//! Services (table `services_admin`): the public list. The admin endpoints join here.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub mod admin;
pub mod store;

use crate::db::Db;
use crate::db_run;
use crate::http::ApiQuery;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// The three public trades; `category` on a service holds one of these slugs.
pub const PUBLIC_CATEGORIES: [&str; 3] =
    [CategorySlug::Elektriker.as_str(), CategorySlug::Rorlegger.as_str(), CategorySlug::KjokkenBad.as_str()];

/// An active service as the public site shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PublicService {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    /// Price from, in whole kroner including VAT; `null` when not stated.
    pub price_from: Option<i64>,
    /// Category slug: `elektriker`, `rorlegger` or `kjokken-bad`.
    pub category: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServiceFilter {
    /// Only services of this category.
    #[param(value_type = Option<CategorySlug>)]
    pub category: Option<String>,
}

/// The public trades by their category slug: one list for the server, the OpenAPI
/// document and the web app's generated types. The handler reads the `category`
/// parameter as text, so that an unknown value gets a Norwegian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "kebab-case")]
pub enum CategorySlug {
    Elektriker,
    Rorlegger,
    KjokkenBad,
}

impl CategorySlug {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Elektriker => "elektriker",
            Self::Rorlegger => "rorlegger",
            Self::KjokkenBad => "kjokken-bad",
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_services))
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
            return Err(ApiError::BadRequest(
                "Ukjent kategori. Gyldige verdier er elektriker, rorlegger og kjokken-bad.".to_owned(),
            ));
        }
        None => None,
    };
    // Served from the same cache as the pages (dropped when a service changes), ready
    // compressed: the busiest public call costs no database round trip.
    let rendered = state.pages.current(&state).await?;
    match rendered.services_json(category.as_deref()) {
        Some(cached) => Ok(cached.respond(StatusCode::OK, &headers, &[])),
        None => Ok(Json(active_services(&state.db, category.as_deref()).await?).into_response()),
    }
}

/// The active services, newest first, optionally of one category.
pub async fn active_services(db: &Db, category: Option<&str>) -> Result<Vec<PublicService>, sqlx::Error> {
    db_run!(db, pool => match category {
        Some(category) => {
            sqlx::query_as(
                "SELECT id, name, description, price_from, category, is_active, created_at FROM services_admin \
                 WHERE is_active = $1 AND category = $2 ORDER BY created_at DESC",
            )
            .bind(true)
            .bind(category)
            .fetch_all(pool)
            .await
        }
        None => {
            sqlx::query_as(
                "SELECT id, name, description, price_from, category, is_active, created_at FROM services_admin \
                 WHERE is_active = $1 ORDER BY created_at DESC",
            )
            .bind(true)
            .fetch_all(pool)
            .await
        }
    })
}
