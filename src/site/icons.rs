//! The firm's logo as the browser's icons: square PNGs at the sizes browsers and phones
//! ask for (a tab, a home-screen shortcut), made from the logo picture whenever the logo
//! changes and kept with the rendered pages (`super::rendered::Rendered`). Served under
//! `/icons/{logo id}-{size}.png`, so a new logo is a new address and the old one can be
//! cached for ever. Without a logo the site keeps its drawn mark, `/favicon.svg`.

use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, RgbaImage};
use uuid::Uuid;

use super::SiteDeps;

/// The sizes made: a tab's icon, Apple's home-screen icon, the Android and manifest sizes
/// (512 also serves as the logo in the JSON-LD).
pub const SIZES: [u32; 4] = [32, 180, 192, 512];

/// The icons made from one logo.
#[derive(Debug)]
pub struct LogoIcons {
    pub logo: Uuid,
    pub png: Vec<(u32, Bytes)>,
}

impl LogoIcons {
    /// The PNG at `size`, if it is one of `SIZES`.
    pub fn get(&self, size: u32) -> Option<&Bytes> {
        self.png.iter().find(|(made, _)| *made == size).map(|(_, png)| png)
    }

    /// The address of the icon at `size`, from the site's root.
    pub fn path(&self, size: u32) -> String {
        format!("/icons/{}-{size}.png", self.logo)
    }
}

/// The icons of `logo`: those made before when the logo is the same, else made now from
/// the picture. A logo that cannot be read (deleted meanwhile, not a raster picture) gives
/// none, and the site shows its drawn mark. A failed read of the media table is an error
/// (the render pass fails and the pages in service stay), never "no logo".
pub async fn for_logo(
    deps: &SiteDeps,
    logo: Option<Uuid>,
    before: Option<&std::sync::Arc<LogoIcons>>,
) -> Result<Option<std::sync::Arc<LogoIcons>>, sqlx::Error> {
    let Some(logo) = logo else { return Ok(None) };
    if let Some(before) = before.filter(|icons| icons.logo == logo) {
        return Ok(Some(before.clone()));
    }
    let Some(media) = fagfolk_data::media::store::get(&deps.db, logo).await? else { return Ok(None) };
    Ok(made(deps, logo, &media).await)
}

/// The icons made from `media`, the logo's picture; none when it cannot be.
async fn made(
    deps: &SiteDeps,
    logo: Uuid,
    media: &fagfolk_data::media::Media,
) -> Option<std::sync::Arc<LogoIcons>> {
    let original = match deps.storage.get(&media.storage_key).await {
        Ok(bytes) => bytes,
        Err(err) => {
            tracing::error!(error = %err, key = media.storage_key, "kunne ikke lese logoen");
            return None;
        }
    };
    let _permit = deps.image_work.acquire().await.ok()?; // ok: fails only when closed, never done
    match tokio::task::spawn_blocking(move || make(&original)).await {
        Ok(Ok(png)) => Some(std::sync::Arc::new(LogoIcons { logo, png })),
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "logoen kan ikke bli ikoner");
            None
        }
        Err(err) => {
            tracing::error!(error = %err, "ikonene stoppet");
            None
        }
    }
}

/// The answer to `/icons/{file}`: the icon when `file` names one of the current logo's
/// (`{logo id}-{size}.png`), else `None` (the 404 page).
pub fn respond(icons: Option<&LogoIcons>, file: &str) -> Option<Response> {
    let (id, size) = file.strip_suffix(".png")?.rsplit_once('-')?;
    let (id, size) = (Uuid::parse_str(id).ok()?, size.parse::<u32>().ok()?);
    let png = icons.filter(|icons| icons.logo == id)?.get(size)?;
    let headers =
        [(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "public, max-age=31536000, immutable")];
    Some((headers, png.clone()).into_response())
}

/// Square PNGs of a picture at every size in `SIZES`: the picture fitted whole inside the
/// square, centred, on a transparent ground (a wide logo is not cut).
pub fn make(bytes: &[u8]) -> Result<Vec<(u32, Bytes)>, String> {
    let (picture, header, _held) = crate::media::picture::decode(bytes)?;
    let largest = SIZES[SIZES.len() - 1];
    // Scaled down once to the largest square's size (an area average), then turned.
    let (width, height) = header.upright();
    let scale = f64::from(largest) / f64::from(width.max(height));
    let fit = |side: u32| ((f64::from(side) * scale.min(1.0)).round() as u32).max(1);
    let (stored_w, stored_h) = crate::media::picture::as_stored(fit(width), fit(height), header.orientation);
    let scaled = picture.thumbnail_exact(stored_w, stored_h);
    let upright = crate::media::picture::upright(scaled, header.orientation).into_rgba8();
    let mut out = Vec::new();
    for size in SIZES {
        let ratio = f64::from(size) / f64::from(upright.width().max(upright.height()));
        let w = ((f64::from(upright.width()) * ratio).round() as u32).clamp(1, size);
        let h = ((f64::from(upright.height()) * ratio).round() as u32).clamp(1, size);
        let resized = image::imageops::resize(&upright, w, h, FilterType::Lanczos3);
        let mut square = RgbaImage::new(size, size);
        image::imageops::overlay(&mut square, &resized, i64::from((size - w) / 2), i64::from((size - h) / 2));
        let mut png = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgba8(square)
            .write_to(&mut png, ImageFormat::Png)
            .map_err(|err| err.to_string())?;
        out.push((size, Bytes::from(png.into_inner())));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_logo_becomes_square_icons_with_all_of_it_inside() {
        let wide = image::RgbImage::from_fn(400, 100, |_, _| image::Rgb([200, 30, 30]));
        let mut jpeg = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(wide).write_to(&mut jpeg, ImageFormat::Jpeg).unwrap();
        let icons = make(jpeg.get_ref()).unwrap();
        assert_eq!(icons.iter().map(|(size, _)| *size).collect::<Vec<_>>(), SIZES);
        for (size, png) in &icons {
            let icon = image::load_from_memory(png).unwrap().into_rgba8();
            assert_eq!((icon.width(), icon.height()), (*size, *size));
            // The logo fills the width at mid-height; above and below it the ground is clear.
            let middle = icon.get_pixel(size / 2, size / 2);
            assert!(middle[0] > 150 && middle[3] == 255, "{size}: {middle:?}");
            assert_eq!(icon.get_pixel(size / 2, 0)[3], 0, "{size}: the top is transparent");
            assert!(icon.get_pixel(1, size / 2)[3] > 0, "{size}: the logo reaches the left edge");
        }
    }

    #[test]
    fn a_file_that_is_not_a_picture_makes_no_icons() {
        assert!(make(b"%PDF-1.7 not a picture").is_err());
    }
}
