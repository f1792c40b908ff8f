//! CSRF protection for the admin and sign-in API (README, "Security"). A mutating
//! request must carry the header `X-Fagfolk-Csrf` (which a cross-site form or a simple
//! cross-site fetch cannot send) or a same-origin `Origin`; a cross-site `Origin` is
//! refused outright. The cookie is also `SameSite=Strict`.

use axum::extract::{Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use std::sync::Arc;

use crate::config::Config;
use crate::http::error::ApiError;

pub const HEADER: &str = "x-fagfolk-csrf";

pub async fn protect(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let guarded = path.starts_with("/api/admin/") || path.starts_with("/api/auth/");
    let mutating = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if guarded && mutating && !allowed(&config, &request) {
        return ApiError::Forbidden(
            "Forespørselen ble avvist av CSRF-beskyttelsen. Last siden på nytt og prøv igjen.".into(),
        )
        .into_response();
    }
    next.run(request).await
}

fn allowed(config: &Config, request: &Request) -> bool {
    let headers = request.headers();
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let same_origin = origin.map(|origin| is_same_origin(config, headers, origin));
    match same_origin {
        Some(false) => false,
        Some(true) => true,
        None => headers.contains_key(HEADER),
    }
}

pub(crate) fn is_same_origin(config: &Config, headers: &axum::http::HeaderMap, origin: &str) -> bool {
    if origin == config.public_url.origin().ascii_serialization() {
        return true;
    }
    // The address the browser used, for local runs and tests on a random port.
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    !host.is_empty() && (origin == format!("http://{host}") || origin == format!("https://{host}"))
}
