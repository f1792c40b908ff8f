//! A customer's secret link: a quote's (`/tilbud/{token}`, `crate::quotes::customer`) and a
//! job's documents' (`/dokumenter/{token}`, `crate::documents::customer`). The token looked
//! up by its hash, guesses limited per client address (one budget for both kinds), and the
//! answers every page under such a link gives (private, never cached by others; an unknown
//! token answered as one that does not exist).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use chrono::Duration;
use std::net::SocketAddr;
use uuid::Uuid;

use crate::state::AppState;

/// Failed lookups allowed from one address in [`WINDOW_MINUTES`] before every lookup
/// from it is refused for the rest of the window.
pub const GUESSES: i64 = 10;
pub const WINDOW_MINUTES: i64 = 15;
/// The sign-in throttle's table counts these under their own account name, which the
/// sign-in limits leave out: a budget of their own.
const ACCOUNT: &str = fagfolk_data::auth::store::QUOTE_LINK;

pub(crate) fn plain(status: StatusCode, title: &str, message: &str) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"nb\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title></head><body><main>\
         <h1>{title}</h1><p>{message}</p></main></body></html>\n"
    );
    private((status, Html(body)).into_response())
}

/// The headers every answer under a secret link has (`/tilbud/`, `/dokumenter/`).
pub(crate) fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Refuses every lookup from `address` once it has made [`GUESSES`] failed ones in the
/// window (a found quote costs nothing: only failures are written, by `missed`). Two
/// guesses at once may both pass the count: a guesser gains a request or two, never a
/// way around the limit.
async fn guard(state: &AppState, address: &str) -> Result<(), Response> {
    let now = state.clock.now();
    let since = now - Duration::minutes(WINDOW_MINUTES);
    match fagfolk_data::auth::store::count_attempts(&state.db, ACCOUNT, address, since).await {
        Ok((failed, _)) if failed < GUESSES => Ok(()),
        Ok(_) => {
            let mut refused = plain(
                StatusCode::TOO_MANY_REQUESTS,
                "For mange forsøk",
                "Det er prøvd for mange lenker som ikke virker herfra. Vent et kvarter og prøv igjen, eller ring oss.",
            );
            refused.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(WINDOW_MINUTES as u64 * 60));
            Err(refused)
        }
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke telle oppslaget");
            Err(plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "Prøv igjen",
                "Siden kan ikke vises akkurat nå. Prøv igjen om litt.",
            ))
        }
    }
}

/// Counts a failed lookup from `address`.
async fn missed(state: &AppState, address: &str) {
    let now = state.clock.now();
    let written = fagfolk_data::auth::store::insert_attempt(
        &state.db,
        Uuid::now_v7(),
        ACCOUNT,
        address,
        now,
        now - Duration::days(1),
    )
    .await;
    if let Err(err) = written {
        tracing::error!(error = %err, "kunne ikke telle et mislykket oppslag");
    }
}

/// What `token` opens, found by `find` from the token's hash, counted by `guard`: a token
/// that is not one, or that `find` finds nothing for, is a failed guess answered by
/// `unknown`.
pub(crate) async fn lookup<T, F>(
    state: &AppState,
    token: &str,
    headers: &HeaderMap,
    peer: SocketAddr,
    find: F,
    unknown: fn() -> Response,
) -> Result<T, Response>
where
    F: AsyncFnOnce(Vec<u8>) -> Result<Option<T>, sqlx::Error>,
{
    let address = crate::http::client::client_address(headers, peer, state.config.trust_proxy_hops);
    guard(state, &address).await?;
    // A database that fails after the guard is a "try again", never "this link is gone":
    // the customer would throw away a link that works (issue #58, finding 18).
    let found = match crate::auth::token::hash(token) {
        Some(hash) => find(hash).await.map_err(|err| {
            tracing::error!(error = %err, "kunne ikke slå opp lenken");
            plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "Prøv igjen",
                "Siden kan ikke vises akkurat nå. Prøv igjen om litt.",
            )
        })?,
        None => None,
    };
    match found {
        Some(found) => Ok(found),
        None => {
            missed(state, &address).await;
            Err(unknown())
        }
    }
}

/// A PDF answer named `name` (`Quote::file_name`: digits, letters and dashes only).
pub(crate) fn pdf_response(bytes: Vec<u8>, disposition: &str, name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, format!("{disposition}; filename=\"{name}\"")),
        ],
        bytes,
    )
        .into_response()
}
