//! A photo taken from a phone or a camera and kept privately (the contact form's,
//! `crate::contact::photos`; a samsvarserklæring's, `crate::declarations::photos`): judged
//! by its content (`super::sniff`; only JPEG, PNG and WebP, and an iPhone's HEIC gets a
//! message saying what to do), decoded within the limits that refuse pixel floods
//! (`super::picture`), turned upright as the camera recorded it, shrunk to at most
//! [`LONGEST`] pixels and written again as a new JPEG: nothing of the original file is
//! kept, so no EXIF, GPS or other metadata is either. A thumbnail is made beside it.
//!
//! Every private photo upload (a declaration's, a material line's receipt) takes the same
//! path through here: [`form`], a [`turn`], read [`within_a_minute`], [`remade`], then
//! [`store_new`], and [`forget`] when its record is not written after all.

use std::io::Cursor;

use axum::extract::Multipart;
use axum::extract::multipart::{Field, MultipartRejection};
use bytes::{Bytes, BytesMut};
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageEncoder};
use tokio::sync::Semaphore;

use super::picture;
use super::sniff::{Kind, sniff};
use super::storage::{PutError, Storage};
use crate::http::error::{ApiError, ApiResult};

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
pub static DECODING: Semaphore = Semaphore::const_new(2);
/// How long one photo's upload may take once its turn has come.
const READ_WITHIN: std::time::Duration = std::time::Duration::from_secs(60);

/// A sender trickling bytes would hold a turn: the whole photo must come within a minute.
pub async fn within_a_minute<T>(read: impl Future<Output = ApiResult<T>>) -> ApiResult<T> {
    tokio::time::timeout(READ_WITHIN, read).await.map_err(|_| {
        ApiError::field("photo", "Opplastingen tok for lang tid. Prøv igjen, gjerne med et mindre bilde.")
    })?
}

/// The multipart form of an upload with one photo (field `photo`), or the 400 saying how
/// a photo is sent.
pub fn form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Multipart> {
    multipart.map_err(|_| {
        ApiError::BadRequest("Bildet må sendes som multipart/form-data med feltet «photo».".to_owned())
    })
}

/// The photo `bytes` (none when the form had no `photo`) judged by its content and
/// written again ([`remake`]) off the async threads, or the field's message. The caller
/// holds a [`turn`].
pub async fn remade(bytes: Option<Bytes>) -> ApiResult<Remade> {
    let bytes = bytes.ok_or_else(|| ApiError::field("photo", "Velg et bilde."))?;
    if let Some(refusal) = refuse_kind(&bytes) {
        return Err(ApiError::field("photo", refusal));
    }
    tokio::task::spawn_blocking(move || remake(&bytes))
        .await
        .map_err(|_| unreadable())
        .and_then(|made| made)
        .map_err(|message| ApiError::field("photo", &message))
}

/// Stores `files` (name, bytes) as new objects. When one cannot be, none stays: those
/// already written are deleted, and the answer is `taken()` when its name was in use, else
/// the field's "could not be stored" (the cause logged as `what`).
pub async fn store_new(
    storage: &Storage,
    files: &[(String, Bytes)],
    what: &str,
    taken: impl FnOnce() -> ApiError,
) -> ApiResult<()> {
    for (written, (name, file)) in files.iter().enumerate() {
        // A clone of `Bytes` shares the photo, it does not copy it.
        let Err(err) = storage.put_new(name, file.clone()).await else { continue };
        let names: Vec<&str> = files[..written].iter().map(|(name, _)| name.as_str()).collect();
        forget(storage, &names).await;
        return Err(match err {
            PutError::Exists => taken(),
            PutError::Other(err) => {
                tracing::error!(error = %err, "kunne ikke lagre {what}");
                not_stored()
            }
        });
    }
    Ok(())
}

/// What a photo the storage could not take is told, under its field.
pub fn not_stored() -> ApiError {
    ApiError::field("photo", "Bildet kunne ikke lagres. Prøv igjen.")
}

/// Deletes the stored files `names`, as far as it can: a photo whose record was not
/// written leaves no file behind (one left by a failed delete is private and unreachable).
pub async fn forget(storage: &Storage, names: &[&str]) {
    for name in names {
        let _ = storage.delete(name).await;
    }
}

/// Waits for a turn to decode a photo (`DECODING`); hold it while the photo is read and taken.
pub async fn turn() -> ApiResult<tokio::sync::SemaphorePermit<'static>> {
    DECODING.acquire().await.map_err(|_| ApiError::Busy)
}

/// Under the field, as the form shows it: a broken upload is the photo's to try again.
pub fn broken() -> ApiError {
    ApiError::field("photo", "Opplastingen ble avbrutt eller er ødelagt. Prøv igjen.")
}

/// One file of a form, at most [`MAX_BYTES`].
pub async fn read_file(mut field: Field<'_>) -> ApiResult<Bytes> {
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
pub fn refuse_kind(bytes: &[u8]) -> Option<&'static str> {
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

pub fn unreadable() -> String {
    picture::Refusal::Unreadable.message().to_owned()
}

/// A photo written again: the JPEG, its thumbnail, and its size.
pub struct Remade {
    pub full: Vec<u8>,
    pub thumb: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// The photo in `bytes` decoded within the limits, upright, at most [`LONGEST`] pixels,
/// as a new JPEG with nothing but pixels in it, and its thumbnail.
pub fn remake(bytes: &[u8]) -> Result<Remade, String> {
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
