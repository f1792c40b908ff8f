//! Photos sent with the contact form (#28). The visitor's browser uploads each photo as
//! it is chosen (`POST /api/contact/photos`), and the enquiry names them by id; the
//! enquiry's transaction claims them (`fagfolk_data::contact::store_batch`), so an
//! enquiry is stored with all its photos or not at all.
//!
//! Each upload is judged by its content and written again as a new JPEG with a thumbnail
//! (`crate::media::photo`: nothing of the original file is kept). Its row is reserved against the sender's limit (count and bytes) before
//! anything is decoded, and written ready only once its files are stored; a photo no
//! enquiry claims within `FAGFOLK_PHOTO_ORPHAN_SECS` is removed by the sweep
//! (`super::sweep`).
//!
//! The photos are private: they live under `kontakt/` in the storage, which `/media`
//! never serves (it serves only the library's rows), and staff fetch them through
//! `GET /api/admin/photos/{id}` with a session. An id is random (UUID v4).

use std::net::SocketAddr;

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{ConnectInfo, Multipart, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::http::ApiPath;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::media::photo::{MAX_BYTES, broken, refuse_kind, remake, unreadable};
pub(super) use crate::media::photo::{read_file, turn, within_a_minute};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::contact::store::photos::{self as store, Over, PhotoLimit};
use fagfolk_data::media::Refused;

/// The key of photo `id`'s file, or its thumbnail's.
pub fn key(id: Uuid, thumb: bool) -> String {
    if thumb { format!("kontakt/{id}-liten.jpg") } else { format!("kontakt/{id}.jpg") }
}

#[derive(ToSchema, Deserialize)]
#[allow(dead_code)]
pub struct PhotoForm {
    /// One picture: JPEG, PNG or WebP, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

/// A photo stored for an enquiry not yet sent: the enquiry names it by `id`.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedPhoto {
    pub id: Uuid,
    pub width: u32,
    pub height: u32,
}

/// Upload a photo for the contact form (field `photo`); the enquiry then names it in
/// `photos`. Counted against the sender's limit.
#[utoipa::path(
    post, path = "/api/contact/photos", tag = "public",
    request_body(content = PhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Bildet er lagret", body = UploadedPhoto),
        (status = 400, description = "Ikke et gyldig skjema", body = ErrorBody),
        (status = 422, description = "Bildet tas ikke imot", body = ErrorBody),
        (status = 429, description = "For mange bilder", body = ErrorBody),
    )
)]
pub(super) async fn upload_photo(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<UploadedPhoto>)> {
    let mut multipart = crate::media::photo::form(multipart)?;
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    // Taken before the body is read: see `DECODING`.
    let _turn = turn().await?;
    let bytes = within_a_minute(read_photo(&mut multipart)).await?;
    let photo = take(&state, &address, bytes).await?;
    Ok((StatusCode::CREATED, Json(photo)))
}

/// Takes the photo `bytes` from `address`: judged, counted against the limit, remade and
/// stored, ready for its enquiry. The caller holds a [`turn`].
pub(super) async fn take(state: &AppState, address: &str, bytes: Bytes) -> ApiResult<UploadedPhoto> {
    if let Some(refusal) = refuse_kind(&bytes) {
        return Err(ApiError::field("photo", refusal));
    }
    let id = Uuid::new_v4();
    let now = state.clock.now();
    let limit = limit(state);
    let mut tx = state.db.begin_one_at_a_time(&store::photo_key(address)).await?;
    let reserved = store::reserve(&mut tx, id, address, bytes.len() as i64, now, limit).await?;
    tx.commit().await?;
    if let Err(over) = reserved {
        return Err(ApiError::TooManyRequests {
            message: match over {
                Over::Count => TOO_MANY,
                Over::Bytes => "Du har lastet opp for mye på kort tid. Vent litt og prøv igjen, eller send henvendelsen uten flere bilder.",
            }
            .to_owned(),
            retry_after_secs: state.config.contact_window.as_secs(),
        });
    }
    match store_photo(state, id, bytes).await {
        Ok((width, height)) => Ok(UploadedPhoto { id, width, height }),
        Err(message) => {
            // Nothing of it is stored: the reservation goes (and its files, were any written).
            for thumb in [false, true] {
                let _ = state.storage.delete(&key(id, thumb)).await;
            }
            store::forget(&state.db, id).await?;
            Err(ApiError::field("photo", &message))
        }
    }
}

/// The answer when an address has sent its photos for the window.
const TOO_MANY: &str = "Du har lastet opp mange bilder på kort tid. Vent litt og prøv igjen, eller send henvendelsen uten flere bilder.";

/// The limit of one address in the contact form's window: five photos for each enquiry
/// the form's limit lets through, and 10 MB for each of those photos.
fn limit(state: &AppState) -> PhotoLimit {
    let fagfolk_data::contact::Window { since, limit: enquiries, .. } =
        super::limit::window(&state.clock, &state.config);
    let count = enquiries * fagfolk_data::contact::form::PHOTOS_MAX as i64;
    PhotoLimit { since, count, bytes: count * MAX_BYTES as i64 / 2 }
}

async fn read_photo(multipart: &mut Multipart) -> ApiResult<Bytes> {
    while let Some(field) = multipart.next_field().await.map_err(|_| broken())? {
        if field.name() != Some("photo") {
            continue;
        }
        return read_file(field).await;
    }
    Err(Refused::NoPhoto.into())
}

/// Decodes, turns, shrinks and writes the photo again, and stores it and its thumbnail;
/// then marks it ready. Its size as stored, or the Norwegian message why not.
async fn store_photo(state: &AppState, id: Uuid, bytes: Bytes) -> Result<(u32, u32), String> {
    let made = tokio::task::spawn_blocking(move || remake(&bytes)).await.map_err(|_| unreadable())??;
    let (width, height) = (made.width, made.height);
    let size = made.full.len() as i64;
    for (thumb, file) in [(false, made.full), (true, made.thumb)] {
        state.storage.put_new(&key(id, thumb), Bytes::from(file)).await.map_err(|err| {
            tracing::error!(error = %err, %id, "kunne ikke lagre bildet fra kontaktskjemaet");
            "Bildet kunne ikke lagres. Prøv igjen.".to_owned()
        })?;
    }
    store::ready(&state.db, id, width as i32, height as i32, size).await.map_err(|err| {
        tracing::error!(error = %err, %id, "kunne ikke merke bildet som lagret");
        "Bildet kunne ikke lagres. Prøv igjen.".to_owned()
    })?;
    Ok((width, height))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PhotoQuery {
    /// `liten` for the thumbnail.
    size: Option<String>,
    /// Any value: sent as a download with a file name.
    download: Option<String>,
}

/// A photo a customer sent with an enquiry (staff only).
#[utoipa::path(
    get, path = "/api/admin/photos/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "Bildets id"), PhotoQuery),
    responses(
        (status = 200, description = "Bildet (JPEG)", content_type = "image/jpeg", body = Vec<u8>),
    )
)]
pub(super) async fn get_photo(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    Query(query): Query<PhotoQuery>,
) -> ApiResult<Response> {
    store::get_claimed(&state.db, id).await?.ok_or(Refused::PhotoGone)?;
    let thumb = query.size.as_deref() == Some("liten");
    let bytes = match state.storage.get(&key(id, thumb)).await {
        Ok(bytes) => bytes,
        Err(object_store::Error::NotFound { .. }) => return Err(Refused::PhotoGone.into()),
        Err(err) => {
            tracing::error!(error = %err, %id, "kunne ikke lese bildet");
            return Err(ApiError::Busy);
        }
    };
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    // Never cached: every answer under /api/admin/ is `no-store` (`crate::http::security`).
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    let disposition = if query.download.is_some() {
        format!("attachment; filename=\"bilde-{}.jpg\"", &id.simple().to_string()[..8])
    } else {
        "inline".to_owned()
    };
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response.into_response())
}
