//! The contact form without JavaScript: the page's form posts here (`POST /kontakt`,
//! `application/x-www-form-urlencoded`), and gets the same checks, honeypot, limit and
//! storage as `POST /api/contact` (`super::accept::accept`). A stored enquiry answers
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

use super::accept::{Outcome, SPAM, TOO_MANY, accept};
use fagfolk_data::contact::{ContactInput, PreferredTimeInput};

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

/// The answer to a form larger than a form's text can be.
const TOO_LONG: &str = "Skjemaet er for stort. Korte ned teksten og prøv igjen.";

/// Reads a form posted with its photos (`multipart/form-data`): the text fields as they
/// come, the photos kept from a refused post (`photo_ids`), and each new photo (`photos`)
/// taken as `POST /api/contact/photos` takes it, one turn at a time. After a photo is
/// refused the rest of the form is still read, so what was typed comes back.
async fn with_photos(
    state: &AppState,
    address: &str,
    request: axum::extract::Request,
) -> Result<Posted, Response> {
    use axum::extract::FromRequest;
    let unreadable =
        || refused(StatusCode::BAD_REQUEST, "Skjemaet kunne ikke leses. Gå tilbake og prøv igjen.");
    let mut multipart =
        axum::extract::Multipart::from_request(request, state).await.map_err(|_| unreadable())?;
    let mut text: Vec<(String, String)> = Vec::new();
    let (mut photos, mut photo_error, mut length, mut files) = (Vec::new(), None, 0, 0);
    while let Some(field) = multipart.next_field().await.map_err(|_| unreadable())? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "photos" {
            files += 1;
            if files > 2 * fagfolk_data::contact::form::PHOTOS_MAX {
                return Err(refused(StatusCode::PAYLOAD_TOO_LARGE, "Skjemaet har for mange filer."));
            }
            // The turn is taken before the file is read, as an upload's is: waiting posts
            // hold no photo in memory (`super::photos::DECODING`).
            let turn = super::photos::turn().await;
            let bytes = super::photos::within_a_minute(super::photos::read_file(field)).await;
            let picked = bytes.as_ref().map_or(true, |bytes| !bytes.is_empty());
            if !picked || photo_error.is_some() {
                continue; // no file chosen, or one refused already
            }
            if photos.len() >= fagfolk_data::contact::form::PHOTOS_MAX {
                photo_error = Some(format!(
                    "Høyst {} bilder per henvendelse.",
                    fagfolk_data::contact::form::PHOTOS_MAX
                ));
                continue;
            }
            let taken = match (turn, bytes) {
                (Ok(_turn), Ok(bytes)) => super::photos::take(state, address, bytes).await,
                (Err(err), _) | (_, Err(err)) => Err(err),
            };
            match taken {
                Ok(photo) => photos.push(photo.id.to_string()),
                Err(err) => photo_error = Some(photo_message(err)),
            }
            continue;
        }
        let value = field.text().await.map_err(|_| unreadable())?;
        length += name.len() + value.len();
        if length > crate::http::JSON_BODY_LIMIT {
            return Err(refused(StatusCode::PAYLOAD_TOO_LARGE, TOO_LONG));
        }
        if name == "photo_ids" {
            photos.push(value);
        } else {
            text.push((name, value));
        }
    }
    let text = serde_urlencoded::to_string(&text).map_err(|_| unreadable())?;
    Ok(Posted { text: text.into_bytes(), photos, photo_error })
}

/// What the visitor is told of a photo that was not taken.
fn photo_message(err: crate::http::error::ApiError) -> String {
    use crate::http::error::ApiError;
    match err {
        ApiError::Validation(fields) => fields.into_values().next(),
        ApiError::TooManyRequests { message, .. } => Some(message),
        _ => None,
    }
    .unwrap_or_else(|| "Bildet kunne ikke lagres. Prøv igjen.".to_owned())
}

/// The days offered for the site visit as the page's form posts them: a day and its part
/// of the day per row (`dag_1`, `del_1`, ...), as the JSON API's `preferred_times`.
#[derive(Debug, Default, serde::Deserialize)]
struct DaysPosted {
    dag_1: Option<String>,
    del_1: Option<String>,
    dag_2: Option<String>,
    del_2: Option<String>,
    dag_3: Option<String>,
    del_3: Option<String>,
}

impl DaysPosted {
    fn rows(&self) -> Vec<PreferredTimeInput> {
        [(&self.dag_1, &self.del_1), (&self.dag_2, &self.del_2), (&self.dag_3, &self.del_3)]
            .into_iter()
            .map(|(day, part)| PreferredTimeInput { day: day.clone(), part: part.clone() })
            .collect()
    }
}

/// The form as posted: its text fields (URL-encoded), and the photos it carries, stored
/// already (`super::photos::take`) and named by id, with the message when one was refused.
struct Posted {
    text: Vec<u8>,
    photos: Vec<String>,
    photo_error: Option<String>,
}

pub async fn submit(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    request: axum::extract::Request,
) -> Response {
    if !from_this_site(&state, &headers) {
        return refused(
            StatusCode::FORBIDDEN,
            "Skjemaet ble sendt fra en annen nettside og er avvist. Bruk kontaktskjemaet her, eller ring oss.",
        );
    }
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    let form = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let posted = if form.starts_with("multipart/form-data") {
        match with_photos(&state, &address, request).await {
            Ok(posted) => posted,
            Err(response) => return response,
        }
    } else if form.starts_with("application/x-www-form-urlencoded") {
        match axum::body::to_bytes(request.into_body(), crate::http::JSON_BODY_LIMIT).await {
            Ok(text) => Posted { text: text.to_vec(), photos: Vec::new(), photo_error: None },
            Err(_) => return refused(StatusCode::PAYLOAD_TOO_LARGE, TOO_LONG),
        }
    } else {
        return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Skjemaet må sendes fra kontaktsiden.");
    };
    let body = posted.text;
    let (Ok(mut input), Ok(days)) = (
        serde_urlencoded::from_bytes::<ContactInput>(&body),
        serde_urlencoded::from_bytes::<DaysPosted>(&body),
    ) else {
        return refused(StatusCode::BAD_REQUEST, "Skjemaet kunne ikke leses. Gå tilbake og prøv igjen.");
    };
    let typed = json!({
        "name": input.name, "phone": input.phone, "email": input.email,
        "service": input.service, "message": input.message, "address": input.address, "postcode": input.postcode,
        "dag_1": days.dag_1, "del_1": days.del_1, "dag_2": days.dag_2, "del_2": days.del_2,
        "dag_3": days.dag_3, "del_3": days.del_3,
    });
    input.preferred_times = Some(days.rows());
    input.photos = Some(posted.photos.clone());
    let outcome = match posted.photo_error {
        // A photo refused: nothing is stored, and the form comes back with the photos taken.
        Some(error) => {
            let mut fields = fagfolk_data::fields::FieldErrors::default();
            fields.add("photos", error);
            Ok(Outcome::Fields(fields))
        }
        None => accept(&state, &address, input).await,
    };
    let (status, errors, notice) = match outcome {
        Ok(Outcome::Stored(_)) => return Redirect::to(SENT).into_response(),
        Ok(Outcome::Fields(fields)) => (StatusCode::UNPROCESSABLE_ENTITY, json!(fields.into_map()), None),
        Ok(Outcome::Spam) => (StatusCode::BAD_REQUEST, json!({}), Some(SPAM)),
        Ok(Outcome::TooMany) => (StatusCode::TOO_MANY_REQUESTS, json!({}), Some(TOO_MANY)),
        // A flood of refused posts is answered without the page made again in the engine.
        Ok(Outcome::TooManyRefused) => return refused(StatusCode::TOO_MANY_REQUESTS, TOO_MANY),
        Err(err) => {
            tracing::error!(error = ?err, "kunne ikke ta imot henvendelsen fra skjemaet");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                json!({}),
                Some("Henvendelsen kunne ikke lagres akkurat nå. Prøv igjen om litt, eller ring oss."),
            )
        }
    };
    let form = json!({ "values": typed, "errors": errors, "notice": notice, "photos": posted.photos });
    state.pages.with_form(PAGE, "contact_form", form, status).await
}
