//! Photos from the job on its samsvarserklæring (`fagfolk_data::declarations::DeclarationPhoto`):
//! what the electrician shows of the installation, added while the declaration is a draft
//! (at most `MAX_PHOTOS`), drawn into its PDF, and fixed once it is signed. Each upload is
//! judged by its content and written again as a JPEG with a thumbnail, nothing of the
//! original kept (`crate::media::photo`). They are private: under `erklaering/` in the
//! storage, which `/media` never serves, fetched by staff with a session.

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::http::ApiPath;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::media::photo::{self, broken};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::declarations::{DeclarationPhoto, Refused, caption_fits, store};
use fagfolk_data::jobs;

/// The key of photo `id` of job `job`'s declaration, or its thumbnail's.
pub fn key(job: Uuid, id: Uuid, thumb: bool) -> String {
    if thumb { format!("erklaering/{job}/{id}-liten.jpg") } else { format!("erklaering/{job}/{id}.jpg") }
}

#[derive(ToSchema, Deserialize)]
#[allow(dead_code)]
pub struct DeclarationPhotoForm {
    /// One picture: JPEG, PNG or WebP, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
    /// What it shows (at most 200 characters), written under it in the PDF.
    caption: Option<String>,
}

/// The photos on the job's declaration, in the order they were added.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/declaration/photos", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 200, description = "Bildene", body = [DeclarationPhoto]),
    )
)]
pub(super) async fn list_photos(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<DeclarationPhoto>>> {
    jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    Ok(Json(store::photos(&state.db, id).await?))
}

/// Adds a photo from the job (field `photo`, and `caption`) to its declaration, while it is
/// a draft.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/declaration/photos", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    request_body(content = DeclarationPhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Bildet er lagt til", body = DeclarationPhoto),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 409, description = "Erklæringen er signert", body = ErrorBody),
        (status = 422, description = "Bildet tas ikke imot", body = ErrorBody),
    )
)]
pub(super) async fn add_photo(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<DeclarationPhoto>)> {
    jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let mut multipart = photo::form(multipart)?;
    // Taken before the body is read (`photo::DECODING`).
    let _turn = photo::turn().await?;
    let (bytes, caption) = photo::within_a_minute(read_form(&mut multipart)).await?;
    let caption = caption.trim().to_owned();
    if !caption_fits(&caption) {
        return Err(Refused::Caption.into());
    }
    let made = photo::remade(bytes).await?;
    let now = state.clock.now();
    let photo = DeclarationPhoto {
        id: Uuid::new_v4(),
        job_id: id,
        caption,
        width: made.width as i32,
        height: made.height as i32,
        created_by: user.name.clone(),
        created_at: now,
    };
    let files = [
        (key(id, photo.id, false), Bytes::from(made.full)),
        (key(id, photo.id, true), Bytes::from(made.thumb)),
    ];
    photo::store_new(&state.storage, &files, "bildet til samsvarserklæringen", photo::not_stored).await?;
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let after = serde_json::json!({ "caption": photo.caption });
    let entry = user.created(now, AuditEntity::Declarations, photo.id, after);
    match store::add_photo(&state.db, &photo, &entry).await {
        Ok(Ok(())) => Ok((StatusCode::CREATED, Json(photo))),
        Ok(Err(refusal)) => {
            photo::forget(&state.storage, &names).await;
            Err(refusal.into())
        }
        Err(err) => {
            photo::forget(&state.storage, &names).await;
            Err(err.into())
        }
    }
}

/// The form's photo (at most 10 MB) and caption.
async fn read_form(multipart: &mut Multipart) -> ApiResult<(Option<Bytes>, String)> {
    let (mut bytes, mut caption) = (None, String::new());
    while let Some(field) = multipart.next_field().await.map_err(|_| broken())? {
        match field.name() {
            Some("photo") => bytes = Some(photo::read_file(field).await?),
            Some("caption") => caption = field.text().await.map_err(|_| broken())?,
            _ => {}
        }
    }
    Ok((bytes, caption))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PhotoSize {
    /// `liten` for the thumbnail.
    size: Option<String>,
}

/// A photo on the declaration, as JPEG.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/declaration/photos/{photo_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("photo_id" = Uuid, Path, description = "Bildets id"),
        PhotoSize,
    ),
    responses(
        (status = 200, description = "Bildet (JPEG)", content_type = "image/jpeg", body = Vec<u8>),
    )
)]
pub(super) async fn get_photo(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath((id, photo_id)): ApiPath<(Uuid, Uuid)>,
    Query(size): Query<PhotoSize>,
) -> ApiResult<Response> {
    store::photo(&state.db, id, photo_id).await?.ok_or(Refused::NoPhoto)?;
    let bytes = read(&state, id, photo_id, size.size.as_deref() == Some("liten")).await?;
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    Ok(response.into_response())
}

/// Photo `photo_id`'s file of job `job`, or its thumbnail.
pub(super) async fn read(state: &AppState, job: Uuid, photo_id: Uuid, thumb: bool) -> ApiResult<Bytes> {
    match state.storage.get(&key(job, photo_id, thumb)).await {
        Ok(bytes) => Ok(bytes),
        Err(object_store::Error::NotFound { .. }) => Err(Refused::NoPhoto.into()),
        Err(err) => {
            tracing::error!(error = %err, %photo_id, "kunne ikke lese bildet til samsvarserklæringen");
            Err(ApiError::Busy)
        }
    }
}

/// Removes a photo from the declaration, while it is a draft.
#[utoipa::path(
    delete, path = "/api/admin/jobs/{id}/declaration/photos/{photo_id}", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("photo_id" = Uuid, Path, description = "Bildets id"),
    ),
    responses(
        (status = 204, description = "Fjernet"),
        (status = 409, description = "Erklæringen er signert", body = ErrorBody),
    )
)]
pub(super) async fn remove_photo(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, photo_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    let photo = store::photo(&state.db, id, photo_id).await?.ok_or(Refused::NoPhoto)?;
    let before = serde_json::json!({ "caption": photo.caption });
    let entry = user.removed(
        state.clock.now(),
        AuditAction::Delete,
        AuditEntity::Declarations,
        Some(photo_id),
        before,
    );
    match store::remove_photo(&state.db, id, photo_id, &entry).await? {
        Ok(true) => {
            for thumb in [false, true] {
                if let Err(err) = state.storage.delete(&key(id, photo_id, thumb)).await {
                    tracing::warn!(error = %err, %photo_id, "kunne ikke slette bildefilen");
                }
            }
            Ok(StatusCode::NO_CONTENT)
        }
        Ok(false) => Err(Refused::NoPhoto.into()),
        Err(refusal) => Err(refusal.into()),
    }
}
