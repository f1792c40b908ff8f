//! "Innhold" in the back office: list, create, edit, hide, reorder and delete content
//! items. Every change is audited and shows on the public pages when it answers (the
//! pages are rendered again, `crate::site::cache::PageCache::changed`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Datelike;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{ContentData, ContentItem, ContentKind, store};
use crate::http::error::OrNotFound;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::content::input::{self, ContentInput, OrderInput, VisibilityInput};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    /// Only this kind.
    pub kind: Option<ContentKind>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_content, create_content))
        .routes(routes!(reorder_content))
        .routes(routes!(update_content, set_content_visibility, delete_content))
}

/// Every content item, each kind in its order; or the items of one kind.
#[utoipa::path(
    get, path = "/api/admin/content", tag = "admin", params(ContentQuery),
    responses(
        (status = 200, description = "Innhold etter type og rekkefølge", body = [ContentItem]),
    )
)]
async fn list_content(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<ContentQuery>,
) -> ApiResult<Json<Vec<ContentItem>>> {
    Ok(Json(store::list(&state.db, query.kind).await?))
}

/// Create an item, last in its kind's order. It is the firm's own, not an example.
#[utoipa::path(
    post, path = "/api/admin/content", tag = "admin", request_body = ContentInput,
    responses(
        (status = 201, description = "Opprettet", body = ContentItem),
        (status = 409, description = "Det er ikke plass til flere av denne typen", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn create_content(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<ContentInput>,
) -> ApiResult<(StatusCode, Json<ContentItem>)> {
    let now = state.clock.now();
    let input::ContentFields { kind, data, hidden } = input::read_content(input, None, now.year())?;
    check_pictures(&state, &data).await?;
    let mut item = ContentItem {
        id: Uuid::now_v7(),
        kind,
        position: 0,
        hidden: hidden.unwrap_or(false),
        example: false,
        data,
        created_at: now,
        updated_at: now,
    };
    let entry = user.created(now, AuditEntity::ContentItems, item.id, item.audit_view()).on_site();
    item.position = store::insert(&state.db, &item, &entry)
        .await?
        .ok_or_else(|| ApiError::Conflict(kind.full_message()))?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Save an item's fields (and its hidden flag, when given). Saving makes an example item
/// the firm's own.
#[utoipa::path(
    put, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Innholdets id")), request_body = ContentInput,
    responses(
        (status = 200, description = "Lagret", body = ContentItem),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
    )
)]
async fn update_content(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<ContentInput>,
) -> ApiResult<Json<ContentItem>> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::content::NOT_FOUND)?;
    let now = state.clock.now();
    let input::ContentFields { data, hidden, .. } =
        input::read_content(input, Some(before.kind), now.year())?;
    check_pictures(&state, &data).await?;
    let item = ContentItem {
        data,
        hidden: hidden.unwrap_or(before.hidden),
        example: false,
        updated_at: now,
        ..before.clone()
    };
    save(&state, &user, &before, &item).await?;
    Ok(Json(item))
}

/// Hide an item from the site, or show it again; nothing else changes.
#[utoipa::path(
    patch, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Innholdets id")), request_body = VisibilityInput,
    responses(
        (status = 200, description = "Lagret", body = ContentItem),
    )
)]
async fn set_content_visibility(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<VisibilityInput>,
) -> ApiResult<Json<ContentItem>> {
    let hidden = input::read_visibility(input)?;
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::content::NOT_FOUND)?;
    let item = ContentItem { hidden, updated_at: state.clock.now(), ..before.clone() };
    save(&state, &user, &before, &item).await?;
    Ok(Json(item))
}

/// Every picture `data` names is a picture in the media library.
async fn check_pictures(state: &AppState, data: &ContentData) -> ApiResult<()> {
    let field = if matches!(data, ContentData::Team(_)) { "photo" } else { "photos" };
    for id in data.photos() {
        let media = fagfolk_data::media::store::get(&state.db, id).await?;
        if !media.is_some_and(|media| media.media_type.starts_with("image/")) {
            return Err(ApiError::field(field, input::NO_PICTURE));
        }
    }
    Ok(())
}

/// Writes `item` with its audit entry, when anything changed, and renders the pages.
async fn save(
    state: &AppState,
    user: &CurrentUser,
    before: &ContentItem,
    item: &ContentItem,
) -> ApiResult<()> {
    let (was, is) = (before.audit_view(), item.audit_view());
    let at = item.updated_at;
    if let Some(entry) = user.changed(at, AuditAction::Update, AuditEntity::ContentItems, item.id, &was, &is)
    {
        store::update(&state.db, item, &entry.on_site()).await?;
    }
    Ok(())
}

/// Put the items of one kind in a new order: every item of the kind, each once.
#[utoipa::path(
    put, path = "/api/admin/content/order", tag = "admin", request_body = OrderInput,
    responses(
        (status = 200, description = "Ny rekkefølge", body = [ContentItem]),
        (status = 409, description = "Innholdet er endret av noen andre", body = ErrorBody),
    )
)]
async fn reorder_content(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<OrderInput>,
) -> ApiResult<Json<Vec<ContentItem>>> {
    let (kind, ids) = input::read_order(input)?;
    let changed_meanwhile = || ApiError::from(fagfolk_data::content::Refused::ChangedMeanwhile);
    let before = store::list(&state.db, Some(kind)).await?;
    let label =
        |id: &Uuid| before.iter().find(|item| item.id == *id).map(|item| item.data.label().to_owned());
    let old: Vec<String> = before.iter().map(|item| item.data.label().to_owned()).collect();
    let new: Vec<String> = ids.iter().map(label).collect::<Option<_>>().ok_or_else(changed_meanwhile)?;
    if before.iter().map(|item| item.id).eq(ids.iter().copied()) {
        return Ok(Json(before));
    }
    // By the items' names; two items of one name may swap without the names showing it.
    let diff = json!({ "before": { "order": old }, "after": { "order": new } });
    let entry = user
        .audit(state.clock.now(), AuditAction::Reorder, AuditEntity::ContentItems, None, Some(diff))
        .on_site();
    if !store::reorder(&state.db, kind, &ids, &entry).await? {
        return Err(changed_meanwhile());
    }
    Ok(Json(store::list(&state.db, Some(kind)).await?))
}

/// Delete an item for good (hiding keeps it).
#[utoipa::path(
    delete, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Innholdets id")),
    responses(
        (status = 204, description = "Slettet"),
    )
)]
async fn delete_content(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::content::NOT_FOUND)?;
    let entry =
        user.deleted(state.clock.now(), AuditEntity::ContentItems, id, &before.audit_view()).on_site();
    store::delete(&state.db, id, &entry).await?;
    Ok(StatusCode::NO_CONTENT)
}
