//! The pictures a render pass shows (`super::render`): each as a page gets it, from the
//! media library and its variants.

use std::collections::HashMap;

use serde_json::{Value, json};
use uuid::Uuid;

use super::SiteDeps;
use crate::content::ContentItem;
use crate::http::error::ApiError;

/// The pictures the visible content shows, by media id, as a page gets them
/// (`Picture` in `web/src/lib/site.tsx`): the widest copy as `src`, every WebP variant in
/// `srcset`, its size, and the alt text. A picture whose variants are not made yet is
/// its original. The firm's logo is one of them.
pub(super) async fn shown(
    deps: &SiteDeps,
    content: &[ContentItem],
    logo: Option<Uuid>,
) -> Result<HashMap<Uuid, Value>, ApiError> {
    let ids: Vec<Uuid> = content.iter().flat_map(|item| item.data.photos()).chain(logo).collect();
    let mut pictures = HashMap::new();
    if ids.is_empty() {
        return Ok(pictures);
    }
    let variants = fagfolk_data::media::store::variants(&deps.db, &ids).await?;
    // One read of the library for the pass, not one per picture.
    let library = fagfolk_data::media::store::list(&deps.db, &fagfolk_data::text::Needle::new("")).await?;
    for id in ids {
        let Some(media) = library.iter().find(|media| media.id == id) else { continue };
        let own: Vec<_> = variants.iter().filter(|row| row.media_id == id).collect();
        let srcset: Vec<String> =
            own.iter().map(|row| format!("/media/{} {}w", row.storage_key, row.width)).collect();
        let (src, width, height) = match own.last() {
            Some(widest) => {
                (format!("/media/{}", widest.storage_key), Some(widest.width), Some(widest.height))
            }
            None => (media.url.clone(), media.width, media.height),
        };
        pictures.insert(
            id,
            json!({
                "src": src,
                "srcset": srcset.join(", "),
                "width": width,
                "height": height,
                "alt": media.alt.clone().unwrap_or_default(),
            }),
        );
    }
    Ok(pictures)
}
