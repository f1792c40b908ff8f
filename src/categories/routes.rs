//! The categories routes (`super::router`): the handlers and what they read and answer.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use fagfolk_data::categories::*;

use crate::http::ApiPath;
use crate::http::error::{ApiResult, OrNotFound};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_categories)).routes(routes!(get_category))
}

/// The categories by sort order, each with its service count.
#[utoipa::path(
    get, path = "/api/admin/categories", tag = "admin",
    responses(
        (status = 200, description = "Kategorier etter sorteringsrekkefølge", body = [Category]),
    )
)]
async fn list_categories(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<Json<Vec<Category>>> {
    Ok(Json(list(&state.db).await?))
}

/// One category, by slug (or by id when it has no slug).
#[utoipa::path(
    get, path = "/api/admin/categories/{slug}", tag = "admin",
    params(("slug" = String, Path, description = "Kategoriens slug, eller id")),
    responses(
        (status = 200, description = "Kategorien", body = Category),
    )
)]
async fn get_category(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<Category>> {
    find(&state.db, &slug).await?.map(Json).or_not_found(NOT_FOUND)
}
