//! The built web app inside the binary, and its static files (scripts, styles, fonts,
//! icons) with long caching for the fingerprinted ones.

use std::borrow::Cow;

use axum::body::Body;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use super::rendered::hex;

#[derive(RustEmbed)]
#[folder = "web/dist/"]
#[allow_missing = true]
pub(super) struct Assets;

pub(super) fn static_asset(path: &str, headers: &HeaderMap) -> Option<Response> {
    // Browsers and some file APIs read `\` as `/`: normalise before the guard below,
    // so `/_pages\manifest.json` is not served as a file.
    let normalised =
        if path.contains('\\') { Cow::Owned(path.replace('\\', "/")) } else { Cow::Borrowed(path) };
    let name = normalised.trim_start_matches('/');
    // The templates, the page manifest, the server bundle and Vite's manifests are the
    // server's, not the visitor's.
    let private = ["_pages/", "_ssr/", ".vite/"].iter().any(|dir| name.starts_with(dir));
    if name.is_empty() || private || name.ends_with(".html") {
        return None;
    }
    let file = Assets::get(name)?;
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return Some(StatusCode::NOT_MODIFIED.into_response());
    }
    let cache = if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else if name == "sw.js" {
        // The service worker is checked for a new version at every start (web/public/sw.js).
        "no-cache"
    } else {
        "public, max-age=3600"
    };
    let mime = file.metadata.mimetype();
    Some(
        (
            [
                (header::CONTENT_TYPE, mime.to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
                (header::ETAG, etag),
            ],
            Body::from(file.data),
        )
            .into_response(),
    )
}
