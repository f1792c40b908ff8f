//! What every resource's routes are made with: the extractors (`ApiJson`, `ApiPath`,
//! `ApiQuery`), the errors and their Norwegian answers, the client's address, the security
//! headers, the share of heavy requests, and the server loop. The routes are put together
//! above the resources, in `crate::app`.

pub mod client;
pub mod csv;
pub mod error;
mod extract;
pub mod heavy;
pub mod kept;
pub mod secret_link;
pub mod security;
pub mod serve;

use axum::http::{HeaderValue, Request};

pub use extract::{ApiJson, ApiPath, ApiQuery};
pub use fagfolk_data::text::{plain_date, whole_number};

/// The largest JSON body any endpoint accepts.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

/// The longest path a log line carries: a client sending a 60 KB path (or thousands of
/// them) writes no more than this to the log per line.
const LOGGED_PATH: usize = 200;

/// The paths whose next segment is a secret: a quote's link, a job's documents' link and
/// a calendar feed's address.
const SECRET_PATHS: [&str; 3] = ["/tilbud/", "/dokumenter/", "/kalender/"];

/// `path` as the log names it: a secret under [`SECRET_PATHS`] left out
/// (`/tilbud/…/pdf`, `/kalender/….ics`), at most [`LOGGED_PATH`] bytes, cut on a
/// character, and marked when cut.
pub fn logged_path(path: &str) -> std::borrow::Cow<'_, str> {
    if let Some(prefix) = SECRET_PATHS.iter().find(|prefix| path.starts_with(**prefix)) {
        let rest = &path[prefix.len()..];
        let end = rest.find(['/', '.']).unwrap_or(rest.len());
        let tail: String = rest[end..].chars().take(40).collect();
        return format!("{prefix}…{tail}").into();
    }
    if path.len() <= LOGGED_PATH {
        return path.into();
    }
    let mut end = LOGGED_PATH;
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} byte)", &path[..end], path.len()).into()
}

/// A client may name its request (`X-Request-Id`) so that its logs and ours line up, but
/// only with a short token of letters, digits, `-`, `_` and `.`; anything else is dropped
/// and the server makes an id, so no client writes what it likes into the logs.
pub(crate) fn drop_unsafe_request_id<B>(mut request: Request<B>) -> Request<B> {
    if request.headers().get("x-request-id").is_some_and(|value| !safe_request_id(value)) {
        request.headers_mut().remove("x-request-id");
    }
    request
}

/// Whether a client's `X-Request-Id` is one the server keeps (see [`drop_unsafe_request_id`]).
pub(crate) fn safe_request_id(value: &HeaderValue) -> bool {
    (1..=64).contains(&value.len())
        && value.as_bytes().iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_is_logged_cut_short() {
        assert_eq!(logged_path("/kontakt"), "/kontakt");
        let long = format!("/{}", "å".repeat(30_000));
        let logged = logged_path(&long);
        assert!(logged.len() < LOGGED_PATH + 20, "{}", logged.len());
        assert!(logged.ends_with("… (60001 byte)"), "{logged}");
    }

    #[test]
    fn the_secret_of_a_quote_link_or_a_feed_is_left_out() {
        let secret = "Jx3kQ9_vPz8mW2rT5yL7nB4cD6fH1aE0sG-uK";
        assert_eq!(logged_path(&format!("/tilbud/{secret}")), "/tilbud/…");
        assert_eq!(logged_path(&format!("/tilbud/{secret}/pdf")), "/tilbud/…/pdf");
        assert_eq!(logged_path(&format!("/kalender/{secret}.ics")), "/kalender/….ics");
        assert_eq!(logged_path("/tjenester/elektriker"), "/tjenester/elektriker");
    }
}
