//! Security headers on every response. The CSP allows no inline script or style: the
//! web app is built so that it needs neither.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

use std::sync::Arc;

use crate::config::Config;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'; manifest-src 'self'";

const HEADERS: [(HeaderName, &str); 7] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=(), payment=()"),
    (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
    (HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
];

/// Adds the security headers a handler did not set itself, and HSTS when the site is
/// served over HTTPS.
/// Answers for a signed-in user, and the sign-in answer that sets the session cookie,
/// are never stored by a browser or a proxy (`Cache-Control: no-store`). The admin app's
/// HTML says the same where it is served (`crate::site::pages`).
pub async fn headers(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let private = path.starts_with("/api/admin/") || path.starts_with("/api/auth/");
    let mut response = next.run(request).await;
    if private {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    add(response.headers_mut(), &config);
    response
}

/// The security headers `headers` does not have yet (also for the pages answered before
/// the layers, `crate::site::fast`).
pub fn add(headers: &mut HeaderMap, config: &Config) {
    for (name, value) in HEADERS {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    if config.public_url.scheme() == "https" {
        headers
            .entry(header::STRICT_TRANSPORT_SECURITY)
            .or_insert(HeaderValue::from_static("max-age=63072000; includeSubDomains; preload"));
    }
}
