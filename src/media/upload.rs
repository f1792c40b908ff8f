//! Uploads: each file judged by its content (`super::sniff`), a picture by the decoder
//! that will decode it (`super::picture`), stored without its metadata
//! (`super::metadata`) under a name that never overwrites, and its copies made in the
//! background (`super::variants`).

use axum::Json;
use axum::extract::Multipart;
use axum::extract::State;
use axum::extract::multipart::MultipartRejection;
use bytes::{Bytes, BytesMut};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::sniff::{Kind, sniff};
use super::{metadata, picture, storage, variants};
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use fagfolk_data::audit::AuditEntity;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::media::{Media, Refused, store};
use fagfolk_data::text::slugify;

/// Files one upload request may carry.
pub const MAX_FILES: usize = 20;

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

/// The multipart form of an upload: one repeated field `files`, nothing else.
#[derive(ToSchema, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = Vec<String>, format = Binary)]
    files: Vec<Vec<u8>>,
}

/// Upload one or more files (field `files`). Each file is checked on its own; those that
/// fail are named in `failed` and nothing of them is stored.
#[utoipa::path(
    post, path = "/api/admin/media", tag = "admin",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Resultat per fil", body = UploadReport),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 422, description = "Ingen filer i skjemaet", body = ErrorBody),
    )
)]
pub(super) async fn upload_media(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<UploadReport>> {
    let mut multipart = multipart.map_err(|_| Refused::NotMultipart)?;
    let limit = state.config.upload_limit_bytes;
    let mut report = UploadReport { uploaded: Vec::new(), failed: Vec::new() };
    let mut files = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(|_| broken_upload())? {
        if field.name() != Some("files") {
            continue;
        }
        let Some(file_name) = field.file_name().map(display_name) else {
            return Err(Refused::NotAFile.into());
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
        return Err(Refused::NoFiles.into());
    }
    Ok(Json(report))
}

fn broken_upload() -> ApiError {
    Refused::Broken.into()
}

/// A name fit to show in the library: the last path part, no control characters,
/// at most 200 characters.
fn display_name(raw: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let clean: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    let clean = clean.trim().to_owned();
    if clean.is_empty() || clean.chars().all(|c| c == '.') { "fil".to_owned() } else { clean }
}

/// The file's name in the library: the file name without its extension.
fn name_of(name: &str) -> String {
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
    let (width, height, bytes) = if kind.is_image() {
        let (width, height, orientation) = match picture::inspect(&bytes, kind).map_err(|r| r.message())? {
            Some(header) => {
                // The size as the picture is shown, turned upright.
                let (width, height) = header.upright();
                (width, height, header.orientation.to_exif())
            }
            None => {
                let (width, height) = picture::dimensions_only(&bytes).map_err(|r| r.message())?;
                (width, height, 1)
            }
        };
        // Where and with what the photo was taken is nobody's business on a public URL.
        let clean = metadata::strip(kind, &bytes, orientation)
            .ok_or_else(|| picture::Refusal::Unreadable.message().to_owned())?;
        (Some(i64::from(width)), Some(i64::from(height)), Bytes::from(clean))
    } else {
        (None, None, bytes)
    };
    let name = name_of(name);
    let now = state.clock.now();
    let key = put_unique(state, &name, kind, bytes.clone(), now).await?;
    let media = Media {
        id: Uuid::now_v7(),
        url: format!("/media/{key}"),
        name,
        // Written by staff where the picture is used, never guessed from the file name.
        alt: None,
        width,
        height,
        size_kb: (bytes.len() as i64 + 512) / 1024,
        media_type: kind.mime().to_owned(),
        created_at: now,
        storage_key: key.clone(),
        variants: Vec::new(),
        used_by: Vec::new(),
        is_logo: false,
    };
    let after = serde_json::json!({"url": media.url, "name": media.name, "type": media.media_type});
    let entry = user.created(now, AuditEntity::Media, media.id, after);
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
    name: &str,
    kind: Kind,
    bytes: Bytes,
    now: DateTime<Utc>,
) -> Result<String, String> {
    let stem: String = slugify(name).chars().take(60).collect();
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
        assert_eq!(name_of("Nytt bad 2024.jpg"), "Nytt bad 2024");
        assert_eq!(name_of(".jpg"), ".jpg");
    }
}
