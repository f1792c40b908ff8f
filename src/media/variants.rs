//! Picture variants: smaller lossy WebP copies of each raster picture in the library, at
//! about 480, 960 and 1600 pixels wide and never wider than the original, made in the
//! background after an upload (one picture at a time, next to the requests) and stored
//! through the same storage as the original. The public pages offer them in `srcset`.
//!
//! JPEG, PNG, WebP and GIF (its first frame) are read; an AVIF upload is served as it
//! is (decoding AVIF would need a C library the build does not carry).

use std::io::Cursor;

use bytes::Bytes;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageReader};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Media, store};
use crate::state::AppState;

/// The widths the pages choose from.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// WebP quality: photos look as the original at a fraction of the bytes.
const QUALITY: f32 = 80.0;

/// A smaller copy of a picture, as the pages and the admin get it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Variant {
    /// Where it is served, e.g. `/media/1764000000000-kjokken_480w.webp`.
    pub url: String,
    pub width: i64,
    pub height: i64,
    pub size_kb: i64,
}

/// A variant as stored (`media_variants`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariantRow {
    pub media_id: Uuid,
    pub storage_key: String,
    pub width: i64,
    pub height: i64,
    pub size_kb: i64,
}

impl VariantRow {
    pub fn variant(&self) -> Variant {
        Variant {
            url: format!("/media/{}", self.storage_key),
            width: self.width,
            height: self.height,
            size_kb: self.size_kb,
        }
    }
}

/// Whether variants are made of pictures of this content type.
pub fn applies_to(content_type: &str) -> bool {
    matches!(content_type, "image/jpeg" | "image/png" | "image/webp" | "image/gif")
}

/// The widths to make of a picture `width` wide: each of [`WIDTHS`] narrower than it, and
/// its own width when that is narrower than the widest. Never wider than the original.
pub fn widths_for(width: u32) -> Vec<u32> {
    let largest = WIDTHS[WIDTHS.len() - 1];
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|w| *w < width).collect();
    if width < largest && width > 0 {
        widths.push(width);
    }
    widths
}

/// Decodes `bytes` (turned upright as the camera recorded it) and encodes each variant:
/// `(width, height, webp)`. Runs on a blocking thread: it is all CPU.
pub fn encode(bytes: &[u8]) -> Result<Vec<(u32, u32, Vec<u8>)>, String> {
    let reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|err| err.to_string())?;
    let mut decoder = reader.into_decoder().map_err(|err| err.to_string())?;
    let orientation = decoder.orientation().map_err(|err| err.to_string())?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|err| err.to_string())?;
    picture.apply_orientation(orientation);
    let (width, height) = (picture.width(), picture.height());
    let mut out = Vec::new();
    for target in widths_for(width) {
        let target_height =
            ((u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width)).max(1) as u32;
        let scaled = if target == width {
            picture.clone()
        } else {
            picture.resize_exact(target, target_height, FilterType::Lanczos3)
        };
        let webp = if scaled.color().has_alpha() {
            let rgba = scaled.to_rgba8();
            webp::Encoder::from_rgba(rgba.as_raw(), target, target_height).encode(QUALITY).to_vec()
        } else {
            let rgb = scaled.to_rgb8();
            webp::Encoder::from_rgb(rgb.as_raw(), target, target_height).encode(QUALITY).to_vec()
        };
        out.push((target, target_height, webp));
    }
    Ok(out)
}

/// Makes and stores the variants of `media`, if it is a raster picture without them.
/// Logs what fails; the original is served meanwhile. The pages are rendered again when
/// they show the picture.
pub async fn make(state: &AppState, media: &Media) {
    if !applies_to(&media.media_type) {
        return;
    }
    let Ok(_permit) = state.image_work.acquire().await else { return };
    match make_now(state, media).await {
        Ok(0) => {}
        Ok(made) => {
            tracing::info!(key = media.storage_key, made, "bildevarianter laget");
            let shown = crate::content::store::visible(&state.db)
                .await
                .map(|items| items.iter().any(|item| item.data.photos().contains(&media.id)));
            if shown.unwrap_or(true) {
                state.pages.changed(state).await;
            }
        }
        Err(err) => tracing::error!(key = media.storage_key, error = %err, "kunne ikke lage bildevarianter"),
    }
}

async fn make_now(state: &AppState, media: &Media) -> anyhow::Result<usize> {
    if !store::variants(&state.db, &[media.id]).await?.is_empty() {
        return Ok(0);
    }
    let original = state.storage.get(&media.storage_key).await?;
    let encoded =
        tokio::task::spawn_blocking(move || encode(&original)).await?.map_err(anyhow::Error::msg)?;
    let stem = media.storage_key.rsplit_once('.').map_or(media.storage_key.as_str(), |(stem, _)| stem);
    let mut variants = Vec::new();
    for (width, height, webp) in encoded {
        // An underscore never appears in an upload's key (a timestamp and a slug), so a
        // variant's key cannot be another upload's.
        let key = format!("{stem}_{width}w.webp");
        let size_kb = (webp.len() as i64 + 512) / 1024;
        match state.storage.put_new(&key, Bytes::from(webp)).await {
            // Left by an earlier attempt that stopped before its rows were saved.
            Ok(()) | Err(super::storage::PutError::Exists) => {}
            Err(super::storage::PutError::Other(err)) => return Err(err.into()),
        }
        variants.push(VariantRow {
            media_id: media.id,
            storage_key: key,
            width: i64::from(width),
            height: i64::from(height),
            size_kb,
        });
    }
    store::insert_variants(&state.db, &variants).await?;
    Ok(variants.len())
}

/// Makes the variants every picture is missing (an upload that a restart interrupted),
/// one at a time. Run once at start-up.
pub async fn make_missing(state: AppState) {
    match store::missing_variants(&state.db).await {
        Ok(pending) => {
            for media in pending {
                make(&state, &media).await;
            }
        }
        Err(err) => tracing::error!(error = %err, "kunne ikke finne bilder uten varianter"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_never_wider_than_the_original() {
        assert_eq!(widths_for(4000), [480, 960, 1600]);
        assert_eq!(widths_for(1600), [480, 960]);
        assert_eq!(widths_for(1200), [480, 960, 1200]);
        assert_eq!(widths_for(480), [480]);
        assert_eq!(widths_for(300), [300]);
    }

    #[test]
    fn a_photo_becomes_smaller_webp_copies_with_its_proportions() {
        let photo =
            image::RgbImage::from_fn(1200, 800, |x, y| image::Rgb([(x % 251) as u8, (y % 241) as u8, 90]));
        let mut jpeg = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(photo).write_to(&mut jpeg, image::ImageFormat::Jpeg).unwrap();
        let variants = encode(jpeg.get_ref()).unwrap();
        let sizes: Vec<(u32, u32)> = variants.iter().map(|(w, h, _)| (*w, *h)).collect();
        assert_eq!(sizes, [(480, 320), (960, 640), (1200, 800)]);
        for (width, height, webp) in &variants {
            assert_eq!(&webp[..4], b"RIFF");
            assert_eq!(&webp[8..12], b"WEBP");
            let decoded = image::load_from_memory(webp).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (*width, *height));
        }
        assert!(variants[0].2.len() < variants[2].2.len(), "the smaller copy is fewer bytes");
    }

    #[test]
    fn a_broken_picture_is_an_error_not_a_panic() {
        assert!(encode(b"\xff\xd8\xff\xe0 not really a jpeg").is_err());
    }
}
