//! The job's documents on the customer's quote page (`/tilbud/{token}`): once the job made
//! from the accepted quote is done, the page lists the specified invoice basis (or, once
//! invoiced, the invoice and its credit notes), the signed samsvarserklæring and each
//! accepted change order, and
//! `/tilbud/{token}/dokumenter/{id}` serves each as a PDF. Each is looked up through the
//! quote the token opens, so a link shows its own job's documents and no other's.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};
use uuid::Uuid;

use fagfolk_data::invoices::{self, InvoiceKind};
use fagfolk_data::jobs::{self, Job};
use fagfolk_data::oslo;
use fagfolk_data::quotes::{Quote, QuoteStatus, store};

use super::link::{lookup, pdf_response, private, unknown};
use crate::state::AppState;

/// What the basis is asked for by, before the job is invoiced.
const BASIS: &str = "fakturagrunnlag";
/// What the signed samsvarserklæring is asked for by.
const DECLARATION: &str = "samsvarserklaering";

/// The job made from `quote` when it is accepted and the job is done or invoiced.
async fn finished_job(state: &AppState, quote: &Quote) -> Option<Job> {
    if quote.status != QuoteStatus::Accepted || quote.job_id.is_some() {
        return None;
    }
    let job = jobs::store::of_quote(&state.db, quote.id).await.ok().flatten()?;
    (!job.status.is_open()).then_some(job)
}

/// The documents the customer's page lists for `quote`: `{"title", "href"}` each.
pub async fn list(state: &AppState, token: &str, quote: &Quote) -> Vec<Value> {
    let Some(job) = finished_job(state, quote).await else { return Vec::new() };
    let href = |id: &str| format!("/tilbud/{token}/dokumenter/{id}");
    let mut documents = Vec::new();
    let kept = invoices::store::of_job(&state.db, job.id).await.unwrap_or_default();
    if kept.is_empty() {
        documents.push(json!({ "title": "Fakturagrunnlag (spesifisert)", "href": href(BASIS) }));
    }
    for invoice in &kept {
        let title = format!("{} {}, {}", invoice.kind.name(), invoice.number, oslo::date(invoice.issue_date));
        documents.push(json!({ "title": title, "href": href(&invoice.id.to_string()) }));
    }
    let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await.ok().flatten();
    if declaration.is_some_and(|declaration| declaration.signed_at.is_some()) {
        documents.push(json!({ "title": "Samsvarserklæring", "href": href(DECLARATION) }));
    }
    let changes = store::of_job(&state.db, job.id).await.unwrap_or_default();
    for change in changes.iter().filter(|change| change.status == QuoteStatus::Accepted) {
        let title = format!("Tilleggsarbeid {}", change.label());
        documents.push(json!({ "title": title, "href": href(&change.id.to_string()) }));
    }
    documents
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
    let Some(job) = finished_job(&state, &quote).await else { return unknown() };
    match render(&state, &job, &id).await {
        Some((bytes, name)) => private(pdf_response(bytes, "inline", &name)),
        None => unknown(),
    }
}

/// Document `id` of `job` as a PDF and its file name; `None` when it is not the job's.
async fn render(state: &AppState, job: &Job, id: &str) -> Option<(Vec<u8>, String)> {
    let kept = invoices::store::of_job(&state.db, job.id).await.ok()?;
    if id == BASIS {
        if !kept.is_empty() {
            return None;
        }
        let basis = crate::invoices::basis::now(state, job.id).await.ok()?;
        let firm = super::mail::firm(state).await.ok()?;
        let made = state.clock.now();
        let bytes =
            tokio::task::spawn_blocking(move || crate::pdf::invoice::render_basis(&basis, &firm, made))
                .await
                .ok()?
                .ok()?;
        return Some((bytes, "Fakturagrunnlag.pdf".to_owned()));
    }
    if id == DECLARATION {
        let declaration = fagfolk_data::declarations::store::of_job(&state.db, job.id).await.ok()??;
        declaration.signed_at?;
        return crate::declarations::document::pdf(state, declaration).await.ok();
    }
    let id: Uuid = id.parse().ok()?;
    if let Some(invoice) = kept.into_iter().find(|invoice| invoice.id == id) {
        let firm = crate::invoices::basis::firm_of(state, &invoice.seller).await;
        let name = invoice.file_name("pdf");
        debug_assert!(matches!(invoice.kind, InvoiceKind::Invoice | InvoiceKind::CreditNote));
        let bytes = tokio::task::spawn_blocking(move || crate::pdf::invoice::render_invoice(&invoice, &firm))
            .await
            .ok()?
            .ok()?;
        return Some((bytes, name));
    }
    let change = store::get(&state.db, id).await.ok().flatten()?;
    if change.job_id != Some(job.id) || change.status != QuoteStatus::Accepted {
        return None;
    }
    let (at, name) = (change.accepted_at?, change.accepted_name.clone()?);
    let bytes = super::mail::stamped(state, &change, at, name).await.ok()?;
    Some((bytes, change.accepted_file_name()))
}
