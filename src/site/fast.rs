//! The public pages and the service list answered before the layers: a GET of a page
//! the cache holds (`super::cache`) is answered here, with what the layers would have
//! added (the security headers, the request id, the count for `/metrics`), and every
//! other request goes on to the router (`crate::app::router`) as before.
//!
//! These are the requests a visitor makes most, and each passed a dozen layers that had
//! nothing to do for it (a timer for the 30 s timeout, a span, the CSRF check, the
//! compression choice, boxed services cloned per layer): their share of `GET /` was a
//! third of the server's time (perf, docs/BENCHMARKS.md). The answer is the router's,
//! byte for byte but the id (tests/api/pages_fast.rs).

use std::convert::Infallible;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use axum::response::Response;
use futures_util::future::{Either, Ready, ready};
use tower_http::request_id::{MakeRequestId, MakeRequestUuid};

use crate::http::{safe_request_id, security};
use crate::metrics::Tracked;
use crate::state::AppState;

/// `inner` (the router) with the cached public reads answered in front of it.
#[derive(Clone)]
pub struct FastPages<S> {
    state: AppState,
    inner: S,
}

impl<S> FastPages<S> {
    pub fn new(state: AppState, inner: S) -> Self {
        Self { state, inner }
    }
}

impl<S> tower::Service<Request<Body>> for FastPages<S>
where
    S: tower::Service<Request<Body>, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Ready<Result<Response, Infallible>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        match answer(&self.state, &request) {
            Some(response) => Either::Left(ready(Ok(response))),
            None => Either::Right(self.inner.call(request)),
        }
    }
}

/// The answer to `request` from the page cache, or `None` when it is not a plain GET of
/// a public page or of the whole service list, or the pages are not rendered yet: the
/// router answers those (and waits for the first render).
fn answer(state: &AppState, request: &Request<Body>) -> Option<Response> {
    if request.method() != Method::GET || request.uri().query().is_some() {
        return None;
    }
    let headers = request.headers();
    // Only where the router's compression layer would leave the body as it is: the
    // client takes gzip (the cache has it) or names no encoding at all.
    if headers.contains_key(header::ACCEPT_ENCODING) && !super::rendered::accepts_gzip(headers) {
        return None;
    }
    let path = request.uri().path();
    let rendered = state.pages.ready()?;
    let services = path == "/api/services";
    let tracked = Tracked::get(if services { "/api/services" } else { "page" });
    let mut response = if services {
        rendered.services_json(None)?.respond(StatusCode::OK, headers, &[])
    } else {
        let served = rendered.pages.get(path).filter(|served| served.status == StatusCode::OK)?;
        served.respond(headers, &[])
    };
    security::add(response.headers_mut(), &state.config);
    // The request id as the router's layers give it (`crate::app::router`).
    let id = match headers.get("x-request-id") {
        Some(id) if safe_request_id(id) => id.clone(),
        _ => MakeRequestUuid.make_request_id(request)?.into_header_value(),
    };
    response.headers_mut().insert("x-request-id", id);
    tracked.finish(&state.metrics, response.status());
    Some(response)
}
