//! The search routes (`super::router`): the handlers and what they read and answer.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::ApiQuery;
use crate::http::error::ApiResult;
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// At least 2 non-blank characters; shorter gives empty groups.
    pub q: Option<String>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct SearchResults {
    pub services: Vec<Hit>,
    pub leads: Vec<Hit>,
    pub media: Vec<Hit>,
    pub users: Vec<Hit>,
    /// Invoices and credit notes by number or customer (#61).
    pub invoices: Vec<Hit>,
}

pub use fagfolk_data::text::Hit;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

/// Search services, leads, media, admin users and invoices at once.
#[utoipa::path(
    get, path = "/api/admin/search", tag = "admin", params(SearchQuery),
    responses(
        (status = 200, description = "Treff i fem grupper, høyst 5 i hver", body = SearchResults),
    )
)]
async fn search(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> ApiResult<Json<SearchResults>> {
    let q = query.q.unwrap_or_default();
    if q.trim().chars().count() < 2 {
        return Ok(Json(SearchResults::default()));
    }
    let _turn = state.heavy.turn(user.id).await?;
    let filter = fagfolk_data::leads::store::Filter::new(Some(&q), None, None);
    let (db, needle) = (&state.db, &filter.needle);
    let services = fagfolk_data::services::store::search(db, needle).await?;
    let leads = fagfolk_data::leads::store::search(db, &filter).await?;
    let media = fagfolk_data::media::store::search(db, needle).await?;
    let users = fagfolk_data::users::store::search(db, needle).await?;
    let invoices = fagfolk_data::invoices::store::search(db, &q).await?;
    Ok(Json(SearchResults { services, leads, media, users, invoices }))
}
