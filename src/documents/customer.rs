//! The customer's page of a job's documents, `/dokumenter/{token}`: the documents
//! (`super::list`) rendered by the public site's engine
//! (`web/src/app/documents/documents-page.tsx`), and each as a PDF at
//! `/dokumenter/{token}/{id}`. As private as a quote's page (`crate::http::secret_link`:
//! `noindex`, no referrer, never cached by others, guesses limited per address); a link
//! that ran out, was replaced or was taken back answers like one that never was.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::json;

use fagfolk_data::documents::store as link;
use fagfolk_data::jobs::Job;
use fagfolk_data::oslo;

use super::Page;
use crate::http::secret_link::{self, pdf_response, plain, private};
use crate::state::AppState;

fn unknown() -> Response {
    plain(
        StatusCode::NOT_FOUND,
        "Fant ikke dokumentene",
        "Lenken virker ikke, eller den har gått ut. Ring oss, så sender vi deg en ny.",
    )
}

/// A read or a drawing failed: the customer is asked to try again, not told the link is gone.
pub(crate) fn unavailable() -> Response {
    plain(
        StatusCode::SERVICE_UNAVAILABLE,
        "Prøv igjen",
        "Dokumentet kan ikke vises akkurat nå. Prøv igjen om litt.",
    )
}

/// The job a token opens now.
async fn lookup(
    state: &AppState,
    token: &str,
    headers: &HeaderMap,
    peer: SocketAddr,
) -> Result<Job, Response> {
    let now = state.clock.now();
    let find = async |hash: Vec<u8>| link::job_by_hash(&state.db, &hash, now).await;
    secret_link::lookup(state, token, headers, peer, find, unknown).await
}

/// `GET /dokumenter/{token}`: the job's documents.
pub async fn show(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Response {
    let job = match lookup(&state, &token, &headers, peer).await {
        Ok(job) => job,
        Err(answer) => return answer,
    };
    let expires = match link::of_job(&state.db, job.id).await {
        Ok(link) => link.map(|link| link.expires_at),
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lese lenken til dokumentene");
            return unavailable();
        }
    };
    let firm = match crate::pdf::letterhead::now(&state).await {
        Ok(firm) => firm,
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lese firmaet");
            return unavailable();
        }
    };
    let path = format!("/dokumenter/{token}");
    let owed = match super::list::owed(&state, &job).await {
        Ok(owed) => owed,
        Err(err) => {
            tracing::error!(error = %err, "kunne ikke lese hva kunden skylder");
            return unavailable();
        }
    };
    let data = json!({
        "owed": owed,
        "title": job.title,
        "customer": job.customer_name,
        "address": job.customer_address,
        "finished": !job.status.is_open(),
        "expires": expires.map(|at| oslo::date(oslo::day_of(at))),
        "firm": { "name": firm.name, "phone": firm.phone, "email": firm.email },
        "documents": match super::list(&state, &job, &path, Page::Job).await {
            Ok(documents) => documents,
            Err(err) => {
                tracing::error!(error = %err, "kunne ikke lese dokumentene til oppdraget");
                return unavailable();
            }
        },
    });
    private(state.pages.render_with("/kontakt", &path, "documents", data, StatusCode::OK).await)
}

/// `GET /dokumenter/{token}/{id}`: one of the job's documents as a PDF.
pub async fn document(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((token, id)): Path<(String, String)>,
) -> Response {
    let job = match lookup(&state, &token, &headers, peer).await {
        Ok(job) => job,
        Err(answer) => return answer,
    };
    match super::render(&state, &job, &id, Page::Job).await {
        Ok(Some((bytes, name))) => private(pdf_response(bytes, "inline", &name)),
        Ok(None) => unknown(),
        Err(err) => {
            tracing::error!(error = %format!("{err:#}"), "kunne ikke lage dokumentet");
            unavailable()
        }
    }
}
