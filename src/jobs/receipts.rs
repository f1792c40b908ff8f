//! A photo with a material line: the receipt from the wholesaler, or the part itself, taken
//! on the montør's phone where the line was added. One per line. Judged by its content and
//! written again as a JPEG, nothing of the original kept (EXIF and its position gone,
//! `crate::media::photo`), as a declaration's photos are (`crate::declarations::photos`).
//! Private: under `kvittering/` in the storage, which `/media` never serves (it serves only
//! the media library's keys), fetched with a session by the office or by the montør who
//! added the line.

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::access::job_for;
use crate::http::ApiPath;
use crate::http::error::{ApiError, ApiResult, ErrorBody, OrNotFound};
use crate::media::photo::{self, broken};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::{CurrentUser, SignedIn};
use fagfolk_data::jobs::{self, Material, store};

const NO_PHOTO: &str = "Materiellinjen har ikke noe bilde.";

/// Where line `material` of job `job` keeps its photo.
fn key(job: Uuid, material: Uuid) -> String {
    format!("kvittering/{job}/{material}.jpg")
}

#[derive(ToSchema, Deserialize)]
#[allow(dead_code)]
pub struct ReceiptForm {
    /// One picture: JPEG, PNG or WebP, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

/// Line `material_id` of job `id`, as `user` may reach it: the office any line, a montør the
/// lines they added on a job they still work on.
async fn line_for(state: &AppState, user: &CurrentUser, id: Uuid, material_id: Uuid) -> ApiResult<Material> {
    job_for(state, user, id).await?;
    let line = store::materials::get(&state.db, material_id)
        .await?
        .filter(|m| m.job_id == id)
        .or_not_found(jobs::materials::NOT_FOUND)?;
    if user.is_montor() && line.added_by_id != Some(user.id) {
        return Err(jobs::Refused::NoLine.into());
    }
    Ok(line)
}

/// Adds the photo (field `photo`) to a material line that has none.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/materials/{material_id}/receipt", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("material_id" = Uuid, Path, description = "Materiellinjens id"),
    ),
    request_body(content = ReceiptForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Bildet er lagret", body = Material),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 409, description = "Linjen har et bilde allerede", body = ErrorBody),
        (status = 422, description = "Bildet tas ikke imot", body = ErrorBody),
    )
)]
pub(super) async fn add_receipt(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath((id, material_id)): ApiPath<(Uuid, Uuid)>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Material>)> {
    let line = line_for(&state, &user, id, material_id).await?;
    if line.receipt {
        return Err(jobs::Refused::HasReceipt.into());
    }
    let mut multipart = photo::form(multipart)?;
    // Taken before the body is read (`photo::DECODING`).
    let _turn = photo::turn().await?;
    let made = photo::remade(photo::within_a_minute(read_form(&mut multipart)).await?).await?;
    let name = key(id, material_id);
    let files = [(name.clone(), Bytes::from(made.full))];
    photo::store_new(&state.storage, &files, "bildet av kvitteringen", || jobs::Refused::HasReceipt.into())
        .await?;
    let entry = user.audit(
        state.clock.now(),
        AuditAction::Update,
        AuditEntity::JobMaterials,
        Some(material_id),
        Some(serde_json::json!({ "before": { "receipt": false }, "after": { "receipt": true } })),
    );
    // The file goes with its mark: a line gone, or a failed write, leaves no file behind.
    match store::materials::set_receipt(&state.db, material_id, &entry).await {
        Ok(true) => {}
        Ok(false) => {
            photo::forget(&state.storage, &[&name]).await;
            return Err(jobs::Refused::NoLine.into());
        }
        Err(err) => {
            photo::forget(&state.storage, &[&name]).await;
            return Err(err.into());
        }
    }
    Ok((StatusCode::CREATED, Json(Material { receipt: true, ..line })))
}

/// The form's photo (at most 10 MB).
async fn read_form(multipart: &mut Multipart) -> ApiResult<Option<Bytes>> {
    let mut bytes = None;
    while let Some(field) = multipart.next_field().await.map_err(|_| broken())? {
        if field.name() == Some("photo") {
            bytes = Some(photo::read_file(field).await?);
        }
    }
    Ok(bytes)
}

/// A material line's photo, as JPEG.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/materials/{material_id}/receipt", tag = "admin",
    params(
        ("id" = Uuid, Path, description = "Oppdragets id"),
        ("material_id" = Uuid, Path, description = "Materiellinjens id"),
    ),
    responses(
        (status = 200, description = "Bildet (JPEG)", content_type = "image/jpeg", body = Vec<u8>),
    )
)]
pub(super) async fn receipt(
    State(state): State<AppState>,
    SignedIn(user): SignedIn,
    ApiPath((id, material_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<Response> {
    let line = line_for(&state, &user, id, material_id).await?;
    if !line.receipt {
        return Err(ApiError::not_found(NO_PHOTO));
    }
    let bytes = match state.storage.get(&key(id, material_id)).await {
        Ok(bytes) => bytes,
        Err(object_store::Error::NotFound { .. }) => return Err(ApiError::not_found(NO_PHOTO)),
        Err(err) => {
            tracing::error!(error = %err, %material_id, "kunne ikke lese bildet av kvitteringen");
            return Err(ApiError::Busy);
        }
    };
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    Ok(response.into_response())
}
