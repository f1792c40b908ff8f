//! The contact form without JavaScript: the page's form posts here (`POST /kontakt`,
//! `application/x-www-form-urlencoded`), and gets the same checks, honeypot, limit and
//! storage as `POST /api/contact` (`super::routes::accept`). A stored enquiry answers
//! with a redirect to the confirmation page (post/redirect/get: a reload sends nothing
//! twice); a refused one answers the contact page again, rendered by the server with the
//! visitor's text in the fields and the Norwegian messages under them.
//!
//! Cross-site posts are refused by their `Origin` (or, without one, `Referer`) header, the
//! same rule the admin API keeps (`crate::auth::csrf`): browsers send `Origin` with every
//! form post, and a page elsewhere cannot make it ours. A token in the rendered form would
//! need a session for every visitor, and the public pages are cached for everyone.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde_json::json;

use super::routes::{Outcome, SPAM, TOO_MANY, accept};
use fagfolk_data::contact::ContactInput;

use crate::auth::csrf::is_same_origin;
use crate::state::AppState;

/// Where a stored enquiry sends the visitor.
pub const SENT: &str = "/kontakt/takk";
/// The page the form is on, made again when the post is refused.
const PAGE: &str = "/kontakt";

/// A refusal before anything is read: a plain Norwegian page with a way back.
fn refused(status: StatusCode, message: &str) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"nb\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Henvendelsen ble ikke sendt</title></head><body><main>\
         <h1>Henvendelsen ble ikke sendt</h1><p>{message}</p>\
         <p><a href=\"{PAGE}\">Tilbake til kontaktskjemaet</a></p></main></body></html>\n"
    );
    (status, [(header::CACHE_CONTROL, "no-store")], Html(body)).into_response()
}

/// Whether the post comes from a page of this site: its `Origin`, or without one its
/// `Referer`; a request with neither (not a browser's form) is let through, as the JSON
/// API lets it through.
pub(crate) fn from_this_site(state: &AppState, headers: &HeaderMap) -> bool {
    let header = |name| headers.get(name).and_then(|value: &axum::http::HeaderValue| value.to_str().ok());
    if let Some(origin) = header(header::ORIGIN) {
        return is_same_origin(&state.config, headers, origin);
    }
    match header(header::REFERER).and_then(|referer| url::Url::parse(referer).ok()) {
        Some(referer) => is_same_origin(&state.config, headers, &referer.origin().ascii_serialization()),
        None => true,
    }
}

pub async fn submit(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if !from_this_site(&state, &headers) {
        return refused(
            StatusCode::FORBIDDEN,
            "Skjemaet ble sendt fra en annen nettside og er avvist. Bruk kontaktskjemaet her, eller ring oss.",
        );
    }
    let form = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !form.starts_with("application/x-www-form-urlencoded") {
        return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Skjemaet må sendes fra kontaktsiden.");
    }
    let Ok(input) = serde_urlencoded::from_bytes::<ContactInput>(&body) else {
        return refused(StatusCode::BAD_REQUEST, "Skjemaet kunne ikke leses. Gå tilbake og prøv igjen.");
    };
    let typed = json!({
        "name": input.name, "phone": input.phone, "email": input.email,
        "service": input.service, "message": input.message,
    });
    let address = crate::auth::client_address(&state, &headers, peer);
    let (status, errors, notice) = match accept(&state, &address, input).await {
        Ok(Outcome::Stored(_)) => return Redirect::to(SENT).into_response(),
        Ok(Outcome::Fields(fields)) => (StatusCode::UNPROCESSABLE_ENTITY, json!(fields.into_map()), None),
        Ok(Outcome::Spam) => (StatusCode::BAD_REQUEST, json!({}), Some(SPAM)),
        Ok(Outcome::TooMany) => (StatusCode::TOO_MANY_REQUESTS, json!({}), Some(TOO_MANY)),
        Err(err) => {
            tracing::error!(error = ?err, "kunne ikke ta imot henvendelsen fra skjemaet");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                json!({}),
                Some("Henvendelsen kunne ikke lagres akkurat nå. Prøv igjen om litt, eller ring oss."),
            )
        }
    };
    let form = json!({ "values": typed, "errors": errors, "notice": notice });
    state.pages.with_form(PAGE, "contact_form", form, status).await
}
