//! What an operator and a load balancer ask the server: `/healthz` (the database
//! answers), `/readyz` (the database answers and the public pages are rendered) and
//! `/metrics` (the counters of `crate::metrics`, for whoever holds the token). None of
//! them is part of the API document.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use subtle::ConstantTimeEq;

use crate::state::AppState;

#[derive(Serialize)]
struct Health {
    status: &'static str,
    database: &'static str,
}

/// Liveness and readiness: answers 200 when the database answers.
pub async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    match tokio::time::timeout(Duration::from_secs(2), state.db.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, Json(Health { status: "ok", database: "ok" })),
        _ => (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "feil", database: "utilgjengelig" })),
    }
}

/// `/metrics`: 404 unless a token is configured, 401 without it.
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = state.config.metrics_token.as_deref() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.as_bytes().strip_prefix(b"Bearer "))
        .unwrap_or_default();
    if !bool::from(sent.ct_eq(token.as_bytes())) {
        return (StatusCode::UNAUTHORIZED, [(header::WWW_AUTHENTICATE, "Bearer")]).into_response();
    }
    let content_type = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    (
        [(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-store")],
        state.metrics.encode(&state.db),
    )
        .into_response()
}

#[derive(Serialize)]
struct Ready {
    status: &'static str,
    database: &'static str,
    pages: &'static str,
    /// Pages the engine failed on in its last pass; they serve their last good version,
    /// or a 503 when they have none (and then the instance is not ready).
    failing_pages: Vec<String>,
}

/// Ready when the database answers and every page has something to serve. A page with
/// nothing (it has never rendered) keeps the instance out of rotation, so that in a
/// rolling deploy the old instance serves on; one that serves its last good version is
/// named but does not.
fn readiness(database: bool, rendered: bool, failing: Vec<(String, bool)>) -> (StatusCode, Ready) {
    let pages = rendered && failing.iter().all(|(_, served)| *served);
    let ready = Ready {
        status: if database && pages { "ok" } else { "ikke klar" },
        database: if database { "ok" } else { "utilgjengelig" },
        pages: match (rendered, failing.is_empty()) {
            (false, _) => "lages",
            (true, true) => "ok",
            (true, false) => "feiler",
        },
        failing_pages: failing.into_iter().map(|(path, _)| path).collect(),
    };
    let status = if database && pages { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, ready)
}

/// `/readyz`: ready for traffic when the database answers and the public pages are
/// rendered (a load balancer sends requests here only then).
pub async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let database = matches!(tokio::time::timeout(Duration::from_secs(2), state.db.ping()).await, Ok(Ok(())));
    let (status, ready) = readiness(database, state.pages.is_ready(), state.pages.failing());
    (status, [(header::CACHE_CONTROL, "no-store")], Json(ready))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_without_a_version_to_serve_takes_the_instance_out_of_rotation() {
        let (status, ready) = readiness(true, true, vec![]);
        assert_eq!((status, ready.pages), (StatusCode::OK, "ok"));
        let (status, ready) = readiness(true, true, vec![("/kontakt".to_owned(), true)]);
        assert_eq!(
            (status, ready.pages, ready.failing_pages),
            (StatusCode::OK, "feiler", vec!["/kontakt".to_owned()])
        );
        let (status, ready) =
            readiness(true, true, vec![("/kontakt".to_owned(), true), ("/".to_owned(), false)]);
        assert_eq!(
            (status, ready.status, ready.pages),
            (StatusCode::SERVICE_UNAVAILABLE, "ikke klar", "feiler")
        );
        let (status, ready) = readiness(true, false, vec![]);
        assert_eq!((status, ready.pages), (StatusCode::SERVICE_UNAVAILABLE, "lages"));
        let (status, ready) = readiness(false, true, vec![]);
        assert_eq!((status, ready.database), (StatusCode::SERVICE_UNAVAILABLE, "utilgjengelig"));
    }
}
