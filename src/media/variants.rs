//! Picture variants: smaller lossy WebP copies of each raster picture in the library, at
//! about 480, 960 and 1600 pixels wide and never wider than the original, made in the
//! background after an upload (one picture at a time, next to the requests) and stored
//! through the same storage as the original. The public pages offer them in `srcset`.
//!
//! JPEG, PNG, WebP and GIF (its first frame) are read; an AVIF upload is served as it
//! is (decoding AVIF would need a C library the build does not carry).

use bytes::Bytes;
use image::DynamicImage;
use image::imageops::FilterType;

use crate::state::AppState;
use fagfolk_data::media::{Media, VariantRow, store};

/// The widths the pages choose from.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// WebP quality: photos look as the original at a fraction of the bytes.
const QUALITY: f32 = 80.0;

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

/// Decodes `bytes` within the limits of `super::picture` and encodes each variant,
/// turned upright as the camera recorded it: `(width, height, webp)`. Runs on a blocking
/// thread: it is all CPU.
///
/// The full-size picture is scaled down to the widest copy first (an area average, which
/// allocates nothing but the copy) and dropped; only then is it turned and are the
/// narrower copies made from the wide one, so the large picture is held once, never
/// twice.
pub fn encode(bytes: &[u8]) -> Result<Vec<(u32, u32, Vec<u8>)>, String> {
    let (picture, header, _held) = super::picture::decode(bytes)?;
    let (width, height) = header.upright();
    let targets = widths_for(width);
    let Some(&widest) = targets.last() else { return Ok(Vec::new()) };
    let height_at = |target: u32| {
        ((u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width)).max(1) as u32
    };
    let (stored_w, stored_h) = super::picture::as_stored(widest, height_at(widest), header.orientation);
    let wide = super::picture::scaled_to(picture, stored_w, stored_h);
    let wide = super::picture::upright(wide, header.orientation);
    let wide = if wide.color().has_alpha() {
        DynamicImage::ImageRgba8(wide.into_rgba8())
    } else {
        DynamicImage::ImageRgb8(wide.into_rgb8())
    };
    let mut out = Vec::new();
    for target in targets {
        let target_height = height_at(target);
        let scaled;
        let copy = if target == widest {
            &wide
        } else {
            scaled = wide.resize_exact(target, target_height, FilterType::Lanczos3);
            &scaled
        };
        let encoder = match copy {
            DynamicImage::ImageRgba8(rgba) => webp::Encoder::from_rgba(rgba.as_raw(), target, target_height),
            DynamicImage::ImageRgb8(rgb) => webp::Encoder::from_rgb(rgb.as_raw(), target, target_height),
            _ => unreachable!("the copies are made from 8-bit RGB or RGBA"),
        };
        let webp = encoder.encode_simple(false, QUALITY).map_err(|err| format!("WebP: {err:?}"))?;
        out.push((target, target_height, webp.to_vec()));
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
            let shown = fagfolk_data::content::store::visible(&state.db)
                .await
                .map(|items| items.iter().any(|item| item.data.photos().contains(&media.id)));
            if shown.unwrap_or(true) {
                // No request waits for this: the render task takes it now.
                if let Err(err) = fagfolk_data::site::store::bump(&state.db).await {
                    tracing::error!(error = %err, "kunne ikke melde de nye bildevariantene");
                }
                state.pages.wake();
            }
        }
        Err(err) => tracing::error!(key = media.storage_key, error = %err, "kunne ikke lage bildevarianter"),
    }
}

async fn make_now(state: &AppState, media: &Media) -> anyhow::Result<usize> {
    if !store::variants(&state.db, &[media.id]).await?.is_empty() {
        return Ok(0);
    }
    store::count_variant_try(&state.db, media.id).await?;
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
    if let Err(err) = store::insert_variants(&state.db, &variants).await {
        // Most likely the picture was deleted meanwhile: its copies go with it.
        for variant in &variants {
            if let Err(err) = state.storage.delete(&variant.storage_key).await {
                tracing::error!(error = %err, key = variant.storage_key, "kunne ikke slette kopien");
            }
        }
        return Err(err.into());
    }
    Ok(variants.len())
}

/// Makes the variants every picture is missing (an upload that a restart interrupted),
/// one at a time. Run once at start-up.
pub async fn make_missing(state: AppState) {
    match store::missing_variants(&state.db).await {
        Ok(pending) => {
            for media in &pending {
                make(&state, media).await;
            }
            tracing::info!(pictures = pending.len(), "manglende bildevarianter gått gjennom");
        }
        Err(err) => tracing::error!(error = %err, "kunne ikke finne bilder uten varianter"),
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

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
