//! What a render pass makes: each page ready to send, plain and gzip-compressed, with an
//! ETag (`Page`), the status it is sent with (`Served`), and the whole set (`Rendered`),
//! with how the pages with a form were made (`Recipe`). The cache that holds them and
//! renders them again is `super::cache`; the pass itself is `super::render`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;

use super::SiteFacts;
use super::markup::data_script;

/// Whether a request with `headers` takes a gzip-compressed body (`Accept-Encoding`).
pub(super) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")))
}

/// A response body ready to send, plain and gzip-compressed.
pub struct Page {
    body: Bytes,
    gzip: Bytes,
    content_type: &'static str,
    /// A weak validator of the body: pages are joined by plain links, so a visitor coming
    /// back to a page revalidates it and gets a 304 while nothing has changed.
    etag: HeaderValue,
}

/// A page and the status it is sent with: 200, 404 for the 404 page, or 503 for a page
/// that has not rendered yet.
#[derive(Clone)]
pub struct Served {
    pub(super) page: Arc<Page>,
    pub(super) status: StatusCode,
}

impl Served {
    pub(super) fn respond(
        &self,
        request: &HeaderMap,
        extra: &[(header::HeaderName, &'static str)],
    ) -> Response {
        let mut response = self.page.respond(self.status, request, extra);
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
        }
        response
    }
}

/// Everything served from the current settings and services, rendered together.
pub struct Rendered {
    pub facts: SiteFacts,
    /// The pages the engine failed on in the last pass: each serves its last good
    /// version, or a 503 when it has none (`/readyz` names them).
    pub(super) failing: Vec<String>,
    pub(super) pages: HashMap<String, Served>,
    pub(super) not_found: Served,
    pub(super) admin: Served,
    /// `GET /api/services` answers: key "" for all, or a category slug.
    pub(super) services: HashMap<String, Page>,
    /// How the pages with a form were made, to make them again with what a visitor
    /// sent (`super::form_page`).
    pub(super) forms: HashMap<String, Recipe>,
    /// The logo as the browser's icons, when the firm has a logo (`super::icons`).
    pub(super) icons: Option<Arc<super::icons::LogoIcons>>,
}

impl Rendered {
    /// The public service list as JSON, all or of one category.
    pub fn services_json(&self, category: Option<&str>) -> Option<&Page> {
        self.services.get(category.unwrap_or_default())
    }

    /// The logo as a square PNG `size` wide, when the firm has one (for a quote's PDF).
    pub fn logo_png(&self, size: u32) -> Option<Vec<u8>> {
        self.icons.as_ref().and_then(|icons| icons.get(size)).map(|png| png.to_vec())
    }

    /// The address of the logo's icon `size` wide, from the site's root, when the firm has
    /// one (the letterhead of every e-mail: `crate::mail::send::letterhead`).
    pub fn logo_icon(&self, size: u32) -> Option<String> {
        self.icons.as_ref().filter(|icons| icons.get(size).is_some()).map(|icons| icons.path(size))
    }
}

/// What a page was rendered with: its data (the JSON of a `Site`) and its head beside the
/// page's own (font, preloads, JSON-LD).
#[derive(Clone)]
pub struct Recipe {
    pub(super) data: String,
    pub(super) extra: String,
}

/// Pages made on request, by the SHA-256 of their path and data, with the markup made:
/// the same data makes the same page. At most [`MADE_PAGES`] are kept; then the memo
/// starts again.
pub type Made = std::sync::Mutex<std::collections::HashMap<[u8; 32], std::sync::Arc<str>>>;

/// The pages whose forms post to the server.
pub const FORM_PAGES: [&str; 1] = ["/kontakt"];

/// A page's head: what its component set, the shared parts, and the data it was made with.
pub(super) fn head(own: &str, extra: &str, data: &str) -> String {
    [own, extra, &data_script(data)]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("\n    ")
}

impl Page {
    pub(super) fn new(body: String, content_type: &'static str) -> Self {
        let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 3), Compression::best());
        let gzip = encoder.write_all(body.as_bytes()).and_then(|_| encoder.finish()).unwrap_or_default();
        let digest = <sha2::Sha256 as sha2::Digest>::digest(body.as_bytes());
        let etag = HeaderValue::try_from(format!("W/\"{}\"", hex(&digest[..16])))
            .expect("a hex digest is a valid header value");
        Self { body: Bytes::from(body), gzip: Bytes::from(gzip), content_type, etag }
    }

    #[cfg(test)]
    pub(super) fn body_text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap_or_default()
    }

    pub(super) fn html(html: String) -> Self {
        Self::new(html, "text/html; charset=utf-8")
    }

    pub(super) fn json(value: &impl serde::Serialize) -> Self {
        Self::new(serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned()), "application/json")
    }

    pub fn respond(
        &self,
        status: StatusCode,
        request: &HeaderMap,
        extra: &[(header::HeaderName, &'static str)],
    ) -> Response {
        if status == StatusCode::OK && self.matches(request) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            self.add_headers(response.headers_mut(), extra);
            return response;
        }
        let mut response = if accepts_gzip(request) && !self.gzip.is_empty() {
            let mut r = Response::new(Body::from(self.gzip.clone()));
            r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            r
        } else {
            Response::new(Body::from(self.body.clone()))
        };
        *response.status_mut() = status;
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        self.add_headers(response.headers_mut(), extra);
        response
    }

    /// Whether the request's `If-None-Match` names this body (weak comparison).
    fn matches(&self, request: &HeaderMap) -> bool {
        let ours = self.etag.as_bytes().strip_prefix(b"W/").unwrap_or(self.etag.as_bytes());
        request.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).any(|list| {
            list.split(',')
                .map(str::trim)
                .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag).as_bytes() == ours)
        })
    }

    fn add_headers(&self, headers: &mut HeaderMap, extra: &[(header::HeaderName, &'static str)]) {
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        for (name, value) in extra {
            headers.insert(name.clone(), HeaderValue::from_static(value));
        }
    }
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
