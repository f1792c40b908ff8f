//! Photos sent with the contact form (#28). The visitor's browser uploads each photo as
//! it is chosen (`POST /api/contact/photos`), and the enquiry names them by id; the
//! enquiry's transaction claims them (`fagfolk_data::contact::store_batch`), so an
//! enquiry is stored with all its photos or not at all.
//!
//! Each upload is judged by its content (`crate::media::sniff`; only JPEG, PNG and WebP,
//! and an iPhone's HEIC gets a message saying what to do), decoded within the limits that
//! refuse pixel floods (`crate::media::picture`), turned upright as the camera recorded it,
//! shrunk to at most [`LONGEST`] pixels and written again as a new JPEG: nothing of the
//! original file is kept, so no EXIF, GPS or other metadata is either. A thumbnail is made
//! beside it. Its row is reserved against the sender's limit (count and bytes) before
//! anything is decoded, and written ready only once its files are stored; a photo no
//! enquiry claims within `FAGFOLK_PHOTO_ORPHAN_SECS` is removed by the sweep
//! (`super::sweep`).
//!
//! The photos are private: they live under `kontakt/` in the storage, which `/media`
//! never serves (it serves only the library's rows), and staff fetch them through
//! `GET /api/admin/photos/{id}` with a session. An id is random (UUID v4).

use std::io::Cursor;
use std::net::SocketAddr;

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{ConnectInfo, Multipart, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageEncoder};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::http::ApiPath;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::media::picture;
use crate::media::sniff::{Kind, sniff};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::contact::store::photos::{self as store, Over, PhotoLimit};

/// The longest side of a stored photo: enough to see a fuse box's labels, a fraction of
/// a phone's 12 megapixels.
pub const LONGEST: u32 = 2048;
/// The longest side of a thumbnail.
pub const THUMB: u32 = 480;
/// The largest photo taken, before it is shrunk.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// Photos decoded at once on this instance: each holds its decoded pixels (up to
/// `picture::MAX_DECODE_BYTES`), so a burst waits here instead of filling the memory
/// (docs/BENCHMARKS.md, "Photos on the contact form"). An upload waits before its body is
/// read, so waiting uploads hold no more than their socket's buffer.
static DECODING: Semaphore = Semaphore::const_new(2);
/// How long one photo's upload may take once its turn has come.
const READ_WITHIN: std::time::Duration = std::time::Duration::from_secs(60);

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
    let mut multipart = multipart.map_err(|_| {
        ApiError::BadRequest("Bildet må sendes som multipart/form-data med feltet «photo».".to_owned())
    })?;
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    // Taken before the body is read: see `DECODING`.
    let _turn = turn().await?;
    let bytes = within_a_minute(read_photo(&mut multipart)).await?;
    let photo = take(&state, &address, bytes).await?;
    Ok((StatusCode::CREATED, Json(photo)))
}

/// A sender trickling bytes would hold a turn: the whole photo must come within a minute.
pub(super) async fn within_a_minute<T>(read: impl Future<Output = ApiResult<T>>) -> ApiResult<T> {
    tokio::time::timeout(READ_WITHIN, read).await.map_err(|_| {
        ApiError::field("photo", "Opplastingen tok for lang tid. Prøv igjen, gjerne med et mindre bilde.")
    })?
}

/// Waits for a turn to decode a photo (`DECODING`); hold it while the photo is read and taken.
pub(super) async fn turn() -> ApiResult<tokio::sync::SemaphorePermit<'static>> {
    DECODING.acquire().await.map_err(|_| ApiError::Busy)
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
    let (_, since, enquiries) = super::limit::window(&state.clock, &state.config);
    let count = enquiries * fagfolk_data::contact::form::PHOTOS_MAX as i64;
    PhotoLimit { since, count, bytes: count * MAX_BYTES as i64 / 2 }
}

/// Under the field, as the form shows it: a broken upload is the photo's to try again.
pub(super) fn broken() -> ApiError {
    ApiError::field("photo", "Opplastingen ble avbrutt eller er ødelagt. Prøv igjen.")
}

async fn read_photo(multipart: &mut Multipart) -> ApiResult<Bytes> {
    while let Some(field) = multipart.next_field().await.map_err(|_| broken())? {
        if field.name() != Some("photo") {
            continue;
        }
        return read_file(field).await;
    }
    Err(ApiError::field("photo", "Velg et bilde."))
}

/// One file of a form, at most [`MAX_BYTES`].
pub(super) async fn read_file(mut field: axum::extract::multipart::Field<'_>) -> ApiResult<Bytes> {
    let mut buffer = BytesMut::new();
    while let Some(chunk) = field.chunk().await.map_err(|_| broken())? {
        if buffer.len() + chunk.len() > MAX_BYTES {
            return Err(ApiError::field("photo", "Bildet er større enn 10 MB. Velg et mindre bilde."));
        }
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer.freeze())
}

/// A message when `bytes` is not a photo the form takes, judged by its first bytes.
fn refuse_kind(bytes: &[u8]) -> Option<&'static str> {
    match sniff(bytes) {
        Some(Kind::Jpeg | Kind::Png | Kind::Webp) => None,
        _ if is_heic(bytes) => Some(
            "HEIC-bilder fra iPhone kan ikke leses her. Velg bildet fra Bilder-appen (da sendes det som JPEG), \
             eller velg Innstillinger → Kamera → Formater → «Mest kompatibel».",
        ),
        _ => Some("Filtypen støttes ikke. Legg til bilder i JPEG, PNG eller WebP."),
    }
}

/// An HEIF picture (an iPhone's HEIC) by its `ftyp` brand.
fn is_heic(bytes: &[u8]) -> bool {
    bytes.get(4..8) == Some(b"ftyp")
        && bytes.get(8..12).is_some_and(|brand| {
            [b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1"]
                .contains(&brand.try_into().unwrap())
        })
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

fn unreadable() -> String {
    picture::Refusal::Unreadable.message().to_owned()
}

/// A photo written again: the JPEG, its thumbnail, and its size.
struct Remade {
    full: Vec<u8>,
    thumb: Vec<u8>,
    width: u32,
    height: u32,
}

/// The photo in `bytes` decoded within the limits, upright, at most [`LONGEST`] pixels,
/// as a new JPEG with nothing but pixels in it, and its thumbnail.
fn remake(bytes: &[u8]) -> Result<Remade, String> {
    let (picture, header, _held) = picture::decode(bytes)?;
    let (width, height) = header.upright();
    let (target_w, target_h) = fit(width, height, LONGEST);
    let (stored_w, stored_h) = picture::as_stored(target_w, target_h, header.orientation);
    let picture = picture::scaled_to(picture, stored_w, stored_h);
    let picture = flatten(picture::upright(picture, header.orientation));
    let (thumb_w, thumb_h) = fit(target_w, target_h, THUMB);
    let thumb = image::imageops::thumbnail(&picture, thumb_w, thumb_h);
    Ok(Remade { full: jpeg(&picture, 85)?, thumb: jpeg(&thumb, 80)?, width: target_w, height: target_h })
}

/// `width` x `height` scaled to fit `longest`, never larger.
fn fit(width: u32, height: u32, longest: u32) -> (u32, u32) {
    let side = width.max(height);
    if side <= longest {
        return (width, height);
    }
    let scale =
        |n: u32| ((u64::from(n) * u64::from(longest) + u64::from(side) / 2) / u64::from(side)).max(1) as u32;
    (scale(width), scale(height))
}

/// 8-bit RGB, a transparent picture laid on white.
fn flatten(picture: DynamicImage) -> image::RgbImage {
    if !picture.color().has_alpha() {
        return picture.into_rgb8();
    }
    let rgba = picture.into_rgba8();
    image::RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

fn jpeg(rgb: &image::RgbImage, quality: u8) -> Result<Vec<u8>, String> {
    let mut out = Cursor::new(Vec::new());
    JpegEncoder::new_with_quality(&mut out, quality)
        .write_image(rgb.as_raw(), rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
        .map_err(|_| unreadable())?;
    Ok(out.into_inner())
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
    get, path = "/api/admin/photos/{id}", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path, description = "Bildets id"), PhotoQuery),
    responses(
        (status = 200, description = "Bildet (JPEG)", content_type = "image/jpeg", body = Vec<u8>),
        (status = 404, description = "Finnes ikke", body = ErrorBody),
    )
)]
pub(super) async fn get_photo(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    Query(query): Query<PhotoQuery>,
) -> ApiResult<Response> {
    let missing = || ApiError::NotFound("Fant ikke bildet. Det kan være slettet.".to_owned());
    store::get_claimed(&state.db, id).await?.ok_or_else(missing)?;
    let thumb = query.size.as_deref() == Some("liten");
    let bytes = match state.storage.get(&key(id, thumb)).await {
        Ok(bytes) => bytes,
        Err(object_store::Error::NotFound { .. }) => return Err(missing()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_shrunk_to_fit_and_never_enlarged() {
        assert_eq!(fit(4032, 3024, 2048), (2048, 1536));
        assert_eq!(fit(3024, 4032, 2048), (1536, 2048));
        assert_eq!(fit(800, 600, 2048), (800, 600));
    }

    #[test]
    fn heic_is_known_by_its_brand() {
        assert!(is_heic(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic"));
        assert!(!is_heic(b"\0\0\0\x1cftypavif\0\0\0\0"));
        assert!(refuse_kind(b"\0\0\0\x18ftypheic\0\0\0\0").unwrap().contains("Mest kompatibel"));
        assert!(refuse_kind(b"GIF89a....").unwrap().contains("JPEG, PNG eller WebP"));
    }
}
