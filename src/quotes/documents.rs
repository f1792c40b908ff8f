//! The job's documents on the customer's quote page (`/tilbud/{token}`): once the job made
//! from the accepted quote is done, the page lists its documents (`crate::documents`: the
//! invoice basis or the invoice and its credit notes, the signed samsvarserklæring and each
//! accepted change order), and `/tilbud/{token}/dokumenter/{id}` serves each as a PDF,
//! looked up through the quote the token opens. Only until the office makes the job its
//! own documents link: from then on that link is the customer's for them, so taking it
//! back takes them off the web (`fagfolk_data::documents::store::ever_linked`, issue #58 finding 14).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::Value;

use fagfolk_data::jobs::{self, Job};
use fagfolk_data::quotes::{Quote, QuoteStatus};

use super::link::{lookup, pdf_response, private, unknown};
use crate::documents::{self, Page};
use crate::state::AppState;

/// The finished job made from `quote` (accepted, the job done or invoiced), and whether its
/// documents have a link of their own, which then alone serves them; `None` otherwise. A
/// failed read is an error, never "no such job".
async fn finished(state: &AppState, quote: &Quote) -> Result<Option<(Job, bool)>, sqlx::Error> {
    if quote.status != QuoteStatus::Accepted || quote.job_id.is_some() {
        return Ok(None);
    }
    let Some(job) = jobs::store::of_quote(&state.db, quote.id).await? else { return Ok(None) };
    if job.status.is_open() {
        return Ok(None);
    }
    let linked = fagfolk_data::documents::store::ever_linked(&state.db, job.id).await?;
    Ok(Some((job, linked)))
}

/// What the customer's page shows of the finished job: its documents (`{"title", "href"}`
/// each), whether they are on a link of their own instead (which the page then names),
/// and what is owed on its invoice (`crate::documents::list::owed`; on either page).
pub struct Finished {
    pub documents: Vec<Value>,
    pub linked: bool,
    pub owed: Option<Value>,
}

/// What the customer's page shows of the job made from `quote`, once it is finished.
pub async fn list(state: &AppState, token: &str, quote: &Quote) -> Finished {
    let none = Finished { documents: Vec::new(), linked: false, owed: None };
    // The quote's page is the quote first: when the job cannot be read, the page lists
    // nothing and claims nothing (a document asked for is "Prøv igjen", `document`).
    let (job, linked) = match finished(state, quote).await {
        Ok(Some(finished)) => finished,
        Ok(None) => return none,
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lese oppdraget til tilbudet");
            return none;
        }
    };
    // The quote's page is the quote first: a failed read leaves out what it would show.
    let owed = documents::list::owed(state, &job).await.unwrap_or_else(|err| {
        tracing::error!(error = %err, "kunne ikke lese hva kunden skylder");
        None
    });
    if linked {
        return Finished { documents: Vec::new(), linked: true, owed };
    }
    // A failed read leaves its documents out, not the page (the job's own page answers
    // such a failure with "Prøv igjen").
    let documents = documents::list(state, &job, &format!("/tilbud/{token}/dokumenter"), Page::Quote).await;
    let documents = documents.unwrap_or_else(|err| {
        tracing::error!(error = %err, "kunne ikke lese dokumentene til oppdraget");
        Vec::new()
    });
    Finished { documents, linked: false, owed }
}

/// `GET /tilbud/{token}/dokumenter/{id}`: one of the job's documents as a PDF.
pub async fn document(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((token, id)): Path<(String, String)>,
) -> Response {
    let quote = match lookup(&state, &token, &headers, peer).await {
        Ok(quote) => quote,
        Err(answer) => return answer,
    };
    let job = match finished(&state, &quote).await {
        Ok(Some((job, false))) => job,
        Ok(_) => return unknown(),
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lese oppdraget til tilbudet");
            return crate::documents::customer::unavailable();
        }
    };
    match documents::render(&state, &job, &id, Page::Quote).await {
        Ok(Some((bytes, name))) => private(pdf_response(bytes, "inline", &name)),
        Ok(None) => unknown(),
        Err(err) => {
            tracing::error!(error = %format!("{err:#}"), "kunne ikke lage dokumentet");
            crate::documents::customer::unavailable()
        }
    }
}
