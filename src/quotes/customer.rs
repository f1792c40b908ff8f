//! The customer's page of a quote, `/tilbud/{token}`: the quote as HTML (rendered by the
//! public site's engine, `web/src/app/public/pages/quote-page.tsx`) and as its PDF, and
//! the forms that accept or decline it. The forms post without JavaScript and answer with
//! a redirect back to the page (post/redirect/get). The page is for the customer alone:
//! `noindex`, `Referrer-Policy: no-referrer` (the token never leaks to another site) and
//! never cached by anyone else. An unknown token is answered like one that does not
//! exist, and guesses are limited per client address (`super::link`). The page is rendered
//! once per state of the quote (`PageCache::render_with` keeps what it made).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use chrono::Duration;
use serde::Deserialize;
use serde_json::{Value, json};

use fagfolk_data::money;
use fagfolk_data::quotes::{Quote, QuoteStatus, store, texts};

use super::link::{lookup, pdf_response, plain, private, unknown};
use super::page::page_data;
use crate::http::error::ApiError;
use crate::state::AppState;

/// The newest version of `quote`'s number the customer may see: sent at some point, and to
/// the same customer (`same_customer`). A link never shows a version re-addressed to
/// someone else, and so never lets its holder accept one. A failed read is an error, not
/// "no newer version".
async fn newest(state: &AppState, quote: &Quote) -> Result<Option<Quote>, sqlx::Error> {
    let versions = store::versions(&state.db, &quote.number).await?;
    Ok(versions
        .into_iter()
        .find(|version| version.sent_at.is_some() && same_customer(quote, version))
        .map(|q| q.settle(state.clock.today())))
}

/// A read the page needs failed: "Prøv igjen", never another answer.
fn failed(err: &dyn std::fmt::Display) -> Response {
    tracing::error!(error = %err, "kunne ikke lese tilbudssiden");
    crate::documents::customer::unavailable()
}

/// Whether two versions were sent to the same customer: the same name and e-mail address,
/// as searches compare them (case and spelling of the letters aside).
fn same_customer(a: &Quote, b: &Quote) -> bool {
    use fagfolk_data::text::{email_key, fold};
    fold(a.customer_name.trim()) == fold(b.customer_name.trim())
        && a.customer_email.as_deref().map(email_key) == b.customer_email.as_deref().map(email_key)
}

#[derive(Deserialize)]
pub struct Which {
    /// `siste`: the newest version, reached from a replaced one's link.
    versjon: Option<String>,
}

/// `GET /tilbud/{token}`: the customer's page.
pub async fn show(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(which): Query<Which>,
) -> Response {
    let quote = match lookup(&state, &token, &headers, peer).await {
        Ok(quote) => quote,
        Err(answer) => return answer,
    };
    // Opened: the first time exactly, the last to the minute (a reload writes nothing).
    let now = state.clock.now();
    if quote.last_opened_at.is_none_or(|last| now - last >= Duration::minutes(1)) {
        let _ = store::opened(&state.db, quote.id, now).await;
    }
    let shown = match which.versjon.as_deref() {
        Some("siste") => match newest(&state, &quote).await {
            Ok(newest) => newest.unwrap_or(quote),
            Err(err) => return failed(&err),
        },
        _ => quote,
    };
    render(&state, &token, &shown, None, StatusCode::OK).await
}

/// Renders the page of `quote` reached by `token`, with `form` (what the customer typed
/// and the messages) when a post was refused.
async fn render(
    state: &AppState,
    token: &str,
    quote: &Quote,
    form: Option<Value>,
    status: StatusCode,
) -> Response {
    let newer = match quote.status {
        QuoteStatus::Replaced => match newest(state, quote).await {
            Ok(newest) => newest.filter(|newest| newest.version > quote.version),
            Err(err) => return failed(&err),
        },
        _ => None,
    };
    let data = match page_data(state, token, quote, newer.as_ref(), form).await {
        Ok(data) => data,
        Err(err) => return failed(&err),
    };
    let response =
        state.pages.render_with("/kontakt", &format!("/tilbud/{token}"), "quote", data, status).await;
    private(response)
}

/// `GET /tilbud/{token}/pdf`: the PDF that was sent; once accepted, the copy marked so.
pub async fn pdf(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Response {
    let quote = match lookup(&state, &token, &headers, peer).await {
        Ok(quote) => quote,
        Err(answer) => return answer,
    };
    let (bytes, file) = match (quote.status, quote.accepted_at, quote.accepted_name.clone()) {
        (QuoteStatus::Accepted, Some(at), Some(name)) => {
            (super::mail::stamped(&state, &quote, at, name).await.map(Some), quote.accepted_file_name())
        }
        _ => (store::pdf(&state.db, quote.id).await.map_err(ApiError::from), quote.file_name()),
    };
    match bytes {
        Ok(Some(bytes)) => private(pdf_response(bytes, "inline", &file)),
        Ok(None) => unknown(),
        // A failure to read or draw it is "try again", never "no such quote".
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lage tilbudets PDF");
            crate::documents::customer::unavailable()
        }
    }
}

/// What the page's forms post.
#[derive(Debug, Default, Deserialize)]
pub struct Answer {
    /// `aksepter` or `avsla`.
    pub handling: Option<String>,
    pub versjon: Option<i32>,
    pub navn: Option<String>,
    pub lest: Option<String>,
    pub tidlig_start: Option<String>,
    pub grunn: Option<String>,
    /// The decline form's box: "Ja, jeg vil avslå tilbudet".
    pub bekreft: Option<String>,
}

/// `POST /tilbud/{token}`: accept or decline, from the page.
pub async fn answer(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(token): Path<String>,
    body: axum::body::Bytes,
) -> Response {
    if !from_this_page(&state, &headers) {
        return plain(
            StatusCode::FORBIDDEN,
            "Svaret ble ikke registrert",
            "Svaret ble sendt fra en annen nettside og er avvist. Åpne lenken fra e-posten og svar der.",
        );
    }
    let Ok(answer) = serde_urlencoded::from_bytes::<Answer>(&body) else {
        return plain(StatusCode::BAD_REQUEST, "Svaret kunne ikke leses", "Gå tilbake og prøv igjen.");
    };
    let quote = match lookup(&state, &token, &headers, peer).await {
        Ok(quote) => quote,
        Err(answer) => return answer,
    };
    // The page may show a newer version than the link's own (reached from a replaced one).
    let link_version = quote.version;
    let target = match answer.versjon {
        Some(version) if version != quote.version => match newest(&state, &quote).await {
            Ok(Some(newest)) if newest.version == version && version > quote.version => newest,
            Ok(_) => return render(&state, &token, &quote, None, StatusCode::CONFLICT).await,
            Err(err) => return failed(&err),
        },
        _ => quote,
    };
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let outcome = match answer.handling.as_deref() {
        Some("aksepter") => super::accept::accept(&state, &target, &answer, &address, user_agent).await,
        Some("avsla") => super::accept::decline(&state, &target, &answer).await,
        _ => Err((
            json!({"error": "Velg om du vil akseptere eller avslå tilbudet."}),
            StatusCode::UNPROCESSABLE_ENTITY,
        )),
    };
    match outcome {
        Ok(()) => {
            let back = if target.version == link_version {
                format!("/tilbud/{token}")
            } else {
                format!("/tilbud/{token}?versjon=siste")
            };
            private(Redirect::to(&back).into_response())
        }
        Err((form, status)) => {
            // The refusal is shown on the quote as it stands now; when that cannot be read,
            // on the quote as this request read it, so what the customer typed and why it
            // was refused are not lost (the refusal itself is then "Prøv igjen").
            let current = match store::get(&state.db, target.id).await {
                Ok(current) => current.map(|q| q.settle(state.clock.today())),
                Err(err) => {
                    tracing::error!(error = %err, "kunne ikke lese tilbudet igjen etter svaret");
                    None
                }
            };
            render(&state, &token, &current.unwrap_or(target), Some(form), status).await
        }
    }
}

/// Whether an answer was posted from the quote's own page. The page is sent with
/// `Referrer-Policy: no-referrer`, under which a browser posts its forms with `Origin:
/// null`; it still says where the post came from in `Sec-Fetch-Site`, which a page
/// elsewhere cannot set. Without that header (an older browser, a script), the contact
/// form's rule applies: a same-origin `Origin` or `Referer`, or neither.
fn from_this_page(state: &AppState, headers: &HeaderMap) -> bool {
    match headers.get("sec-fetch-site").and_then(|value| value.to_str().ok()) {
        Some(site) => site == "same-origin",
        None => crate::contact::form_post::from_this_site(state, headers),
    }
}

/// Amounts as the customer reads them.
pub fn kroner(ore: i64) -> String {
    money::kroner(ore)
}

/// The texts a customer agrees to, as the page shows them.
pub fn agreed_texts(quote: &Quote, early_start: bool) -> Value {
    json!({
        "price_type": texts::price_type(quote.price_type, quote.customer_kind, quote.reservation),
        "terms": quote.terms,
        "read_terms": texts::READ_TERMS,
        "angrerett": quote.angrerett.then_some(texts::ANGRERETT),
        "early_start": (quote.angrerett && early_start).then_some(texts::EARLY_START),
    })
}
