//! The media routes (`super::router`): the handlers and what they read and answer.

use super::upload;
use axum::Json;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::media::*;

use crate::http::error::OrNotFound;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::media::input::{self, AltInput};

/// Fills in each file's variants and where it is used.
async fn with_variants(state: &AppState, mut media: Vec<Media>) -> Result<Vec<Media>, sqlx::Error> {
    let ids: Vec<Uuid> = media.iter().map(|m| m.id).collect();
    let rows = store::variants(&state.db, &ids).await?;
    let content = fagfolk_data::content::store::list(&state.db, None).await?;
    let logo = fagfolk_data::settings::store::facts(&state.db).await?.and_then(|facts| facts.logo);
    for item in &mut media {
        item.is_logo = logo == Some(item.id);
        item.variants = rows.iter().filter(|row| row.media_id == item.id).map(|row| row.variant()).collect();
        item.used_by = content
            .iter()
            .filter(|c| c.data.photos().contains(&item.id))
            .map(|c| MediaUse { id: c.id, kind: c.kind, label: c.data.label().to_owned() })
            .collect();
    }
    Ok(media)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MediaQuery {
    /// Alt text contains this (any case).
    pub q: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // Upload size is enforced per file while reading, against the configured limit.
        .routes(routes!(list_media, upload::upload_media))
        .layer(DefaultBodyLimit::disable())
        .routes(routes!(update_media, delete_media))
        // The files themselves, to anyone (`serve`, below).
        .route("/media/{*key}", get(serve))
}

/// The media library, newest first, optionally searched on alt text.
#[utoipa::path(
    get, path = "/api/admin/media", tag = "admin", params(MediaQuery),
    responses(
        (status = 200, description = "Filer, nyeste først", body = [Media]),
    )
)]
async fn list_media(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<MediaQuery>,
) -> ApiResult<Json<Vec<Media>>> {
    let needle = fagfolk_data::text::Needle::new(query.q.as_deref().unwrap_or_default());
    let media = store::list(&state.db, &needle).await?;
    Ok(Json(with_variants(&state, media).await?))
}

/// Change a file's alt text.
#[utoipa::path(
    put, path = "/api/admin/media/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Filens id")), request_body = AltInput,
    responses(
        (status = 200, description = "Oppdatert", body = Media),
        (status = 422, description = "For lang tekst", body = ErrorBody),
    )
)]
async fn update_media(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<AltInput>,
) -> ApiResult<Json<Media>> {
    let alt = input::read_alt(input)?;
    let before = store::get(&state.db, id).await?.or_not_found(fagfolk_data::media::NOT_FOUND)?;
    let after = Media { alt, ..with_variants(&state, vec![before.clone()]).await?.remove(0) };
    let (was, is) = (serde_json::json!({"alt": before.alt}), serde_json::json!({"alt": after.alt}));
    if let Some(entry) =
        user.changed(state.clock.now(), AuditAction::Update, AuditEntity::Media, id, &was, &is)
    {
        // The pages show the alt text of the pictures they carry.
        let entry = if after.used_by.is_empty() && !after.is_logo { entry } else { entry.on_site() };
        store::set_alt(&state.db, id, after.alt.as_deref(), &entry).await?;
    }
    Ok(Json(after))
}

/// Delete a file and its row, and take it away from the content that shows it.
#[utoipa::path(
    delete, path = "/api/admin/media/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Filens id")),
    responses(
        (status = 204, description = "Slettet"),
    )
)]
async fn delete_media(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let media = store::get(&state.db, id).await?.or_not_found(fagfolk_data::media::NOT_FOUND)?;
    let is_logo =
        fagfolk_data::settings::store::facts(&state.db).await?.and_then(|facts| facts.logo) == Some(id);
    let before = serde_json::json!({"url": media.url, "name": media.name, "alt": media.alt});
    let entry = user.removed(state.clock.now(), AuditAction::Delete, AuditEntity::Media, Some(id), before);
    // Deleting the logo takes it off every page (the settings row lets go of it).
    let entry = if is_logo { entry.on_site() } else { entry };
    // The picture and its place in the content go in one transaction, each through its
    // owner's store.
    let edits = crate::content::pictures::without_picture(&state.db, state.clock.now(), &user, id).await?;
    let variant_keys = fagfolk_data::media::delete(&state.db, id, &entry, &edits).await?;
    // A file left behind by a failure here is never served: serving needs the row.
    for key in std::iter::once(&media.storage_key).chain(&variant_keys) {
        if let Err(err) = state.storage.delete(key).await {
            tracing::error!(error = %err, key, "kunne ikke slette filen");
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /media/{key}`: a stored file, with its stored type, cached for a year, and
/// sandboxed so that no file can run script on this origin.
pub async fn serve(State(state): State<AppState>, Path(key): Path<String>) -> Response {
    // Stored keys are timestamp + slug; a control character (a NUL, which PostgreSQL
    // refuses outright) can only be a miss.
    if key.chars().any(char::is_control) {
        return (StatusCode::NOT_FOUND, "Fant ikke filen.").into_response();
    }
    let content_type = match store::content_type(&state.db, &key).await {
        Ok(Some(content_type)) => content_type,
        Ok(None) => return (StatusCode::NOT_FOUND, "Fant ikke filen.").into_response(),
        Err(err) => return ApiError::Database(err).into_response(),
    };
    match state.storage.get(&key).await {
        Ok(bytes) => {
            let mut response = Response::new(Body::from(bytes));
            let headers = response.headers_mut();
            if let Ok(value) = HeaderValue::from_str(&content_type) {
                headers.insert(header::CONTENT_TYPE, value);
            }
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            );
            headers.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; sandbox"),
            );
            headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"));
            response
        }
        Err(object_store::Error::NotFound { .. }) => {
            (StatusCode::NOT_FOUND, "Fant ikke filen.").into_response()
        }
        Err(err) => {
            tracing::error!(error = %err, key, "kunne ikke lese filen");
            (StatusCode::SERVICE_UNAVAILABLE, "Filen er midlertidig utilgjengelig.").into_response()
        }
    }
}
