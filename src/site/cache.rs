//! The page cache: every public page, the admin shell and the public service lists,
//! rendered together from the current settings and kept ready to send, plain and
//! gzip-compressed, with an ETag.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use chrono::{NaiveDate, Utc};
use flate2::Compression;
use flate2::write::GzEncoder;

use super::SiteFacts;
use super::render::render_all;
use crate::http::error::ApiError;
use crate::state::AppState;

/// A response body ready to send, plain and gzip-compressed.
pub struct Page {
    body: Bytes,
    gzip: Bytes,
    content_type: &'static str,
    /// A weak validator of the body: pages are joined by plain links, so a visitor coming
    /// back to a page revalidates it and gets a 304 while nothing has changed.
    etag: HeaderValue,
}

/// Everything served from the current settings, rendered together.
pub struct Rendered {
    pub facts: SiteFacts,
    pub(super) pages: HashMap<String, Page>,
    pub(super) not_found: Page,
    pub(super) admin: Page,
    /// `GET /api/services` answers: key "" for all, or a category slug.
    pub(super) services: HashMap<String, Page>,
    pub(super) at: Instant,
}

impl Rendered {
    /// The public service list as JSON, all or of one category.
    pub fn services_json(&self, category: Option<&str>) -> Option<&Page> {
        self.services.get(category.unwrap_or_default())
    }
}

/// Pages are re-rendered when settings or services change on this instance, and at
/// least every few seconds, so that instances sharing a database agree quickly.
const MAX_AGE: Duration = Duration::from_secs(10);

/// The rendered pages: read without waiting on every request, rendered by one request
/// at a time when stale.
#[derive(Default)]
pub struct PageCache {
    current: std::sync::RwLock<Option<Arc<Rendered>>>,
    rendering: tokio::sync::Mutex<()>,
}

impl PageCache {
    /// Drops the rendered pages; the next request renders them from the database again.
    pub async fn invalidate(&self) {
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
    }

    fn fresh(&self) -> Option<Arc<Rendered>> {
        // The date is part of the pages ("last updated" on the legal pages); a render is
        // at most MAX_AGE old, so a new day shows within seconds of midnight.
        let current = self.current.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        current.as_ref().filter(|r| r.at.elapsed() < MAX_AGE).cloned()
    }

    pub async fn current(&self, state: &AppState) -> Result<Arc<Rendered>, ApiError> {
        if let Some(rendered) = self.fresh() {
            return Ok(rendered);
        }
        let _rendering = self.rendering.lock().await;
        if let Some(rendered) = self.fresh() {
            return Ok(rendered);
        }
        let rendered = Arc::new(render_all(state, oslo_today()).await?);
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(rendered.clone());
        Ok(rendered)
    }
}

fn oslo_today() -> NaiveDate {
    Utc::now().with_timezone(&chrono_tz::Europe::Oslo).date_naive()
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
        let accepts_gzip = request
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")));
        let mut response = if accepts_gzip && !self.gzip.is_empty() {
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
