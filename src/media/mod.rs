//! Media: uploads checked by content, stored under never-overwritten names, with their
//! dimensions read on the server and smaller WebP copies made in the background
//! (`variants`); alt text editing, delete, and serving under /media.

mod sniff;
pub mod storage;
pub mod store;
pub mod variants;

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::audit::{NewAudit, changes};
use crate::auth::CurrentUser;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use crate::text::slugify;
use sniff::{Kind, MAX_PIXELS, dimensions, sniff};

/// Files one upload request may carry.
pub const MAX_FILES: usize = 20;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Media {
    pub id: Uuid,
    /// Where the file is served, e.g. `/media/1764000000000-kjokken.jpg`.
    pub url: String,
    pub alt: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    /// Size in whole KB (rounded).
    pub size_kb: i64,
    /// The stored content type, e.g. `image/jpeg`.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub media_type: String,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub storage_key: String,
    /// Smaller WebP copies of a picture, narrowest first; empty until they are made
    /// (a moment after the upload), and for a PDF or an AVIF picture.
    #[sqlx(skip)]
    pub variants: Vec<variants::Variant>,
    /// The content that shows the picture ("Innhold"); deleting it takes it away there.
    #[sqlx(skip)]
    pub used_by: Vec<MediaUse>,
}

/// A content item that shows a picture.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MediaUse {
    pub id: Uuid,
    pub kind: crate::content::ContentKind,
    /// The item's name or title.
    pub label: String,
}

/// Fills in each file's variants and where it is used.
async fn with_variants(state: &AppState, mut media: Vec<Media>) -> Result<Vec<Media>, sqlx::Error> {
    let ids: Vec<Uuid> = media.iter().map(|m| m.id).collect();
    let rows = store::variants(&state.db, &ids).await?;
    let content = crate::content::store::list(&state.db, None).await?;
    for item in &mut media {
        item.variants = rows.iter().filter(|row| row.media_id == item.id).map(|row| row.variant()).collect();
        item.used_by = content
            .iter()
            .filter(|c| c.data.photos().contains(&item.id))
            .map(|c| MediaUse { id: c.id, kind: c.kind, label: c.data.label().to_owned() })
            .collect();
    }
    Ok(media)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadReport {
    pub uploaded: Vec<Media>,
    /// Files that were not stored, each with the reason.
    pub failed: Vec<FailedUpload>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FailedUpload {
    pub name: String,
    pub error: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MediaQuery {
    /// Alt text contains this (any case).
    pub q: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AltInput {
    pub alt: Option<String>,
}

/// The multipart form of an upload: one repeated field `files`, nothing else.
#[derive(ToSchema, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = Vec<String>, format = Binary)]
    files: Vec<Vec<u8>>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // Upload size is enforced per file while reading, against the configured limit.
        .routes(routes!(list_media, upload_media))
        .layer(DefaultBodyLimit::disable())
        .routes(routes!(update_media, delete_media))
}

fn not_found() -> ApiError {
    ApiError::NotFound("Fant ikke filen. Den kan være slettet.".to_owned())
}

/// The media library, newest first, optionally searched on alt text.
#[utoipa::path(
    get, path = "/api/admin/media", tag = "admin", security(("session" = [])), params(MediaQuery),
    responses(
        (status = 200, description = "Filer, nyeste først", body = [Media]),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
async fn list_media(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<MediaQuery>,
) -> ApiResult<Json<Vec<Media>>> {
    let needle = crate::text::Needle::new(query.q.as_deref().unwrap_or_default());
    let media = store::list(&state.db, &needle).await?;
    Ok(Json(with_variants(&state, media).await?))
}

/// Upload one or more files (field `files`). Each file is checked on its own; those that
/// fail are named in `failed` and nothing of them is stored.
#[utoipa::path(
    post, path = "/api/admin/media", tag = "admin", security(("session" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Resultat per fil", body = UploadReport),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 422, description = "Ingen filer i skjemaet", body = ErrorBody),
    )
)]
async fn upload_media(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<UploadReport>> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::BadRequest("Opplastingen må sendes som multipart/form-data med feltet «files».".to_owned())
    })?;
    let limit = state.config.upload_limit_bytes;
    let mut report = UploadReport { uploaded: Vec::new(), failed: Vec::new() };
    let mut files = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(|_| broken_upload())? {
        if field.name() != Some("files") {
            continue;
        }
        let Some(file_name) = field.file_name().map(display_name) else {
            return Err(ApiError::BadRequest("Feltet «files» må inneholde filer, ikke tekst.".to_owned()));
        };
        files += 1;
        let name = file_name;
        if files > MAX_FILES {
            report
                .failed
                .push(FailedUpload { name, error: format!("Høyst {MAX_FILES} filer per opplasting.") });
            continue;
        }
        let mut buffer = BytesMut::new();
        let mut too_big = false;
        while let Some(chunk) = field.chunk().await.map_err(|_| broken_upload())? {
            if buffer.len() + chunk.len() > limit {
                too_big = true;
                continue;
            }
            buffer.extend_from_slice(&chunk);
        }
        let outcome = if too_big {
            Err(format!("Filen er større enn {} MB.", limit / (1024 * 1024)))
        } else {
            store_file(&state, &user, &name, buffer.freeze()).await
        };
        match outcome {
            Ok(media) => report.uploaded.push(media),
            Err(error) => report.failed.push(FailedUpload { name, error }),
        }
    }
    if files == 0 {
        return Err(ApiError::field("files", "Velg minst én fil."));
    }
    Ok(Json(report))
}

fn broken_upload() -> ApiError {
    ApiError::BadRequest("Opplastingen ble avbrutt eller er ødelagt. Prøv igjen.".to_owned())
}

/// A name fit to show and to use as alt text: the last path part, no control characters,
/// at most 200 characters.
fn display_name(raw: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let clean: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    let clean = clean.trim().to_owned();
    if clean.is_empty() || clean.chars().all(|c| c == '.') { "fil".to_owned() } else { clean }
}

/// The default alt text: the file name without its extension.
fn default_alt(name: &str) -> String {
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.trim().is_empty() => stem.trim().to_owned(),
        _ => name.to_owned(),
    }
}

async fn store_file(state: &AppState, user: &CurrentUser, name: &str, bytes: Bytes) -> Result<Media, String> {
    let kind = sniff(&bytes).ok_or_else(|| {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]).to_lowercase();
        if head.contains("<svg") {
            "SVG-filer tas ikke imot, fordi de kan inneholde skript.".to_owned()
        } else {
            "Filtypen støttes ikke. Last opp JPEG, PNG, WebP, GIF, AVIF eller PDF.".to_owned()
        }
    })?;
    let (width, height) = if kind.is_image() {
        let (width, height) = dimensions(&bytes).ok_or("Bildet kunne ikke leses.")?;
        if width == 0 || height == 0 || width.saturating_mul(height) > MAX_PIXELS {
            return Err("Bildet har for mange piksler (over 50 megapiksler).".to_owned());
        }
        (Some(width as i64), Some(height as i64))
    } else {
        (None, None)
    };
    let alt = default_alt(name);
    let now = state.clock.now();
    let key = put_unique(state, &alt, kind, bytes.clone(), now).await?;
    let media = Media {
        id: Uuid::now_v7(),
        url: format!("/media/{key}"),
        alt: Some(alt),
        width,
        height,
        size_kb: (bytes.len() as i64 + 512) / 1024,
        media_type: kind.mime().to_owned(),
        created_at: now,
        storage_key: key.clone(),
        variants: Vec::new(),
        used_by: Vec::new(),
    };
    let entry = NewAudit::new(
        now,
        "create",
        "media",
        Some(media.id),
        &user.email,
        Some(
            serde_json::json!({"before": {}, "after": {"url": media.url, "alt": media.alt, "type": media.media_type}}),
        ),
    );
    let saved = store::insert(&state.db, &media, &entry).await;
    if let Err(err) = saved {
        // No file without a row: take the stored file away again.
        tracing::error!(error = %err, key, "kunne ikke lagre media-raden");
        if let Err(err) = state.storage.delete(&key).await {
            tracing::error!(error = %err, key, "kunne ikke fjerne filen etter feil");
        }
        return Err("Filen kunne ikke lagres. Prøv igjen.".to_owned());
    }
    let background = (state.clone(), media.clone());
    tokio::spawn(async move { variants::make(&background.0, &background.1).await });
    Ok(media)
}

/// Stores the file under timestamp + safe name, never over an existing file.
async fn put_unique(
    state: &AppState,
    alt: &str,
    kind: Kind,
    bytes: Bytes,
    now: DateTime<Utc>,
) -> Result<String, String> {
    let stem: String = slugify(alt).chars().take(60).collect();
    let stem = if stem.is_empty() { "fil".to_owned() } else { stem.trim_end_matches('-').to_owned() };
    for attempt in 0..5 {
        let suffix = if attempt == 0 { String::new() } else { format!("-{attempt}") };
        let key = format!("{}-{stem}{suffix}.{}", now.timestamp_millis(), kind.extension());
        match state.storage.put_new(&key, bytes.clone()).await {
            Ok(()) => return Ok(key),
            Err(storage::PutError::Exists) => continue,
            Err(storage::PutError::Other(err)) => {
                tracing::error!(error = %err, key, "kunne ikke lagre filen");
                return Err("Filen kunne ikke lagres. Prøv igjen.".to_owned());
            }
        }
    }
    Err("Filen kunne ikke lagres. Prøv igjen.".to_owned())
}

/// Change a file's alt text.
#[utoipa::path(
    put, path = "/api/admin/media/{id}", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path, description = "Filens id")), request_body = AltInput,
    responses(
        (status = 200, description = "Oppdatert", body = Media),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
        (status = 422, description = "For lang tekst", body = ErrorBody),
    )
)]
async fn update_media(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<AltInput>,
) -> ApiResult<Json<Media>> {
    let alt = input.alt.map(|a| a.trim().to_owned()).filter(|a| !a.is_empty());
    if alt.as_ref().is_some_and(|a| a.chars().count() > 300) {
        return Err(ApiError::field("alt", "Kan ikke være lengre enn 300 tegn."));
    }
    let before = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    let after = Media { alt, ..with_variants(&state, vec![before.clone()]).await?.remove(0) };
    let diff = changes(&serde_json::json!({"alt": before.alt}), &serde_json::json!({"alt": after.alt}));
    if let Some(diff) = diff {
        let entry = NewAudit::new(state.clock.now(), "update", "media", Some(id), &user.email, Some(diff));
        store::set_alt(&state.db, id, after.alt.as_deref(), &entry).await?;
        if !after.used_by.is_empty() {
            // The pages show the alt text of the pictures they carry.
            state.pages.changed(&state).await;
        }
    }
    Ok(Json(after))
}

/// Delete a file and its row, and take it away from the content that shows it.
#[utoipa::path(
    delete, path = "/api/admin/media/{id}", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path, description = "Filens id")),
    responses(
        (status = 204, description = "Slettet"),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
    )
)]
async fn delete_media(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let media = store::get(&state.db, id).await?.ok_or_else(not_found)?;
    let variant_keys: Vec<String> =
        store::variants(&state.db, &[id]).await?.into_iter().map(|row| row.storage_key).collect();
    let entry = NewAudit::new(
        state.clock.now(),
        "delete",
        "media",
        Some(id),
        &user.email,
        Some(serde_json::json!({"before": {"url": media.url, "alt": media.alt}, "after": {}})),
    );
    store::delete(&state.db, id, &entry).await?;
    let shown = crate::content::routes::forget_picture(&state, &user, id).await?;
    if shown {
        state.pages.changed(&state).await;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_paths_and_control_characters() {
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\bilder\\kjøkken.jpg"), "kjøkken.jpg");
        assert_eq!(display_name("a\0b.png"), "ab.png");
        assert_eq!(display_name(".."), "fil");
        assert_eq!(display_name(&"x".repeat(500)).chars().count(), 200);
        assert_eq!(default_alt("Nytt bad 2024.jpg"), "Nytt bad 2024");
        assert_eq!(default_alt(".jpg"), ".jpg");
    }
}
